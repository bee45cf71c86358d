#include "catlayout/analysis/footprint.hpp"

#include <algorithm>

#include "catlayout/analysis/access.hpp"

namespace catlayout::analysis {

Result<Footprint> footprint(ComposedLayout const& l, Int tile) {
  Footprint f;
  f.size = l.size();
  f.tile = tile == 0 ? f.size : tile;
  if (f.size > max_pairs || f.tile < 1 || f.tile > max_pairs)
    return fail(ErrorKind::invalid_input, layout_text(l), " has ", f.size, " indices and a tile of ", f.tile,
                ": the footprint enumerates 1 to ", max_pairs);
  std::vector<Int> offsets(static_cast<std::size_t>(f.size));
  for (Int i = 0; i < f.size; ++i) {
    CL_TRY(o, evaluate(l, i));
    if (o < 0)
      return fail(ErrorKind::invalid_input, "index ", i, " of ", layout_text(l), " is at offset ", o,
                  ": a memory footprint needs offsets >= 0");
    offsets[static_cast<std::size_t>(i)] = o;
  }
  std::sort(offsets.begin(), offsets.end());
  f.min_offset = offsets.front(), f.max_offset = offsets.back();
  f.cosize = f.max_offset + 1;
  f.image = std::unique(offsets.begin(), offsets.end()) - offsets.begin();
  offsets.resize(static_cast<std::size_t>(f.image));
  f.holes = f.cosize - f.image;
  f.injective = f.image == f.size;
  f.compact = f.injective && f.cosize == f.size;  // distinct offsets filling [0, size)
  // Surjective onto [0, tile): every element of the tile is an offset.
  f.surjective = std::lower_bound(offsets.begin(), offsets.end(), f.tile) - offsets.begin() == f.tile;
  return f;
}

}  // namespace catlayout::analysis
