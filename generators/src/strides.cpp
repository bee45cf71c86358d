// Seeded values of the other stride kinds: coordinate layouts, swizzles and swizzled atoms,
// power-of-two layouts, F2 layouts and linear layouts (seeded.hpp).
#include <functional>

#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {

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

ComposedLayout random_gmma_atom(Rng& g) {
  switch (uniform(g, 0, 5)) {
    case 0: return {Swizzle{3, 3, 3}, 0, *parse_layout("(8,64):(64,1)")};  // K SW128, 16-bit elements
    case 1: return {Swizzle{2, 3, 3}, 0, *parse_layout("(8,32):(32,1)")};  // K SW64
    case 2: return {Swizzle{1, 3, 3}, 0, *parse_layout("(8,16):(16,1)")};  // K SW32
    case 3: return {Swizzle{3, 3, 3}, 0, *parse_layout("(64,8):(1,64)")};  // MN SW128
    case 4: return {Swizzle{2, 3, 3}, 0, *parse_layout("(32,8):(1,32)")};  // MN SW64
    default: return {Swizzle{0, 4, 3}, 0, *parse_layout("(8,8):(8,1)")};   // interleave (no swizzle)
  }
}

Layout random_pow2_layout(Rng& g, int in_bits, int extra_out_bits) {
  // Modes of 0..3 bits (a 0-bit mode is 1:d for some d), placed on disjoint output-bit ranges in
  // a random order, with extra_out_bits unused bits between them.
  std::vector<int> widths;
  for (int left = in_bits; left > 0;) {
    int k = static_cast<int>(uniform(g, coin(g, 6) ? 0 : 1, std::min(3, left)));
    widths.push_back(k);
    left -= k;
  }
  if (widths.empty()) widths.push_back(0);
  std::vector<int> segments;  // >= 0: mode index; -1: an unused bit
  for (std::size_t i = 0; i < widths.size(); ++i) segments.push_back(static_cast<int>(i));
  for (int i = 0; i < extra_out_bits; ++i) segments.push_back(-1);
  std::shuffle(segments.begin(), segments.end(), g);
  std::vector<Int> start(widths.size(), 0);
  int pos = 0;
  for (int s : segments) {
    if (s < 0) {
      ++pos;
      continue;
    }
    start[static_cast<std::size_t>(s)] = pos;
    pos += widths[static_cast<std::size_t>(s)];
  }
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    Int d = widths[i] == 0 ? uniform(g, 0, 5) : Int{1} << start[i];
    modes.push_back(*Layout::make(Int{1} << widths[i], d));
  }
  std::vector<IntTuple> s, d;
  for (auto const& m : modes) {
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  if (s.size() == 1 && coin(g, 2)) return modes[0];
  // The same random nesting for shape and stride: nest the layouts' modes, then split.
  std::vector<std::size_t> cut;  // group sizes
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = std::min<std::size_t>(s.size() - i, static_cast<std::size_t>(uniform(g, 1, 3)));
    cut.push_back(n);
    i += n;
  }
  std::vector<IntTuple> ns, nd;
  std::size_t i = 0;
  for (auto n : cut) {
    if (n == 1 || coin(g, 2)) {
      for (std::size_t k = 0; k < n; ++k) {
        ns.push_back(s[i + k]);
        nd.push_back(d[i + k]);
      }
    } else {
      ns.emplace_back(std::vector<IntTuple>(s.begin() + static_cast<long>(i), s.begin() + static_cast<long>(i + n)));
      nd.emplace_back(std::vector<IntTuple>(d.begin() + static_cast<long>(i), d.begin() + static_cast<long>(i + n)));
    }
    i += n;
  }
  return *Layout::make(IntTuple(std::move(ns)), IntTuple(std::move(nd)));
}

F2Layout random_f2(Rng& g, Int max_stride) {
  static constexpr Int sizes[] = {1, 2, 2, 4, 4, 8, 3, 6};
  std::vector<IntTuple> modes;
  Ints d;
  for (Int i = 0, n = uniform(g, 1, 4); i < n; ++i) {
    modes.push_back(IntTuple(sizes[uniform(g, 0, coin(g, 4) ? 7 : 5)]));
    d.push_back(coin(g, 6) ? 0 : uniform(g, 1, max_stride));
  }
  IntTuple s = modes.size() == 1 && coin(g, 2) ? modes[0] : nest(g, modes);
  return *F2Layout::make(s, IntTuple::with_profile(s, d));
}

LinearLayout random_bijection(Rng& g, int n) {
  Layout l = random_pow2_layout(g, n, 0);
  ComposedLayout c{coin(g, 2) ? random_swizzle(g, n) : Swizzle{}, 0, l};
  auto f = *to_linear(c);
  return *LinearLayout::make(f.bases(), n);  // out_bits n even when the top bit is unused (n = 0)
}

LinearLayout random_linear(Rng& g, int n, int m) {
  std::vector<std::uint64_t> b;
  for (int k = 0; k < n; ++k) b.push_back(static_cast<std::uint64_t>(uniform(g, 0, (Int{1} << m) - 1)));
  return *LinearLayout::make(b, m);
}

}  // namespace catlayout::generators
