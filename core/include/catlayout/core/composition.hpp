#pragma once
// Composition A o B (paper Def. 2.3.7.1; CuTe composition): the layout R with R(i) = A(B(i)),
// in CuTe's form (B's nesting, A extended past size(A)). Partial: inadmissible pairs are errors.
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// Def. 2.3.7.1; pre: each stride of B passes CuTe's stride and shape divisibility conditions
// against coalesce(A), and each mode of the result walks A's modes in whole steps.
Result<Layout> composition(Layout const& a, Layout const& b);
// By-mode: <B_0, ..., B_k> composes mode i of A with B_i and drops A's other modes (as CuTe).
Result<Layout> composition(Layout const& a, Tiler const& b);

}  // namespace catlayout
