#pragma once
// A layout as a grid on the terminal, in the format of CuTe's print_layout.
#include <optional>
#include <string>

#include "catlayout/core/notation.hpp"
#include "catlayout/viz/tiles.hpp"

namespace catlayout::viz {

struct ShowOptions {
  bool color = false;              // ANSI 256-colour backgrounds (tiles, else a light offset scale)
  std::optional<TileMap> tiles;    // tile_map(L, B) for `show L --tile B`
  Notation notation = Notation::catlayout;  // how the heading writes L (CuTe's print: Notation::cute)
};

// The grid of L(r, c) with row and column headers; with tiles and no colour, a second grid of
// tile indices follows. pre: size(L) <= max_cells; tiles (if any) made for a layout of L's size.
Result<std::string> show_grid(Layout const& l, ShowOptions const& opts = {});
// Any kind of layout on the same grid (grid.hpp): sw(k + L(r, c)) for a swizzled layout, as
// CuTe's print_layout draws a ComposedLayout; coordinates for a coordinate layout.
Result<std::string> show_grid(AnyLayout const& l, ShowOptions const& opts = {});

}  // namespace catlayout::viz
