#pragma once
// Global-memory coalescing of a warp's accesses: the 32-byte sectors and 128-byte cache lines one
// instruction of a warp touches, against the fewest that could hold the same bytes.
#include <vector>

#include "catlayout/analysis/access.hpp"

namespace catlayout::analysis {

inline constexpr Int sector_bytes = 32;
inline constexpr Int line_bytes = 128;

struct GlobalAccess {
  Int warp = 0, instruction = 0;
  Int bytes = 0;                        // distinct bytes the warp asks for
  Int sectors = 0, ideal_sectors = 0;   // touched / ceil(bytes / 32)
  Int lines = 0, ideal_lines = 0;       // touched / ceil(bytes / 128)
};

struct CoalescingReport {
  std::vector<GlobalAccess> accesses;  // warp-major, then instruction
  Int bytes = 0, sectors = 0, ideal_sectors = 0, lines = 0, ideal_lines = 0;  // totals
  // Bytes used of the bytes moved: bytes / (32 * sectors), 1 when perfectly coalesced.
  double sector_efficiency() const;
};

Result<CoalescingReport> coalescing(MemoryAccess const& a);

}  // namespace catlayout::analysis
