#pragma once
// Complement (paper Def. 2.3.6.5; CuTe complement): the sorted, coalesced layout B such that
// (A, B) is injective, A and B meet only at 0, and B's last mode reaches N (rounded up, as CuTe).
#include <string>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/layout.hpp"

namespace catlayout {

// CuTe's complement: sort filter(A)'s modes by stride and fold them, each complement mode
// d_i / (s_{i-1} d_{i-1}) (floor division) : s_{i-1} d_{i-1}, then ceil_div(N, s_m d_m) : s_m d_m.
// Inside the fragment (Def. 2.1.6.24) this is the paper's comp(A, N). not_complementable where a
// quotient is 0 (the modes overlap) or a stride is negative; under Convention::categorical also
// where a stride is not a multiple of the extent below it.
Result<Layout> complement(Layout const& a, Int n, Convention c = Convention::cute);
// CuTe's complement against a shape (logical_divide uses shape(coalesce(A))).
Result<Layout> complement(Layout const& a, IntTuple const& cotarget, Convention c = Convention::cute);
Result<Layout> complement(Layout const& a, std::span<Int const> cotarget, Convention c = Convention::cute);
// comp(A) = comp(A, cosize(filter(A))).
Result<Layout> complement(Layout const& a, Convention c = Convention::cute);

// Where A stands with respect to the paper's complement.
struct Complementability {
  bool complementable = false;    // Prop. 2.1.6.21: some B makes (A, B) compact
  bool n_complementable = false;  // Def. 2.1.6.24: and s_m d_m | N, so (A, B) is compact of size N
  std::string why;                // the first condition that fails, with its numbers; empty if none
};
Complementability complementability(Layout const& a, Int n);
Complementability complementability(Layout const& a, std::span<Int const> cotarget);

// CuTe's filter: coalesce after turning stride-0 modes into size-1 modes.
Layout filter(Layout const& a);

}  // namespace catlayout
