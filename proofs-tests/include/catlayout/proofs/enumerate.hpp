#pragma once
// Bounded enumeration of layouts for `catlayout prove`: every case within the bounds, in a
// fixed order, so that a case index names one case and shards are disjoint slices.
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::proofs {

struct Bounds {
  Int max_size = 16;    // size(L) <= max_size
  int max_rank = 3;     // 1 <= flat rank <= max_rank
  Int max_stride = 5;   // every stride in [0, max_stride]
};

// Every flat layout within the bounds; shape entries >= 1 when unit_modes, else >= 2
// (plus the size-1 layouts 1:d). Ordered by rank, then shape, then strides (odometer).
std::vector<Layout> flat_layouts(Bounds const& b, bool unit_modes);
// The nestings of depth <= 2 of a flat layout: its flat modes split into contiguous groups,
// each group of two or more becoming one mode; the flat layout itself comes first.
std::vector<Layout> nestings(Layout const& flat);

}  // namespace catlayout::proofs
