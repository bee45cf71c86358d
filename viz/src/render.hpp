#pragma once
// What the SVG and TikZ grids share: the label and colour of each cell (private to viz).
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catlayout/viz/cells.hpp"
#include "catlayout/viz/diagram.hpp"
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

// The group boundaries of a picture, one walk for every renderer: edge(r, c, right) for the edge
// between cell (r, c) and its right neighbour (right = true) or the one below it (false).
template <class Edge>
void for_each_group_edge(Picture const& p, Edge edge) {
  if (!p.group) return;
  for (Int r = 0; r < p.rows; ++r)
    for (Int c = 0; c < p.cols; ++c) {
      if (c + 1 < p.cols && p.group(r, c) != p.group(r, c + 1)) edge(r, c, true);
      if (r + 1 < p.rows && p.group(r, c) != p.group(r + 1, c)) edge(r, c, false);
    }
}

// The widest label line (in characters) and the most lines of any cell: every renderer sizes its
// cells from these.
struct LabelExtent {
  std::size_t chars = 1, lines = 1;
};
inline LabelExtent label_extent(Picture const& p) {
  LabelExtent e;
  for (Int r = 0; r < p.rows; ++r)
    for (Int c = 0; c < p.cols; ++c) {
      auto s = p.cell(r, c);
      e.lines = std::max(e.lines, s.lines.size());
      for (auto const& l : s.lines) e.chars = std::max(e.chars, l.size());
    }
  return e;
}

// A layout's grid (grid.hpp), of any kind, coloured by tile or by a light offset scale; the
// caption writes the layout in `notation`.
Result<Picture> layout_picture(AnyLayout const& l, std::optional<TileMap> const& tiles, Notation notation);
// A TV layout's M x N tile (tv.hpp): T#/V# labels, one colour per thread.
Result<Picture> tv_picture(Layout const& tv, Int m, Int n, Notation notation);

// A caller's cell grid (cells.hpp).
Result<Picture> cells_picture(CellGrid const& g);

// A layout's grid (grid.hpp), or a TV layout's M x N tile: the picture a renderer draws.
template <class Options, class Draw>
Result<std::string> render_grid(AnyLayout const& l, Options const& opts, Draw draw) {
  CL_TRY(p, layout_picture(l, opts.tiles, opts.notation));
  return draw(p, opts);
}
template <class Options, class Draw>
Result<std::string> render_tv(Layout const& tv, Int m, Int n, Options const& opts, Draw draw) {
  CL_TRY(p, tv_picture(tv, m, n, opts.notation));
  return draw(p, opts);
}

// A morphism's or a refinement's diagram (diagram.hpp), drawn by a renderer.
template <class View, class Build, class Draw>
Result<std::string> render_diagram(View const& v, Build build, Draw draw) {
  CL_TRY(d, build(v));
  return draw(d);
}

}  // namespace catlayout::viz::detail
