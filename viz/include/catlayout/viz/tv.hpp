#pragma once
// Thread-value layouts (CuTe's TV layouts, as for MMA fragments): (thread, value) -> offset
// of an M x N tile, the offset read column-major as m + M * n.
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::viz {

struct TvCell {
  Int thread = -1, value = -1;  // -1: no (thread, value) lands on the cell
  Int owners = 0;               // how many (thread, value) pairs land on it (> 1: replicated)
};

struct TvGrid {
  Int m = 0, n = 0, threads = 0, values = 0;
  std::vector<TvCell> cells;  // cells[m + M * n]
  TvCell const& at(Int r, Int c) const { return cells[static_cast<std::size_t>(r + m * c)]; }
};

// The owner of each cell is the first (thread, value) in thread-major order that maps there,
// as CuTe's print_latex keeps the first. pre: tv has rank 2, M, N >= 1, M * N <= max_cells,
// every offset in [0, M * N) (invalid_input naming the (t, v) otherwise).
Result<TvGrid> tv_grid(Layout const& tv, Int m, Int n);

}  // namespace catlayout::viz
