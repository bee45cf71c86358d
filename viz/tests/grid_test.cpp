#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

// The rank-2 view: rows = size(mode 0), modes 1.. folded into columns, cell (r, c) = L(r, c).
TEST(GridView, CellsAreTheLayoutAtTheirCoordinate) {
  std::mt19937_64 g(1);
  for (int n = 0; n < 500; ++n) {
    auto l = random_layout(g);
    auto v = ok(grid_view(l));
    ASSERT_EQ(v.rows, expected_rows(l)) << to_string(l);
    ASSERT_EQ(v.rows * v.cols, l.size()) << to_string(l);
    for (Int r = 0; r < v.rows; ++r)
      for (Int c = 0; c < v.cols; ++c) ASSERT_EQ(v.at(r, c), expected_cell(l, r, c)) << to_string(l) << " at " << r << "," << c;
  }
}

TEST(GridView, RankOneIsOneRowAndRankThreeFoldsColumns) {
  auto row = ok(grid_view(L("(2,3):(3,1)")));
  EXPECT_EQ(row.rows, 2);
  auto one = ok(grid_view(L("((2,3)):((3,1))")));
  EXPECT_EQ(one.rows, 1);
  EXPECT_EQ(one.cols, 6);
  auto flat = ok(grid_view(L("8:2")));
  EXPECT_EQ(flat.rows, 1);
  EXPECT_EQ(flat.at(0, 7), 14);
  auto three = ok(grid_view(L("(2,3,4):(1,2,6)")));
  EXPECT_EQ(three.rows, 2);
  EXPECT_EQ(three.cols, 12);
  EXPECT_EQ(three.at(1, 5), 1 + 2 * 2 + 6 * 1);  // column 5 = (2, 1) of modes (3, 4)
  auto empty = ok(grid_view(L("():()")));
  EXPECT_EQ(empty.rows * empty.cols, 1);
  EXPECT_EQ(empty.at(0, 0), 0);
}

TEST(GridView, RefusesHugePictures) {
  auto big = grid_view(L("(1024,1024):(1,1024)"));
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(big.error().message.find("too large to draw"), std::string::npos) << big.error().message;
}

// Every element (i, j) of zipped_divide(A, B) whose tile map says cell x has tile j lands on
// A(x): the offset of the cell appears in column j of the division.
void check_tiles(Layout const& a, Tiler const& b) {
  auto z = ok(zipped_divide(a, b));
  auto m = ok(tile_map(a, b));
  ASSERT_EQ(m.tile_size, z.mode(0).size());
  ASSERT_EQ(m.count, z.mode(1).size());
  auto offs = tabulate(z);
  std::vector<Int> cells_per_tile(static_cast<std::size_t>(m.count), 0);
  bool all = true;
  for (Int x = 0; x < a.size(); ++x) {
    Int t = m.tile[static_cast<std::size_t>(x)];
    if (t < 0) {
      all = false;
      continue;
    }
    ASSERT_LT(t, m.count);
    ++cells_per_tile[static_cast<std::size_t>(t)];
    bool found = false;
    for (Int i = 0; i < m.tile_size && !found; ++i) found = offs[static_cast<std::size_t>(i + m.tile_size * t)] == a(x);
    ASSERT_TRUE(found) << to_string(a) << " / " << to_string(b) << ": cell " << x << " in tile " << t;
  }
  for (auto n : cells_per_tile) ASSERT_LE(n, m.tile_size);
  if (all && z.size() == a.size()) {
    for (auto n : cells_per_tile) ASSERT_EQ(n, m.tile_size) << to_string(a) << " / " << to_string(b);
  }
}

TEST(TileMap, EightByEightByTwoByFour) {
  auto a = L("(8,8):(1,8)");
  check_tiles(a, T("<2:1,4:1>"));
  auto m = ok(tile_map(a, T("<2:1,4:1>")));
  EXPECT_EQ(m.count, 8);
  EXPECT_EQ(m.tile_size, 8);
  // zipped_divide's rest mode is (4, 2) over (row blocks, column blocks), colexicographic.
  for (Int r = 0; r < 8; ++r)
    for (Int c = 0; c < 8; ++c) EXPECT_EQ(m.tile[static_cast<std::size_t>(r + 8 * c)], r / 2 + 4 * (c / 4));
  check_tiles(a, T("(2,4):(1,8)"));  // the same tiles as one layout tiler
}

TEST(TileMap, RoundedUpTilesLeaveNoCellOut) {
  // 3 rows by 2: CuTe rounds the rest up to 2 blocks, the second half empty.
  auto a = L("(3,4):(1,3)");
  auto m = ok(tile_map(a, T("<2:1,2:1>")));
  for (Int r = 0; r < 3; ++r)
    for (Int c = 0; c < 4; ++c) EXPECT_EQ(m.tile[static_cast<std::size_t>(r + 3 * c)], r / 2 + 2 * (c / 2));
  check_tiles(a, T("<2:1,2:1>"));
}

TEST(TileMap, RandomDivisions) {
  std::mt19937_64 g(5);
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    auto a = random_layout(g, 48);
    auto b = random_layout(g, 8);
    for (auto const& t : {Tiler::of(b), Tiler::by_mode({Tiler::of(b.mode(0))})}) {
      if (!zipped_divide(a, t)) continue;
      ++checked;
      check_tiles(a, t);
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(TileMap, InadmissibleDivisionIsAnError) {
  auto m = tile_map(L("(4,6):(2,3)"), T("6:3"));
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().what(), zipped_divide(L("(4,6):(2,3)"), T("6:3")).error().what());
}

// Every kind of layout draws on its domain's grid with one renderer (grid.hpp): a swizzled layout
// Sw<B,M,S> o k o L shows sw(k + L(r, c)) on L's grid, as CuTe's print_layout draws a
// ComposedLayout; a coordinate layout shows its coordinates.
TEST(AnyLayoutGrid, SwizzledCellsAreTheComposedFunction) {
  std::mt19937_64 g(7);
  for (int n = 0; n < 300; ++n) {
    auto l = random_layout(g);
    int b = static_cast<int>(g() % 3), m = static_cast<int>(g() % 3), s = b + static_cast<int>(g() % 3);
    ComposedLayout c{ok(Swizzle::make(b, m, n % 2 ? s : -s)), static_cast<Int>(g() % 9), l};
    auto v = ok(grid_view(AnyLayout{c}));
    auto plain = ok(grid_view(l));
    ASSERT_EQ(v.rows, plain.rows);
    ASSERT_EQ(v.cols, plain.cols);
    for (Int r = 0; r < v.rows; ++r)
      for (Int k = 0; k < v.cols; ++k) ASSERT_EQ(v.at(r, k), c.sw(c.offset + expected_cell(l, r, k))) << to_string(c);
  }
}

TEST(AnyLayoutGrid, ShowSvgAndTikzDrawASwizzledLayout) {
  auto c = ok(parse_any_layout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"));  // CuTe C++'s print of it
  auto text = ok(show_grid(c));
  EXPECT_EQ(text.substr(0, text.find('\n')), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_NE(text.find("\n 2  | 144 | 145 |"), std::string::npos) << text.substr(0, 400);  // 128 ^ (128 >> 3)
  auto cute = ok(show_grid(c, ShowOptions{.color = false, .tiles = {}, .notation = Notation::cute}));
  EXPECT_EQ(cute.substr(0, cute.find('\n')), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
  auto svg = ok(svg_grid(c, SvgOptions{.tiles = {}, .cell_px = 40, .headers = true, .notation = Notation::cute}));
  EXPECT_NE(svg.find("<title>Sw&lt;3,4,3&gt; o _0 o (_8,_64):(_64,_1)</title>"), std::string::npos);
  EXPECT_NE(svg.find("data-row=\"2\" data-col=\"0\" data-offset=\"144\""), std::string::npos);
  auto tikz = ok(tikz_grid(c));
  EXPECT_NE(tikz.find("at (2,0) {144}"), std::string::npos);
  // Tiles of the swizzled layout are its layout's: the division composes on the right.
  auto small = ok(parse_any_layout("Sw<1,0,2> o (4,2):(1,4)"));
  auto tiles = ok(tile_map(small, T("<2,1>")));
  EXPECT_EQ(tiles.tile, ok(tile_map(L("(4,2):(1,4)"), T("<2,1>"))).tile);
  EXPECT_TRUE(show_grid(small, ShowOptions{.color = false, .tiles = tiles}));
}

TEST(AnyLayoutGrid, CoordinateLayoutsShowTheirCoordinates) {
  auto id = ok(parse_any_layout("(_4,_8):(_1@0,_1@1)"));
  auto v = ok(grid_view(id));
  ASSERT_EQ(v.rows, 4);
  ASSERT_EQ(v.cols, 8);
  EXPECT_EQ(v.label(1, 2), "(1,2)");
  EXPECT_EQ(v.at(1, 2), 1 + 4 * 2);  // the colexicographic rank of the coordinate
  auto svg = ok(svg_grid(id));
  EXPECT_NE(svg.find("data-row=\"3\" data-col=\"7\" data-coord=\"(3,7)\""), std::string::npos);
  auto t = tile_map(id, T("<2,2>"));
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("a coordinate layout has no divide"), std::string::npos) << t.error().message;
  auto big = grid_view(ok(parse_any_layout("Sw<3,4,3> o (1024,1024):(1024,1)")));
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("too large to draw"), std::string::npos);
}
