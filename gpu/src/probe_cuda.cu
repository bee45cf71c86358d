// The hardware probe: each trial feeds raw register words (or shared-memory images) to one
// mma.sync (a warp) or wgmma (a warpgroup) and stores the raw accumulator words. The host
// (probe_plan.cpp) chooses the inputs and interprets the outputs; nothing here knows a layout.
//
// mma.sync kernels need sm_80, wgmma kernels sm_90a. A kernel launched on a GPU that its code
// was not compiled for sets g_not_compiled instead of guessing (run() reports it).
// The instruction structs below were written out by a one-off script (one per PTX form).
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "catlayout/gpu/device.hpp"

// Each architecture pass leaves the other's helpers unreferenced; that is by design.
#pragma nv_diag_suppress 177

namespace catlayout::gpu::device {

namespace {

__device__ int g_not_compiled = 0;

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define CATLAYOUT_HAVE_MMA 1
#endif
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define CATLAYOUT_HAVE_WGMMA 1
#endif

__device__ inline double as_double(std::uint32_t lo, std::uint32_t hi) {
  return __hiloint2double(static_cast<int>(hi), static_cast<int>(lo));
}
__device__ inline void split_double(double x, std::uint32_t& lo, std::uint32_t& hi) {
  lo = static_cast<std::uint32_t>(__double2loint(x));
  hi = static_cast<std::uint32_t>(__double2hiint(x));
}

// Shared-memory matrix descriptor (PTX ISA 9.7.15.5.1.2, "Matrix Descriptor Format"): start
// address >> 4 in bits 0-13, leading-dimension byte offset >> 4 in 16-29, stride-dimension byte
// offset >> 4 in 32-45, base offset 0 (49-51), swizzle mode 0 = none (62-63).
__device__ inline std::uint64_t smem_desc(void const* p) {
  auto addr = static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
  std::uint64_t d = 0;
  d |= static_cast<std::uint64_t>((addr & 0x3ffffu) >> 4);
  d |= static_cast<std::uint64_t>((kLeadingByteOffset >> 4) & 0x3fffu) << 16;
  d |= static_cast<std::uint64_t>((kStrideByteOffset >> 4) & 0x3fffu) << 32;
  return d;
}

// Keeps the compiler from touching accumulators across the asynchronous wgmma (as CUTLASS's
// warpgroup_fence_operand does).
__device__ inline void fence_operand(float& x) { asm volatile("" : "+f"(x)::"memory"); }
__device__ inline void fence_operand(std::uint32_t& x) { asm volatile("" : "+r"(x)::"memory"); }

// Both passes see every struct (the host side names them); a run() body is only emitted where a
// kernel calls it, i.e. for the architectures that have the instruction.
// ---- mma.sync (PTX ISA 9.7.14.5), one per catalogued instruction
struct mma_m16n8k8_f16_f16_f16_f16 {  // mma.m16n8k8.f16.f16.f16.f16
  static constexpr int kA = 2, kB = 1, kD = 2;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[2] = {0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};"
                 : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 2; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k8_f32_f16_f16_f32 {  // mma.m16n8k8.f32.f16.f16.f32
  static constexpr int kA = 2, kB = 1, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m16n8k16_f16_f16_f16_f16 {  // mma.m16n8k16.f16.f16.f16.f16
  static constexpr int kA = 4, kB = 2, kD = 2;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[2] = {0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                 : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 2; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k16_f32_f16_f16_f32 {  // mma.m16n8k16.f32.f16.f16.f32
  static constexpr int kA = 4, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m16n8k8_f32_bf16_bf16_f32 {  // mma.m16n8k8.f32.bf16.bf16.f32
  static constexpr int kA = 2, kB = 1, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m16n8k16_f32_bf16_bf16_f32 {  // mma.m16n8k16.f32.bf16.bf16.f32
  static constexpr int kA = 4, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m16n8k4_f32_tf32_tf32_f32 {  // mma.m16n8k4.f32.tf32.tf32.f32
  static constexpr int kA = 2, kB = 1, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m16n8k8_f32_tf32_tf32_f32 {  // mma.m16n8k8.f32.tf32.tf32.f32
  static constexpr int kA = 4, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    float c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 4; ++i) d[i] = __float_as_uint(c[i]);
  }
};
struct mma_m8n8k4_f64_f64_f64_f64 {  // mma.m8n8k4.f64.f64.f64.f64
  static constexpr int kA = 2, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    double c[2] = {0.0, 0.0};
    double x = as_double(a[0], a[1]), y = as_double(b[0], b[1]);
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+d"(c[0]), "+d"(c[1]) : "d"(x), "d"(y));
    for (int i = 0; i < 2; ++i) split_double(c[i], d[2 * i], d[2 * i + 1]);
  }
};
struct mma_m8n8k16_s32_s8_s8_s32 {  // mma.m8n8k16.s32.s8.s8.s32
  static constexpr int kA = 1, kB = 1, kD = 2;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[2] = {0, 0};
    asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(b[0]));
    for (int i = 0; i < 2; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k16_s32_s8_s8_s32 {  // mma.m16n8k16.s32.s8.s8.s32
  static constexpr int kA = 2, kB = 1, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 4; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k32_s32_s8_s8_s32 {  // mma.m16n8k32.s32.s8.s8.s32
  static constexpr int kA = 4, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 4; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k32_s32_s4_s4_s32 {  // mma.m16n8k32.s32.s4.s4.s32
  static constexpr int kA = 2, kB = 1, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    for (int i = 0; i < 4; ++i) d[i] = c[i];
  }
};
struct mma_m16n8k64_s32_s4_s4_s32 {  // mma.m16n8k64.s32.s4.s4.s32
  static constexpr int kA = 4, kB = 2, kD = 4;
  __device__ static void run(std::uint32_t* d, std::uint32_t const* a, std::uint32_t const* b) {
    std::uint32_t c[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    for (int i = 0; i < 4; ++i) d[i] = c[i];
  }
};

// ---- wgmma.mma_async (PTX ISA 9.7.15.5), shared-memory A ("ss") and register A ("rs")
struct wgmma_m64n8k16_f32_f16_f16_ss {  // wgmma.m64n8k16.f32.f16.f16, A in shared memory
  static constexpr int kN = 8, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k16_f32_f16_f16_rs {  // wgmma.m64n8k16.f32.f16.f16, A in registers
  static constexpr int kN = 8, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n16k16_f32_f16_f16_ss {  // wgmma.m64n16k16.f32.f16.f16, A in shared memory
  static constexpr int kN = 16, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n16k16_f32_f16_f16_rs {  // wgmma.m64n16k16.f32.f16.f16, A in registers
  static constexpr int kN = 16, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n64k16_f32_f16_f16_ss {  // wgmma.m64n64k16.f32.f16.f16, A in shared memory
  static constexpr int kN = 64, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n64k16_f32_f16_f16_rs {  // wgmma.m64n64k16.f32.f16.f16, A in registers
  static constexpr int kN = 64, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %37, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n128k16_f32_f16_f16_ss {  // wgmma.m64n128k16.f32.f16.f16, A in shared memory
  static constexpr int kN = 128, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n128k16_f32_f16_f16_rs {  // wgmma.m64n128k16.f32.f16.f16, A in registers
  static constexpr int kN = 128, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n256k16_f32_f16_f16_ss {  // wgmma.m64n256k16.f32.f16.f16, A in shared memory
  static constexpr int kN = 256, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63]), "+f"(c[64]), "+f"(c[65]), "+f"(c[66]), "+f"(c[67]), "+f"(c[68]), "+f"(c[69]), "+f"(c[70]), "+f"(c[71]), "+f"(c[72]), "+f"(c[73]), "+f"(c[74]), "+f"(c[75]), "+f"(c[76]), "+f"(c[77]), "+f"(c[78]), "+f"(c[79]), "+f"(c[80]), "+f"(c[81]), "+f"(c[82]), "+f"(c[83]), "+f"(c[84]), "+f"(c[85]), "+f"(c[86]), "+f"(c[87]), "+f"(c[88]), "+f"(c[89]), "+f"(c[90]), "+f"(c[91]), "+f"(c[92]), "+f"(c[93]), "+f"(c[94]), "+f"(c[95]), "+f"(c[96]), "+f"(c[97]), "+f"(c[98]), "+f"(c[99]), "+f"(c[100]), "+f"(c[101]), "+f"(c[102]), "+f"(c[103]), "+f"(c[104]), "+f"(c[105]), "+f"(c[106]), "+f"(c[107]), "+f"(c[108]), "+f"(c[109]), "+f"(c[110]), "+f"(c[111]), "+f"(c[112]), "+f"(c[113]), "+f"(c[114]), "+f"(c[115]), "+f"(c[116]), "+f"(c[117]), "+f"(c[118]), "+f"(c[119]), "+f"(c[120]), "+f"(c[121]), "+f"(c[122]), "+f"(c[123]), "+f"(c[124]), "+f"(c[125]), "+f"(c[126]), "+f"(c[127])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n256k16_f32_f16_f16_rs {  // wgmma.m64n256k16.f32.f16.f16, A in registers
  static constexpr int kN = 256, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %133, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, {%128, %129, %130, %131}, %132, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63]), "+f"(c[64]), "+f"(c[65]), "+f"(c[66]), "+f"(c[67]), "+f"(c[68]), "+f"(c[69]), "+f"(c[70]), "+f"(c[71]), "+f"(c[72]), "+f"(c[73]), "+f"(c[74]), "+f"(c[75]), "+f"(c[76]), "+f"(c[77]), "+f"(c[78]), "+f"(c[79]), "+f"(c[80]), "+f"(c[81]), "+f"(c[82]), "+f"(c[83]), "+f"(c[84]), "+f"(c[85]), "+f"(c[86]), "+f"(c[87]), "+f"(c[88]), "+f"(c[89]), "+f"(c[90]), "+f"(c[91]), "+f"(c[92]), "+f"(c[93]), "+f"(c[94]), "+f"(c[95]), "+f"(c[96]), "+f"(c[97]), "+f"(c[98]), "+f"(c[99]), "+f"(c[100]), "+f"(c[101]), "+f"(c[102]), "+f"(c[103]), "+f"(c[104]), "+f"(c[105]), "+f"(c[106]), "+f"(c[107]), "+f"(c[108]), "+f"(c[109]), "+f"(c[110]), "+f"(c[111]), "+f"(c[112]), "+f"(c[113]), "+f"(c[114]), "+f"(c[115]), "+f"(c[116]), "+f"(c[117]), "+f"(c[118]), "+f"(c[119]), "+f"(c[120]), "+f"(c[121]), "+f"(c[122]), "+f"(c[123]), "+f"(c[124]), "+f"(c[125]), "+f"(c[126]), "+f"(c[127])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k16_f32_bf16_bf16_ss {  // wgmma.m64n8k16.f32.bf16.bf16, A in shared memory
  static constexpr int kN = 8, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k16_f32_bf16_bf16_rs {  // wgmma.m64n8k16.f32.bf16.bf16, A in registers
  static constexpr int kN = 8, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n16k16_f32_bf16_bf16_ss {  // wgmma.m64n16k16.f32.bf16.bf16, A in shared memory
  static constexpr int kN = 16, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n16k16_f32_bf16_bf16_rs {  // wgmma.m64n16k16.f32.bf16.bf16, A in registers
  static constexpr int kN = 16, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n64k16_f32_bf16_bf16_ss {  // wgmma.m64n64k16.f32.bf16.bf16, A in shared memory
  static constexpr int kN = 64, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n64k16_f32_bf16_bf16_rs {  // wgmma.m64n64k16.f32.bf16.bf16, A in registers
  static constexpr int kN = 64, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %37, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n128k16_f32_bf16_bf16_ss {  // wgmma.m64n128k16.f32.bf16.bf16, A in shared memory
  static constexpr int kN = 128, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n128k16_f32_bf16_bf16_rs {  // wgmma.m64n128k16.f32.bf16.bf16, A in registers
  static constexpr int kN = 128, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n256k16_f32_bf16_bf16_ss {  // wgmma.m64n256k16.f32.bf16.bf16, A in shared memory
  static constexpr int kN = 256, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63]), "+f"(c[64]), "+f"(c[65]), "+f"(c[66]), "+f"(c[67]), "+f"(c[68]), "+f"(c[69]), "+f"(c[70]), "+f"(c[71]), "+f"(c[72]), "+f"(c[73]), "+f"(c[74]), "+f"(c[75]), "+f"(c[76]), "+f"(c[77]), "+f"(c[78]), "+f"(c[79]), "+f"(c[80]), "+f"(c[81]), "+f"(c[82]), "+f"(c[83]), "+f"(c[84]), "+f"(c[85]), "+f"(c[86]), "+f"(c[87]), "+f"(c[88]), "+f"(c[89]), "+f"(c[90]), "+f"(c[91]), "+f"(c[92]), "+f"(c[93]), "+f"(c[94]), "+f"(c[95]), "+f"(c[96]), "+f"(c[97]), "+f"(c[98]), "+f"(c[99]), "+f"(c[100]), "+f"(c[101]), "+f"(c[102]), "+f"(c[103]), "+f"(c[104]), "+f"(c[105]), "+f"(c[106]), "+f"(c[107]), "+f"(c[108]), "+f"(c[109]), "+f"(c[110]), "+f"(c[111]), "+f"(c[112]), "+f"(c[113]), "+f"(c[114]), "+f"(c[115]), "+f"(c[116]), "+f"(c[117]), "+f"(c[118]), "+f"(c[119]), "+f"(c[120]), "+f"(c[121]), "+f"(c[122]), "+f"(c[123]), "+f"(c[124]), "+f"(c[125]), "+f"(c[126]), "+f"(c[127])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n256k16_f32_bf16_bf16_rs {  // wgmma.m64n256k16.f32.bf16.bf16, A in registers
  static constexpr int kN = 256, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %133, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, {%128, %129, %130, %131}, %132, p, 1, 1, 0;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]), "+f"(c[8]), "+f"(c[9]), "+f"(c[10]), "+f"(c[11]), "+f"(c[12]), "+f"(c[13]), "+f"(c[14]), "+f"(c[15]), "+f"(c[16]), "+f"(c[17]), "+f"(c[18]), "+f"(c[19]), "+f"(c[20]), "+f"(c[21]), "+f"(c[22]), "+f"(c[23]), "+f"(c[24]), "+f"(c[25]), "+f"(c[26]), "+f"(c[27]), "+f"(c[28]), "+f"(c[29]), "+f"(c[30]), "+f"(c[31]), "+f"(c[32]), "+f"(c[33]), "+f"(c[34]), "+f"(c[35]), "+f"(c[36]), "+f"(c[37]), "+f"(c[38]), "+f"(c[39]), "+f"(c[40]), "+f"(c[41]), "+f"(c[42]), "+f"(c[43]), "+f"(c[44]), "+f"(c[45]), "+f"(c[46]), "+f"(c[47]), "+f"(c[48]), "+f"(c[49]), "+f"(c[50]), "+f"(c[51]), "+f"(c[52]), "+f"(c[53]), "+f"(c[54]), "+f"(c[55]), "+f"(c[56]), "+f"(c[57]), "+f"(c[58]), "+f"(c[59]), "+f"(c[60]), "+f"(c[61]), "+f"(c[62]), "+f"(c[63]), "+f"(c[64]), "+f"(c[65]), "+f"(c[66]), "+f"(c[67]), "+f"(c[68]), "+f"(c[69]), "+f"(c[70]), "+f"(c[71]), "+f"(c[72]), "+f"(c[73]), "+f"(c[74]), "+f"(c[75]), "+f"(c[76]), "+f"(c[77]), "+f"(c[78]), "+f"(c[79]), "+f"(c[80]), "+f"(c[81]), "+f"(c[82]), "+f"(c[83]), "+f"(c[84]), "+f"(c[85]), "+f"(c[86]), "+f"(c[87]), "+f"(c[88]), "+f"(c[89]), "+f"(c[90]), "+f"(c[91]), "+f"(c[92]), "+f"(c[93]), "+f"(c[94]), "+f"(c[95]), "+f"(c[96]), "+f"(c[97]), "+f"(c[98]), "+f"(c[99]), "+f"(c[100]), "+f"(c[101]), "+f"(c[102]), "+f"(c[103]), "+f"(c[104]), "+f"(c[105]), "+f"(c[106]), "+f"(c[107]), "+f"(c[108]), "+f"(c[109]), "+f"(c[110]), "+f"(c[111]), "+f"(c[112]), "+f"(c[113]), "+f"(c[114]), "+f"(c[115]), "+f"(c[116]), "+f"(c[117]), "+f"(c[118]), "+f"(c[119]), "+f"(c[120]), "+f"(c[121]), "+f"(c[122]), "+f"(c[123]), "+f"(c[124]), "+f"(c[125]), "+f"(c[126]), "+f"(c[127])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k8_f32_tf32_tf32_ss {  // wgmma.m64n8k8.f32.tf32.tf32, A in shared memory
  static constexpr int kN = 8, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, %4, %5, p, 1, 1;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k8_f32_tf32_tf32_rs {  // wgmma.m64n8k8.f32.tf32.tf32, A in registers
  static constexpr int kN = 8, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = float;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1;\n}\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k32_s32_s8_s8_ss {  // wgmma.m64n8k32.s32.s8.s8, A in shared memory
  static constexpr int kN = 8, kARegs = 0;
  static constexpr bool kSharedA = true;
  using Acc = std::uint32_t;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0, %1, %2, %3}, %4, %5, p;\n}\n"
        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
        : "l"(desc_a), "l"(desc_b), "r"(0)
        : "memory");
  }
};
struct wgmma_m64n8k32_s32_s8_s8_rs {  // wgmma.m64n8k32.s32.s8.s8, A in registers
  static constexpr int kN = 8, kARegs = 4;
  static constexpr bool kSharedA = false;
  using Acc = std::uint32_t;
  __device__ static void run(Acc* c, std::uint32_t const* a, std::uint64_t desc_a, std::uint64_t desc_b) {
    (void)desc_a;
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p;\n}\n"
        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(0)
        : "memory");
  }
};

// One warp per trial: words in, mma, words out.
template <class Op>
__global__ void mma_kernel(std::uint32_t const* a, std::uint32_t const* b, std::uint32_t* d, int trials) {
#if defined(CATLAYOUT_HAVE_MMA)
  int trial = static_cast<int>((blockIdx.x * blockDim.x + threadIdx.x) / 32);
  int lane = static_cast<int>(threadIdx.x % 32);
  if (trial >= trials) return;  // warp-uniform: the whole warp leaves together
  std::uint32_t ra[Op::kA], rb[Op::kB], rd[Op::kD];
  std::size_t t = static_cast<std::size_t>(trial) * 32 + static_cast<std::size_t>(lane);
#pragma unroll
  for (int i = 0; i < Op::kA; ++i) ra[i] = a[t * Op::kA + i];
#pragma unroll
  for (int i = 0; i < Op::kB; ++i) rb[i] = b[t * Op::kB + i];
  Op::run(rd, ra, rb);
#pragma unroll
  for (int i = 0; i < Op::kD; ++i) d[t * Op::kD + i] = rd[i];
#else
  (void)a, (void)b, (void)d, (void)trials;
  if (threadIdx.x == 0) g_not_compiled = 1;
#endif
}

// One warpgroup per trial: shared-memory images copied in, wgmma, accumulators out.
template <class Op>
__global__ void wgmma_kernel(std::uint32_t const* a, std::uint32_t const* b, std::uint32_t* d) {
#if defined(CATLAYOUT_HAVE_WGMMA)
  constexpr int kH = Op::kN / 2;                                  // accumulator registers per thread
  constexpr int kAWords = Op::kSharedA ? 64 * 256 / 32 : 0;       // 64 rows x 32 bytes
  constexpr int kBWords = Op::kN * 8;                             // N rows x 32 bytes
  extern __shared__ __align__(128) std::uint32_t smem[];
  std::uint32_t* sa = smem;
  std::uint32_t* sb = smem + kAWords;
  int trial = static_cast<int>(blockIdx.x), t = static_cast<int>(threadIdx.x);
  for (int i = t; i < kAWords; i += 128) sa[i] = a[static_cast<std::size_t>(trial) * kAWords + i];
  for (int i = t; i < kBWords; i += 128) sb[i] = b[static_cast<std::size_t>(trial) * kBWords + i];
  std::uint32_t ra[Op::kARegs > 0 ? Op::kARegs : 1] = {0};
#pragma unroll
  for (int i = 0; i < Op::kARegs; ++i) ra[i] = a[(static_cast<std::size_t>(trial) * 128 + t) * Op::kARegs + i];
  // Generic-proxy writes to shared memory become visible to the async proxy, then to all.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  typename Op::Acc c[kH];
#pragma unroll
  for (int i = 0; i < kH; ++i) c[i] = 0;
#pragma unroll
  for (int i = 0; i < kH; ++i) fence_operand(c[i]);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  Op::run(c, ra, smem_desc(sa), smem_desc(sb));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
  for (int i = 0; i < kH; ++i) fence_operand(c[i]);
#pragma unroll
  for (int i = 0; i < kH; ++i) {
    std::uint32_t w;
    std::memcpy(&w, &c[i], 4);
    d[(static_cast<std::size_t>(trial) * 128 + t) * kH + i] = w;
  }
#else
  (void)a, (void)b, (void)d;
  if (threadIdx.x == 0) g_not_compiled = 1;
#endif
}

struct Entry {
  char const* name;
  int threads;                        // per trial
  std::size_t a_per, b_per, d_per;    // words per trial
  std::size_t smem;                   // dynamic shared memory bytes per block
  void (*launch)(int trials, std::uint32_t const* a, std::uint32_t const* b, std::uint32_t* d, std::size_t smem);
};

template <class Op>
Entry mma_entry(char const* name) {
  return Entry{name, 32, 32u * Op::kA, 32u * Op::kB, 32u * Op::kD, 0,
               [](int trials, std::uint32_t const* a, std::uint32_t const* b, std::uint32_t* d, std::size_t) {
                 int blocks = (trials + 3) / 4;  // four warps a block
                 mma_kernel<Op><<<blocks, 128>>>(a, b, d, trials);
               }};
}

template <class Op>
Entry wgmma_entry(char const* name) {
  std::size_t a_words = Op::kSharedA ? 64u * 8u : 128u * Op::kARegs;
  std::size_t b_words = static_cast<std::size_t>(Op::kN) * 8u;
  std::size_t smem = ((Op::kSharedA ? 64u * 8u : 0u) + b_words) * 4u;
  return Entry{name, 128, a_words, b_words, 128u * (Op::kN / 2), smem,
               [](int trials, std::uint32_t const* a, std::uint32_t const* b, std::uint32_t* d, std::size_t smem) {
                 cudaFuncSetAttribute(wgmma_kernel<Op>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      static_cast<int>(smem));
                 wgmma_kernel<Op><<<trials, 128, smem>>>(a, b, d);
               }};
}

// Every kernel the host may ask for, by "<instruction>/<mode>".
Entry const kEntries[] = {
    mma_entry<mma_m16n8k8_f16_f16_f16_f16>("mma.m16n8k8.f16.f16.f16.f16/rr"),
    mma_entry<mma_m16n8k8_f32_f16_f16_f32>("mma.m16n8k8.f32.f16.f16.f32/rr"),
    mma_entry<mma_m16n8k16_f16_f16_f16_f16>("mma.m16n8k16.f16.f16.f16.f16/rr"),
    mma_entry<mma_m16n8k16_f32_f16_f16_f32>("mma.m16n8k16.f32.f16.f16.f32/rr"),
    mma_entry<mma_m16n8k8_f32_bf16_bf16_f32>("mma.m16n8k8.f32.bf16.bf16.f32/rr"),
    mma_entry<mma_m16n8k16_f32_bf16_bf16_f32>("mma.m16n8k16.f32.bf16.bf16.f32/rr"),
    mma_entry<mma_m16n8k4_f32_tf32_tf32_f32>("mma.m16n8k4.f32.tf32.tf32.f32/rr"),
    mma_entry<mma_m16n8k8_f32_tf32_tf32_f32>("mma.m16n8k8.f32.tf32.tf32.f32/rr"),
    mma_entry<mma_m8n8k4_f64_f64_f64_f64>("mma.m8n8k4.f64.f64.f64.f64/rr"),
    mma_entry<mma_m8n8k16_s32_s8_s8_s32>("mma.m8n8k16.s32.s8.s8.s32/rr"),
    mma_entry<mma_m16n8k16_s32_s8_s8_s32>("mma.m16n8k16.s32.s8.s8.s32/rr"),
    mma_entry<mma_m16n8k32_s32_s8_s8_s32>("mma.m16n8k32.s32.s8.s8.s32/rr"),
    mma_entry<mma_m16n8k32_s32_s4_s4_s32>("mma.m16n8k32.s32.s4.s4.s32/rr"),
    mma_entry<mma_m16n8k64_s32_s4_s4_s32>("mma.m16n8k64.s32.s4.s4.s32/rr"),
    wgmma_entry<wgmma_m64n8k16_f32_f16_f16_ss>("wgmma.m64n8k16.f32.f16.f16/ss"),
    wgmma_entry<wgmma_m64n8k16_f32_f16_f16_rs>("wgmma.m64n8k16.f32.f16.f16/rs"),
    wgmma_entry<wgmma_m64n16k16_f32_f16_f16_ss>("wgmma.m64n16k16.f32.f16.f16/ss"),
    wgmma_entry<wgmma_m64n16k16_f32_f16_f16_rs>("wgmma.m64n16k16.f32.f16.f16/rs"),
    wgmma_entry<wgmma_m64n64k16_f32_f16_f16_ss>("wgmma.m64n64k16.f32.f16.f16/ss"),
    wgmma_entry<wgmma_m64n64k16_f32_f16_f16_rs>("wgmma.m64n64k16.f32.f16.f16/rs"),
    wgmma_entry<wgmma_m64n128k16_f32_f16_f16_ss>("wgmma.m64n128k16.f32.f16.f16/ss"),
    wgmma_entry<wgmma_m64n128k16_f32_f16_f16_rs>("wgmma.m64n128k16.f32.f16.f16/rs"),
    wgmma_entry<wgmma_m64n256k16_f32_f16_f16_ss>("wgmma.m64n256k16.f32.f16.f16/ss"),
    wgmma_entry<wgmma_m64n256k16_f32_f16_f16_rs>("wgmma.m64n256k16.f32.f16.f16/rs"),
    wgmma_entry<wgmma_m64n8k16_f32_bf16_bf16_ss>("wgmma.m64n8k16.f32.bf16.bf16/ss"),
    wgmma_entry<wgmma_m64n8k16_f32_bf16_bf16_rs>("wgmma.m64n8k16.f32.bf16.bf16/rs"),
    wgmma_entry<wgmma_m64n16k16_f32_bf16_bf16_ss>("wgmma.m64n16k16.f32.bf16.bf16/ss"),
    wgmma_entry<wgmma_m64n16k16_f32_bf16_bf16_rs>("wgmma.m64n16k16.f32.bf16.bf16/rs"),
    wgmma_entry<wgmma_m64n64k16_f32_bf16_bf16_ss>("wgmma.m64n64k16.f32.bf16.bf16/ss"),
    wgmma_entry<wgmma_m64n64k16_f32_bf16_bf16_rs>("wgmma.m64n64k16.f32.bf16.bf16/rs"),
    wgmma_entry<wgmma_m64n128k16_f32_bf16_bf16_ss>("wgmma.m64n128k16.f32.bf16.bf16/ss"),
    wgmma_entry<wgmma_m64n128k16_f32_bf16_bf16_rs>("wgmma.m64n128k16.f32.bf16.bf16/rs"),
    wgmma_entry<wgmma_m64n256k16_f32_bf16_bf16_ss>("wgmma.m64n256k16.f32.bf16.bf16/ss"),
    wgmma_entry<wgmma_m64n256k16_f32_bf16_bf16_rs>("wgmma.m64n256k16.f32.bf16.bf16/rs"),
    wgmma_entry<wgmma_m64n8k8_f32_tf32_tf32_ss>("wgmma.m64n8k8.f32.tf32.tf32/ss"),
    wgmma_entry<wgmma_m64n8k8_f32_tf32_tf32_rs>("wgmma.m64n8k8.f32.tf32.tf32/rs"),
    wgmma_entry<wgmma_m64n8k32_s32_s8_s8_ss>("wgmma.m64n8k32.s32.s8.s8/ss"),
    wgmma_entry<wgmma_m64n8k32_s32_s8_s8_rs>("wgmma.m64n8k32.s32.s8.s8/rs"),
};

std::string cuda_error(char const* what, cudaError_t e) {
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

// Device buffers released on every path.
struct DeviceBuffer {
  std::uint32_t* p = nullptr;
  ~DeviceBuffer() {
    if (p) cudaFree(p);
  }
};

}  // namespace

bool compiled_with_cuda() { return true; }

std::string query(Info& info) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return "no GPU: " + cuda_error("cudaGetDeviceCount", e);
  if (count == 0) return "no GPU: cudaGetDeviceCount found no device";
  cudaDeviceProp prop{};
  if ((e = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess)
    return "no GPU: " + cuda_error("cudaGetDeviceProperties", e);
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  info.name = prop.name;
  info.major = prop.major;
  info.minor = prop.minor;
  info.driver = "CUDA driver " + std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10) +
                ", runtime " + std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  return "";
}

std::string run(Batch& batch) {
  Entry const* entry = nullptr;
  for (auto const& e : kEntries)
    if (batch.kernel == e.name) entry = &e;
  if (!entry) return "no kernel " + batch.kernel + " in this build";
  auto T = static_cast<std::size_t>(batch.trials);
  if (batch.a.size() != T * entry->a_per || batch.b.size() != T * entry->b_per)
    return "input sizes " + std::to_string(batch.a.size()) + ", " + std::to_string(batch.b.size()) + " for " +
           std::to_string(T) + " trials, expected " + std::to_string(T * entry->a_per) + ", " +
           std::to_string(T * entry->b_per);
  batch.d.assign(T * entry->d_per, 0);
  DeviceBuffer a, b, d;
  cudaError_t e;
  if ((e = cudaMalloc(&a.p, batch.a.size() * 4)) != cudaSuccess) return cuda_error("cudaMalloc", e);
  if ((e = cudaMalloc(&b.p, batch.b.size() * 4)) != cudaSuccess) return cuda_error("cudaMalloc", e);
  if ((e = cudaMalloc(&d.p, batch.d.size() * 4)) != cudaSuccess) return cuda_error("cudaMalloc", e);
  cudaMemcpy(a.p, batch.a.data(), batch.a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(b.p, batch.b.data(), batch.b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(d.p, 0xff, batch.d.size() * 4);  // unwritten words read as NaN / -1, never as a valid answer
  int zero = 0;
  cudaMemcpyToSymbol(g_not_compiled, &zero, sizeof zero);
  entry->launch(batch.trials, a.p, b.p, d.p, entry->smem);
  if ((e = cudaGetLastError()) != cudaSuccess) return cuda_error("launch", e);
  if ((e = cudaDeviceSynchronize()) != cudaSuccess) return cuda_error("kernel", e);
  int not_compiled = 0;
  cudaMemcpyFromSymbol(&not_compiled, g_not_compiled, sizeof not_compiled);
  if (not_compiled) return "this kernel was not compiled for this GPU's architecture";
  if ((e = cudaMemcpy(batch.d.data(), d.p, batch.d.size() * 4, cudaMemcpyDeviceToHost)) != cudaSuccess)
    return cuda_error("cudaMemcpy", e);
  return "";
}

}  // namespace catlayout::gpu::device
