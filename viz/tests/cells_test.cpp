// Caller-filled cell grids (cells.hpp): one labelled, coloured cell per entry, in SVG and on the terminal.
#include <set>

#include "catlayout/viz/cells.hpp"
#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

namespace {

CellGrid sample() {
  auto g = ok(cell_grid(3, 4, "sample & <caption>"));
  for (Int r = 0; r < 3; ++r)
    for (Int c = 0; c < 4; ++c) {
      auto& x = g.at(r, c);
      x.lines = {std::to_string(r) + "," + std::to_string(c)};
      x.data = {{"row", std::to_string(r)}, {"col", std::to_string(c)}};
      if (c == 0) x.colour = static_cast<int>(r);
      if (c == 1) x.heat = r / 2.0;  // 0, 0.5, 1
    }
  return g;
}

TEST(Cells, SvgHasOneLabelledCellPerEntry) {
  auto svg = ok(svg_cells(sample()));
  auto root = parse_svg(svg);
  auto cells = root.find("g", "cell");
  ASSERT_EQ(cells.size(), 12u);
  std::set<std::string> heat_fills, white;
  for (auto const* g : cells) {
    Int r = std::stoll(g->attr("data-row")), c = std::stoll(g->attr("data-col"));
    EXPECT_EQ(g->all_text(), std::to_string(r) + "," + std::to_string(c));
    auto fill = g->find("rect")[0]->attr("fill");
    if (c == 1) heat_fills.insert(fill);
    if (c >= 2) white.insert(fill);
  }
  EXPECT_EQ(heat_fills.size(), 3u);  // three heats, three colours
  EXPECT_EQ(white, std::set<std::string>{"#ffffff"});
  EXPECT_NE(svg.find("sample &amp; &lt;caption&gt;"), std::string::npos);
}

TEST(Cells, TerminalTableAndColours) {
  auto plain = ok(show_cells(sample(), false));
  EXPECT_EQ(plain.find("\x1b["), std::string::npos);
  EXPECT_NE(plain.find("| 2,3 |"), std::string::npos) << plain;
  auto colour = ok(show_cells(sample(), true));
  EXPECT_NE(colour.find("\x1b[30;48;5;"), std::string::npos);
}

TEST(Cells, BadGridsAreRefused) {
  EXPECT_FALSE(cell_grid(0, 3, ""));
  EXPECT_FALSE(cell_grid(1 << 10, 1 << 10, ""));
  CellGrid g{2, 2, "", {}};  // no cells for a 2 x 2 grid
  EXPECT_FALSE(svg_cells(g));
  EXPECT_FALSE(show_cells(g, false));
}

}  // namespace
