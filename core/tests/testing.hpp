#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "catlayout/core.hpp"
#include "catlayout/core/coord_layout.hpp"

namespace catlayout::testing {

// The value a test's literal parses to; a literal that does not parse throws its error.
template <class V>
V parsed(Result<V> r) {
  if (!r) throw std::invalid_argument(r.error().what());
  return *std::move(r);
}
inline Layout L(std::string_view s) { return parsed(parse_layout(s)); }
inline Tiler T(std::string_view s) { return parsed(parse_tiler(s)); }
// A result as text: the value's notation (to_string, found by argument) or the error's.
template <class V>
std::string S(Result<V> const& r) {
  return r ? to_string(*r) : r.error().what();
}
// A layout's answers, and the layouts that convert to one (S(right_inverse(...))).
inline std::string S(Result<Layout> const& r) { return S<Layout>(r); }

// r is a refusal whose message says `what`.
template <class V>
::testing::AssertionResult refused_saying(Result<V> const& r, std::string_view what) {
  if (r) return ::testing::AssertionFailure() << "answered, where a refusal saying \"" << what << "\" was expected";
  if (r.error().message.find(what) == std::string::npos)
    return ::testing::AssertionFailure() << "the refusal says \"" << r.error().message << "\", not \"" << what << "\"";
  return ::testing::AssertionSuccess();
}

// coalesce of each literal (parsed by `parse`: L, or a room's own) is written as its expected text.
template <class Parse>
void expect_coalesced(Parse parse, std::initializer_list<std::pair<std::string_view, std::string_view>> cases) {
  for (auto [text, want] : cases) EXPECT_EQ(to_string(coalesce(parse(text))), want) << text;
}

// R(i) == A(B(i)) for every i in R's domain, A taken with its extended, odd function.
inline ::testing::AssertionResult composes(Layout const& r, Layout const& a, Layout const& b) {
  if (r.size() != b.size()) return ::testing::AssertionFailure() << "size " << r.size() << " != size(B) " << b.size();
  for (Int i = 0; i < r.size(); ++i) {
    auto ab = odd_extended(a, b(i));
    if (!ab || *ab != r(i))
      return ::testing::AssertionFailure() << to_string(r) << " at " << i << " is " << r(i) << ", A(B(i)) = "
                                           << (ab ? std::to_string(*ab) : ab.error().what());
  }
  return ::testing::AssertionSuccess();
}

// Random flat-or-nested layouts with small entries, for tabulation checks.
inline IntTuple random_tuple(std::mt19937_64& g, int depth, std::vector<Int>& leaves, int max_leaf) {
  std::uniform_int_distribution<int> coin(0, 3);
  if (depth == 0 || coin(g) != 0) {
    Int v = std::uniform_int_distribution<Int>(1, max_leaf)(g);
    leaves.push_back(v);
    return IntTuple(v);
  }
  int n = std::uniform_int_distribution<int>(1, 3)(g);
  std::vector<IntTuple> c;
  for (int i = 0; i < n; ++i) c.push_back(random_tuple(g, depth - 1, leaves, max_leaf));
  return IntTuple(std::move(c));
}

inline Layout random_layout(std::mt19937_64& g, int max_shape = 6, int max_stride = 40) {
  std::vector<Int> leaves;
  int rank = std::uniform_int_distribution<int>(1, 3)(g);
  std::vector<IntTuple> modes;
  for (int i = 0; i < rank; ++i) modes.push_back(random_tuple(g, 1, leaves, max_shape));
  IntTuple shape = rank == 1 ? modes[0] : IntTuple(modes);
  std::vector<Int> strides;
  for (std::size_t i = 0; i < leaves.size(); ++i) strides.push_back(std::uniform_int_distribution<Int>(0, max_stride)(g));
  return *Layout::make(shape, *substitute(strides, profile(shape)));
}

// Draws `draws` random pairs (A, B) from the seed, A by random_layout with a_bounds (its max_shape,
// max_stride), then B with b_bounds; `op(a, b)` answers or refuses, and `check(a, b, answer)` holds
// each answer to its property. Returns how many pairs op answered (a fatal failure in check stops
// the draws).
template <class Op, class Check>
int answered_random_pairs(std::uint64_t seed, int draws, std::pair<int, int> a_bounds, std::pair<int, int> b_bounds,
                          Op&& op, Check&& check) {
  std::mt19937_64 g(seed);
  int answered = 0;
  for (int n = 0; n < draws; ++n) {
    auto a = random_layout(g, a_bounds.first, a_bounds.second);
    auto b = random_layout(g, b_bounds.first, b_bounds.second);
    auto r = op(a, b);
    if (!r) continue;
    ++answered;
    check(a, b, *r);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return answered;
}

// A coordinate layout with strides scale@path over a fixed codomain; scales in [0, 3].
inline CoordLayout random_coord(std::mt19937_64& g, std::vector<std::vector<int>> const& paths, int max_leaf = 4) {
  std::vector<Int> leaves;
  int rank = std::uniform_int_distribution<int>(1, 3)(g);
  std::vector<IntTuple> modes;
  for (int i = 0; i < rank; ++i) modes.push_back(random_tuple(g, 1, leaves, max_leaf));
  IntTuple shape = rank == 1 ? modes[0] : IntTuple(modes);
  std::size_t pos = 0;
  std::function<BasisTuple(IntTuple const&)> like = [&](IntTuple const& t) -> BasisTuple {
    if (t.is_leaf()) {
      ++pos;
      auto p = paths[std::uniform_int_distribution<std::size_t>(0, paths.size() - 1)(g)];
      return BasisTuple(ScaledBasis{std::uniform_int_distribution<Int>(0, 3)(g), p});
    }
    std::vector<BasisTuple> c;
    for (auto const& x : t.children()) c.push_back(like(x));
    return BasisTuple(std::move(c));
  };
  return *CoordLayout::make(shape, like(shape));
}

}  // namespace catlayout::testing
