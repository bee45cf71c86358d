#pragma once
// PyCuTe's greatest_common_domain(A, B) (docs/04_layout_algebra.md "layout_add and
// greatest_common_domain"; no CuTe C++ counterpart): the largest layout R of depth 1 whose modes
// cut both shapes at the same offsets, in order. Depends on the shapes only.
// Post (PyCuTe's): size(R) divides gcd(size(A), size(B)); composition(shape(A), R) and
// composition(shape(B), R) are admissible; symmetric in A and B; nothing common is left after
// dividing both shapes by R. (1):(0) when the shapes share nothing ((5,3) and (3,5)).
#include "catlayout/core/layout.hpp"

namespace catlayout {

// The walk over both shapes' flat entries: at the first offset both have reached (the lcm of the
// running prefix products), the gcd of what each current entry has left there is a common mode;
// otherwise the entry that ends first (or both, when neither end divides the other) is passed.
// Always a tuple, (s_0,...):(d_0,...), as PyCuTe returns it; d_k is the mode's offset in the domain.
// pre (else invalid_input): both are shapes (positive entries, sizes in int64).
Result<Layout> greatest_common_domain(IntTuple const& a, IntTuple const& b);

}  // namespace catlayout
