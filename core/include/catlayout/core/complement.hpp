#pragma once
// Complement (paper Def. 2.3.6.5; CuTe complement): the sorted, coalesced layout B such that
// A and B are disjoint and (A, B) covers [0, N) (rounded up to whole copies of A, as CuTe).
#include "catlayout/core/layout.hpp"

namespace catlayout {

// Def. 2.3.6.5: comp(A, N); pre: filter(A) sorted has s_i*d_i | d_{i+1}, strides >= 0, N >= 1.
Result<Layout> complement(Layout const& a, Int n);
// CuTe's complement against a shape (logical_divide uses shape(coalesce(A))).
Result<Layout> complement(Layout const& a, IntTuple const& cotarget);
Result<Layout> complement(Layout const& a, std::span<Int const> cotarget);  // the same, on its flat entries
// comp(A) = comp(A, cosize(filter(A))).
Result<Layout> complement(Layout const& a);

// CuTe's filter: coalesce after turning stride-0 modes into size-1 modes.
Layout filter(Layout const& a);

}  // namespace catlayout
