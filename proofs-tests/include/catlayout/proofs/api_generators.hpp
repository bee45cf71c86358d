#pragma once
// RapidCheck generators for the inputs of api_properties.hpp, built on generators.hpp's (nesting
// profiles, strides of every kind, layouts): shapes, orders (permutations of a coarsening), swizzles,
// composed layouts with GMMA-like atoms, F2 layouts, linear layouts, coordinate layouts, same-size
// pairs, integer tilers and thread layouts that divide a layout's modes, slice coordinates inside
// them. Header-only: include it where RapidCheck is linked.
#include <bit>
#include <numeric>
#include <tuple>
#include <variant>
#include <vector>

#include "catlayout/proofs/api_properties.hpp"
#include "catlayout/proofs/generators.hpp"

namespace catlayout {
// How RapidCheck shows the new kinds of inputs: CuTe notation (and JSON where the schema has one).
inline void showValue(ComposedLayout const& c, std::ostream& os) { os << proofs::describe(c); }
inline void showValue(F2Layout const& l, std::ostream& os) { os << proofs::describe(l); }
inline void showValue(Swizzle const& s, std::ostream& os) { os << proofs::describe(s); }
inline void showValue(Tiler const& t, std::ostream& os) { os << proofs::describe(t); }
inline void showValue(SliceCoord const& c, std::ostream& os) { os << proofs::describe(c); }
inline void showValue(CoordLayout const& l, std::ostream& os) { os << proofs::describe(l); }
inline void showValue(LinearLayout const& f, std::ostream& os) { os << proofs::describe(f); }
inline void showValue(Projection const& p, std::ostream& os) { os << to_string(p); }
inline void showValue(Major m, std::ostream& os) { os << major_name(m); }
inline void showValue(Order const& o, std::ostream& os) { os << proofs::describe_order(o); }
}  // namespace catlayout

namespace catlayout::proofs::gen {

// ---- shapes ----
// The shape of a generated layout: every nesting, size-1 entries, size <= o.max_size.
inline rc::Gen<IntTuple> shape(Options o = {}) {
  return rc::gen::map(layout(o), [](Layout l) { return l.shape(); });
}

inline std::vector<Int> prime_factors(Int n) {
  std::vector<Int> p;
  for (Int f = 2; f * f <= n; ++f)
    while (n % f == 0) {
      p.push_back(f);
      n /= f;
    }
  if (n > 1) p.push_back(n);
  return p;
}

// A shape of size n: its prime factors shuffled, grouped into 1..4 flat modes, sometimes with a
// size-1 entry and one level of nesting (another factorization of the same domain).
inline rc::Gen<IntTuple> shape_of_size(Int n) {
  auto primes = prime_factors(n);
  std::size_t k = primes.size() + 3;
  return rc::gen::map(rc::gen::tuple(raw_numbers(k), raw_keys(k), rc::gen::resize(100, rc::gen::inRange(0, 6))),
                      [primes](std::tuple<std::vector<Int>, std::vector<Int>, int> const& t) {
                        auto const& [keys, cuts, nest] = t;
                        std::vector<std::size_t> perm(primes.size());
                        std::iota(perm.begin(), perm.end(), 0);
                        std::stable_sort(perm.begin(), perm.end(), [&](auto x, auto y) { return keys[x] < keys[y]; });
                        std::vector<Int> modes;
                        for (std::size_t i = 0; i < perm.size(); ++i) {
                          if (modes.empty() || (cuts[i] % 3 == 0 && modes.size() < 4)) modes.push_back(1);
                          modes.back() *= primes[perm[i]];
                        }
                        if (modes.empty()) modes.push_back(1);
                        if (cuts[primes.size()] % 5 == 0) modes.insert(modes.begin() + cuts[primes.size() + 1] % (modes.size() + 1), 1);
                        if (modes.size() == 1 && nest < 3) return IntTuple(modes[0]);
                        std::vector<IntTuple> top;
                        for (std::size_t i = 0; i < modes.size(); ++i) {
                          if (nest == 5 && i + 1 < modes.size()) {  // one nested pair
                            top.push_back(IntTuple(std::vector<IntTuple>{IntTuple(modes[i]), IntTuple(modes[i + 1])}));
                            ++i;
                          } else {
                            top.push_back(IntTuple(modes[i]));
                          }
                        }
                        return IntTuple(top);
                      });
}

// A layout of the given shape with strides of a random kind (generators.hpp's strides_of).
inline rc::Gen<Layout> layout_with_shape(IntTuple s, std::vector<Kind> ks, Options o = {}) {
  std::size_t n = length(s);
  return rc::gen::map(rc::gen::tuple(rc::gen::resize(100, rc::gen::elementOf(ks)), raw_numbers(n), raw_keys(n)),
                      [s, o](std::tuple<Kind, std::vector<Int>, std::vector<Int>> const& t) {
                        auto const& [kind, raw, keys] = t;
                        auto v = flatten_values(s);
                        return assemble(catlayout::profile(s), v, strides_of(kind, v, raw, keys, o));
                      });
}
inline std::vector<Kind> all_kinds() {
  return {Kind::column_major, Kind::row_major, Kind::compact, Kind::tractable, Kind::arbitrary, Kind::with_zeros};
}

// (A, B) of equal size: B of another factorization of size(A) (2 in 3) or a rewrite of A (1 in 6,
// generators.hpp's equal_size_pair), or B of any size (1 in 6: the refusal for different sizes).
inline rc::Gen<std::pair<Layout, Layout>> same_size_pair(Options o = {}) {
  return rc::gen::weightedOneOf<std::pair<Layout, Layout>>(
      {{4, rc::gen::mapcat(layout(o),
                           [o](Layout a) {
                             return rc::gen::map(rc::gen::mapcat(shape_of_size(a.size()),
                                                                 [o](IntTuple s) { return layout_with_shape(s, all_kinds(), o); }),
                                                 [a](Layout b) { return std::make_pair(a, b); });
                           })},
       {1, equal_size_pair(o)},
       {1, rc::gen::pair(layout(o), layout(o))}});
}

// (shape A, shape B): the same size factored two ways, a multiple or divisor of A's size, or independent.
inline rc::Gen<std::pair<IntTuple, IntTuple>> shape_pair() {
  Options o{.max_size = 1024};
  return rc::gen::mapcat(shape(o), [o](IntTuple a) {
    Int n = product(a).value();
    return rc::gen::map(rc::gen::weightedOneOf<IntTuple>({{3, shape_of_size(n)},
                                                          {1, shape_of_size(n * 6)},
                                                          {1, shape_of_size(std::max<Int>(1, n / 2))},
                                                          {2, shape(o)}}),
                        [a](IntTuple b) { return std::make_pair(a, b); });
  });
}

// ---- orders ----
// An order for `shape`: a coarsening of it (each mode kept whole or split as the shape nests), its
// leaves numbered by a random permutation, shifted (CuTe's Step: only the relative order counts).
inline IntTuple order_skeleton(IntTuple const& s, std::vector<Int> const& coarse, std::size_t& at, Int& leaves) {
  bool whole = s.is_leaf() || coarse[at++ % coarse.size()] % 4 == 0;
  if (whole) return IntTuple(leaves++);
  std::vector<IntTuple> c;
  for (auto const& m : s.children()) c.push_back(order_skeleton(m, coarse, at, leaves));
  return IntTuple(c);
}
inline rc::Gen<IntTuple> order_for(IntTuple s) {
  std::size_t n = length(s) + 4;
  return rc::gen::map(rc::gen::tuple(raw_keys(2 * n), raw_numbers(n), rc::gen::inRange<Int>(-3, 4)),
                      [s](std::tuple<std::vector<Int>, std::vector<Int>, Int> const& t) {
                        auto const& [coarse, keys, shift] = t;
                        std::size_t at = 0;
                        Int leaves = 0;
                        IntTuple skel = s.is_leaf() || s.rank() == 0 ? IntTuple(Int{0}) : order_skeleton(s, coarse, at, leaves);
                        if (s.rank() == 0) return IntTuple();  // the empty shape's order
                        auto v = flatten_values(skel);
                        std::vector<std::size_t> perm(v.size());
                        std::iota(perm.begin(), perm.end(), 0);
                        std::stable_sort(perm.begin(), perm.end(), [&](auto x, auto y) { return keys[x % keys.size()] < keys[y % keys.size()]; });
                        std::vector<Int> rank(v.size());
                        for (std::size_t i = 0; i < perm.size(); ++i) rank[perm[i]] = 2 * static_cast<Int>(i) + shift;
                        return *substitute(rank, catlayout::profile(skel));
                      });
}
inline rc::Gen<Major> major() { return rc::gen::element(Major::left, Major::right); }
// An order of a flat grid of rank r (tile_to_shape's repeats): a major, a permutation, or one leaf.
inline rc::Gen<Order> grid_order(std::size_t r) {
  return rc::gen::weightedOneOf<Order>(
      {{2, rc::gen::map(major(), [](Major m) { return Order(m); })},
       {3, rc::gen::map(order_for(r == 1 ? IntTuple(Int{1}) : IntTuple::flat(std::vector<Int>(r, 1))),
                        [](IntTuple t) { return Order(std::move(t)); })}});
}

// ---- tile_to_shape ----
// (block, shape, order): each mode of the block (padded to the shape's rank) multiplied by 1..3,
// the product sometimes split into two entries; the order for the repeats' grid.
inline rc::Gen<std::tuple<Layout, IntTuple, Order>> tile_case() {
  Options small{.max_shape = 4, .max_size = 64, .max_depth = 2, .max_leaves = 4};
  auto block = rc::gen::weightedOneOf<Layout>(
      {{3, layout_of({Kind::column_major, Kind::row_major, Kind::compact, Kind::tractable}, small)},
       {1, layout(small)}});
  return rc::gen::mapcat(block, [](Layout b) {
    std::size_t rank = b.shape().is_leaf() ? 1 : b.rank();
    return rc::gen::mapcat(
        rc::gen::tuple(rc::gen::inRange<std::size_t>(rank, rank + 2), raw_keys(rank + 2), raw_keys(rank + 2)),
        [b, rank](std::tuple<std::size_t, std::vector<Int>, std::vector<Int>> const& t) {
          auto const& [r, mult, split] = t;
          std::vector<IntTuple> modes;
          for (std::size_t k = 0; k < r; ++k) {
            Int bs = k < rank ? (b.shape().is_leaf() ? b.size() : b.mode(k).size()) : 1;
            Int want = bs * (1 + mult[k] % 3);
            if (split[k] % 3 == 0 && want % 2 == 0) modes.push_back(tup(Int{2}, want / 2));
            else modes.push_back(IntTuple(want));
          }
          IntTuple s = r == 1 && b.shape().is_leaf() && modes[0].is_leaf() ? modes[0] : IntTuple(modes);
          return rc::gen::map(grid_order(s.is_leaf() ? 1 : s.rank()),
                              [b, s](Order o) { return std::make_tuple(b, s, std::move(o)); });
        });
  });
}

// ---- swizzles and composed layouts ----
// Sw<B,M,S>: B in 0..3, M in 0..4, B <= |S| <= B + 3 (either sign).
inline rc::Gen<Swizzle> swizzle() {
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 4), rc::gen::inRange(0, 5), rc::gen::inRange(0, 4), rc::gen::arbitrary<bool>()),
                      [](std::tuple<int, int, int, bool> const& t) {
                        auto [b, m, extra, negative] = t;
                        int s = std::max(b, 1) + extra;
                        return Swizzle{b, m, negative ? -s : s};
                      });
}

// A GMMA-like shared-memory atom (CuTe's Layout_{K,MN}_SW{32,64,128}_Atom in elements of 2^(4-M)
// bytes): Sw<B,M,3> o 0 o (8,W):(W,1) K-major or (W,8):(1,W) MN-major, W = 2^(M+B), the swizzle
// permuting exactly the atom's 8W offsets.
inline rc::Gen<ComposedLayout> gmma_atom() {
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 4), rc::gen::inRange(1, 5), rc::gen::arbitrary<bool>()),
                      [](std::tuple<int, int, bool> const& t) {
                        auto [b, m, k_major] = t;
                        Int w = Int{1} << (m + b);
                        Layout l = k_major ? catlayout::layout(tup(Int{8}, w), tup(w, Int{1})) : catlayout::layout(tup(w, Int{8}), tup(Int{1}, w));
                        return ComposedLayout{Swizzle{b, m, 3}, 0, l};
                      });
}

// Composed layouts: GMMA atoms, atoms tiled to 2x1..2x2 of themselves (tile_to_shape, either order),
// and a random swizzle over a generated layout (strides >= 0), offset 0 (3 in 4) or any.
inline rc::Gen<ComposedLayout> composed_layout() {
  Options o{.max_size = 512, .max_leaves = 4};
  auto tiled = rc::gen::mapcat(gmma_atom(), [](ComposedLayout a) {
    return rc::gen::map(rc::gen::tuple(rc::gen::inRange<Int>(1, 3), rc::gen::inRange<Int>(1, 3), major()),
                        [a](std::tuple<Int, Int, Major> const& t) {
                          auto [x, y, m] = t;
                          auto r = tile_to_shape(a, tup(a.layout.mode(0).size() * x, a.layout.mode(1).size() * y), m);
                          return r ? *r : a;
                        });
  });
  auto random = rc::gen::map(rc::gen::tuple(swizzle(), layout(o), rc::gen::inRange(0, 8), rc::gen::inRange<Int>(0, 64)),
                             [](std::tuple<Swizzle, Layout, int, Int> const& t) {
                               auto const& [sw, l, k, off] = t;
                               return ComposedLayout{sw, k < 6 ? 0 : off, l};
                             });
  return rc::gen::weightedOneOf<ComposedLayout>({{2, gmma_atom()}, {1, tiled}, {3, random}});
}

// ---- F2 layouts ----
// F2 strides over a generated nesting: shapes powers of two (3 in 4) or the generated 1..6; strides
// random bit patterns, consecutive shifts (which coalesce), single bits or zeros; or an atom's F2 form.
inline rc::Gen<F2Layout> f2_layout() {
  Options o{.max_shape = 8, .max_size = 1024, .max_leaves = 5};
  auto from_layout = rc::gen::mapcat(layout(o), [](Layout l) {
    std::size_t n = l.flat_shape().size();
    return rc::gen::map(rc::gen::tuple(rc::gen::resize(100, rc::gen::inRange(0, 4)), rc::gen::resize(100, rc::gen::inRange(0, 4)),
                                       raw_numbers(n), raw_keys(n)),
                        [l](std::tuple<int, int, std::vector<Int>, std::vector<Int>> const& t) {
                          auto const& [shapes, strides, raw, keys] = t;
                          std::vector<Int> s(l.flat_shape().begin(), l.flat_shape().end()), d(s.size());
                          if (shapes != 0)
                            for (auto& x : s) x = std::bit_floor(static_cast<std::uint64_t>(x));
                          Int next = 1;
                          for (std::size_t k = 0; k < s.size(); ++k) {
                            switch (strides) {
                              case 0: d[k] = raw[k] % 1024; break;
                              case 1: d[k] = next, next <<= std::bit_width(static_cast<std::uint64_t>(s[k] - 1)); break;
                              case 2: d[k] = keys[k] % 4 == 0 ? 0 : Int{1} << (raw[k] % 10); break;
                              default: d[k] = keys[k] % 3 == 0 ? 0 : raw[k] % 64; break;
                            }
                          }
                          auto p = catlayout::profile(l.shape());
                          auto r = F2Layout::make(*substitute(s, p), *substitute(d, p));
                          return r ? *r : F2Layout();
                        });
  });
  auto from_atom = rc::gen::map(gmma_atom(), [](ComposedLayout c) {
    auto r = to_f2(c);
    return r ? *r : F2Layout();
  });
  return rc::gen::weightedOneOf<F2Layout>({{6, from_layout}, {1, from_atom}});
}

// (A, B) F2 layouts of equal size (B's shape another factorization, 4 in 5) or of any sizes.
inline rc::Gen<std::pair<F2Layout, F2Layout>> f2_pair() {
  auto same = rc::gen::mapcat(f2_layout(), [](F2Layout a) {
    return rc::gen::map(rc::gen::tuple(rc::gen::weightedOneOf<IntTuple>({{2, shape_of_size(a.size())}, {1, rc::gen::just(a.shape())}}),
                                       raw_numbers(16), rc::gen::resize(100, rc::gen::inRange(0, 3))),
                        [a](std::tuple<IntTuple, std::vector<Int>, int> const& t) {
                          auto const& [s, raw, kind] = t;
                          auto v = flatten_values(s);
                          std::vector<Int> d(v.size());
                          Int next = 1;
                          for (std::size_t k = 0; k < v.size(); ++k) {
                            if (kind == 0) d[k] = raw[k % raw.size()] % 1024;
                            else if (kind == 1) d[k] = next, next <<= std::bit_width(static_cast<std::uint64_t>(v[k] - 1));
                            else d[k] = raw[k % raw.size()] % 2 ? 0 : Int{1} << (raw[k % raw.size()] % 9);
                          }
                          auto b = F2Layout::make(s, *substitute(d, catlayout::profile(s)));
                          return std::make_pair(a, b ? *b : a);
                        });
  });
  return rc::gen::weightedOneOf<std::pair<F2Layout, F2Layout>>({{4, same}, {1, rc::gen::pair(f2_layout(), f2_layout())}});
}

// A linear layout: 0..8 input bits, bases below 2^10 (random, or distinct single bits).
inline rc::Gen<LinearLayout> linear_layout() {
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 9), raw_numbers(8), rc::gen::arbitrary<bool>()),
                      [](std::tuple<int, std::vector<Int>, bool> const& t) {
                        auto const& [n, raw, bits] = t;
                        std::vector<std::uint64_t> b;
                        for (int k = 0; k < n; ++k) b.push_back(bits ? std::uint64_t{1} << ((raw[k] + k) % 10) : static_cast<std::uint64_t>(raw[k] % 1024));
                        return *LinearLayout::make(b, 10);
                      });
}

// ---- coordinate layouts ----
// A generated layout (negative strides included) whose nonzero strides become basis elements d@p,
// p in {0, 1, 2} (3 in 5; an integer stride and a basis stride do not mix), a zero sometimes 0@p.
inline BasisTuple to_basis(IntTuple const& d, std::vector<Int> const& keys, std::size_t& at, bool basis) {
  if (d.is_leaf()) {
    Int k = keys[at++ % keys.size()];
    if (!basis || (d.value() == 0 && k % 7 != 0)) return BasisTuple(d.value());
    return BasisTuple(ScaledBasis{d.value(), {static_cast<int>(k % 3)}});
  }
  std::vector<BasisTuple> c;
  for (auto const& m : d.children()) c.push_back(to_basis(m, keys, at, basis));
  return BasisTuple(std::move(c));
}
inline rc::Gen<CoordLayout> coord_layout() {
  Options o{.max_size = 512, .negative = true};
  return rc::gen::mapcat(layout(o), [](Layout l) {
    return rc::gen::map(rc::gen::tuple(raw_keys(l.flat_shape().size() + 1), rc::gen::resize(100, rc::gen::inRange(0, 5))),
                        [l](std::tuple<std::vector<Int>, int> const& t) {
                          auto const& [keys, kind] = t;
                          std::size_t at = 0;
                          auto r = CoordLayout::make(l.shape(), to_basis(l.stride(), keys, at, kind < 3));
                          return r ? *r : CoordLayout::of(l);
                        });
  });
}

// ---- partitioners ----
// The sizes of a layout's top-level modes (an integer shape is one mode).
inline std::vector<Int> top_mode_sizes(Layout const& l) {
  std::vector<Int> s;
  if (l.shape().is_leaf()) return {l.size()};
  for (std::size_t k = 0; k < l.rank(); ++k) s.push_back(l.mode(k).size());
  return s;
}
// Divisors of a mode's size: `walk`, the prefix products of its flat entries times divisors of the
// next entry (those walk the mode in whole steps, so the divide is admissible more often), and `any`.
struct TileSizes {
  std::vector<Int> walk, any;
  Int pick(Int r) const { return r % 3 ? walk[r % walk.size()] : any[r % any.size()]; }  // walking 2 in 3
};
inline TileSizes tile_sizes(Layout const& m) {
  TileSizes t;
  Int p = 1;
  for (Int s : m.flat_shape()) {
    for (Int x = 1; x <= s; ++x)
      if (s % x == 0) t.walk.push_back(p * x);
    p *= s;
  }
  for (Int x = 1; x <= m.size(); ++x)
    if (m.size() % x == 0) t.any.push_back(x);
  if (t.walk.empty()) t.walk.push_back(1);
  return t;
}
// An integer tiler dividing L: by mode <t_0, ..., t_{m-1}> (m <= rank, each t_k dividing mode k), or
// whole, t | size(L) (1 in 5).
inline rc::Gen<Tiler> tiler_for(Layout const& l) {
  auto sizes = top_mode_sizes(l);
  std::vector<TileSizes> cand;
  for (std::size_t k = 0; k < sizes.size(); ++k) cand.push_back(tile_sizes(l.shape().is_leaf() ? l : l.mode(k)));
  auto whole = tile_sizes(l);
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange<std::size_t>(1, sizes.size() + 1), raw_numbers(sizes.size() + 1),
                                     rc::gen::resize(100, rc::gen::inRange(0, 10))),
                      [cand, whole](std::tuple<std::size_t, std::vector<Int>, int> const& t) {
                        auto const& [m, raw, kind] = t;
                        if (kind < 2) return Tiler::of_integer(whole.pick(raw.back()));
                        std::vector<Tiler> modes;
                        for (std::size_t k = 0; k < m; ++k) modes.push_back(Tiler::of_integer(cand[k].pick(raw[k])));
                        return Tiler::by_mode(modes);
                      });
}
// A slice coordinate of positions of the given sizes: an integer over all (1 in 3) or a tuple of the
// first 1..n entries (sometimes a hole).
inline rc::Gen<SliceCoord> coordinate_in(std::vector<Int> sizes, bool integer_only = false) {
  Int total = 1;
  for (Int s : sizes) total *= s;
  return rc::gen::map(rc::gen::tuple(rc::gen::resize(100, rc::gen::inRange(0, 3)), raw_numbers(sizes.size() + 1),
                                     rc::gen::inRange<std::size_t>(1, sizes.size() + 1)),
                      [sizes, total, integer_only](std::tuple<int, std::vector<Int>, std::size_t> const& t) {
                        auto const& [kind, raw, p] = t;
                        if (kind == 0 || integer_only) return SliceCoord::of(raw.back() % total);
                        std::vector<SliceCoord> c;
                        for (std::size_t k = 0; k < p; ++k)
                          c.push_back(raw[k] % 11 == 10 ? SliceCoord::hole() : SliceCoord::of(raw[k] % sizes[k]));
                        return SliceCoord::tuple(c);
                      });
}
// The positions of L divided by an integer tiler (api_properties.cpp's Divided): tile sizes, and rest
// sizes (n_k / t_k, then the modes past the tiler).
inline std::pair<std::vector<Int>, std::vector<Int>> divided_sizes(Layout const& l, Tiler const& t) {
  auto sizes = top_mode_sizes(l);
  if (t.is_layout()) return {{t.layout->size()}, {l.size() / t.layout->size()}};
  std::vector<Int> tile, rest;
  for (std::size_t k = 0; k < t.modes.size(); ++k) {
    tile.push_back(t.modes[k].layout->size());
    rest.push_back(sizes[k] / tile.back());
  }
  for (std::size_t k = t.modes.size(); k < sizes.size(); ++k) rest.push_back(sizes[k]);
  return {tile, rest};
}
// (L, tiler, coordinate): the coordinate of a tile (inner, local_tile) or of an element of every tile (outer).
// Layouts with at least one mode (():() has none to divide).
inline rc::Gen<Layout> layout_with_modes() {
  return rc::gen::suchThat(layout(), [](Layout const& l) { return !top_mode_sizes(l).empty(); });
}
inline rc::Gen<std::tuple<Layout, Tiler, SliceCoord>> partition_case(bool inner) {
  return rc::gen::mapcat(layout_with_modes(), [inner](Layout l) {
    return rc::gen::mapcat(tiler_for(l), [l, inner](Tiler t) {
      auto [tile, rest] = divided_sizes(l, t);
      return rc::gen::map(coordinate_in(inner ? rest : tile, t.is_layout()), [l, t](SliceCoord c) { return std::make_tuple(l, t, c); });
    });
  });
}
// (L, tiler, coordinate, projection): a by-mode case with X entries inserted (an arbitrary tiler entry
// and coordinate, dropped by the projection).
inline rc::Gen<std::tuple<Layout, Tiler, SliceCoord, Projection>> projection_case() {
  auto g = rc::gen::suchThat(partition_case(true), [](std::tuple<Layout, Tiler, SliceCoord> const& c) {
    return !std::get<1>(c).is_layout() && std::get<2>(c).kind == SliceCoord::Kind::tuple;
  });
  return rc::gen::mapcat(g, [](std::tuple<Layout, Tiler, SliceCoord> const& c) {
    return rc::gen::map(raw_keys(8), [c](std::vector<Int> const& keys) {
      auto const& [l, t, coord] = c;
      std::vector<Tiler> tm;
      std::vector<SliceCoord> cm;
      Projection p;
      std::size_t n = t.modes.size();
      auto kids = coord.children;
      kids.resize(n, SliceCoord::hole());
      for (std::size_t k = 0, j = 0; k < n || j < 2; ++j) {
        if (j < 2 && keys[j] % 3 == 0) {  // an X entry
          tm.push_back(Tiler::of_integer(3 + keys[j] % 5));
          cm.push_back(SliceCoord::of(keys[j + 2] % 4));
          p.keep.push_back(false);
        }
        if (k < n) {
          tm.push_back(t.modes[k]);
          cm.push_back(kids[k]);
          p.keep.push_back(true);
          ++k;
        }
      }
      return std::make_tuple(l, Tiler::by_mode(tm), SliceCoord::tuple(cm), p);
    });
  });
}

// A thread layout for L: mode k of size dividing L's mode k (by mode, 1..rank modes; an entry may be
// split in two), or an integer shape dividing size(L) (1 in 5); compact strides (3 in 4: column-,
// row-major or permuted) or not (tractable: gaps; with zeros: broadcast).
inline rc::Gen<Layout> thread_layout_for(Layout const& l) {
  auto sizes = top_mode_sizes(l);
  std::vector<TileSizes> cand;
  for (std::size_t k = 0; k < sizes.size(); ++k) cand.push_back(tile_sizes(l.shape().is_leaf() ? l : l.mode(k)));
  auto whole = tile_sizes(l);
  auto shape = rc::gen::map(rc::gen::tuple(rc::gen::inRange<std::size_t>(1, sizes.size() + 1), raw_numbers(sizes.size() + 1),
                                           raw_keys(sizes.size() + 1), rc::gen::resize(100, rc::gen::inRange(0, 5))),
                            [cand, whole](std::tuple<std::size_t, std::vector<Int>, std::vector<Int>, int> const& t) {
                              auto const& [m, raw, split, kind] = t;
                              if (kind == 0) return IntTuple(whole.pick(raw.back()));
                              std::vector<IntTuple> modes;
                              for (std::size_t k = 0; k < m; ++k) {
                                Int s = cand[k].pick(raw[k]);
                                Int f = 2;
                                while (f < s && s % f) ++f;
                                if (split[k] % 3 == 0 && f < s) modes.push_back(tup(f, s / f));
                                else modes.push_back(IntTuple(s));
                              }
                              return IntTuple(modes);
                            });
  return rc::gen::mapcat(shape, [](IntTuple s) {
    return layout_with_shape(s, {Kind::column_major, Kind::row_major, Kind::compact, Kind::column_major, Kind::row_major,
                                 Kind::compact, Kind::tractable, Kind::with_zeros});
  });
}
// (L, thread layout, thread index): an index of the thread layout's size (5 in 6) or beyond it.
inline rc::Gen<std::tuple<Layout, Layout, Int>> thread_case() {
  return rc::gen::mapcat(layout_with_modes(), [](Layout l) {
    return rc::gen::mapcat(thread_layout_for(l), [l](Layout t) {
      return rc::gen::map(rc::gen::weightedOneOf<Int>({{5, rc::gen::inRange<Int>(0, t.size())},
                                                      {1, rc::gen::inRange<Int>(0, 2 * cosize(t) + 2)}}),
                          [l, t](Int i) { return std::make_tuple(l, t, i); });
    });
  });
}

// ---- element sizes ----
// N for upcast / downcast: powers of two (3 in 4) or 3, 5, 6.
inline rc::Gen<Int> element_factor() {
  return rc::gen::weightedOneOf<Int>({{3, rc::gen::element<Int>(1, 2, 4, 8)}, {1, rc::gen::element<Int>(3, 5, 6)}});
}
// Layouts whose strides are multiples or divisors of typical N (so that upcast applies), small
// strides of both signs (several below N: where CuTe's upcast formula can miss), or any.
inline rc::Gen<Layout> recast_layout_input() {
  Options o{.max_size = 512};
  Options neg{.max_size = 512, .negative = true};
  Options small{.max_stride = 4, .max_size = 512, .negative = true};
  auto scaled = rc::gen::mapcat(layout_of({Kind::column_major, Kind::row_major, Kind::compact, Kind::tractable}, o), [](Layout l) {
    return rc::gen::map(rc::gen::element<Int>(1, 2, 4, 8), [l](Int f) {
      auto fl = flat_modes(l);
      for (std::size_t k = 0; k < fl.stride.size(); ++k) fl.stride[k] *= (fl.stride[k] == 1 ? 1 : f);
      return *from_flat(fl);
    });
  });
  return rc::gen::weightedOneOf<Layout>(
      {{3, scaled}, {1, layout_of({Kind::arbitrary, Kind::with_zeros}, small)}, {1, layout(neg)}, {1, layout(o)}});
}

// ---- compositions with swizzled operands ----
// A power-of-two layout: column-major, row-major or permuted compact over shapes 1, 2, 4, 8.
inline rc::Gen<Layout> pow2_layout() {
  Options o{.max_shape = 8, .max_size = 1024, .max_depth = 2, .max_leaves = 4};
  return rc::gen::map(layout_of({Kind::column_major, Kind::row_major, Kind::compact}, o), [](Layout l) {
    auto f = flat_modes(l);
    std::vector<Int> s, d;
    Int reach = 1;
    std::vector<std::size_t> order(f.shape.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return f.stride[x] < f.stride[y]; });
    for (Int x : f.shape) s.push_back(static_cast<Int>(std::bit_floor(static_cast<std::uint64_t>(x))));
    d.assign(s.size(), 0);
    for (auto k : order) {
      d[k] = reach;
      reach *= s[k];
    }
    return assemble(catlayout::profile(l.shape()), s, d);
  });
}
// (A, B) with B composed: B's layout fitted to A (generators.hpp's fitting_for) under a random
// swizzle, or a GMMA-like atom over a compact A of its size.
inline rc::Gen<std::pair<Layout, ComposedLayout>> layout_composed_pair() {
  auto fitted = rc::gen::mapcat(rc::gen::weightedOneOf<Layout>({{1, layout()}, {1, pow2_layout()}}), [](Layout a) {
    return rc::gen::map(rc::gen::tuple(fitting_for(a), swizzle(), rc::gen::inRange(0, 10)),
                        [a](std::tuple<Layout, Swizzle, int> const& t) {
                          auto const& [b, sw, k] = t;
                          return std::make_pair(a, ComposedLayout{sw, k == 0 ? 4 : 0, b});
                        });
  });
  auto atoms = rc::gen::mapcat(composed_layout(), [](ComposedLayout b) {
    Int n = b.size(), w = n % 8 == 0 ? n / 8 : n;  // A: compact column-major, row-major (8,n/8), or pow2
    return rc::gen::map(rc::gen::weightedOneOf<Layout>({{2, rc::gen::just(catlayout::layout(n, 1))},
                                                        {1, rc::gen::just(catlayout::layout(tup(n / w, w), tup(w, Int{1})))},
                                                        {1, pow2_layout()}}),
                        [b](Layout a) { return std::make_pair(a, b); });
  });
  return rc::gen::weightedOneOf<std::pair<Layout, ComposedLayout>>({{1, fitted}, {1, atoms}});
}


// (sw o off o block, shape, order): a GMMA-like atom tiled to (8x, Wy), or a random swizzle and offset
// over tile_case's block.
inline rc::Gen<std::tuple<ComposedLayout, IntTuple, Order>> composed_tile_case() {
  auto atoms = rc::gen::mapcat(gmma_atom(), [](ComposedLayout a) {
    return rc::gen::mapcat(rc::gen::tuple(rc::gen::inRange<Int>(1, 4), rc::gen::inRange<Int>(1, 4)), [a](std::tuple<Int, Int> xy) {
      IntTuple s = tup(a.layout.mode(0).size() * std::get<0>(xy), a.layout.mode(1).size() * std::get<1>(xy));
      return rc::gen::map(grid_order(2), [a, s](Order o) { return std::make_tuple(a, s, std::move(o)); });
    });
  });
  auto random = rc::gen::map(rc::gen::tuple(tile_case(), swizzle(), rc::gen::inRange<Int>(0, 4)),
                             [](std::tuple<std::tuple<Layout, IntTuple, Order>, Swizzle, Int> const& t) {
                               auto const& [c, sw, off] = t;
                               auto const& [b, s, o] = c;
                               return std::make_tuple(ComposedLayout{sw, off, b}, s, o);
                             });
  return rc::gen::weightedOneOf<std::tuple<ComposedLayout, IntTuple, Order>>({{1, atoms}, {1, random}});
}

// (y, z) for make_swizzle: a valid swizzle's masks (either sign of S), or such masks perturbed
// (a bit flipped, one shifted, the union as y): refusals of every kind of CuTe's static_asserts.
inline rc::Gen<std::pair<Int, Int>> swizzle_masks() {
  auto valid = rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 6), rc::gen::inRange(0, 12), rc::gen::inRange(0, 6), rc::gen::arbitrary<bool>()),
                            [](std::tuple<int, int, int, bool> const& t) {
                              auto [b, m, extra, negative] = t;
                              int s = std::max(b, 1) + extra;
                              Swizzle w{b, m, negative ? -s : s};
                              return std::make_pair(w.yyy_mask(), w.zzz_mask());
                            });
  auto perturbed = rc::gen::map(rc::gen::tuple(valid, rc::gen::inRange(0, 4), rc::gen::inRange(0, 24)),
                                [](std::tuple<std::pair<Int, Int>, int, int> const& t) {
                                  auto [yz, op, bit] = t;
                                  auto [y, z] = yz;
                                  switch (op) {
                                    case 0: y ^= Int{1} << bit; break;
                                    case 1: z <<= 1 + bit % 3; break;
                                    case 2: std::swap(y, z), z ^= Int{1} << bit; break;
                                    default: y |= z; break;
                                  }
                                  return std::make_pair(y, z);
                                });
  return rc::gen::weightedOneOf<std::pair<Int, Int>>({{2, valid}, {1, perturbed}});
}

}  // namespace catlayout::proofs::gen
