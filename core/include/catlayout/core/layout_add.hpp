#pragma once
// PyCuTe's layout_add(A, B) (docs/04_layout_algebra.md "layout_add and greatest_common_domain"; no
// CuTe C++ counterpart): the coalesced layout R with R(i) == A(i) + B(i) on [0, size(A)).
#include "catlayout/core/layout.hpp"

namespace catlayout {

// PyCuTe's construction: G = greatest_common_domain(coalesce(A), coalesce(B)); when size(G) ==
// size(A), A and B are linear on G's modes and R = coalesce(shape(G) : A(d_k) + B(d_k)). Where the
// shapes have no common refinement PyCuTe refuses; catlayout tabulates the sum and answers the
// layout with that function when there is one (docs/algebra.md), else not_representable with the
// reason. pre (else inadmissible): size(A) == size(B); the tabulated case needs size <=
// limits::max_tabulate (else invalid_input).
Result<Layout> layout_add(Layout const& a, Layout const& b);

}  // namespace catlayout
