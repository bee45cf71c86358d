#pragma once
// The nullspace (kernel) of a layout: the layout of the domain indices i with L(i) == 0, in
// increasing order (PyCuTe docs/04_layout_algebra.md "Nullspace": "the layout of all coordinates c
// in Z(L) for which L(c) == 0"; CuTe nullspace, cute/layout.hpp, post: L(R(i)) == 0).
//
// CuTe's formula takes the flat modes of stride 0, with the compact column-major strides of L's
// flat shape (nullspace_formula below). That is the whole kernel when every stride is >= 0 (a sum
// of non-negative terms is 0 only term by term), but not otherwise: (2,2):(1,-1) maps index 3 to 0
// too, and CuTe answers 1:0. catlayout tabulates the kernel there and answers the layout whose
// image it is; where no layout enumerates it (or it is empty), not_representable with the reason.
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// CuTe's answer: the stride-0 flat modes of L, strides from compact_major<LayoutLeft>(flat shape)
// (0 for a size-1 mode), unwrapped when there is one; 1:0 when there is none.
Layout nullspace_formula(Layout const& l);

// The kernel of L as a layout: CuTe's formula where it is the whole kernel, else the canonical
// (coalesced) layout enumerating the kernel in increasing order. pre (else invalid_input): size(L)
// <= limits::max_tabulate where a stride is negative (the kernel is tabulated).
Result<Layout> nullspace(Layout const& l);
// The same for sw(off + L(i)) (CuTe answers 1:0 for every composed layout: "do not attempt").
Result<Layout> nullspace(ComposedLayout const& c);
// The same for coordinate strides: L(i) the zero coordinate (CuTe selects the integer-0 strides).
Result<Layout> nullspace(CoordLayout const& l);

}  // namespace catlayout
