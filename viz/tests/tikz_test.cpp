#include <filesystem>
#include <set>

#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

namespace {

void check_tikz_grid(Layout const& l, std::string const& doc) {
  EXPECT_TRUE(balanced_braces(doc)) << to_string(l);
  EXPECT_EQ(doc.rfind("\\documentclass[tikz", 0), 0u);
  EXPECT_NE(doc.find("]{standalone}"), std::string::npos);
  EXPECT_NE(doc.find("\\begin{document}"), std::string::npos);
  EXPECT_NE(doc.find("\\end{document}"), std::string::npos);
  auto cells = tikz_cells(doc);
  ASSERT_EQ(static_cast<Int>(cells.size()), l.size()) << to_string(l);
  Int rows = expected_rows(l), cols = l.size() / rows;
  std::set<std::pair<Int, Int>> seen;
  for (auto const& c : cells) {
    ASSERT_TRUE(c.r >= 0 && c.r < rows && c.c >= 0 && c.c < cols);
    EXPECT_TRUE(seen.insert({c.r, c.c}).second);
    EXPECT_EQ(c.label, std::to_string(expected_cell(l, c.r, c.c))) << to_string(l) << " at " << c.r << "," << c.c;
  }
}

// Compile with pdflatex where it is installed (not on CI, usually): the documents are standalone.
void compiles(std::string const& name, std::string const& doc) {
  if (!has_tool("pdflatex")) GTEST_SKIP() << "pdflatex is not installed; structure checks still ran";
  auto dir = std::filesystem::path(testing::TempDir()) / ("viz_tex_" + name);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "doc.tex") << doc;
  auto cmd = "cd " + dir.string() + " && pdflatex -interaction=nonstopmode -halt-on-error doc.tex >doc.out 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << "see " << (dir / "doc.log").string();
}

}  // namespace

TEST(TikzGrid, OneNodePerCellWithItsOffset) {
  check_tikz_grid(L("(6,2):(8,2)"), ok(tikz_grid(L("(6,2):(8,2)"))));
  std::mt19937_64 g(4);
  for (int n = 0; n < 200; ++n) {
    auto l = random_layout(g);
    check_tikz_grid(l, ok(tikz_grid(l, TikzOptions{.tiles = {}, .headers = n % 2 == 0})));
  }
}

TEST(TikzGrid, TilesUsePaletteColours) {
  auto a = L("(8,8):(1,8)");
  auto m = ok(tile_map(a, T("<2:1,4:1>")));
  auto doc = ok(tikz_grid(a, {.tiles = m}));
  check_tikz_grid(a, doc);
  for (auto const& c : tikz_cells(doc))
    EXPECT_NE(c.options.find("fill=c" + std::to_string(m.tile[static_cast<std::size_t>(c.r + 8 * c.c)] % 8)),
              std::string::npos);
  EXPECT_NE(doc.find("\\textless{}2:1,4:1\\textgreater{}"), std::string::npos);
}

TEST(TikzGrid, Compiles) {
  auto a = L("(8,8):(1,8)");
  compiles("grid", ok(tikz_grid(L("(6,2):(8,2)"))));
  compiles("tiles", ok(tikz_grid(a, {.tiles = ok(tile_map(a, T("<2:1,4:1>")))})));
  compiles("tv", ok(tikz_tv(L("((4,8),(2,2)):((32,1),(16,8))"), 16, 8)));
  compiles("morphism", ok(tikz_morphism({I("(2,(3,4))"), I("(3,2,4,5)"), {2, 1, 0}})));
  compiles("refinement", ok(tikz_refinement({I("(4,6)"), I("(2,12)"), I("((2,2),(2,3))"), I("(2,(2,2,3))")})));
}
