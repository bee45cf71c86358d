#include <algorithm>
#include <memory>

#include "render.hpp"

namespace catlayout::viz::detail {

Result<Picture> layout_picture(AnyLayout const& l, std::optional<TileMap> const& tiles, Notation notation) {
  CL_TRY(g0, grid_view(l, notation));
  std::string name = to_string(l, notation);
  if (tiles && static_cast<Int>(tiles->tile.size()) != size(l))
    return fail(ErrorKind::invalid_input, "the tile map has ", tiles->tile.size(), " cells but ", name, " has ", size(l));
  auto g = std::make_shared<GridView>(std::move(g0));  // shared by the callbacks
  auto t = tiles ? std::make_shared<TileMap>(*tiles) : nullptr;
  auto [lo_it, hi_it] = std::minmax_element(g->offsets.begin(), g->offsets.end());
  Int lo = *lo_it, hi = *hi_it;
  Picture p{g->rows, g->cols, name, {}, {}};
  if (t) p.caption += "   tiles of zipped_divide(L, " + t->tiler + ")";
  p.cell = [g, t, lo, hi](Int r, Int c) {
    Int off = g->at(r, c);
    // A coordinate layout's cell carries its coordinate (data-coord) instead of an offset.
    std::string label = g->label(r, c);
    CellSpec s{{label}, {}, -1, -1, {{"row", std::to_string(r)}, {"col", std::to_string(c)},
                                     {g->labels.empty() ? "offset" : "coord", label}}};
    if (t) {  // by tile: the rest-mode index of the element on this cell
      Int k = t->tile[static_cast<std::size_t>(r + g->rows * c)];
      s.data.push_back({"tile", std::to_string(k)});
      if (k >= 0) s.palette = static_cast<int>(k % palette_size), s.fill = palette(k);
    } else {  // a light scale by offset: equal offsets look alike
      s.scale = scale_fraction(off, lo, hi);
      s.fill = scale(off, lo, hi);
    }
    return s;
  };
  if (t) p.group = [g, t](Int r, Int c) { return t->tile[static_cast<std::size_t>(r + g->rows * c)]; };
  return p;
}

Result<Picture> tv_picture(Layout const& tv, Int m, Int n, Notation notation) {
  CL_TRY(g0, tv_grid(tv, m, n));
  auto g = std::make_shared<TvGrid>(std::move(g0));
  Picture p{m, n, to_string(tv, notation) + "   (thread, value) -> m + " + std::to_string(m) + " n", {}, {}};
  p.cell = [g](Int r, Int c) {
    auto const& cell = g->at(r, c);
    CellSpec s{{}, {}, -1, -1, {{"row", std::to_string(r)}, {"col", std::to_string(c)},
                                {"thread", std::to_string(cell.thread)}, {"value", std::to_string(cell.value)}}};
    if (cell.thread >= 0) {  // one colour per thread, cycled (CuTe's print_latex)
      s.lines = {"T" + std::to_string(cell.thread), "V" + std::to_string(cell.value)};
      s.palette = static_cast<int>(cell.thread % palette_size);
      s.fill = palette(cell.thread);
    }
    if (cell.owners > 1) s.data.push_back({"owners", std::to_string(cell.owners)});
    return s;
  };
  p.group = [g](Int r, Int c) { return g->at(r, c).thread; };
  return p;
}

Result<Picture> cells_picture(CellGrid const& g0) {
  if (g0.rows < 1 || g0.cols < 1 || g0.rows > max_cells / g0.cols ||
      static_cast<Int>(g0.cells.size()) != g0.rows * g0.cols)
    return fail(ErrorKind::invalid_input, "a cell grid of ", g0.rows, " x ", g0.cols, " with ", g0.cells.size(),
                " cells: it needs rows * cols cells, at least one and at most ", max_cells);
  auto g = std::make_shared<CellGrid>(g0);
  Picture p{g->rows, g->cols, g->caption, {}, {}};
  p.cell = [g](Int r, Int c) {
    auto const& x = g->at(r, c);
    CellSpec s{x.lines, {}, -1, -1, x.data};
    if (x.colour >= 0) {
      s.palette = x.colour % palette_size, s.fill = palette(x.colour);
    } else if (x.heat >= 0) {
      s.fill = heat(x.heat);
    }
    return s;
  };
  return p;
}

}  // namespace catlayout::viz::detail
