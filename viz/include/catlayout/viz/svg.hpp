#pragma once
// Standalone SVG pictures (xmlns, viewBox): one <g class="cell"> with a <rect> and a <text>
// label per cell, so the files are easy to check and to restyle.
#include <optional>
#include <string>

#include "catlayout/core/notation.hpp"
#include "catlayout/viz/diagram.hpp"
#include "catlayout/viz/tiles.hpp"

namespace catlayout::viz {

struct SvgOptions {
  std::optional<TileMap> tiles;  // colour cells by tile (else a light scale by offset)
  int cell_px = 40;              // side of one cell in pixels
  bool headers = true;           // row and column indices
  Notation notation = Notation::catlayout;  // how the caption writes the layout
};

// The grid of L(r, c) (grid.hpp's view). pre: size(L) <= max_cells.
Result<std::string> svg_grid(Layout const& l, SvgOptions const& opts = {});
// Any kind of layout on the same grid: sw(k + L(r, c)) for a swizzled one, coordinates
// (data-coord) for a coordinate layout.
Result<std::string> svg_grid(AnyLayout const& l, SvgOptions const& opts = {});
// T#/V# in each cell of the M x N tile, one colour per thread (tv.hpp's pre).
Result<std::string> svg_tv(Layout const& tv, Int m, Int n, SvgOptions const& opts = {});
// Diagrams (diagram.hpp's pre).
Result<std::string> svg_morphism(MorphismView const& f);
Result<std::string> svg_refinement(RefinementView const& r);
std::string svg_diagram(Diagram const& d);

}  // namespace catlayout::viz
