#pragma once
// TMA (cp.async.bulk.tensor) writing a 2-D box into shared memory, as a CPU model: where box row r,
// element e lands, under each swizzle mode of the tensor map (CUtensorMapSwizzle).
//
// The box is written row by row, densely: unswizzled byte r * inner_bytes + e * elem_bytes from the
// (suitably aligned) shared-memory start; the swizzle modes then permute 16-byte chunks by XOR-ing
// address bits (PTX ISA 5.5 "Tensors", "Tensor swizzling modes"; CUDA driver API CUtensorMapSwizzle):
//   32B:  bit  4      ^= bit  7          64B: bits [4,6) ^= bits [7,9)
//   128B: bits [4,7) ^= bits [7,10)      128B with 32-byte atoms (sm_100): bits [5,7) ^= bits [7,9)
// Stated twice: smem_byte() is that formula; box_layout() is the same map as a catlayout
// ComposedLayout, (row, elem) -> element offset, Sw<B,M,S> o (rows, inner):(inner, 1).
// The tests tabulate the two against each other and against the wgmma/UMMA atoms in the catalogue:
// e.g. the 128B swizzle of a 2-byte box 64 elements wide is wgmma.smem.16b.K.SW128 (and umma's), row
// for row. Boxes narrower than the swizzle span follow the same address function here (rows packed
// densely); whether the hardware pads such rows to the span is for the probe (tma_probe) to confirm.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/layout.hpp"
#include "catlayout/core/error.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::gpu {

// CU_TENSOR_MAP_SWIZZLE_NONE, _32B, _64B, _128B, _128B_ATOM_32B (values 0, 1, 2, 3, 4).
enum class TmaSwizzle { none, b32, b64, b128, b128_atom32 };
std::string_view tma_swizzle_name(TmaSwizzle s);  // "NONE", "32B", "64B", "128B", "128B_ATOM_32B"
int tma_swizzle_span(TmaSwizzle s);               // bytes a swizzled row spans: 16 (none: one chunk), 32, 64, 128, 128
std::vector<TmaSwizzle> const& tma_swizzles();    // all five, in that order

struct TmaBox {
  int elem_bytes = 2;  // 1, 2, 4 or 8
  Int inner = 64;      // elements along the box's innermost dimension (boxDim[0])
  Int rows = 8;        // boxDim[1]
  TmaSwizzle swizzle = TmaSwizzle::b128;
  Int inner_bytes() const { return inner * elem_bytes; }
};
// "" when the tensor map could describe the box, else the rule it breaks: inner_bytes a multiple of
// 16 bytes (and, swizzled, at most the swizzle span), rows >= 1, elem_bytes 1/2/4/8.
std::string check_tma_box(TmaBox const& b);

// The formula: the shared-memory byte offset of (row, elem). pre: check_tma_box(b) empty, inside the box.
Int tma_smem_byte(TmaBox const& b, Int row, Int elem);
// The same as a ComposedLayout, (row, elem) -> element offset. Fails on a box check_tma_box rejects.
Result<ComposedLayout> tma_box_layout(TmaBox const& b);
// Tabulates: "" when box_layout * elem_bytes == tma_smem_byte at every (row, elem) and the layout is a
// bijection onto [0, rows * inner); else the first failure.
std::string check_tma_box_layout(TmaBox const& b);

// ---- The probe: a kernel that TMA-loads a box (tensor map made on the host with the driver's
// cuTensorMapEncodeTiled, the global tensor exactly the box) into shared memory at a 1024-byte
// boundary, waits on an mbarrier, and copies the shared image word by word to global memory.
// The source words are distinct tags, so the image shows where each 4-byte piece of the box landed.
// One warp; PTX for sm_90a (cp.async.bulk.tensor.2d, mbarrier expect_tx / try_wait.parity).

// The boxes a hardware run checks: NONE, 32B, 64B, 128B (the sm_90 modes) x elements of 1, 2, 4 bytes
// x every inner extent from 16 bytes to the span (none: to 128), 16 rows (two 128B repeats).
std::vector<TmaBox> const& tma_probe_boxes();
std::string tma_probe_name(TmaBox const& b);  // "tma.128B.e2.i128.r16"
std::string tma_probe_ptx(TmaBox const& b);   // the module; entry `probe(.param tmap[128], .param .u64 out)`
std::vector<std::uint32_t> tma_probe_source(TmaBox const& b);  // the global tensor's words (distinct tags)
// "" when `image` (the shared memory after the load, rows * inner_bytes / 4 words) holds every source
// word where tma_smem_byte puts it; else the first (row, elem) that landed elsewhere.
std::string check_tma_image(TmaBox const& b, std::vector<std::uint32_t> const& image);
// The CPU stand-in for the hardware: the image the model predicts (with two 16-byte chunks exchanged
// when swap_chunks, so that a test sees a wrong image named).
std::vector<std::uint32_t> simulate_tma(TmaBox const& b, bool swap_chunks = false);

// ---- cp.async (non-bulk, PTX ISA 9.7.9.25 "cp.async"): each of 32 threads copies `bytes` (4, 8, 16;
// .cg: 16 only) from global to shared memory, commit_group / wait_group 0, then the image goes back
// to global. An identity copy: thread t's bytes land at t * bytes. A trivial check that the async
// copy path of the probe works, run on hardware with the TMA boxes.
struct CpAsync {
  std::string cache = "ca";  // "ca" or "cg"
  int bytes = 16;
};
std::vector<CpAsync> const& cp_async_probes();  // ca 4, ca 8, ca 16, cg 16
std::string cp_async_name(CpAsync const& c);     // "cp.async.ca.16"
std::string cp_async_ptx(CpAsync const& c);      // entry `probe(.param .u64 in, .param .u64 out)`
std::vector<std::uint32_t> cp_async_source(CpAsync const& c);
// "" when `image` is the source word for word, else the first word that differs.
std::string check_cp_async_image(CpAsync const& c, std::vector<std::uint32_t> const& image);

namespace device {
// Runs the probe kernel for `b` on the GPU (device_cuda.cpp): "" with `image` filled, or why not
// ("no GPU: ..." in a build without CUDA).
std::string run_tma(TmaBox const& b, std::vector<std::uint32_t>& image);
std::string run_cp_async(CpAsync const& c, std::vector<std::uint32_t>& image);
}  // namespace device

}  // namespace catlayout::gpu
