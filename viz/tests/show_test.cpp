#include <regex>

#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

namespace {

std::string strip_ansi(std::string const& s) { return std::regex_replace(s, std::regex("\x1b\\[[0-9;]*m"), ""); }

std::vector<std::string> lines_of(std::string const& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// A print_layout table starting at line `from`: the column header, then for each row a rule and
// "r  | v | v |", then a closing rule. Returns the cells' texts by row and the next line.
struct Table {
  std::vector<Int> header;
  std::vector<Int> row_labels;
  std::vector<std::vector<std::string>> cells;
  std::size_t end = 0;
};
Table read_table(std::vector<std::string> const& ls, std::size_t from) {
  Table t;
  std::istringstream h(ls.at(from));
  for (Int x; h >> x;) t.header.push_back(x);
  std::size_t i = from + 1;
  for (; i + 1 < ls.size() && ls[i].find('+') != std::string::npos && ls[i + 1].find('|') != std::string::npos; i += 2) {
    auto const& row = ls[i + 1];
    t.row_labels.push_back(std::stoll(row.substr(0, row.find('|'))));
    std::vector<std::string> cells;
    for (auto b = row.find('|'); b + 1 < row.size();) {
      auto e = row.find('|', b + 1);
      auto cell = row.substr(b + 1, e - b - 1);
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
      b = e;
    }
    t.cells.push_back(cells);
  }
  if (i < ls.size() && ls[i].find('+') != std::string::npos) ++i;  // the closing rule
  t.end = i;
  return t;
}

void check_grid(Layout const& l, Table const& t) {
  Int rows = expected_rows(l), cols = l.size() / rows;
  ASSERT_EQ(static_cast<Int>(t.header.size()), cols) << to_string(l);
  ASSERT_EQ(static_cast<Int>(t.cells.size()), rows) << to_string(l);
  for (Int c = 0; c < cols; ++c) EXPECT_EQ(t.header[static_cast<std::size_t>(c)], c);
  for (Int r = 0; r < rows; ++r) {
    EXPECT_EQ(t.row_labels[static_cast<std::size_t>(r)], r);
    auto const& row = t.cells[static_cast<std::size_t>(r)];
    ASSERT_EQ(static_cast<Int>(row.size()), cols) << to_string(l) << " row " << r;
    for (Int c = 0; c < cols; ++c)
      EXPECT_EQ(row[static_cast<std::size_t>(c)], std::to_string(expected_cell(l, r, c))) << to_string(l) << " at " << r << "," << c;
  }
}

}  // namespace

TEST(ShowGrid, CuTePrintLayoutFormat) {
  // print_layout's own rendering of (6,2):(8,2), spacing included (its idx_width is the digits + 2).
  EXPECT_EQ(ok(show_grid(L("(2,2):(1,2)"))),
            "(2,2):(1,2)\n"
            "      0   1 \n"
            "    +---+---+\n"
            " 0  | 0 | 2 |\n"
            "    +---+---+\n"
            " 1  | 1 | 3 |\n"
            "    +---+---+\n");
}

TEST(ShowGrid, RowsColumnsAndCellsMatchTheLayout) {
  std::mt19937_64 g(2);
  for (int n = 0; n < 300; ++n) {
    auto l = random_layout(g);
    auto ls = lines_of(ok(show_grid(l)));
    ASSERT_EQ(ls.at(0), to_string(l));
    auto t = read_table(ls, 1);
    check_grid(l, t);
    EXPECT_EQ(t.end, ls.size());
    for (std::size_t i = 2; i < ls.size(); ++i) EXPECT_EQ(ls[i].size(), ls[2].size()) << to_string(l);  // aligned
  }
}

TEST(ShowGrid, ColumnsAreAligned) {
  auto ls = lines_of(ok(show_grid(L("(3,4):(100,-7)"))));
  for (std::size_t i = 2; i < ls.size(); ++i) EXPECT_EQ(ls[i].size(), ls[2].size()) << ls[i];
  check_grid(L("(3,4):(100,-7)"), read_table(ls, 1));
}

TEST(ShowGrid, ColourChangesNothingButEscapes) {
  auto l = L("(6,2):(8,2)");
  auto plain = ok(show_grid(l));
  auto colour = ok(show_grid(l, ShowOptions{.color = true, .tiles = {}}));
  EXPECT_NE(colour, plain);
  EXPECT_EQ(strip_ansi(colour), plain);
}

TEST(ShowGrid, TilesWithoutColourAreASecondGrid) {
  auto a = L("(8,8):(8,1)");
  auto m = ok(tile_map(a, T("<2:1,4:1>")));
  auto ls = lines_of(ok(show_grid(a, ShowOptions{.color = false, .tiles = m})));
  auto first = read_table(ls, 1);
  check_grid(a, first);
  ASSERT_LT(first.end, ls.size());
  EXPECT_NE(ls[first.end].find("8 tiles of 8 cells"), std::string::npos) << ls[first.end];
  auto second = read_table(ls, first.end + 1);
  ASSERT_EQ(second.cells.size(), 8u);
  for (Int r = 0; r < 8; ++r)
    for (Int c = 0; c < 8; ++c)
      EXPECT_EQ(second.cells[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                std::to_string(m.tile[static_cast<std::size_t>(r + 8 * c)]));
}

TEST(ShowGrid, TileColoursFollowTheLegend) {
  auto a = L("(8,8):(8,1)");
  auto m = ok(tile_map(a, T("<2:1,4:1>")));
  auto out = ok(show_grid(a, {.color = true, .tiles = m}));
  auto ls = lines_of(out);
  // The legend: " <esc> t <reset>" for tiles 0..7.
  std::map<std::string, Int> code_of_tile_text;
  std::regex swatch("(\x1b\\[[0-9;]*m) ([0-9]+) \x1b\\[0m");
  auto legend = ls.back();
  ASSERT_NE(legend.find("colour = tile"), std::string::npos) << legend;
  std::map<Int, std::string> code;
  for (std::sregex_iterator it(legend.begin(), legend.end(), swatch), end; it != end; ++it)
    code[std::stoll((*it)[2])] = (*it)[1];
  ASSERT_EQ(code.size(), 8u);
  // Every cell carries its tile's code.
  std::regex cell("\\|(\x1b\\[[0-9;]*m) +(-?[0-9]+) \x1b\\[0m");
  Int r = 0;
  for (auto const& line : ls) {
    if (line.find('|') == std::string::npos) continue;
    Int c = 0;
    for (std::sregex_iterator it(line.begin(), line.end(), cell), end; it != end; ++it, ++c) {
      EXPECT_EQ((*it)[1], code[m.tile[static_cast<std::size_t>(r + 8 * c)]]) << r << "," << c;
      EXPECT_EQ(std::stoll((*it)[2]), expected_cell(a, r, c));
    }
    EXPECT_EQ(c, 8);
    ++r;
  }
  EXPECT_EQ(r, 8);
}

TEST(ShowGrid, MismatchedTileMapIsAnError) {
  auto m = ok(tile_map(L("(4,4):(1,4)"), T("2:1")));
  EXPECT_FALSE(show_grid(L("(2,2):(1,2)"), ShowOptions{.color = false, .tiles = m}));
}
