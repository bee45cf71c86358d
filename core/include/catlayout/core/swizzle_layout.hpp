#pragma once
// The algebra with swizzled layouts as operands beyond composition on the right (CuTe
// cute/swizzle_layout.hpp, cute/layout_composed.hpp): a swizzle or a composed layout as B, both
// operands composed, inverses, tile_to_shape.
//
// CuTe computes a swizzle for the result from two values of A (make_swizzle<A(yyy), A(zzz)>: "works in
// simple cases... but could be greatly generalized"). catlayout takes CuTe's answer and tabulates
// its function against the definition (R(i) == A(B(i)), L(R(i)) == i, R(L(i)) == i): where they
// differ, inadmissible flagged cute_answers (vectors: cute_wrong), with the first index that differs.
#include "catlayout/core/compact.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// CuTe make_swizzle<Y,Z>(): the swizzle with yyy mask y and zzz mask z (B = popcount, M the lower
// of the two lowest set bits, S their distance). pre (CuTe's static_asserts, else inadmissible):
// 0 <= y, z < 2^32, equal popcounts, each a run of contiguous bits, a valid Sw<B,M,S>.
Result<Swizzle> make_swizzle(Int y, Int z);

// CuTe composition(Layout A, Swizzle B) = Sw' o 0 o A, Sw' = make_swizzle<A(yyy), A(zzz)> (A with its
// extended function); a plain layout when Sw' is the identity. Checked on [0, size(A)): A(B(i)).
Result<ComposedLayout> composition(Layout const& a, Swizzle const& b);
// CuTe composition(Layout A, ComposedLayout B) = composition(A, sw_B) o L_B = Sw' o 0 o (A o L_B); pre:
// B's offset is 0 (CuTe's static_assert; else invalid_input). Checked: R(i) == A(sw_B(L_B(i))).
Result<ComposedLayout> composition(Layout const& a, ComposedLayout const& b);
// CuTe composition(ComposedLayout A, ComposedLayout B) = sw_A o off_A o (L_A o B). CuTe nests the
// two swizzles (Sw_A o off_A o Sw' o 0 o L); catlayout's composed layout holds one, so they are merged
// where sw_A o Sw' is one swizzle (same shift, and the function checked) and off_A = 0, else
// not_representable. Checked: R(i) == A(B(i)).
Result<ComposedLayout> composition(ComposedLayout const& a, ComposedLayout const& b);

// CuTe right_inverse / left_inverse of sw o 0 o L (cute/swizzle_layout.hpp):
// composition(inverse(L), sw) = Sw' o 0 o inverse(L). Checked against CuTe's contracts
// (docs/definitions.md): C(R(i)) == i on R's domain (right), the quasi-inverse C(R(C(i))) == C(i)
// on C's domain with layouts evaluated past their size as CuTe does (left); where CuTe's answer
// breaks them, inadmissible flagged cute_answers. A nonzero offset gives CuTe's inverse(L) o (-off) o sw, a layout after a
// swizzle, which catlayout's composed layout (a swizzle after a layout) does not hold: not_representable.
Result<ComposedLayout> right_inverse(ComposedLayout const& c);
Result<ComposedLayout> left_inverse(ComposedLayout const& c);

// CuTe tile_to_shape(sw o off o L, shape, order) = sw o off o tile_to_shape(L, shape, order).
Result<ComposedLayout> tile_to_shape(ComposedLayout const& block, IntTuple const& shape,
                                     Order const& order = Major::left, Convention c = Convention::cute);

}  // namespace catlayout
