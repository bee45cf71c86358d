#pragma once
// Shared-memory bank conflicts of a warp's accesses (docs/analysis.md states the hardware model and
// its sources): 32 banks of 4 bytes, 4-byte word w in bank w mod 32. Threads that touch the same word
// are served together (broadcast); distinct words in one bank are served one per wavefront. A request
// of vectors wider than 4 bytes is split into phases that each move at most 128 bytes: 8-byte
// vectors in two phases of 16 threads, 16-byte vectors in four phases of 8 threads.
#include <array>
#include <vector>

#include "catlayout/analysis/access.hpp"

namespace catlayout::analysis {

inline constexpr Int banks = 32;
inline constexpr Int bank_bytes = 4;

struct BankPhase {
  Int first_thread = 0, threads = 0;  // the phase's threads, [first, first + threads)
  std::array<Int, banks> words{};     // distinct 4-byte words touched in each bank
  Int wavefronts = 0;                 // max over banks of words (0 when no thread is active)
  Int worst_bank = -1;                // the lowest bank with that many words
  std::vector<Int> colliding;         // threads touching worst_bank (when wavefronts > 1)
};

struct BankAccess {
  Int warp = 0, instruction = 0;  // instruction k moves values [k * vector_values, (k + 1) * vector_values)
  Int wavefronts = 0;             // sum over phases
  Int ideal = 0;                  // ceil(distinct words / 32): the same bytes with no conflict
  std::vector<BankPhase> phases;
};

struct BankReport {
  Int vector_bytes = 0, threads_per_phase = 0;
  std::vector<BankAccess> accesses;  // warp-major, then instruction
  Int wavefronts = 0, ideal = 0;     // totals over accesses
  // The worst access: the largest wavefronts / ideal (its index in accesses).
  std::size_t worst = 0;
  double worst_ratio() const;
};

// Threads per phase for a vector of this many bytes: 32 up to 4 bytes, 16 for 8, 8 for 16.
Int threads_per_phase(Int vector_bytes);
Result<BankReport> bank_conflicts(MemoryAccess const& a);

}  // namespace catlayout::analysis
