#pragma once
// What the SVG and TikZ grids share: the label and colour of each cell (private to viz).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catlayout/viz/grid.hpp"
#include "catlayout/viz/tiles.hpp"
#include "catlayout/viz/tv.hpp"
#include "palette.hpp"

namespace catlayout::viz::detail {

struct CellSpec {
  std::vector<std::string> lines;  // the label, one string per line ({} for an empty cell)
  Rgb fill;
  int palette = -1;                // palette index of fill, or -1 for the offset scale/white
  double scale = -1;               // fraction of the offset scale, or -1
  std::vector<std::pair<std::string, std::string>> data;  // machine-readable attributes
};

struct Picture {
  Int rows = 0, cols = 0;
  std::string caption;
  std::function<CellSpec(Int, Int)> cell;
  std::function<Int(Int, Int)> group;  // thick edges between cells of different groups (may be empty)
};

// A layout's grid (grid.hpp), coloured by tile or by a light offset scale.
Result<Picture> layout_picture(Layout const& l, std::optional<TileMap> const& tiles);
// A TV layout's M x N tile (tv.hpp): T#/V# labels, one colour per thread.
Result<Picture> tv_picture(Layout const& tv, Int m, Int n);

}  // namespace catlayout::viz::detail
