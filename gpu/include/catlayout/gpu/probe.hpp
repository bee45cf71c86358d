#pragma once
// The probe's host half: which inputs reveal the fragment maps, and how to read the accumulators.
//
// Hardware is blind to a common relabelling of m (A and C), n (B and C) and k (A and B), so every
// observation is anchored: mma.sync on the catalogue's rows of A and B (C) and its k of the
// other operand (A, B); wgmma on the canonical shared-memory layout. Inputs are 0/1 bit planes,
// exact in every element type.
//   mma.sync  C: A[m][k] = bit p of (m+1) for every k, B = 1 (then A = 1, B[n][k] = bit p of
//                 (n+1)): each accumulator reads 0 or K and over the planes spells its m (its n).
//             A: one A slot = 1, B slot j = bit p of (j+1): the lit accumulators give m, the code
//                 names the B slot, whose k is the observed k.    B: symmetrically.
//   wgmma     C: A[m][k] = bit p of (m+1) for all k, B = 1 (then A = 1, B[n][k] = bit p of (n+1)),
//                 both in shared memory (canonical K-major, no swizzle).
//             A (registers): slot j carries bit planes of j+1, B[n][k] = [k = n + gN]: accumulator
//                 (m, n) reads A[m][n + gN] itself.
//   copies    codes that name their memory slot and element (ldmatrix) or their register slot
//                 (stmatrix, movmatrix); each side read through the other's fragment, the address
//                 side through the addresses the lanes gave, in two batches of different addresses.
//   b1 xor-popc: zeros instead of ones, and baseline trials to difference against.
//   b1 and-popc: on bits AND is the product, so the product plan above, as it is: exact, no baselines.
//   mma.m8n8k4 .f16: the plan over one quad-pair's 8 threads, written to all four quad-pairs
//                 (mma_lane); each accumulator is read from all four, which must agree.
//   mma.sp / wgmma.sp (an E fragment): the same anchors with fixed metadata, and the metadata
//                 nibble by nibble under every sparsity selector (probe_sparse.cpp).
#include <functional>
#include <vector>

#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/observe.hpp"

namespace catlayout::gpu {

// Runs a batch: device::run on a GPU, simulate() on the CPU. Returns "" or an error.
using Runner = std::function<std::string(device::Batch&)>;

struct OperandObservation {
  Operand operand;
  ObservedMap map;
  Verdict verdict;
};
struct InstructionObservation {
  std::string instruction;
  std::vector<OperandObservation> operands;  // in the instruction's fragment order
};

// Plans the trials, runs them, decodes and compares. Error when a batch fails to run.
Result<InstructionObservation> observe(Instruction const& ins, Runner const& run);

// Element codecs shared with the simulator. encode: an integer that the type holds exactly.
std::uint64_t encode(Elem e, Int value);
double decode(Elem e, std::uint64_t bits);
// Element v of one thread's register words (the fragment's packing: low bits first).
void put(Fragment const& f, std::uint32_t* thread_words, Int v, Int value);
double get(Fragment const& f, std::uint32_t const* thread_words, Int v);
// Element (row, k) of an R x K operand in a shared-memory image (device::smem_byte), or the
// element at a byte offset of the image.
void put_smem(Elem e, std::uint32_t* image, Int row, Int k, Int value);
double get_smem(Elem e, std::uint32_t const* image, Int row, Int k);
void put_byte(Elem e, std::uint32_t* image, Int byte, Int value);
double get_byte(Elem e, std::uint32_t const* image, Int byte);

// ---- shared-memory layouts through descriptors
// How the probe lays a layout's atom out for an operand of `rows` x K (K of the probe instruction):
// the descriptor's byte offsets, its layout type, and how many 32-byte steps of the start address
// cover the atom's swizzle row (K-major swizzled layouts: the instruction reads 32 bytes of it).
struct SmemPlacement {
  Int lbo = 0, sbo = 0;
  int layout_type = 0;
  Int k_blocks = 1;
  Int image_bytes = 0;
};
SmemPlacement smem_placement(SmemLayout const& s, Int rows, Int K);
// The element offset of (row, k), 0 <= k < K * k_blocks: the atom (our algebra) repeated by the strides.
Int smem_element(SmemLayout const& s, SmemPlacement const& pl, Int row, Int k);
// The wgmma that reads a layout of this element width: m64n64k16 f16, m64n64k8 tf32, m64n64k32 s8.
Instruction const& smem_probe_instruction(int elem_bits);
struct SmemObservation {
  std::string layout;
  Operand operand;  // read as A or as B
  SmemPlacement placement;
  ObservedMap map;  // (row, k) -> the (row, k) whose element the hardware read there
  Verdict verdict;
};
Result<SmemObservation> observe_smem(SmemLayout const& s, Operand which, Runner const& run);

// A CPU stand-in for the tensor cores and the copy units that follows the PTX formulas (not the
// layouts; shared memory through the descriptor's canonical-layout formula). Optional fault: the
// formula's answers for two slots of one operand are exchanged, as if the hardware disagreed with
// the catalogue there; with `smem`, two (row, k) of a shared-memory operand's reads are exchanged.
struct Fault {
  Operand operand = Operand::C;
  Int t1 = -1, v1 = -1, t2 = -1, v2 = -1;
  bool smem = false;
};
std::string simulate(device::Batch& batch, Fault const& fault = {});

}  // namespace catlayout::gpu
