#pragma once
// CuTe's slice_and_offset of a swizzled layout Sw<B,M,S> o k o L (cute/swizzle_layout.hpp:230-297;
// docs/definitions.md "slice_and_offset"): what CuTe C++ 4.2 returns, in its form.
//
// CuTe splits the fixed coordinates' offset L(c) into the part on the swizzle's Y and Z bits (XORed
// into k leaf by leaf) and the rest (added after the swizzle), then:
//  - every coordinate a hole: Sw o k o slice(c, L), offset 0 (a reshape);
//  - the sliced layout's image hits a Z bit together with its Y bit: Sw o k' o slice(c, L), offset
//    the rest;
//  - otherwise it decays to a plain layout: the swizzle read as a layout whose Y and Z strides follow
//    from k' (Z bits: +-Z, Y bits: Y+-Z, by the other bit of k'), composed with slice(c, L), and the
//    offset Sw(k') + the rest.
// CuTe's answer is kept where it is the slice's function (for every j, offset + R(j) equals the
// swizzled layout at the coordinate with the holes filled by j's coordinate); where it is not,
// inadmissible flagged cute_answers, naming the index. CuTe's static_asserts on the way (composition's
// divisibility, to_mixed_bits' power-of-two shape*stride) refuse as CuTe does.
#include "catlayout/core/slice.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// pre (else invalid_input, naming the mode): as slice_and_offset(c, L) on the layout under the swizzle.
Result<SliceResult> slice_and_offset(SliceCoord const& c, ComposedLayout const& l);

// The slice's function at j (docs/definitions.md): offset + R(j), R the sub-layout (swizzled or plain).
Result<Int> slice_value(SliceResult const& r, Int j);

}  // namespace catlayout
