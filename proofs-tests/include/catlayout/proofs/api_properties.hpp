#pragma once
// CuTe's constructors, partitioners and element-size changes, swizzled operands, and the
// whitepaper's operations (core/compact.hpp, product.hpp tile_to_shape, partition.hpp, recast.hpp,
// nullspace.hpp, coalesce.hpp coalesce_z, layout_add.hpp, common_domain.hpp, swizzle_layout.hpp,
// f2_layout.hpp): each operation's post-condition, as its header states it, checked by tabulation
// here, independently of how core computes the answer. The answers are those of properties.hpp:
// holds; vacuous where the operation refuses with an error kind its header documents (and, where
// the refusal is "CuTe answers, but wrongly" (Error::cute_answers), only after checking that
// CuTe's formula, computed here, really breaks the definition); fails with a counterexample that
// names the inputs in CuTe notation (and the schema's JSON where it has one).
#include <string>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/proofs/properties.hpp"

namespace catlayout::proofs {

// How the counterexamples name the inputs: CuTe notation, then JSON where the schema has one.
std::string describe(ComposedLayout const& c);  // Sw<3,4,3> o 0 o (8,64):(64,1) {"swizzle":...}
std::string describe(ComposedChain const& c);   // Sw<1,4,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8) {...}
std::string describe(F2Layout const& l);        // (4,4):(F1,F4) (PyCuTe's print; no JSON form)
std::string describe(IntTuple const& t);        // (4,(2,3)) [4,[2,3]]
std::string describe(Swizzle const& s);
std::string describe(Tiler const& t);
std::string describe(SliceCoord const& c);
std::string describe(CoordLayout const& l);
std::string describe(LinearLayout const& f);
std::string describe_order(Order const& o);  // LayoutLeft, LayoutRight, or the Step tuple

// ---- compact constructors (compact.hpp) ----
// make_layout(shape, left/right) is a bijection onto [0, size); left: L(i) == i; right: L at the
// natural coordinate c of i is the lexicographic (row-major) index of c over the flat shape.
Outcome make_layout_major(IntTuple const& shape, Major m);
// make_ordered_layout(shape, order), distinct order entries: a bijection onto [0, size), and for
// order leaves o_a < o_b every stride of part a is below every nonzero stride of part b.
// Refused only as invalid_input for an order that is not congruent to a coarsening of the shape.
Outcome ordered_layout_property(IntTuple const& shape, IntTuple const& order);
// make_layout_like(L): L's shape; stride 0 exactly where L's is 0 (modes of size > 1); compact on
// the other modes when their strides in L are distinct; where L's nonzero strides differ, the new
// ones are in the same order, and where they are equal, equal (compact_order: the same start).
Outcome layout_like_property(Layout const& l);

// ---- tile_to_shape (product.hpp, swizzle_layout.hpp) ----
// R = tile_to_shape(block, shape, order): size(R) = size(shape), mode k of R has the size of mode k
// of the shape, and at every coordinate whose repeat part is 0 (each mode's 1-D index below the
// block's mode size) R is the block there; each repeat is the block translated (R(b + B t) =
// R(b) + R(B t) per mode). Refused as inadmissible (rank, divisibility) or not_complementable.
Outcome tile_to_shape_property(Layout const& block, IntTuple const& shape, Order const& order);
// The same for sw o off o block: with the swizzle applied, R equals the block there.
Outcome tile_to_shape_composed_property(ComposedLayout const& block, IntTuple const& shape, Order const& order);

// ---- partitioners (partition.hpp) ----
// For an integer tiler (whole, t:1, or by mode <t_0,...>, each t_k dividing size(L_k)) and a slice
// coordinate of integers: offset + R(i) == L at the element the definition names. Tile element
// i_k of the tile at rest coordinate c_k is L's mode k at 1-D index c_k t_k + i_k; L's modes past
// the tiler's are rest modes (kept under a hole, or fixed by the coordinate).
// inner_partition (and local_tile, which must answer the same): the tile at `coord`.
Outcome inner_partition_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord);
// outer_partition: element `coord` of every tile.
Outcome outer_partition_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord);
// local_tile with a projection = inner_partition with the tiler and coordinate diced (kept entries).
Outcome local_tile_projection_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord,
                                       Projection const& p);
// local_partition(L, T, idx): a thread layout T whose mode k has a size dividing L's mode k (or, T an
// integer-shaped layout, dividing size(L)): thread idx's elements, L's mode k at j_k T_k + c_k, with c
// the coordinate of idx in T (T(c) == idx). Refused (inadmissible) exactly where T has a broadcast
// mode (s:0, s > 1) or CuTe's coordinate (idx / d) % s per flat mode, computed here, is not one of idx.
Outcome local_partition_property(Layout const& l, Layout const& threads, Int index);
// local_partition of the compact layout of L's shape over every thread of a compact T that tiles it
// (with a projection p where given): each element belongs to exactly prod(dropped modes' sizes) threads.
Outcome local_partition_cover_property(Layout const& l, Layout const& threads, Projection const* p);

// ---- element-size changes (recast.hpp) ----
// downcast<N>(L): sub-element r of old element c is new element N L(c) + r, at c with c_u N + r in
// the unit-stride mode u. Refused without cute_answers only when no flat stride is 1; with
// cute_answers only when CuTe's formula (computed here) breaks that.
Outcome downcast_property(Layout const& l, Int n);
// upcast<N>(L): old element c (at x = L(c)) lies in new element floor(x / N), which the new layout
// gives at c's new coordinate (c_k / (N / |d_k|) in the modes of 0 < |d_k| < N); no other coordinate.
// Refused without cute_answers only when a nonzero stride and N do not divide one another.
Outcome upcast_property(Layout const& l, Int n);
// The same for composed layouts (the value of element c is sw(off + L(c))).
Outcome downcast_composed_property(ComposedLayout const& c, Int n);
Outcome upcast_composed_property(ComposedLayout const& c, Int n);
// recast_layout<old,new> is, by its definition, the identity, downcast<den>, upcast<num> or both.
Outcome recast_layout_property(Layout const& l, Int old_bits, Int new_bits);

// ---- nullspace (nullspace.hpp, f2_layout.hpp) ----
// R enumerates exactly {i : L(i) == 0}, in increasing order; refused (not_representable) only where
// no layout enumerates that set (checked by a complete search here, and core's represent agrees).
Outcome nullspace_property(Layout const& l);
Outcome nullspace_composed_property(ComposedLayout const& c);
Outcome nullspace_coord_property(CoordLayout const& l);
Outcome nullspace_f2_property(F2Layout const& l);

// ---- coalesce_z (coalesce.hpp, f2_layout.hpp) ----
// depth <= 1, size kept, R(i) == L(i) for every i in [0, size + 10) (extended functions), idempotent.
Outcome coalesce_z_property(Layout const& l);
Outcome coalesce_z_f2_property(F2Layout const& l);

// ---- layout_add and greatest_common_domain (layout_add.hpp, common_domain.hpp) ----
// R(i) == A(i) + B(i) on [0, size), R coalesced, symmetric; refused only as inadmissible (sizes
// differ) or not_representable (no layout has the sum's table: a complete search, and represent).
Outcome layout_add_property(Layout const& a, Layout const& b);
// PyCuTe's post-conditions (test_greatest_common_domain.py): depth 1, size divides gcd(size A, size B),
// composition(shape(A), R) succeeds for both (shape(A) as its identity layout, make_identity_layout,
// and as make_layout(shape, left)), symmetric, and nothing common remains: greatest_common_domain of
// the rest modes of logical_divide(shape(A), R) and logical_divide(shape(B), R) has size 1.
Outcome common_domain_property(IntTuple const& a, IntTuple const& b);

// ---- swizzled operands (swizzle_layout.hpp) ----
// make_swizzle(y, z) is the swizzle whose yyy mask is y and zzz mask is z; refused (inadmissible)
// only where no Sw<B,M,S> has those masks (all searched).
Outcome make_swizzle_property(Int y, Int z);
// R(i) == A(B(i)) (A extended and odd) on the domain checked; refused as inadmissible (CuTe's
// preconditions; with cute_answers only where CuTe's raw answer, computed here, differs somewhere)
// or not_representable (two swizzles that are not one).
Outcome composition_layout_swizzle_property(Layout const& a, Swizzle const& b);
Outcome composition_layout_composed_property(Layout const& a, ComposedLayout const& b);
Outcome composition_composed_composed_property(ComposedLayout const& a, ComposedLayout const& b);
// R = right_inverse(C): C(R(i)) == i on R's domain. R = left_inverse(C), C injective: R(C(i)) == i
// on C's domain (R extended). Refused: not_representable only for an offset; inadmissible (CuTe's
// preconditions; with cute_answers only where CuTe's raw answer, computed here, fails).
Outcome composed_right_inverse_property(ComposedLayout const& c);
Outcome composed_left_inverse_property(ComposedLayout const& c);

// ---- F2 layouts (f2_layout.hpp) ----
// operator(), at and extended agree with a carry-less evaluator written here.
Outcome f2_evaluate_property(F2Layout const& l);
// coalesce keeps size and function, depth <= 1, idempotent.
Outcome f2_coalesce_property(F2Layout const& l);
// composition(F2 A, Layout B): R(i) == A(B(i)) (A extended) on B's domain; refused as inadmissible.
Outcome f2_composition_property(F2Layout const& a, Layout const& b);
// layout_add: R(i) == A(i) XOR B(i), symmetric; refused as inadmissible (sizes) or not_representable.
Outcome f2_layout_add_property(F2Layout const& a, F2Layout const& b);
// to_linear(A) has A's function (refused exactly for a mode that is not a power of two), and to_f2 of
// it too.
Outcome f2_to_linear_property(F2Layout const& l);
// to_f2(F) has F's function and to_linear(to_f2(F)) too.
Outcome linear_to_f2_property(LinearLayout const& f);
// to_f2(C), C composed: C's function; refused (not_representable) exactly where C is not F2-linear
// (its size not a power of two, or C(i) != XOR of C at i's bits).
Outcome composed_to_f2_property(ComposedLayout const& c);
// to_f2(L): L's shape and strides, L's function; refused exactly where L's integer sum is not the
// XOR of its bits' images (or a shape entry is not a power of two, or a stride is negative).
Outcome layout_to_f2_property(Layout const& l);

}  // namespace catlayout::proofs
