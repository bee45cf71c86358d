#pragma once
// Internal: the catalogue's families, one file each, called in order by catalogue() (catalogue.cpp).
#include <stdexcept>
#include <string>
#include <vector>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// A fragment from its TV layout text (values = size of mode 1); a typo is a programming error.
inline Fragment frag(Operand op, Elem e, Int rows, Int cols, Int threads, std::string const& tv,
                     PtxFormula f, std::string section) {
  auto l = parse_layout(tv);
  if (!l) throw std::logic_error("catalogue layout " + tv + ": " + l.error().what());
  return Fragment{op, e, rows, cols, threads, l->mode(1).size(), *l, f, std::move(section)};
}

// A fragment's source: `PTX ISA <num> "<title>"`.
inline std::string sec(std::string const& num, std::string const& title) {
  return "PTX ISA " + num + " \"" + title + "\"";
}

// PTX's thread indices (catalogue.cpp): groupID = %laneid >> 2, threadID_in_group = %laneid % 4 of
// thread t (t % 32: a warpgroup's thread t is lane t % 32 of warp t / 32); warp_rows: the first of
// the 16 rows wgmma's warp t / 32 owns.
Int gid(Int t);
Int tig(Int t);
Int warp_rows(Int t);

// wgmma's D (PTX ISA 9.7.15.5.1.1, thread = index in the warpgroup), the dense and the sparse
// (9.7.15.6) alike: element i at row 16 w + groupID (+8 when i % 4 >= 2), col (i / 4) * 8 +
// threadID_in_group * 2 + (i & 1); .f32/.s32 one element a register, .f16 two (.f16x2).
Coord d_wgmma(Int t, Int i);
Coord d_wgmma_b32(Int t, Int r, Int);
Coord d_wgmma_f16x2(Int t, Int r, Int e);

// mma.sync's 16 x 8 accumulators C/D (PTX ISA 9.7.14.5.x, thread = %laneid; the sparse 9.7.14.6.2.x
// and the block-scaled shapes alike): element i at row groupID (+8 for i >= 2), col
// threadID_in_group * 2 + (i & 1); .f32/.s32 one element a register, .f16 two (.f16x2).
Coord c16x8(Int t, Int i);
Coord c16x8_b32(Int t, Int r, Int);
Coord c16x8_f16x2(Int t, Int r, Int e);

// A warpgroup's register operand whose warp w holds rows 16w..16w+15 as the warp-level formula F
// holds its 16 (wgmma's A in registers, dense and sparse: the mma of the same K per warp).
template <PtxFormula F>
Coord warpgroup_rows(Int t, Int r, Int e) {
  Coord c = F(t, r, e);
  return {warp_rows(t) + c.row, c.col};
}

void add_sm89_fp8(std::vector<Instruction>& cat);      // catalogue_sm89.cpp: mma.m16n8k32 .e4m3/.e5m2
void add_b1_and_popc(std::vector<Instruction>& cat);   // catalogue_b1.cpp: .and.popc (after the .xor.popc rows)
void add_sm70_quad_pair(std::vector<Instruction>& cat);  // catalogue_sm70.cpp: mma.m8n8k4 .f16 (quad-pairs)

// mma.sp::ordered_metadata (SM80 shapes) and wgmma.mma_async.sp (SM90a): catalogue_sparse.cpp.
void add_sparse(std::vector<Instruction>& cat);
void add_sm100(std::vector<Instruction>& cat);  // catalogue_sm100.cpp: tcgen05.mma D in TMEM, tcgen05.ld/st
void add_sm120(std::vector<Instruction>& cat);  // catalogue_sm120.cpp: block-scaled mma.sync

}  // namespace catlayout::gpu
