#pragma once
// Generators and brute-force oracles shared by the algorithms tests.
#include <random>
#include <vector>

#include "testing.hpp"  // core/tests: L(), random_layout()

namespace catlayout::testing {

// All ordered factorizations of n into factors >= 2 (n = 1: the empty one).
inline void factorizations(Int n, std::vector<Int>& cur, std::vector<std::vector<Int>>& out) {
  if (n == 1) {
    out.push_back(cur);
    return;
  }
  for (Int f = 2; f <= n; ++f)
    if (n % f == 0) {
      cur.push_back(f);
      factorizations(n / f, cur, out);
      cur.pop_back();
    }
}
inline std::vector<std::vector<Int>> factorizations(Int n) {
  std::vector<Int> cur;
  std::vector<std::vector<Int>> out;
  factorizations(n, cur, out);
  return out;
}

inline IntTuple flat_tuple(std::vector<Int> const& v) { return IntTuple(std::vector<IntTuple>(v.begin(), v.end())); }

// A random tractable layout (§2.3.10): built sorted (s_i d_i | d_{i+1}), then its modes shuffled and,
// sometimes, the first two nested. allow_degenerate adds size-1 and stride-0 modes.
inline Layout random_tractable(std::mt19937_64& g, int max_rank = 3, Int max_shape = 6, bool allow_degenerate = true,
                               Int max_gap = 3) {
  auto pick = [&](Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); };
  int rank = static_cast<int>(pick(1, max_rank));
  std::vector<std::pair<Int, Int>> modes;
  Int reach = 1;
  for (int i = 0; i < rank; ++i) {
    Int sh = pick(allow_degenerate ? 1 : 2, max_shape);
    if (allow_degenerate && pick(0, 5) == 0) {
      modes.push_back({sh, 0});
      continue;
    }
    Int gap = pick(1, max_gap);
    modes.push_back({sh, reach * gap});
    reach = reach * gap * sh;
  }
  std::shuffle(modes.begin(), modes.end(), g);
  std::vector<IntTuple> s, d;
  for (auto [a, b] : modes) s.push_back(a), d.push_back(b);
  if (rank >= 2 && pick(0, 2) == 0) {  // nest the first two modes
    s = {IntTuple(std::vector<IntTuple>{s[0], s[1]})};
    d = {IntTuple(std::vector<IntTuple>{d[0], d[1]})};
    for (std::size_t i = 2; i < modes.size(); ++i) s.push_back(modes[i].first), d.push_back(modes[i].second);
  }
  if (s.size() == 1 && pick(0, 1) == 0) return *Layout::make(s[0], d[0]);
  return *Layout::make(IntTuple(s), IntTuple(d));
}

}  // namespace catlayout::testing
