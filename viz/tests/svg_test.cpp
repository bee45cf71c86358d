#include <set>

#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

namespace {

// Exactly one <g class="cell"> per cell, each with one <rect> and one label that prints L(r, c).
void check_svg_grid(Layout const& l, std::string const& svg) {
  auto root = parse_svg(svg);
  auto cells = root.find("g", "cell");
  Int rows = expected_rows(l), cols = l.size() / rows;
  ASSERT_EQ(static_cast<Int>(cells.size()), l.size()) << to_string(l);
  std::set<std::pair<Int, Int>> seen;
  for (auto const* g : cells) {
    Int r = std::stoll(g->attr("data-row")), c = std::stoll(g->attr("data-col"));
    ASSERT_TRUE(r >= 0 && r < rows && c >= 0 && c < cols) << r << "," << c;
    EXPECT_TRUE(seen.insert({r, c}).second) << "cell " << r << "," << c << " twice";
    ASSERT_EQ(g->find("rect").size(), 1u);
    ASSERT_EQ(g->find("text").size(), 1u);
    EXPECT_EQ(g->all_text(), std::to_string(expected_cell(l, r, c))) << to_string(l) << " at " << r << "," << c;
  }
  EXPECT_EQ(root.find("title").at(0)->all_text().rfind(to_string(l), 0), 0u);
}

}  // namespace

TEST(XmlReader, RejectsWhatIsNotWellFormed) {
  for (std::string bad : {"<a><b></a>", "<a x=1/>", "<a x=\"1\" x=\"2\"/>", "<a>1 < 2</a>", "<a>&nope;</a>",
                          "<a/><b/>", "<a>", "text"}) {
    XmlReader rd(bad);
    EXPECT_FALSE(rd.parse()) << bad;
  }
  XmlReader good("<?xml version=\"1.0\"?>\n<!-- c --><a k='v'><b>x &lt; y</b><c/></a>\n");
  auto e = good.parse();
  ASSERT_TRUE(e) << good.error();
  EXPECT_EQ(e->all_text(), "x < y");
}

TEST(SvgGrid, OneLabelledRectPerCell) {
  check_svg_grid(L("(6,2):(8,2)"), ok(svg_grid(L("(6,2):(8,2)"))));
  std::mt19937_64 g(3);
  for (int n = 0; n < 200; ++n) {
    auto l = random_layout(g);
    check_svg_grid(l, ok(svg_grid(l, SvgOptions{.tiles = {}, .cell_px = 40, .headers = n % 2 == 0})));
  }
  check_svg_grid(L("(3,4):(100,-7)"), ok(svg_grid(L("(3,4):(100,-7)"))));
}

TEST(SvgGrid, TilesColourCellsByTile) {
  auto a = L("(8,8):(1,8)");
  auto m = ok(tile_map(a, T("<2:1,4:1>")));
  auto svg = ok(svg_grid(a, {.tiles = m}));
  check_svg_grid(a, svg);
  auto root = parse_svg(svg);
  std::map<Int, std::set<std::string>> fills;
  for (auto const* g : root.find("g", "cell")) {
    Int r = std::stoll(g->attr("data-row")), c = std::stoll(g->attr("data-col"));
    Int t = m.tile[static_cast<std::size_t>(r + 8 * c)];
    EXPECT_EQ(std::stoll(g->attr("data-tile")), t);
    fills[t].insert(g->find("rect")[0]->attr("fill"));
  }
  ASSERT_EQ(fills.size(), 8u);
  std::set<std::string> all;
  for (auto const& [t, f] : fills) {
    EXPECT_EQ(f.size(), 1u) << "tile " << t << " has several colours";
    all.insert(*f.begin());
  }
  EXPECT_EQ(all.size(), 8u);  // 8 tiles, 8 palette colours
  EXPECT_FALSE(root.find("line", "group-edge").empty());
}

TEST(SvgGrid, TitlesAreEscaped) {
  auto a = L("(4,4):(1,4)");
  auto svg = ok(svg_grid(a, {.tiles = ok(tile_map(a, T("<2:1,2:1>")))}));
  EXPECT_NE(svg.find("&lt;2:1,2:1&gt;"), std::string::npos);
  parse_svg(svg);
}

TEST(SvgGrid, XmllintAgrees) {
  if (!has_tool("xmllint")) GTEST_SKIP() << "xmllint is not installed; the built-in XML check still ran";
  auto a = L("(8,8):(1,8)");
  std::vector<std::string> docs{ok(svg_grid(L("(6,2):(8,2)"))), ok(svg_grid(a, {.tiles = ok(tile_map(a, T("<2:1,4:1>")))})),
                                ok(svg_tv(L("((4,8),(2,2)):((32,1),(16,8))"), 16, 8)),
                                ok(svg_morphism({I("(2,(3,4))"), I("(3,2,4,5)"), {2, 1, 0}})),
                                ok(svg_refinement({I("(4,6)"), I("(2,12)"), I("((2,2),(2,3))"), I("(2,(2,2,3))")}))};
  for (std::size_t i = 0; i < docs.size(); ++i) {
    auto path = write_temp("viz_" + std::to_string(i) + ".svg", docs[i]);
    EXPECT_EQ(std::system(("xmllint --noout " + path).c_str()), 0) << path;
  }
}
