#pragma once
// core-internal: the pieces of CuTe's slice of a swizzled layout (cute/swizzle_layout.hpp:230-297)
// that the static answer (slice_swizzled.cpp) and its print with run-time integers (slice_printed.cpp)
// share: the fixed coordinates leaf by leaf, the swizzle's Y/Z projections, the decayed swizzle.
#include <vector>

#include "catlayout/core/mixed.hpp"
#include "catlayout/core/slice.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::detail {

// CuTe's slice_and_offset of a plain layout without the coordinate's range check: an integer past
// its mode read as crd2idx reads it (the mode's last leaf unbounded). Where CuTe compiles more on the
// way (a swizzled layout), a static_assert there comes before the coordinate matters.
Result<SliceResult> slice_extended(SliceCoord const& c, Layout const& l);

// Every coordinate a hole (CuTe's all_underscore).
bool all_holes(SliceCoord const& c);

// A leaf of L under an integer of the coordinate: its extent, stride and coordinate, and whether
// that integer is run-time (CuTe's dice, leaf by leaf: composition and to_mixed_bits go leaf by leaf).
struct DicedLeaf {
  Int shape, stride, coord;
  bool run_time;
};
// The integer entries of c with the leaves of their modes (pre: c fits l, as slice checked).
void dice_leaves(SliceCoord const& c, Layout const& m, std::vector<DicedLeaf>& out);

// The swizzle's bit fields as one layout (2^M, 2^B, 2^(|S|-B), 2^B, 1), compact, with the strides of
// the Y and Z fields kept (`only_zy`) or of the others (CuTe's swizzle_only_zy, swizzle_anti_zy).
Result<Layout> projection(Swizzle const& sw, bool only_zy);

// CuTe's to_mixed_bits(composition(only_zy, leaf), x): the leaf composed with the projection, x split
// over its leaves, each (x' * d') masked to its bits (s'-1)*d', XORed; `flags` gets those masks' OR.
Result<Int> zy_bits(Layout const& only_zy, DicedLeaf const& leaf, Int* flags = nullptr);

// The decayed form's layout of the swizzle: (2^M, (2,..,2), 2^(|S|-B), (2,..,2), 1) with strides
// (1, lo, 2^(M+B), hi, 2^(M+B+|S|)); the Z field's strides +-Z' (by k's Y bit), the Y field's Y'+-Z'
// (by k's Z bit), Y', Z' the fields' lowest bits. A stride is run-time where the bit of k it reads
// is in `dynamic` (CuTe's MixedBits flags), every other integer static.
Result<MixedLayout> decayed_swizzle(Swizzle const& sw, Int k, Int dynamic);

}  // namespace catlayout::detail
