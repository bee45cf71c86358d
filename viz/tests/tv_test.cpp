#include <set>

#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;

namespace {

// The owner of each cell of the M x N tile, from the layout: the first (t, v), thread-major.
std::map<std::pair<Int, Int>, std::pair<Int, Int>> owners(Layout const& tv, Int m) {
  std::map<std::pair<Int, Int>, std::pair<Int, Int>> out;
  for (Int t = 0; t < tv.mode(0).size(); ++t)
    for (Int v = 0; v < tv.mode(1).size(); ++v) {
      Int o = ok(tv.at_coord(tup(t, v)));
      out.emplace(std::pair{o % m, o / m}, std::pair{t, v});
    }
  return out;
}

std::string label(std::pair<Int, Int> tv) { return "T" + std::to_string(tv.first) + "V" + std::to_string(tv.second); }

void check_svg_tv(Layout const& tv, Int m, Int n) {
  auto root = parse_svg(ok(svg_tv(tv, m, n)));
  auto cells = root.find("g", "cell");
  ASSERT_EQ(static_cast<Int>(cells.size()), m * n);
  auto own = owners(tv, m);
  std::set<std::pair<Int, Int>> seen;
  for (auto const* g : cells) {
    std::pair<Int, Int> rc{std::stoll(g->attr("data-row")), std::stoll(g->attr("data-col"))};
    EXPECT_TRUE(seen.insert(rc).second);
    ASSERT_EQ(g->find("rect").size(), 1u);
    auto it = own.find(rc);
    EXPECT_EQ(g->all_text(), it == own.end() ? "" : label(it->second)) << to_string(tv) << " at " << rc.first << "," << rc.second;
  }
}

}  // namespace

TEST(TvGrid, EveryPairLandsOnItsCell) {
  auto tv = L("((4,8),(2,2)):((32,1),(16,8))");
  auto g = ok(tv_grid(tv, 16, 8));
  EXPECT_EQ(g.threads, 32);
  EXPECT_EQ(g.values, 4);
  for (Int t = 0; t < 32; ++t)
    for (Int v = 0; v < 4; ++v) {
      Int o = ok(tv.at_coord(tup(t, v)));
      auto const& cell = g.at(o % 16, o / 16);
      EXPECT_EQ(cell.thread, t);
      EXPECT_EQ(cell.value, v);
      EXPECT_EQ(cell.owners, 1);
    }
}

TEST(TvGrid, ReplicatedValuesKeepTheFirstOwner) {
  auto g = ok(tv_grid(L("(2,2):(1,0)"), 2, 1));  // both values of thread t on cell t
  EXPECT_EQ(g.at(1, 0).thread, 1);
  EXPECT_EQ(g.at(1, 0).value, 0);
  EXPECT_EQ(g.at(1, 0).owners, 2);
}

TEST(TvGrid, Errors) {
  EXPECT_FALSE(tv_grid(L("8:1"), 4, 2));                 // rank 1
  EXPECT_FALSE(tv_grid(L("(2,2,2):(1,2,4)"), 4, 2));     // rank 3
  auto out = tv_grid(L("(4,2):(1,4)"), 2, 2);            // offsets reach 7 > 4 cells
  ASSERT_FALSE(out);
  EXPECT_NE(out.error().message.find("outside the 2 x 2 tile"), std::string::npos) << out.error().message;
  EXPECT_FALSE(tv_grid(L("(4,2):(1,4)"), 0, 8));
}

TEST(SvgTv, LabelsEveryCellWithItsThreadAndValue) {
  check_svg_tv(L("((4,8),(2,2)):((32,1),(16,8))"), 16, 8);
  check_svg_tv(L("((4,8),(2,2,2)):((32,1),(16,8,128))"), 16, 16);  // mma.sync m16n8k16 A
  check_svg_tv(L("(2,2):(1,0)"), 2, 2);                             // replicated, half empty
}

TEST(SvgTv, OneColourPerThread) {
  auto root = parse_svg(ok(svg_tv(L("((4,8),(2,2)):((32,1),(16,8))"), 16, 8)));
  std::map<std::string, std::set<std::string>> fill_of_thread;
  for (auto const* g : root.find("g", "cell")) fill_of_thread[g->attr("data-thread")].insert(g->find("rect")[0]->attr("fill"));
  EXPECT_EQ(fill_of_thread.size(), 32u);
  for (auto const& [t, f] : fill_of_thread) EXPECT_EQ(f.size(), 1u) << "thread " << t;
}

TEST(TikzTv, OneNodePerCellLabelledTV) {
  auto tv = L("((4,8),(2,2)):((32,1),(16,8))");
  auto doc = ok(tikz_tv(tv, 16, 8));
  EXPECT_TRUE(balanced_braces(doc));
  auto cells = tikz_cells(doc);
  ASSERT_EQ(cells.size(), 128u);
  auto own = owners(tv, 16);
  for (auto const& c : cells) {
    auto [t, v] = own.at({c.r, c.c});
    EXPECT_EQ(c.label, "T" + std::to_string(t) + "\\\\V" + std::to_string(v));
    EXPECT_NE(c.options.find("fill=c" + std::to_string(t % 8)), std::string::npos) << c.options;
  }
}
