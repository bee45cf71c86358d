#pragma once
// The nullspace of a layout (docs/definitions.md nullspace). CuTe's contract is its three @post
// lines (cute/layout.hpp nullspace): L(R(i)) == 0 for i < size(R); nullspace(R) == 1:0; size(R) ==
// size(L) / size(filter(L)). Its answer, the flat modes of stride 0 with the compact column-major
// strides of L's flat shape (nullspace_formula), meets them for every layout: that is the default
// (Convention::cute). It is the whole kernel {i : L(i) == 0} when every stride is >= 0 (a sum of
// non-negative terms is 0 only term by term), but not otherwise: (2,2):(1,-1) maps index 3 to 0
// too. Convention::categorical (the CLI's --strict; nullspace.strict, PyCuTe's reading, "the
// layout of all coordinates c in Z(L) for which L(c) == 0") tabulates the whole kernel and answers
// the layout enumerating it; where no layout does (or it is empty), not_representable with the reason.
#include "catlayout/core/convention.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// CuTe's answer: the stride-0 flat modes of L, strides from compact_major<LayoutLeft>(flat shape)
// (0 for a size-1 mode), unwrapped when there is one; 1:0 when there is none.
Layout nullspace_formula(Layout const& l);

// CuTe's formula; under Convention::categorical the whole kernel: the formula where it is the
// whole kernel, else the canonical (coalesced) layout enumerating the kernel in increasing order.
// pre (else invalid_input): size(L) <= limits::max_tabulate where a stride is negative (tabulated).
Result<Layout> nullspace(Layout const& l, Convention c = Convention::cute);
// sw(off + L(i)): CuTe answers 1:0 for every composed layout ("Do not attempt for general
// ComposedLayouts", cute/layout_composed.hpp nullspace) and states no contract; catlayout answers
// the meaning: with offset 0, nullspace(L) (a swizzle maps only 0 to 0); else the tabulated kernel.
Result<Layout> nullspace(ComposedLayout const& c, Convention conv = Convention::cute);
// The same for coordinate strides: L(i) the zero coordinate (CuTe selects the integer-0 strides).
Result<Layout> nullspace(CoordLayout const& l, Convention c = Convention::cute);

}  // namespace catlayout
