#include "catlayout/analysis/banks.hpp"

#include <algorithm>
#include <vector>

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

// Distinct words, sorted: a phase touches at most 32 threads x 4 words, so a sorted vector beats
// a set per bank.
BankPhase phase(MemoryAccess const& a, Int first, Int count, Int k, std::vector<Int>& all_words) {
  BankPhase p{first, count, {}, 0, -1, {}};
  std::vector<Int> words;
  for (Int t = first; t < first + count; ++t) for_each_word(a, t, k, [&](Int w) { words.push_back(w); });
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  for (Int w : words) ++p.words[static_cast<std::size_t>(w % banks)];
  all_words.insert(all_words.end(), words.begin(), words.end());
  for (Int b = 0; b < banks; ++b)
    if (p.words[static_cast<std::size_t>(b)] > p.wavefronts) p.wavefronts = p.words[static_cast<std::size_t>(b)], p.worst_bank = b;
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
      std::vector<Int> all_words;  // per phase distinct; phases of one access may share words
      for (Int first = warp * warp_size; first < end; first += r.threads_per_phase) {
        acc.phases.push_back(phase(a, first, std::min(r.threads_per_phase, end - first), k, all_words));
        acc.wavefronts += acc.phases.back().wavefronts;
      }
      std::sort(all_words.begin(), all_words.end());
      Int distinct = std::unique(all_words.begin(), all_words.end()) - all_words.begin();
      acc.ideal = (distinct + banks - 1) / banks;
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
