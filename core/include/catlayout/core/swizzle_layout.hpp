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
#include "catlayout/core/composed_chain.hpp"
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
// CuTe composition(ComposedLayout A, ComposedLayout B) = sw_A o off_A o (L_A o B) (cute/layout_composed.hpp),
// L_A o B = Sw' o 0 o (L_A o L_B) as above: the chain sw_A o off_A o Sw' o 0 o (L_A o L_B), CuTe's nest of
// two swizzles (one swizzle, sw_A o off_A o (L_A o L_B), where Sw' is the identity: CuTe's
// composition(Swizzle<0,M,S>, _0, L) = L). Checked: R(i) == A(B(i)).
Result<ComposedChain> composition(ComposedLayout const& a, ComposedLayout const& b);

// CuTe composition(ComposedLayout<A,O,B>, Tiler) = A o O o (B o tiler) (cute/layout_composed.hpp) on a chain:
// its rightmost layout composed with B, or, right of a swizzle, CuTe's composition(Swizzle, Layout) =
// Sw o _0 o B.
Result<ComposedChain> composition(ComposedChain const& a, Layout const& b);
Result<ComposedChain> composition(ComposedChain const& a, Tiler const& b);

// CuTe right_inverse / left_inverse of sw o off o L (cute/swizzle_layout.hpp): offset 0,
// composition(inverse(L), sw) = Sw' o 0 o inverse(L); else composition(inverse(L), -off, sw), the chain
// inverse(L) o -off o sw (a layout after an offset after a swizzle). Checked against CuTe's contracts
// (docs/definitions.md): C(R(x)) == x at each domain point x of R (right), the quasi-inverse
// C(R(C(i))) == C(i) on C's domain with layouts evaluated past their size as CuTe does (left); where
// CuTe's answer breaks them, inadmissible flagged cute_answers.
Result<ComposedChain> right_inverse(ComposedLayout const& c);
Result<ComposedChain> left_inverse(ComposedLayout const& c);

// cute/swizzle_layout.hpp get_swizzle_portion: the Swizzle<B,M,S> of ComposedLayout<Swizzle<B,M,S>, O, B>;
// a plain layout's is the identity Swizzle<0,4,3>. Of a chain, its outermost function where that is a
// swizzle; a chain whose outermost function is a layout has no overload in CuTe (invalid_input).
Swizzle get_swizzle_portion(Layout const& l);
Swizzle get_swizzle_portion(ComposedLayout const& c);
Result<Swizzle> get_swizzle_portion(ComposedChain const& c);
// cute/swizzle_layout.hpp get_nonswizzle_portion: layout_b() of ComposedLayout<Swizzle, O, B> (the offset
// dropped), a plain layout itself; of a chain, what follows its outer swizzle and offset (a layout
// or a chain).
Layout get_nonswizzle_portion(Layout const& l);
Layout get_nonswizzle_portion(ComposedLayout const& c);
Result<ComposedChain> get_nonswizzle_portion(ComposedChain const& c);

// CuTe tile_to_shape(sw o off o L, shape, order) = sw o off o tile_to_shape(L, shape, order).
Result<ComposedLayout> tile_to_shape(ComposedLayout const& block, IntTuple const& shape,
                                     Order const& order = Major::left, Convention c = Convention::cute);

}  // namespace catlayout
