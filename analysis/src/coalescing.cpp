#include "catlayout/analysis/coalescing.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace catlayout::analysis {

double CoalescingReport::sector_efficiency() const {
  return sectors == 0 ? 1.0 : static_cast<double>(bytes) / static_cast<double>(sector_bytes * sectors);
}

namespace {

Int distinct(std::vector<Int>& v) {  // spans arrive sorted by start, so v is nearly sorted
  std::sort(v.begin(), v.end());
  return std::unique(v.begin(), v.end()) - v.begin();
}

}  // namespace

Result<CoalescingReport> coalescing(MemoryAccess const& a) {
  CoalescingReport r;
  for (Int warp = 0; warp * warp_size < a.threads; ++warp) {
    Int end = std::min(a.threads, (warp + 1) * warp_size);
    for (Int k = 0; k < a.instructions(); ++k) {
      // Intervals [first, first + vector_bytes) per thread, merged: the distinct bytes asked for.
      std::vector<std::pair<Int, Int>> spans;
      for (Int t = warp * warp_size; t < end; ++t) {
        Int first = a.byte_at(t, k * a.spec.vector_values);
        spans.push_back({first, first + a.vector_bytes()});
      }
      std::sort(spans.begin(), spans.end());
      GlobalAccess g{warp, k, 0, 0, 0, 0, 0};
      std::vector<Int> sectors, lines;  // touched, with repeats; counted distinct below
      Int covered_to = std::numeric_limits<Int>::min();
      for (auto [lo, hi] : spans) {
        g.bytes += std::max<Int>(0, hi - std::max(lo, covered_to));
        covered_to = std::max(covered_to, hi);
        for (Int s = lo / sector_bytes; s <= (hi - 1) / sector_bytes; ++s) sectors.push_back(s);
        for (Int l = lo / line_bytes; l <= (hi - 1) / line_bytes; ++l) lines.push_back(l);
      }
      g.sectors = distinct(sectors);
      g.lines = distinct(lines);
      g.ideal_sectors = (g.bytes + sector_bytes - 1) / sector_bytes;
      g.ideal_lines = (g.bytes + line_bytes - 1) / line_bytes;
      r.bytes += g.bytes, r.sectors += g.sectors, r.ideal_sectors += g.ideal_sectors;
      r.lines += g.lines, r.ideal_lines += g.ideal_lines;
      r.accesses.push_back(g);
    }
  }
  return r;
}

}  // namespace catlayout::analysis
