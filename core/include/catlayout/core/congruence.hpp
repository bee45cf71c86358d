#pragma once
// CuTe's partial orders on int tuples (include/cute/int_tuple.hpp: weakly_congruent, compatible):
// A <= B when B refines A's profile (weakly_congruent) or, besides, each integer of A is the size
// of what B has there (compatible). CuTe answers a type (true_type / false_type / bool); here a bool.
#include "catlayout/core/int_tuple.hpp"

namespace catlayout {

// cute/int_tuple.hpp:456 weakly_congruent(a, b): "similar profiles up to Shape A": an integer a is
// below anything; a tuple a is below a tuple b of its rank, mode by mode; never below an integer b.
inline bool weakly_congruent(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf()) return true;
  if (b.is_leaf() || a.rank() != b.rank()) return false;
  for (std::size_t i = 0; i < a.rank(); ++i)
    if (!weakly_congruent(a.mode(i), b.mode(i))) return false;
  return true;
}

// cute/int_tuple.hpp:488 compatible(a, b): "the size of A and B are the same, and any coordinate
// into A can also be used as a coordinate into B": an integer a is the size of b; a tuple a a tuple
// b of its rank, mode by mode. pre: b's size fits int64 (else invalid_input).
inline Result<bool> compatible(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf()) {
    CL_TRY(n, product(b));
    return a.value() == n;
  }
  if (b.is_leaf() || a.rank() != b.rank()) return false;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    CL_TRY(m, compatible(a.mode(i), b.mode(i)));
    if (!m) return false;
  }
  return true;
}

}  // namespace catlayout
