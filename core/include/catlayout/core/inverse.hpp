#pragma once
// Inverses (CuTe right_inverse / left_inverse) and the largest common vector of two layouts.
#include "catlayout/core/layout.hpp"

namespace catlayout {

// CuTe right_inverse: the largest R (from stride 1 upward, contiguously) with L(R(i)) = i.
Layout right_inverse(Layout const& l);
// CuTe left_inverse: R with R(L(i)) = i for injective L (a quasi-inverse otherwise);
// pre: strides >= 0 and each sorted stride divides the next (CuTe's divisibility condition).
Result<Layout> left_inverse(Layout const& l);
// CuTe's contracts of the inverses (cute/layout.hpp:1256 and :1314 @result), checked by tabulation:
// the first index where R breaks it, or -1. Right: L(R(i)) == i for i < size(R), R(i) in L's domain.
// Quasi: L(R(L(i))) == L(i) for i < size(L), R and L evaluated past their domains as CuTe does.
Int right_inverse_breaks(Layout const& l, Layout const& r);
Int quasi_inverse_breaks(Layout const& l, Layout const& r);
// CuTe max_common_layout: R with A(R(i)) = i = B(R(i)) on the longest contiguous common run.
Result<Layout> max_common_layout(Layout const& a, Layout const& b);
Result<Int> max_common_vector(Layout const& a, Layout const& b);

}  // namespace catlayout
