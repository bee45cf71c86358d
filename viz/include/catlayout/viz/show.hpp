#pragma once
// A layout as a grid on the terminal, in the format of CuTe's print_layout.
#include <optional>
#include <string>

#include "catlayout/viz/tiles.hpp"

namespace catlayout::viz {

struct ShowOptions {
  bool color = false;              // ANSI 256-colour backgrounds (tiles, else a light offset scale)
  std::optional<TileMap> tiles;    // tile_map(L, B) for `show L --tile B`
};

// The grid of L(r, c) with row and column headers; with tiles and no colour, a second grid of
// tile indices follows. pre: size(L) <= max_cells; tiles (if any) made for a layout of L's size.
Result<std::string> show_grid(Layout const& l, ShowOptions const& opts = {});

}  // namespace catlayout::viz
