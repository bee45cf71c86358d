#pragma once
// Sparse tensor-core instructions: mma.sp::ordered_metadata (PTX ISA 9.7.14.6 "Matrix
// multiply-accumulate operation using mma.sp instruction with sparse matrix A") and
// wgmma.mma_async.sp (9.7.15.6 "Asynchronous Warpgroup Level Multiply-and-Accumulate Operation using
// wgmma.mma_async.sp instruction").
//
// A is M x K with half of each row zero; the instruction takes its K/2 stored values a row, so the
// catalogue's A fragment is a TV layout onto the COMPRESSED M x K/2 tile: (thread, value) ->
// (m, c), c the index of the stored value in its row. Which k each stored value multiplies is
// said by the metadata operand E: the row is cut into chunks of `logical` consecutive k holding
// `stored` = logical / 2 values each (2:4 for 16- and 8-bit types, 1:2 for .tf32, 4:8 as 2:4 of
// pairs for 4-bit types; 9.7.14.6.1 "Sparse matrix storage"), and each chunk has a 4-bit nibble
// of two 2-bit indices (bits [1:0] the first, [3:2] the second).
//
// E's fragment maps (metadata thread i, nibble j) -> (m, chunk) on the M x K/logical chunk tile,
// nibble j at bits [4j, 4j+4) of the thread's one 32-bit metadata register. Only some lanes of
// each group of four consecutive threads hold metadata (1, 2 or all 4, by shape): metadata thread
// i is lane sparse_lane(E, i, selector), the sparsity-selector immediate naming which of the group.
// The catalogue's fragments are those of selector 0; the probe runs every selector.
#include <cstdint>

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

struct SparseChunk {
  Int logical = 0;  // k a chunk spans
  Int stored = 0;   // stored values of A a chunk holds (logical / 2)
};
// By A's element type: f16/bf16/s8/u8/e4m3/e5m2 {4, 2}, tf32 {2, 1}, s4/u4 {8, 4}.
SparseChunk sparse_chunk(Elem a);

// Lanes of a group of four that hold metadata: E.threads / 8 (1, 2 or 4); the selector takes
// values 0 .. 4 / that - 1.
Int sparse_quad_lanes(Fragment const& E);
Int sparse_selectors(Fragment const& E);
// The lane whose metadata register is E's thread i under `selector`:
// 4 * (i / q) + q * selector + i % q, q = sparse_quad_lanes(E).
Int sparse_lane(Fragment const& E, Int i, Int selector);

// Whether a nibble is valid metadata for mma.sp::ordered_metadata: two distinct indices in
// increasing order (0b0100, 0b1000, 0b1100, 0b1001, 0b1101, 0b1110); .tf32 only 0b0100 and 0b1110.
bool sparse_nibble_valid(Elem a, unsigned nibble);
// The k within A's row that stored column c meets, its chunk's nibble being `nibble`
// (9.7.14.6.1): 16/8-bit: chunk * 4 + index; .tf32: the indices name 16-bit halves, 0b0100 the
// first element of the pair, 0b1110 the second; 4-bit: the indices name pairs of elements.
Int sparse_k(Elem a, Int c, unsigned nibble);

// The probe of a sparse instruction (probe_sparse.cpp): C, A, B as for mma.sync with fixed
// metadata, and E by flipping one nibble at a time under every selector.
Result<InstructionObservation> observe_sparse(Instruction const& ins, Runner const& run);
// The CPU stand-in's sparse instruction (simulate_sparse.cpp): A expanded to M x K through E.
std::string simulate_sparse(Instruction const& ins, std::string const& mode, device::Batch& batch,
                            Fault const& fault);
// The selector a sparse kernel mode carries: "rr" 0, "rr.s1" 1, ... (-1: not a sparse mode).
Int sparse_mode_selector(std::string const& mode);

}  // namespace catlayout::gpu
