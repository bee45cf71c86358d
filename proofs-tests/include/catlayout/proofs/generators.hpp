#pragma once
// RapidCheck generators (with shrinking) for nested tuples, layouts of every kind and the
// pairs the partial operations accept. Header-only: include it where RapidCheck is linked.
// A generated layout prints in CuTe notation and in the schema's JSON (showValue below).
#include <rapidcheck.h>

#include <algorithm>
#include <numeric>
#include <tuple>

#include "catlayout/core.hpp"
#include "catlayout/proofs/properties.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout {

// How RapidCheck shows a counterexample: `(6,2):(8,2) {"shape":[6,2],"stride":[8,2]}`.
inline void showValue(Layout const& l, std::ostream& os) { os << proofs::describe(l); }
inline void showValue(IntTuple const& t, std::ostream& os) { os << to_string(t) << " " << wire::to_json(t).dump(); }
}  // namespace catlayout

namespace catlayout::proofs::gen {

// The kinds of layouts the generators mix: each exercises a different branch of the algebra.
enum class Kind { column_major, row_major, compact, tractable, arbitrary, with_zeros };
inline constexpr int kinds = 6;

struct Options {
  Int max_shape = 6;     // flat shape entries in [1, max_shape] (1 = a size-1 mode)
  Int max_stride = 24;   // arbitrary strides in [0, max_stride]
  Int max_size = 2048;   // size(L) <= max_size
  int max_depth = 4;     // nesting depth <= max_depth
  std::size_t max_leaves = 6;
  bool negative = false;  // arbitrary kinds may take negative strides
};

// A nesting profile (every entry 1) of depth <= depth; tuples have 1..3 modes.
inline rc::Gen<IntTuple> profile(int depth) {
  if (depth <= 0) return rc::gen::just(IntTuple(1));
  auto sub = profile(depth - 1);
  return rc::gen::weightedOneOf<IntTuple>(
      {{5, rc::gen::just(IntTuple(1))},
       {2, rc::gen::mapcat(rc::gen::inRange(1, 4), [sub](int n) {
          return rc::gen::map(rc::gen::container<std::vector<IntTuple>>(n, sub),
                              [](std::vector<IntTuple> v) { return IntTuple(std::move(v)); });
        })}});
}

// A layout's profile: an integer, or a tuple of 1..4 modes (rarely the empty tuple).
inline rc::Gen<IntTuple> layout_profile(Options o) {
  auto sub = profile(o.max_depth - 1);
  auto g = rc::gen::weightedOneOf<IntTuple>(
      {{2, rc::gen::just(IntTuple(1))},
       {1, rc::gen::just(IntTuple())},
       {12, rc::gen::mapcat(rc::gen::inRange(1, 5), [sub](int n) {
          return rc::gen::map(rc::gen::container<std::vector<IntTuple>>(n, sub),
                              [](std::vector<IntTuple> v) { return IntTuple(std::move(v)); });
        })}});
  return rc::gen::suchThat(g, [o](IntTuple const& p) { return length(p) <= o.max_leaves; });
}

// Strides for flat shapes s in the given kind; raw and keys are free random numbers.
inline std::vector<Int> strides_of(Kind kind, std::vector<Int> const& s, std::vector<Int> const& raw,
                                   std::vector<Int> const& keys, Options const& o) {
  std::size_t n = s.size();
  std::vector<Int> d(n, 0);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (kind == Kind::row_major) std::reverse(order.begin(), order.end());
  if (kind == Kind::compact || kind == Kind::tractable)
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return keys[x] < keys[y]; });
  Int reach = 1;
  switch (kind) {
    case Kind::column_major:
    case Kind::row_major:
    case Kind::compact:
      for (auto i : order) {
        d[i] = reach;
        reach *= s[i];
      }
      break;
    case Kind::tractable:  // sorted: each stride a multiple of the extent below it, some zeros
      for (auto i : order) {
        if (raw[i] % 7 == 6) continue;
        d[i] = reach * (1 + raw[i] % 3);
        reach = d[i] * s[i];
      }
      break;
    case Kind::arbitrary:
    case Kind::with_zeros:
      for (std::size_t i = 0; i < n; ++i) {
        d[i] = raw[i] % (o.max_stride + 1);
        if (kind == Kind::with_zeros && keys[i] % 3 == 0) d[i] = 0;
        if (o.negative && keys[i] % 5 == 4) d[i] = -d[i];
      }
      break;
  }
  return d;
}

inline Layout assemble(IntTuple const& p, std::vector<Int> const& s, std::vector<Int> const& d) {
  if (p.is_leaf()) return *Layout::make(s[0], d[0]);
  return *Layout::make(*substitute(s, p), *substitute(d, p));
}

// Free random numbers for strides_of, at full range whatever RapidCheck's current size (which
// grows from 0 during a run and would otherwise confine early cases to the first kinds).
inline rc::Gen<std::vector<Int>> raw_numbers(std::size_t n) {
  return rc::gen::resize(100, rc::gen::container<std::vector<Int>>(n, rc::gen::inRange<Int>(0, 1 << 10)));
}
inline rc::Gen<std::vector<Int>> raw_keys(std::size_t n) {
  return rc::gen::resize(100, rc::gen::container<std::vector<Int>>(n, rc::gen::inRange<Int>(0, 15)));
}

// Layouts of every kind: compact, column/row-major, tractable, arbitrary (non-tractable),
// stride 0, size-1 modes, nesting up to depth o.max_depth.
inline rc::Gen<Layout> layout(Options o = {}) {
  auto g = rc::gen::mapcat(layout_profile(o), [o](IntTuple p) {
    std::size_t n = length(p);
    return rc::gen::map(
        rc::gen::tuple(rc::gen::container<std::vector<Int>>(n, rc::gen::inRange<Int>(1, o.max_shape + 1)),
                       rc::gen::resize(100, rc::gen::inRange(0, kinds)), raw_numbers(n), raw_keys(n)),
        [p, o](std::tuple<std::vector<Int>, int, std::vector<Int>, std::vector<Int>> const& t) {
          auto const& [s, kind, raw, keys] = t;
          return assemble(p, s, strides_of(static_cast<Kind>(kind), s, raw, keys, o));
        });
  });
  return rc::gen::suchThat(g, [o](Layout const& l) { return l.size() <= o.max_size; });
}

// Layouts of the given kinds only (e.g. complementable ones).
inline rc::Gen<Layout> layout_of(std::vector<Kind> ks, Options o = {}) {
  auto g = rc::gen::mapcat(layout_profile(o), [o, ks](IntTuple p) {
    std::size_t n = length(p);
    return rc::gen::map(
        rc::gen::tuple(rc::gen::container<std::vector<Int>>(n, rc::gen::inRange<Int>(1, o.max_shape + 1)),
                       rc::gen::resize(100, rc::gen::elementOf(ks)), raw_numbers(n), raw_keys(n)),
        [p, o](std::tuple<std::vector<Int>, Kind, std::vector<Int>, std::vector<Int>> const& t) {
          auto const& [s, kind, raw, keys] = t;
          return assemble(p, s, strides_of(kind, s, raw, keys, o));
        });
  });
  return rc::gen::suchThat(g, [o](Layout const& l) { return l.size() <= o.max_size; });
}

// Shapes and strides that walk A in whole steps: divisors of A's size for shapes; 0, 1, the
// prefix products P_j of coalesce(A)'s shape times divisors of s_j for strides.
struct Fitting {
  std::vector<Int> shapes, strides;
};
inline Fitting fitting(Layout const& a) {
  Fitting f;
  for (Int x = 1; x <= a.size(); ++x)
    if (a.size() % x == 0) f.shapes.push_back(x);
  for (Int x : {2, 3, 4}) f.shapes.push_back(x);
  auto c = flat_modes(coalesce(a));
  f.strides = {0, 1, 2};
  Int p = 1;
  for (Int s : c.shape) {
    for (Int x = 1; x <= s; ++x)
      if (s % x == 0) f.strides.push_back(p * x);
    p *= s;
  }
  f.strides.push_back(p);
  f.strides.push_back(2 * p);
  std::sort(f.strides.begin(), f.strides.end());
  f.strides.erase(std::unique(f.strides.begin(), f.strides.end()), f.strides.end());
  return f;
}

// A layout B (depth <= 2, <= 3 flat modes) built to be composable with A more often than not.
inline rc::Gen<Layout> fitting_for(Layout const& a) {
  Fitting f = fitting(a);
  Options small{.max_depth = 2, .max_leaves = 3};
  auto g = rc::gen::mapcat(layout_profile(small), [f](IntTuple p) {
    std::size_t n = length(p);
    return rc::gen::map(
        rc::gen::pair(rc::gen::container<std::vector<Int>>(n, rc::gen::elementOf(f.shapes)),
                      rc::gen::container<std::vector<Int>>(n, rc::gen::elementOf(f.strides))),
        [p](std::pair<std::vector<Int>, std::vector<Int>> const& sd) { return assemble(p, sd.first, sd.second); });
  });
  return rc::gen::suchThat(g, [](Layout const& b) { return b.size() <= 4096; });
}

// (A, B): B fitted to A (3 in 4) or independent (1 in 4).
inline rc::Gen<std::pair<Layout, Layout>> composable_pair(Options o = {}) {
  return rc::gen::mapcat(layout(o), [o](Layout a) {
    return rc::gen::map(rc::gen::weightedOneOf<Layout>({{3, fitting_for(a)}, {1, layout(o)}}),
                        [a](Layout b) { return std::make_pair(a, b); });
  });
}

// (A, B, C): B fitted to A, C fitted to B.
inline rc::Gen<std::tuple<Layout, Layout, Layout>> composable_triple(Options o = {}) {
  return rc::gen::mapcat(composable_pair(o), [](std::pair<Layout, Layout> ab) {
    return rc::gen::map(fitting_for(ab.second),
                        [ab](Layout c) { return std::make_tuple(ab.first, ab.second, c); });
  });
}

// (A, B) with B a function-preserving rewrite of A (split a mode, insert a size-1 mode, renest,
// coalesce) 2 in 3, or A with one stride changed 1 in 3: both answers of Phi_A = Phi_B occur.
inline Layout rewrite(Layout const& a, std::vector<int> const& ops) {
  auto f = flat_modes(a);
  for (std::size_t k = 0; k + 2 < ops.size(); k += 3) {
    if (f.shape.empty()) break;
    std::size_t i = static_cast<std::size_t>(ops[k + 1]) % f.shape.size();
    switch (ops[k] % 4) {
      case 0: {  // split s:d = (x, s/x):(d, x d) for the least divisor x > 1
        Int s = f.shape[i], d = f.stride[i];
        Int x = 2;
        while (x < s && s % x) ++x;
        if (x >= s) break;
        f.shape[i] = x;
        f.shape.insert(f.shape.begin() + i + 1, s / x);
        f.stride.insert(f.stride.begin() + i + 1, x * d);
        break;
      }
      case 1:  // a size-1 mode with any stride changes nothing
        f.shape.insert(f.shape.begin() + i, 1);
        f.stride.insert(f.stride.begin() + i, ops[k + 2] % 9);
        break;
      case 2: {  // coalesce: the canonical form
        f = flat_modes(coalesce(*from_flat(f)));
        break;
      }
      case 3:  // change one stride (the function changes unless the mode has size 1)
        f.stride[i] += 1 + ops[k + 2] % 3;
        break;
    }
  }
  return f.shape.empty() ? Layout() : *from_flat(f);
}
inline rc::Gen<std::pair<Layout, Layout>> equal_size_pair(Options o = {}) {
  return rc::gen::mapcat(layout(o), [](Layout a) {
    return rc::gen::map(rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 1 << 10)),
                        [a](std::vector<int> ops) {
                          // 2 in 3 keep the function: drop the stride-changing op
                          bool keep = ops.empty() || ops[0] % 3 != 0;
                          if (keep)
                            for (std::size_t k = 0; k < ops.size(); k += 3) ops[k] = ops[k] % 4 == 3 ? 0 : ops[k];
                          return std::make_pair(a, rewrite(a, ops));
                        });
  });
}

}  // namespace catlayout::proofs::gen
