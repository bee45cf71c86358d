#include "catlayout/viz/tv.hpp"

#include "catlayout/viz/grid.hpp"

namespace catlayout::viz {

Result<TvGrid> tv_grid(Layout const& tv, Int m, Int n) {
  if (tv.rank() != 2 || tv.shape().is_leaf())
    return fail(ErrorKind::invalid_input, "a thread-value layout has rank 2 ((thread, value) -> offset), found ",
                to_string(tv));
  if (m < 1 || n < 1 || m > max_cells || n > max_cells / m)
    return fail(ErrorKind::invalid_input, "the tile ", m, " x ", n, " must be positive and have at most ", max_cells,
                " cells");
  if (tv.size() > 64 * max_cells)
    return fail(ErrorKind::invalid_input, "too large to draw: ", to_string(tv), " has ", tv.size(), " elements");
  TvGrid g{m, n, tv.mode(0).size(), tv.mode(1).size(), std::vector<TvCell>(static_cast<std::size_t>(m * n))};
  auto offsets = tabulate(tv);  // index t + threads * v
  for (Int t = 0; t < g.threads; ++t) {
    for (Int v = 0; v < g.values; ++v) {  // thread-major, as CuTe's print_latex
      Int o = offsets[static_cast<std::size_t>(t + g.threads * v)];
      if (o < 0 || o >= m * n)
        return fail(ErrorKind::invalid_input, "thread ", t, " value ", v, " of ", to_string(tv), " maps to offset ", o,
                    ", outside the ", m, " x ", n, " tile [0, ", m * n, ")");
      auto& cell = g.cells[static_cast<std::size_t>(o)];  // offset m + M n is cell (m, n)
      if (cell.owners++ == 0) cell.thread = t, cell.value = v;
    }
  }
  return g;
}

}  // namespace catlayout::viz
