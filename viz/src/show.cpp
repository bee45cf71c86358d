#include "catlayout/viz/show.hpp"

#include <algorithm>
#include <functional>

#include "catlayout/viz/grid.hpp"
#include "render.hpp"
#include "palette.hpp"

namespace catlayout::viz {

namespace {

std::string pad(std::string const& s, std::size_t w) { return std::string(w > s.size() ? w - s.size() : 0, ' ') + s; }

std::string ansi_bg(int code) { return "\x1b[30;48;5;" + std::to_string(code) + "m"; }  // black on colour
constexpr char const* kReset = "\x1b[0m";

// CuTe's print_layout: a column header line, then rows of "| v " between "+----" rules.
// `label(r, c)` is the text of a cell and `colour(r, c)` its ANSI code (or -1 for none).
std::string table(Int rows, Int cols, std::function<std::string(Int, Int)> const& label,
                  std::function<int(Int, Int)> const& colour) {
  std::size_t w = std::to_string(cols - 1).size();
  for (Int r = 0; r < rows; ++r)
    for (Int c = 0; c < cols; ++c) w = std::max(w, label(r, c).size());
  std::size_t rw = std::max<std::size_t>(2, std::to_string(rows - 1).size());
  std::string indent(rw + 2, ' ');
  std::string rule = indent;
  for (Int c = 0; c < cols; ++c) rule += "+" + std::string(w + 2, '-');
  rule += "+\n";
  std::string out = indent;
  for (Int c = 0; c < cols; ++c) out += "  " + pad(std::to_string(c), w) + " ";
  out += "\n";
  for (Int r = 0; r < rows; ++r) {
    out += rule + pad(std::to_string(r), rw) + "  ";
    for (Int c = 0; c < cols; ++c) {
      int code = colour(r, c);
      std::string cell = " " + pad(label(r, c), w) + " ";
      out += "|" + (code < 0 ? cell : ansi_bg(code) + cell + kReset);
    }
    out += "|\n";
  }
  return out + rule;
}

}  // namespace

Result<std::string> show_grid(Layout const& l, ShowOptions const& opts) { return show_grid(AnyLayout{l}, opts); }

Result<std::string> show_grid(AnyLayout const& l, ShowOptions const& opts) {
  CL_TRY(g, grid_view(l, opts.notation));
  std::string name = to_string(l, opts.notation);
  auto const* tiles = opts.tiles ? &*opts.tiles : nullptr;
  if (tiles && static_cast<Int>(tiles->tile.size()) != size(l))
    return fail(ErrorKind::invalid_input, "the tile map has ", tiles->tile.size(), " cells but ", name, " has ", size(l));
  auto [lo, hi] = std::minmax_element(g.offsets.begin(), g.offsets.end());
  auto tile_at = [&](Int r, Int c) { return tiles->tile[static_cast<std::size_t>(r + g.rows * c)]; };
  auto offset = [&](Int r, Int c) { return g.label(r, c); };
  auto colour = [&](Int r, Int c) -> int {
    if (!opts.color) return -1;
    if (!tiles) return detail::ansi_scale(g.at(r, c), *lo, *hi);  // light scale by offset
    Int t = tile_at(r, c);
    return t < 0 ? -1 : detail::ansi_palette(t);
  };
  std::string out = name + "\n" + table(g.rows, g.cols, offset, colour);
  if (!tiles) return out;
  std::string what = "zipped_divide(L, " + tiles->tiler + "): " + std::to_string(tiles->count) + " tiles of " +
                     std::to_string(tiles->tile_size) + " cells";
  if (opts.color) {  // a legend: the colour of each tile index (8 colours, cycled)
    out += "colour = tile of " + what + ":";
    for (Int t = 0; t < std::min<Int>(tiles->count, detail::palette_size); ++t)
      out += " " + ansi_bg(detail::ansi_palette(t)) + " " + std::to_string(t) + " " + kReset;
    if (tiles->count > detail::palette_size) out += " (cycled)";
    return out + "\n";
  }
  // Without colour the tiles are a second grid of the same shape.
  auto tile_label = [&](Int r, Int c) {
    Int t = tile_at(r, c);
    return t < 0 ? std::string("-") : std::to_string(t);
  };
  return out + "tile of each cell in " + what + "\n" + table(g.rows, g.cols, tile_label, colour);
}

Result<std::string> show_cells(CellGrid const& g, bool color) {
  CL_TRY(p, detail::cells_picture(g));
  // One line per cell in the terminal: multi-line labels are joined with a space.
  auto label = [&p](Int r, Int c) {
    auto s = p.cell(r, c);
    std::string out;
    for (auto const& l : s.lines) out += (out.empty() ? "" : " ") + l;
    return out;
  };
  auto colour = [&](Int r, Int c) -> int {
    if (!color) return -1;
    auto const& x = g.at(r, c);
    return x.colour >= 0 ? detail::ansi_palette(x.colour) : x.heat >= 0 ? detail::ansi_heat(x.heat) : -1;
  };
  return g.caption + "\n" + table(g.rows, g.cols, label, colour);
}

}  // namespace catlayout::viz
