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
//   wgmma     C: A[m][k] = m+1 for all k, B = 1 (then A = 1, B[n][k] = n+1), both in shared memory.
//             A (registers): one A slot = 1, B[n][k] = k+1: lit accumulators give m and k+1.
#include <functional>

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
// Element (row, k) of an R x K operand in a shared-memory image (device::smem_byte).
void put_smem(Elem e, std::uint32_t* image, Int row, Int k, Int value);
double get_smem(Elem e, std::uint32_t const* image, Int row, Int k);

// A CPU stand-in for the tensor cores that follows the PTX formulas (not the layouts). Optional
// fault: the formula's answers for two slots of one operand are exchanged, as if the hardware
// disagreed with the catalogue there.
struct Fault {
  Operand operand = Operand::C;
  Int t1 = -1, v1 = -1, t2 = -1, v2 = -1;
};
std::string simulate(device::Batch& batch, Fault const& fault = {});

}  // namespace catlayout::gpu
