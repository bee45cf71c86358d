#include "catlayout/analysis/banks.hpp"

#include <algorithm>
#include <set>

namespace catlayout::analysis {

Int threads_per_phase(Int vector_bytes) {
  // Each phase moves at most 32 banks x 4 bytes = 128 bytes.
  return vector_bytes <= bank_bytes ? warp_size : warp_size * bank_bytes / vector_bytes;
}

double BankReport::worst_ratio() const {
  if (accesses.empty()) return 1.0;
  auto const& a = accesses[worst];
  return static_cast<double>(a.wavefronts) / static_cast<double>(std::max<Int>(a.ideal, 1));
}

namespace {

// The 4-byte words that thread t's vector of instruction k covers.
template <class F>
void for_each_word(MemoryAccess const& a, Int t, Int k, F f) {
  Int first = a.byte_at(t, k * a.spec.vector_values);  // the vector is consecutive (make_access)
  for (Int w = first / bank_bytes; w <= (first + a.vector_bytes() - 1) / bank_bytes; ++w) f(w);
}

BankPhase phase(MemoryAccess const& a, Int first, Int count, Int k, std::set<Int>& all_words) {
  BankPhase p{first, count, {}, 0, -1, {}};
  std::array<std::set<Int>, banks> words;
  for (Int t = first; t < first + count; ++t)
    for_each_word(a, t, k, [&](Int w) {
      words[static_cast<std::size_t>(w % banks)].insert(w);
      all_words.insert(w);
    });
  for (Int b = 0; b < banks; ++b) {
    p.words[static_cast<std::size_t>(b)] = static_cast<Int>(words[static_cast<std::size_t>(b)].size());
    if (p.words[static_cast<std::size_t>(b)] > p.wavefronts) p.wavefronts = p.words[static_cast<std::size_t>(b)], p.worst_bank = b;
  }
  if (p.wavefronts > 1)
    for (Int t = first; t < first + count; ++t) {
      bool hit = false;
      for_each_word(a, t, k, [&](Int w) { hit = hit || w % banks == p.worst_bank; });
      if (hit) p.colliding.push_back(t);
    }
  return p;
}

}  // namespace

Result<BankReport> bank_conflicts(MemoryAccess const& a) {
  BankReport r{a.vector_bytes(), threads_per_phase(a.vector_bytes()), {}, 0, 0, 0};
  for (Int warp = 0; warp * warp_size < a.threads; ++warp) {
    Int end = std::min(a.threads, (warp + 1) * warp_size);
    for (Int k = 0; k < a.instructions(); ++k) {
      BankAccess acc{warp, k, 0, 0, {}};
      std::set<Int> all_words;
      for (Int first = warp * warp_size; first < end; first += r.threads_per_phase) {
        acc.phases.push_back(phase(a, first, std::min(r.threads_per_phase, end - first), k, all_words));
        acc.wavefronts += acc.phases.back().wavefronts;
      }
      acc.ideal = (static_cast<Int>(all_words.size()) + banks - 1) / banks;
      r.wavefronts += acc.wavefronts;
      r.ideal += acc.ideal;
      r.accesses.push_back(std::move(acc));
    }
  }
  for (std::size_t i = 1; i < r.accesses.size(); ++i) {  // compare wavefronts / ideal by cross-multiplying
    auto const &x = r.accesses[i], &w = r.accesses[r.worst];
    if (x.wavefronts * w.ideal > w.wavefronts * x.ideal) r.worst = i;
  }
  return r;
}

}  // namespace catlayout::analysis
