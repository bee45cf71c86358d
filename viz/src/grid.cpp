#include "catlayout/viz/grid.hpp"

namespace catlayout::viz {

Result<GridView> grid_view(Layout const& l) {
  if (l.size() > max_cells)
    return fail(ErrorKind::invalid_input, "too large to draw: ", to_string(l), " has ", l.size(),
                " cells, more than ", max_cells);
  GridView g;
  g.rows = l.rank() >= 2 ? l.mode(0).size() : 1;  // rank 1 and ():(): one row (grid.hpp)
  g.cols = l.size() / g.rows;                     // modes 1.. folded colexicographically
  g.offsets = tabulate(l);                        // index r + rows * c is cell (r, c)
  return g;
}

}  // namespace catlayout::viz
