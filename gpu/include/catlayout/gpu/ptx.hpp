#pragma once
// The probe's kernels, written as PTX text by the host: one module a kernel, entry `probe`, loaded
// and JIT-compiled by the CUDA driver at run time. No CUDA compiler is needed to build the probe,
// every catalogued instruction gets its kernel, and `ptxas` checks the text on a machine without
// a GPU (gpu_tests, when the toolkit is installed).
//
// Every kernel takes the same parameters: pointers a, b, d (32-bit words) and aux (64-bit words),
// the trial count, then words per trial of a, b, d and aux. Per kernel mode:
//   rr      mma.sync, one warp a trial, four a block: a, b = per-thread register words, d = accumulators.
//   ss, rs  wgmma, one warpgroup (block) a trial: ss copies a (A's shared-memory image) and b (B's)
//           into shared memory, B at the next 1024-byte boundary; rs loads A from a as registers.
//           aux = {descriptor A, descriptor B} a trial, each with its start-address field relative to
//           its operand's image (the kernel adds the image's shared address). ss.ta / ss.tb / ss.tab:
//           the transpose immediates of 16-bit types set for A, B, both (MN-major operands).
//   copy    ldmatrix: a = shared image, aux = byte offset a lane, d = registers a lane.
//           stmatrix: a = registers a lane, aux = byte offset a lane, d = the shared image after.
//           movmatrix: a = the source register a lane, d = the destination register a lane.
#include <cstddef>
#include <string>

#include "catlayout/core/error.hpp"
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// The wgmma N whose kernels also take transposed (MN-major) operands: the shared-memory layout probes.
constexpr Int kSmemProbeN = 64;

struct KernelSpec {
  Instruction const* instruction = nullptr;
  std::string mode;        // "rr", "ss", "ss.ta", "ss.tb", "ss.tab", "rs", "copy"
  int block_threads = 0;   // threads a block
  int trials_per_block = 1;
  std::string ptx;         // the module text
  // Dynamic shared memory a block needs, from the per-trial word counts.
  std::size_t smem_bytes(std::size_t a_words, std::size_t b_words, std::size_t d_words) const;
};

// kernel: "<instruction>/<mode>". Error (invalid_input) for an unknown instruction or a mode that
// the instruction has not.
Result<KernelSpec> kernel_spec(std::string const& kernel);

// Every kernel the probe may ask for, in catalogue order.
std::vector<std::string> all_kernels();

}  // namespace catlayout::gpu
