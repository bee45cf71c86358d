#include "catlayout/viz/cells.hpp"

#include "catlayout/viz/grid.hpp"

namespace catlayout::viz {

Result<CellGrid> cell_grid(Int rows, Int cols, std::string caption) {
  if (rows < 1 || cols < 1 || rows > max_cells / cols)
    return fail(ErrorKind::invalid_input, "a cell grid of ", rows, " x ", cols, " must be positive and have at most ",
                max_cells, " cells");
  return CellGrid{rows, cols, std::move(caption), std::vector<Cell>(static_cast<std::size_t>(rows * cols))};
}

}  // namespace catlayout::viz
