#pragma once
// Gpu-internal: what the CPU simulators (simulate.cpp, simulate_sparse.cpp) share. How they read a
// fragment under a Fault (probe.hpp): its formula, with the fault's two slots exchanged when it
// names f's operand (where); every slot's place and first word, once per batch (Slots); and the
// tensor core's product itself (mma_product).
#include <cmath>
#include <vector>

#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

inline Coord where(Fragment const& f, Fault const& fault, Int t, Int v) {
  if (!fault.smem && fault.operand == f.operand) {
    if (t == fault.t1 && v == fault.v1) return f.formula_at(fault.t2, fault.v2);
    if (t == fault.t2 && v == fault.v2) return f.formula_at(fault.t1, fault.v1);
  }
  return f.formula_at(t, v);
}

// Every (thread, value) slot of a fragment as the simulators read and write it trial after trial:
// where the formula (under the fault) puts it, and its thread's first word from the start of the
// trial's words; the bits within are get/put's (probe_plan.cpp). Computed once per batch: the
// formulas do not change between trials.
struct Slots {
  Fragment const* f;
  std::vector<Coord> at;          // slot i = t * values + v
  std::vector<std::size_t> base;  // the words of slot i's thread (its lane's)
  std::vector<Int> value;         // v

  // lane(t): the lane whose words hold thread t's registers (mma_lane for mma.sync's copies).
  template <class Lane>
  Slots(Fragment const& frag, Fault const& fault, Lane lane) : f(&frag) {
    for (Int t = 0; t < frag.threads; ++t)
      for (Int v = 0; v < frag.values; ++v) {
        at.push_back(where(frag, fault, t, v));
        base.push_back(static_cast<std::size_t>(lane(t) * frag.words()));
        value.push_back(v);
      }
  }
  std::size_t size() const { return at.size(); }
  double read(std::uint32_t const* w, std::size_t i) const { return get(*f, w + base[i], value[i]); }
  void write(std::uint32_t* w, std::size_t i, Int x) const { put(*f, w + base[i], value[i], x); }
  // The operand matrix the slots hold (column-major, `rows` rows: m[row + rows col]), read from w.
  void read_into(std::vector<double>& m, std::uint32_t const* w, Int rows) const {
    for (std::size_t i = 0; i < size(); ++i) m[static_cast<std::size_t>(at[i].row + rows * at[i].col)] = read(w, i);
  }
  // Each accumulator slot's entry of the row-major product d (n_cols columns), rounded, written to w.
  void write_from(std::uint32_t* w, std::vector<double> const& d, Int n_cols) const {
    for (std::size_t i = 0; i < size(); ++i)
      write(w, i, static_cast<Int>(std::llround(d[static_cast<std::size_t>(at[i].row * n_cols + at[i].col)])));
  }
};

// D = A B over M x K and N x K operands (column-major: a[m + M k], b[n + N k]) as M x N, row-major
// (d[m N + n]); b1 instructions: popc(A xor B) or popc(A and B) in place of the products. Each
// d[m, n] sums its K terms in the order k = 0, 1, ... (as one dot product per accumulator would);
// the loop over n inside is what lets the compiler vectorise it.
enum class Product { multiply, xor_popc, and_popc };
inline std::vector<double> mma_product(std::vector<double> const& a, std::vector<double> const& b, Int M, Int N,
                                       Int K, Product op) {
  auto m_ = static_cast<std::size_t>(M), n_ = static_cast<std::size_t>(N), k_ = static_cast<std::size_t>(K);
  std::vector<double> d(m_ * n_, 0.0);
  for (std::size_t m = 0; m < m_; ++m) {
    double* row = d.data() + m * n_;
    for (std::size_t k = 0; k < k_; ++k) {
      double x = a[m + m_ * k];
      double const* bk = b.data() + n_ * k;
      if (op == Product::xor_popc)
        for (std::size_t n = 0; n < n_; ++n) row[n] += x != bk[n] ? 1.0 : 0.0;
      else if (op == Product::and_popc)
        for (std::size_t n = 0; n < n_; ++n) row[n] += x != 0 && bk[n] != 0 ? 1.0 : 0.0;
      else
        for (std::size_t n = 0; n < n_; ++n) row[n] += x * bk[n];
    }
  }
  return d;
}

}  // namespace catlayout::gpu
