#include "random_values.hpp"

#include <functional>

namespace catlayout::conformance::random_values {

Int uniform(Rng& g, Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); }
bool coin(Rng& g, int one_in) { return uniform(g, 1, one_in) == 1; }

IntTuple random_shape(Rng& g, Int max_leaf, int max_modes) {
  std::vector<IntTuple> m;
  for (Int i = 0, n = uniform(g, 1, max_modes); i < n; ++i) m.push_back(IntTuple(uniform(g, 1, max_leaf)));
  return coin(g, 3) && m.size() == 1 ? m[0] : nest(g, m);
}

Layout random_int_layout(Rng& g, Int max_leaf, Int max_stride) {
  IntTuple s = random_shape(g, max_leaf, 3);
  std::vector<Int> d;
  for (std::size_t i = 0; i < length(s); ++i) d.push_back(uniform(g, 0, max_stride));
  return *Layout::make(s, *substitute(d, profile(s)));
}

// Column-major of a random permutation of the modes: a compact layout.
Layout random_compact(Rng& g, Int max_leaf) {
  IntTuple s = random_shape(g, max_leaf, 3);
  auto v = flatten_values(s);
  std::vector<std::size_t> order(v.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> d(v.size());
  Int run = 1;
  for (auto i : order) {
    d[i] = run;
    run *= v[i];
  }
  return *Layout::make(s, *substitute(d, profile(s)));
}

// A coordinate layout over the codomain {(0), (1), (2)} or {((0,1)), (1)}: scales 0..3.
CoordLayout random_coord(Rng& g, Int max_leaf, std::vector<std::vector<int>> paths) {
  IntTuple s = random_shape(g, max_leaf, 3);
  if (paths.empty())
    paths = coin(g, 2) ? std::vector<std::vector<int>>{{0}, {1}, {2}} : std::vector<std::vector<int>>{{0, 0}, {0, 1}, {1}};
  std::vector<BasisTuple> d;
  for (std::size_t i = 0; i < length(s); ++i)
    d.emplace_back(ScaledBasis{coin(g, 5) ? 0 : uniform(g, 1, 3), paths[static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(paths.size()) - 1))]});
  // Put the flat strides into the shape's nesting.
  std::size_t pos = 0;
  std::function<BasisTuple(IntTuple const&)> shape_like = [&](IntTuple const& t) -> BasisTuple {
    if (t.is_leaf()) return d[pos++];
    std::vector<BasisTuple> c;
    for (auto const& x : t.children()) c.push_back(shape_like(x));
    return BasisTuple(std::move(c));
  };
  return *CoordLayout::make(s, shape_like(s));
}

Swizzle random_swizzle(Rng& g, int n) {
  if (n < 2) return Swizzle{};
  int b = static_cast<int>(uniform(g, 1, std::min(3, n / 2)));
  int s = static_cast<int>(uniform(g, b, n - b));
  int m = static_cast<int>(uniform(g, 0, n - s - b));
  return *Swizzle::make(b, m, coin(g, 4) ? -s : s);
}

}  // namespace catlayout::conformance::random_values
