#pragma once
// Conformance-internal: random values for the exporters' arguments (shapes, layouts, coordinate
// layouts, swizzles), deterministic in the generator. One home for them in this room.
#include <algorithm>
#include <random>
#include <vector>

#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::conformance::random_values {

using Rng = std::mt19937_64;

Int uniform(Rng& g, Int lo, Int hi);   // uniform in [lo, hi]
bool coin(Rng& g, int one_in);         // true one time in one_in
// Consecutive modes grouped into nested tuples at random; one mode stays as it is.
template <class T>
T nest(Rng& g, std::vector<T> const& modes) {
  if (modes.size() == 1) return modes[0];
  std::vector<T> out;
  for (std::size_t i = 0; i < modes.size();) {
    std::size_t n = std::min<std::size_t>(modes.size() - i, static_cast<std::size_t>(uniform(g, 1, 3)));
    if (n == 1 || coin(g, 2)) {
      for (std::size_t k = 0; k < n; ++k) out.push_back(modes[i + k]);
    } else {
      out.push_back(T(std::vector<T>(modes.begin() + static_cast<long>(i), modes.begin() + static_cast<long>(i + n))));
    }
    i += n;
  }
  return T(std::move(out));
}

IntTuple random_shape(Rng& g, Int max_leaf, int max_modes);
Layout random_int_layout(Rng& g, Int max_leaf, Int max_stride);
// Column-major of a random permutation of the modes: a compact layout.
Layout random_compact(Rng& g, Int max_leaf);
// A coordinate layout over the codomain {(0), (1), (2)} or {((0,1)), (1)} (or the given paths): scales 0..3.
CoordLayout random_coord(Rng& g, Int max_leaf, std::vector<std::vector<int>> paths = {});
// A swizzle within n bits (identity below 2 bits).
Swizzle random_swizzle(Rng& g, int n);

}  // namespace catlayout::conformance::random_values
