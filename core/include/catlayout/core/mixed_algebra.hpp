#pragma once
// CuTe's layout algebra over static and run-time integers (mixed.hpp): the answers CuTe C++ 4.2
// computes when some integers are run-time values, in its form, and its refusals of them.
//
// CuTe decides what it can at compile time and leaves the rest to run time: a run-time extent-1
// mode is not dropped, a merge of modes needs static extents and strides, a divisibility condition
// is checked only where both sides are static, complement takes run-time strides only at rank 1,
// left_inverse none. Each function follows CuTe's algorithm with its static/run-time branches
// (the header line cited), so its result is CuTe's layout; these functions do not judge it. The
// op rows check each answer against the operation's definition (docs/definitions.md) and refuse
// where CuTe's run-time path is not the operation's function, naming the condition CuTe did not check.
#include "catlayout/core/compact.hpp"
#include "catlayout/core/mixed.hpp"

namespace catlayout {

// cute/stride.hpp compact_major: make_layout(shape) and make_layout(shape, LayoutRight).
Result<MixedLayout> make_layout(MixedTuple const& shape, Major major = Major::left);
// cute/stride.hpp:348 compact_major<Major>(shape, current): the strides from `current` (an integer,
// or a tuple of one per mode, each mode's own start).
Result<MixedTuple> compact_major(MixedTuple const& shape, Major major, MixedTuple const& current);
// cute/layout.hpp coalesce (bw_coalesce), and by a profile.
Result<MixedLayout> coalesce(MixedLayout const& layout);
Result<MixedLayout> coalesce(MixedLayout const& layout, MixedTuple const& profile);
// cute/layout.hpp composition (composition_impl after coalesce_x of A); B a layout or a tiler.
Result<MixedLayout> composition(MixedLayout const& a, MixedLayout const& b);
Result<MixedLayout> composition(MixedLayout const& a, MixedTiler const& b);
// cute/layout.hpp complement(layout, cotarget) and complement(layout) (cotarget = cosize).
Result<MixedLayout> complement(MixedLayout const& a, MixedTuple const& cotarget);
Result<MixedLayout> complement(MixedLayout const& a);
// cute/layout.hpp logical_divide and its zipped, tiled and flat forms.
Result<MixedLayout> logical_divide(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> zipped_divide(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> tiled_divide(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> flat_divide(MixedLayout const& a, MixedTiler const& b);
// cute/layout.hpp logical_product, its zipped, tiled and flat forms, blocked and raked.
Result<MixedLayout> logical_product(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> zipped_product(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> tiled_product(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> flat_product(MixedLayout const& a, MixedTiler const& b);
Result<MixedLayout> blocked_product(MixedLayout const& a, MixedLayout const& b);
Result<MixedLayout> raked_product(MixedLayout const& a, MixedLayout const& b);
// cute/layout.hpp right_inverse (run-time strides left out) and left_inverse (static strides only).
Result<MixedLayout> right_inverse(MixedLayout const& a);
Result<MixedLayout> left_inverse(MixedLayout const& a);

// CuTe's size and cosize with their marks (cute/layout.hpp size, cosize).
Result<MixedInt> size(MixedLayout const& a);
Result<MixedInt> cosize(MixedLayout const& a);

}  // namespace catlayout
