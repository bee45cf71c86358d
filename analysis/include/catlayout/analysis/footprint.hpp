#pragma once
// The footprint of a layout in memory (paper §2.1.5, CuTe cosize): how much it spans, the holes in
// that span, and whether it is injective, compact (a bijection onto [0, size)) or surjective onto
// its tile [0, tile).
#include "catlayout/core/swizzle.hpp"

namespace catlayout::analysis {

struct Footprint {
  Int size = 0, cosize = 0;   // cosize: 1 + the largest offset (CuTe)
  Int min_offset = 0, max_offset = 0;
  Int image = 0;              // distinct offsets
  Int holes = 0;              // offsets of [0, cosize) no index reaches
  Int tile = 0;
  bool injective = false, compact = false, surjective = false;  // surjective onto [0, tile)
};

// tile 0: size(L). pre: size <= max_pairs of access.hpp, offsets >= 0 (else invalid_input).
Result<Footprint> footprint(ComposedLayout const& l, Int tile = 0);

}  // namespace catlayout::analysis
