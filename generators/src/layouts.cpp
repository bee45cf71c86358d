// Seeded shapes and integer layouts: any, compact, tractable, and the kinds kernels use (seeded.hpp).
#include <numeric>

#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {
namespace {

Layout with_strides(IntTuple const& shape, std::vector<Int> const& d) { return *Layout::make(shape, *substitute(d, profile(shape))); }

// Column-major over the flat entries of `shape` taken in a random order: a compact layout.
Layout compact_in_random_order(Rng& g, IntTuple const& shape) {
  auto s = flatten_values(shape);
  std::vector<std::size_t> order(s.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> d(s.size());
  Int p = 1;
  for (auto i : order) {
    d[i] = p;
    p *= s[i];
  }
  return with_strides(shape, d);
}

// 1..3 modes of random_nested_shape at depth `depth`; an integer shape when there is one mode.
IntTuple nested_modes(Rng& g, int depth, Int max_leaf, int& leaves) {
  std::vector<IntTuple> modes;
  for (Int i = 0, r = uniform(g, 1, 3); i < r; ++i) modes.push_back(random_nested_shape(g, depth, max_leaf, leaves));
  return modes.size() == 1 ? modes[0] : IntTuple(modes);
}

}  // namespace

IntTuple random_shape(Rng& g, Int max_leaf, int max_modes) {
  std::vector<IntTuple> m;
  for (Int i = 0, n = uniform(g, 1, max_modes); i < n; ++i) m.push_back(IntTuple(uniform(g, 1, max_leaf)));
  return coin(g, 3) && m.size() == 1 ? m[0] : nest(g, m);
}

IntTuple random_nested_shape(Rng& g, int depth, Int max_leaf, int& leaves) {
  if (depth == 0 || uniform(g, 0, 3) != 0) {
    ++leaves;
    return IntTuple(uniform(g, 1, max_leaf));
  }
  std::vector<IntTuple> c;
  for (Int i = 0, n = uniform(g, 1, 3); i < n; ++i) c.push_back(random_nested_shape(g, depth - 1, max_leaf, leaves));
  return IntTuple(std::move(c));
}

Layout random_int_layout(Rng& g, Int max_leaf, Int max_stride) {
  IntTuple s = random_shape(g, max_leaf, 3);
  std::vector<Int> d;
  for (std::size_t i = 0; i < length(s); ++i) d.push_back(uniform(g, 0, max_stride));
  return with_strides(s, d);
}

Layout random_compact(Rng& g, Int max_leaf) { return compact_in_random_order(g, random_shape(g, max_leaf, 3)); }

Layout random_layout(Rng& g, Int max_leaf, Int max_stride) {
  int leaves = 0;
  IntTuple shape = nested_modes(g, 2, max_leaf, leaves);
  std::vector<Int> d;
  for (int i = 0; i < leaves; ++i) d.push_back(uniform(g, 0, max_stride));
  return with_strides(shape, d);
}

Layout random_nested_compact(Rng& g, Int max_leaf) {
  int leaves = 0;
  return compact_in_random_order(g, nested_modes(g, 1, max_leaf, leaves));
}

Layout random_tractable(Rng& g) {
  auto c = random_nested_compact(g, 5);
  auto f = flat_modes(c);
  std::vector<std::size_t> order(f.shape.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return f.stride[a] < f.stride[b]; });
  Int p = uniform(g, 1, 3);
  for (auto i : order) {
    if (uniform(g, 0, 7) == 0) {
      f.stride[i] = 0;
      continue;
    }
    f.stride[i] = p;
    p *= f.shape[i] * uniform(g, 1, 2);
  }
  return with_strides(c.shape(), f.stride);
}

Layout random_kernel_layout(Rng& g, Int max_leaf) {
  switch (uniform(g, 0, 4)) {
    case 0: return random_compact(g, max_leaf);
    case 1: return *make_layout(random_shape(g, max_leaf, 3), coin(g, 2) ? Major::left : Major::right);
    case 2: {  // negative strides
      Layout l = random_int_layout(g, max_leaf, 12);
      Ints d(l.flat_stride().begin(), l.flat_stride().end());
      for (auto& x : d)
        if (coin(g, 2)) x = -x;
      return *Layout::make(l.shape(), IntTuple::with_profile(l.stride(), d));
    }
    default: return random_int_layout(g, max_leaf, 16);
  }
}

}  // namespace catlayout::generators
