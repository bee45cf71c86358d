#pragma once
// Shared helpers: literal morphisms and layouts, and generators of random morphisms.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "catlayout/categories.hpp"
#include "catlayout/core.hpp"
#include "catlayout/generators/seeded.hpp"
// The core room's test helpers (categories is above core): literals that parse or throw, results as text.
#include "core/tests/testing.hpp"

namespace catlayout::categories::testing {

using catlayout::testing::L;
using catlayout::testing::parsed;
using catlayout::testing::S;  // a morphism's text by categories' to_string, found by argument

inline NestMorphism N(std::string_view s) { return parsed(parse_nest_morphism(s)); }
inline TupleMorphism F(std::string_view s) { return parsed(parse_tuple_morphism(s)); }
template <class T>
ErrorKind kind_of(Result<T> const& r) {
  if (r) throw std::logic_error("expected an error");
  return r.error().kind;
}

using generators::uniform;  // the seeded generators' draw (catlayout/generators/seeded.hpp)

inline std::vector<Int> random_entries(std::mt19937_64& g, std::size_t n, Int max_entry) {
  std::vector<Int> t;
  for (std::size_t j = 0; j < n; ++j) t.push_back(uniform(g, 1, max_entry));
  return t;
}

// A random tractable f: S -> t. Each mode takes a fresh entry of t or goes to * (any size).
inline TupleMorphism random_into(std::mt19937_64& g, std::vector<Int> const& t, Int max_entry = 5) {
  std::vector<Point> free;
  for (std::size_t j = 1; j <= t.size(); ++j) free.push_back(j);
  std::shuffle(free.begin(), free.end(), g);
  std::size_t m = static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(t.size()) + 1));
  std::vector<Int> s;
  std::vector<Point> alpha;
  for (std::size_t i = 0; i < m; ++i) {
    if (!free.empty() && uniform(g, 0, 3) != 0) {
      alpha.push_back(free.back());
      s.push_back(t[free.back() - 1]);
      free.pop_back();
    } else {
      alpha.push_back(star);
      s.push_back(uniform(g, 1, max_entry));
    }
  }
  return *TupleMorphism::make(s, t, alpha);
}

// A random tractable g: s -> U. Each mode of s goes to * or to its own entry of U; U has extras.
inline TupleMorphism random_from(std::mt19937_64& g, std::vector<Int> const& s, Int max_entry = 5, bool injective = false) {
  std::vector<Int> t;
  std::vector<std::size_t> owner;  // which mode of s an entry of t belongs to (s.size() for extras)
  for (std::size_t i = 0; i < s.size(); ++i)
    if (injective || uniform(g, 0, 4) != 0) {
      t.push_back(s[i]);
      owner.push_back(i);
    }
  for (Int k = uniform(g, 0, 2); k > 0; --k) {
    t.push_back(uniform(g, 1, max_entry));
    owner.push_back(s.size());
  }
  std::vector<std::size_t> order(t.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> u;
  std::vector<Point> alpha(s.size(), star);
  for (std::size_t j = 0; j < order.size(); ++j) {
    u.push_back(t[order[j]]);
    if (owner[order[j]] < s.size()) alpha[owner[order[j]]] = j + 1;
  }
  return *TupleMorphism::make(s, u, alpha);
}

inline TupleMorphism random_morphism(std::mt19937_64& g, Int max_entry = 5) {
  return random_into(g, random_entries(g, static_cast<std::size_t>(uniform(g, 0, 5)), max_entry), max_entry);
}

// A random nesting of flat values: consecutive entries grouped at random depths.
inline IntTuple random_nesting(std::mt19937_64& g, std::vector<Int> const& v, std::size_t lo, std::size_t hi, int depth) {
  if (hi - lo == 1 && (depth == 0 || uniform(g, 0, 2) != 0)) return IntTuple(v[lo]);
  std::vector<IntTuple> c;
  for (std::size_t i = lo; i < hi;) {
    std::size_t len = depth == 0 ? 1 : static_cast<std::size_t>(uniform(g, 1, static_cast<Int>(hi - i)));
    c.push_back(random_nesting(g, v, i, i + len, std::max(depth - 1, 0)));
    i += len;
  }
  return IntTuple(std::move(c));
}
inline IntTuple random_nesting(std::mt19937_64& g, std::vector<Int> const& v) {
  if (v.empty()) return IntTuple();
  return random_nesting(g, v, 0, v.size(), 3);
}
inline NestMorphism random_nest(std::mt19937_64& g, TupleMorphism const& f) {
  return *NestMorphism::make(random_nesting(g, f.domain()), random_nesting(g, f.codomain()), f);
}

// Random flat-or-nested layouts with small entries (tractable or not).
inline Layout random_layout(std::mt19937_64& g, Int max_shape = 6, Int max_stride = 40) {
  auto shape = random_entries(g, static_cast<std::size_t>(uniform(g, 1, 4)), max_shape);
  std::vector<Int> d;
  for (std::size_t i = 0; i < shape.size(); ++i)
    d.push_back(uniform(g, 0, 2) == 0 ? uniform(g, 0, max_stride) : (Int{1} << uniform(g, 0, 6)) * uniform(g, 1, 3));
  auto s = random_nesting(g, shape);
  return *Layout::make(s, *substitute(d, profile(s)));
}

// The paper's normalisation for comparing forms: a size-1 mode's stride never matters, so set it to 0
// (filter(L) of §2.1.8 keeps the shape, the coordinate function and the layout function).
inline Layout non_degenerate(Layout const& l) {
  auto f = flat_modes(l);
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.shape[i] == 1) f.stride[i] = 0;
  return *Layout::make(l.shape(), *substitute(f.stride, profile(l.shape())));
}

// Phi_A = Phi_B on [0, size): both layouts tabulated.
inline ::testing::AssertionResult same_function(Layout const& a, Layout const& b) {
  if (a.size() != b.size())
    return ::testing::AssertionFailure() << to_string(a) << " has size " << a.size() << ", " << to_string(b) << " has "
                                         << b.size();
  for (Int i = 0; i < a.size(); ++i)
    if (a(i) != b(i))
      return ::testing::AssertionFailure() << to_string(a) << " and " << to_string(b) << " differ at " << i << ": " << a(i)
                                           << " != " << b(i);
  return ::testing::AssertionSuccess();
}

}  // namespace catlayout::categories::testing
