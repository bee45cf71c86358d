#pragma once
// A grid of labelled cells that a caller fills in: the picture behind analyses that are not a
// layout's own grid (a bank-conflict heat map, a thread-ownership map), drawn by the same SVG
// and terminal renderers as the layout pictures.
#include <string>
#include <utility>
#include <vector>

#include "catlayout/viz/svg.hpp"

namespace catlayout::viz {

struct Cell {
  std::vector<std::string> lines;  // the label, one string per line ({} for an empty cell)
  int colour = -1;                 // a palette colour (8, cycled), or -1
  double heat = -1;                // a white-to-red scale in [0, 1] (used when colour < 0), or -1: white
  std::vector<std::pair<std::string, std::string>> data;  // SVG data-* attributes
};

struct CellGrid {
  Int rows = 0, cols = 0;
  std::string caption;
  std::vector<Cell> cells;  // cells[r + rows * c], column-major like every grid here
  Cell& at(Int r, Int c) { return cells[static_cast<std::size_t>(r + rows * c)]; }
  Cell const& at(Int r, Int c) const { return cells[static_cast<std::size_t>(r + rows * c)]; }
};

// A rows x cols grid of empty cells. pre: rows, cols >= 1 and rows * cols <= max_cells.
Result<CellGrid> cell_grid(Int rows, Int cols, std::string caption);
// The SVG picture (svg.hpp's structure: one <g class="cell"> per cell); opts.tiles is ignored.
Result<std::string> svg_cells(CellGrid const& g, SvgOptions const& opts = {});
// The terminal table (CuTe print_layout's frame), with ANSI backgrounds when `color`.
Result<std::string> show_cells(CellGrid const& g, bool color);

}  // namespace catlayout::viz
