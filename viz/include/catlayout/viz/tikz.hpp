#pragma once
// Compilable standalone LaTeX documents (\documentclass[tikz]{standalone}), in the manner of
// CuTe's print_latex: one \node[cell] per cell.
#include <optional>
#include <string>

#include "catlayout/core/notation.hpp"
#include "catlayout/viz/diagram.hpp"
#include "catlayout/viz/tiles.hpp"

namespace catlayout::viz {

struct TikzOptions {
  std::optional<TileMap> tiles;  // colour cells by tile (else a light scale by offset)
  bool headers = true;           // row and column indices
  Notation notation = Notation::catlayout;  // how the caption writes the layout
};

// The grid of L(r, c) (grid.hpp's view). pre: size(L) <= max_cells.
Result<std::string> tikz_grid(Layout const& l, TikzOptions const& opts = {});
// Any kind of layout on the same grid: sw(k + L(r, c)) for a swizzled one, coordinates for a
// coordinate layout.
Result<std::string> tikz_grid(AnyLayout const& l, TikzOptions const& opts = {});
// T#/V# in each cell of the M x N tile, one colour per thread (tv.hpp's pre).
Result<std::string> tikz_tv(Layout const& tv, Int m, Int n, TikzOptions const& opts = {});
// Diagrams (diagram.hpp's pre).
Result<std::string> tikz_morphism(MorphismView const& f);
Result<std::string> tikz_refinement(RefinementView const& r);
std::string tikz_diagram(Diagram const& d);

}  // namespace catlayout::viz
