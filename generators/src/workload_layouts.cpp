// Seeded layouts and tilers as GPU kernels write them: the bench workload's inputs (seeded.hpp).
#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {
namespace {

std::vector<Int> primes_of(Int n) {
  std::vector<Int> f;
  for (Int p = 2; p * p <= n; ++p)
    while (n % p == 0) f.push_back(p), n /= p;
  if (n > 1) f.push_back(n);
  return f;
}

}  // namespace

Int gpu_leaf(Rng& g) {
  static constexpr Int table[] = {2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 32, 64, 3, 6, 12, 1};
  return table[uniform(g, 0, std::size(table) - 1)];
}

Layout realistic_layout(Rng& g, IntTuple const& prof, LayoutStyle st) {
  std::size_t k = length(prof);
  std::vector<Int> s(k);
  for (auto& v : s) v = gpu_leaf(g);
  auto size = [&] { Int p = 1; for (auto v : s) p *= v; return p; };
  while (size() > st.max) {
    auto it = std::max_element(s.begin(), s.end());
    *it = *it % 2 == 0 ? *it / 2 : 1;
  }
  std::vector<std::size_t> order(k);
  for (std::size_t i = 0; i < k; ++i) order[i] = i;
  double r = std::uniform_real_distribution<double>(0, 1)(g);
  if (r < 0.2) std::reverse(order.begin(), order.end());
  else if (r < 0.55) std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> d(k);
  Int p = 1;
  std::size_t gap_at = chance(g, st.gap) ? static_cast<std::size_t>(uniform(g, 0, k - 1)) : k;
  for (std::size_t j = 0; j < k; ++j) {
    if (j == gap_at) p *= uniform(g, 1, 2) * 2;
    d[order[j]] = p;
    p *= s[order[j]];
  }
  if (chance(g, st.zero)) d[uniform(g, 0, k - 1)] = 0;
  return *Layout::make(*substitute(s, prof), *substitute(d, prof));
}

Layout layout_onto(Rng& g, IntTuple const& prof, Int n) {
  auto f = primes_of(n);
  std::shuffle(f.begin(), f.end(), g);
  if (f.size() > 1 && chance(g, 0.3)) f.pop_back();
  std::size_t k = length(prof);
  std::vector<Int> s(k, 1);
  for (std::size_t i = 0; i < f.size(); ++i) s[i < k ? i : static_cast<std::size_t>(uniform(g, 0, k - 1))] *= f[i];
  std::shuffle(s.begin(), s.end(), g);
  std::vector<std::size_t> order(k);
  for (std::size_t i = 0; i < k; ++i) order[i] = i;
  if (chance(g, 0.6)) std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> d(k);
  Int p = 1;
  for (auto i : order) d[i] = p, p *= s[i];
  return *Layout::make(*substitute(s, prof), *substitute(d, prof));
}

Int random_divisor(Rng& g, Int n, bool proper) {
  std::vector<Int> ds;
  for (Int d = 1; d <= n; ++d)
    if (n % d == 0 && (!proper || (d > 1 && d < n))) ds.push_back(d);
  if (ds.empty()) return n;  // n prime (or 1): the whole mode
  return ds[uniform(g, 0, ds.size() - 1)];
}

Tiler random_by_mode_tiler(Rng& g, Layout const& a, std::size_t modes, char kind) {
  std::vector<Tiler> ts;
  for (std::size_t i = 0; i < modes && i < a.rank(); ++i) {
    Int m = a.mode(i).size();
    Int t = random_divisor(g, m);
    if (kind == 'i') {
      ts.push_back(Tiler::of_integer(t));
    } else {
      Int rest = m / t;
      Int s = chance(g, 0.4) && rest > 1 ? random_divisor(g, rest, false) : 1;
      ts.push_back(Tiler::of(*Layout::make(t, s)));
    }
  }
  return Tiler::by_mode(std::move(ts));
}

Tiler random_layout_tiler(Rng& g, Int m, std::size_t rank) {
  Int t = random_divisor(g, m);
  Int rest = m / t;
  Int s = chance(g, 0.4) && rest > 1 ? random_divisor(g, rest, false) : 1;
  if (rank == 1 || t < 4) return Tiler::of(*Layout::make(t, s));
  Int t0 = random_divisor(g, t);
  return Tiler::of(*Layout::make(tup(t0, t / t0), tup(s, s * t0)));
}

}  // namespace catlayout::generators
