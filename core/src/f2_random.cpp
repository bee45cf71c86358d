// Random power-of-two layouts: the domain of to_linear, for property tests and the exporter.
#include <algorithm>

#include "catlayout/core/f2_linear.hpp"

namespace catlayout {

namespace {

using Rng = std::mt19937_64;
Int uniform(Rng& g, Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); }
bool coin(Rng& g, int one_in) { return uniform(g, 1, one_in) == 1; }

}  // namespace

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

}  // namespace catlayout
