#pragma once
// Inverses (CuTe right_inverse / left_inverse) and the largest common vector of two layouts.
#include "catlayout/core/layout.hpp"

namespace catlayout {

// CuTe right_inverse: the largest R (from stride 1 upward, contiguously) with L(R(i)) = i.
Layout right_inverse(Layout const& l);
// CuTe left_inverse: R with R(L(i)) = i for injective L (a quasi-inverse otherwise);
// pre: strides >= 0 and each sorted stride divides the next (CuTe's divisibility condition).
Result<Layout> left_inverse(Layout const& l);
// CuTe max_common_layout: R with A(R(i)) = i = B(R(i)) on the longest contiguous common run.
Result<Layout> max_common_layout(Layout const& a, Layout const& b);
Result<Int> max_common_vector(Layout const& a, Layout const& b);

}  // namespace catlayout
