#pragma once
// The device side of the probe: a batch is `trials` independent runs of one kernel (ptx.hpp);
// words in, words out. Built over the CUDA runtime where the toolkit is found, else a stub.
#include <cstdint>
#include <string>
#include <vector>

namespace catlayout::gpu::device {

// kernel: "<instruction>/<mode>" (ptx.hpp lists the modes and what a, b, d and aux hold).
// Each vector holds `trials` equal blocks; d is sized by the caller and filled by run().
struct Batch {
  std::string kernel;
  int trials = 0;
  std::vector<std::uint32_t> a, b, d;
  std::vector<std::uint64_t> aux;
};

struct Info {
  std::string name, driver;
  int major = 0, minor = 0;
  std::string uuid{};                   // "GPU-xxxxxxxx-xxxx-...", as nvidia-smi prints it; "" when none
  int cuda_driver = 0, cuda_runtime = 0;  // cudaDriverGetVersion / cudaRuntimeGetVersion (13000 = 13.0)
  bool simulated = false;               // the CPU simulator answered, not a device
};

bool compiled_with_cuda();
// "" when a usable GPU is present (info filled), else a message starting "no GPU: ".
std::string query(Info& info);
// "" on success (batch.d filled), else why the kernel could not run.
std::string run(Batch& batch);
// JIT-compiles the kernels ahead of their runs, on `threads` threads: "" or the first failure.
std::string prepare(std::vector<std::string> const& kernels, int threads);

// Shared-memory images for wgmma: canonical K-major layout without swizzle (PTX ISA 9.7.15.5.1.2):
// 8-row x 16-byte core matrices, rows 16 bytes apart inside one; core matrices adjacent in K are
// kLeadingByteOffset apart, adjacent in M/N kStrideByteOffset apart. Every catalogued wgmma has
// K * element bytes == 32, i.e. two core matrices along K.
constexpr std::uint32_t kLeadingByteOffset = 128;
constexpr std::uint32_t kStrideByteOffset = 256;
inline std::uint32_t smem_byte(std::uint32_t row, std::uint32_t k, std::uint32_t elem_bits) {
  std::uint32_t per_row = 128 / elem_bits;  // elements in a 16-byte core-matrix row
  return (row / 8) * kStrideByteOffset + (k / per_row) * kLeadingByteOffset + (row % 8) * 16 +
         (k % per_row) * elem_bits / 8;
}

// Matrix descriptor (PTX ISA 9.7.15.5.1.2 "Matrix Descriptor Format"): start address >> 4 in bits
// 0-13, leading-dimension byte offset >> 4 in 16-29, stride-dimension byte offset >> 4 in 32-45,
// base offset 0 (bits 49-51), layout type in 62-63: 0 interleave (no swizzle), 1 128-byte,
// 2 64-byte, 3 32-byte swizzle. The probe's kernels add the image's shared address to the start.
struct Descriptor {
  std::uint32_t start = 0, lbo = 0, sbo = 0;
  int layout_type = 0;
};
inline std::uint64_t pack(Descriptor const& d) {
  return static_cast<std::uint64_t>((d.start >> 4) & 0x3fffu) |
         static_cast<std::uint64_t>((d.lbo >> 4) & 0x3fffu) << 16 |
         static_cast<std::uint64_t>((d.sbo >> 4) & 0x3fffu) << 32 |
         static_cast<std::uint64_t>(d.layout_type & 3) << 62;
}
inline Descriptor unpack(std::uint64_t x) {
  return {static_cast<std::uint32_t>(x & 0x3fffu) << 4, static_cast<std::uint32_t>((x >> 16) & 0x3fffu) << 4,
          static_cast<std::uint32_t>((x >> 32) & 0x3fffu) << 4, static_cast<int>(x >> 62)};
}

}  // namespace catlayout::gpu::device
