#pragma once
// CuTe domain_distribute (include/cute/layout.hpp:1428-1469): "a layout that distributes ShapeB over
// ShapeA": over A's flat shape in order, each entry takes g = gcd(a_k, what is left of b) of b's
// elements; the result is shape (g_0, g_1, ...) with A's compact column-major strides (a size-1
// entry stride 0), coalesced. Its values increase ("Surjective and Ordered"), and its size divides
// b ("Not guaranteed to find all 6 though"): domain_distribute((15,14), 6) = (3,2):(1,15).
#include <numeric>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/compact.hpp"

namespace catlayout {

// pre (else invalid_input): a valid shape, b > 0 (CuTe's static integral ShapeB).
inline Result<Layout> domain_distribute(IntTuple const& a, Int b) {
  if (b <= 0) return fail(ErrorKind::invalid_input, "domain_distribute: the count ", b, " is not positive");
  IntTuple flat_a = flatten(a);
  CL_TRY(strides, compact_major(flat_a, Major::left, Int{1}));
  std::vector<Int> shape;
  for (Int ak : flat_a.values()) {
    Int g = std::gcd(ak, b);
    shape.push_back(g);
    b /= g;
  }
  CL_TRY(l, Layout::make(IntTuple::with_profile(flat_a, shape), strides));
  return coalesce(l);
}

}  // namespace catlayout
