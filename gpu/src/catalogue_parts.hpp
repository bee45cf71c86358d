#pragma once
// Internal: the catalogue's families, one file each, called in order by catalogue() (catalogue.cpp).
#include <stdexcept>
#include <string>
#include <vector>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// A fragment from its TV layout text (values = size of mode 1); a typo is a programming error.
inline Fragment part_fragment(Operand op, Elem e, Int rows, Int cols, Int threads, std::string const& tv,
                              PtxFormula f, std::string section) {
  auto l = parse_layout(tv);
  if (!l) throw std::logic_error("catalogue layout " + tv + ": " + l.error().what());
  return Fragment{op, e, rows, cols, threads, l->mode(1).size(), *l, f, std::move(section)};
}

void add_sm89_fp8(std::vector<Instruction>& cat);      // catalogue_sm89.cpp: mma.m16n8k32 .e4m3/.e5m2
void add_b1_and_popc(std::vector<Instruction>& cat);   // catalogue_b1.cpp: .and.popc (after the .xor.popc rows)
void add_sm70_quad_pair(std::vector<Instruction>& cat);  // catalogue_sm70.cpp: mma.m8n8k4 .f16 (quad-pairs)

// mma.sp::ordered_metadata (SM80 shapes) and wgmma.mma_async.sp (SM90a): catalogue_sparse.cpp.
void add_sparse(std::vector<Instruction>& cat);
void add_sm100(std::vector<Instruction>& cat);  // catalogue_sm100.cpp: tcgen05.mma D in TMEM, tcgen05.ld/st
void add_sm120(std::vector<Instruction>& cat);  // catalogue_sm120.cpp: block-scaled mma.sync

}  // namespace catlayout::gpu
