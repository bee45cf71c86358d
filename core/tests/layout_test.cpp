#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(Layout, EvaluateSeedExample) {  // tiling blog: (6,2):(8,2)
  auto l = L("(6,2):(8,2)");
  EXPECT_EQ(tabulate(l), (std::vector<Int>{0, 8, 16, 24, 32, 40, 2, 10, 18, 26, 34, 42}));
  EXPECT_EQ(l.size(), 12);
  EXPECT_EQ(cosize(l), 43);
}

TEST(Layout, CoordinatesAreColexicographic) {
  auto l = L("(2,(3,4)):(100,(1,10))");
  for (Int i = 0; i < l.size(); ++i) {
    Int c0 = i % 2, c1 = (i / 2) % 3, c2 = i / 6;
    EXPECT_EQ(l(i), 100 * c0 + c1 + 10 * c2);
    EXPECT_EQ(*l.at_coord(tup(c0, tup(c1, c2))), l(i));
    EXPECT_EQ(*l.at_coord(tup(c0, c1 + 3 * c2)), l(i));
  }
  EXPECT_FALSE(l.at_coord(tup(2, 0)));
  EXPECT_FALSE(l.at(24));
  EXPECT_EQ(*l.extended(24), 40);  // the last mode runs on: (0,(0,4))
}

TEST(Layout, StructuralOperations) {
  auto l = L("(64,(8,1),8,128):(8,(1,0),0,512)");
  EXPECT_EQ(to_string(flatten(l)), "(64,8,1,8,128):(8,1,0,0,512)");
  EXPECT_EQ(to_string(squeeze(l)), "(64,8,8,128):(8,1,0,512)");
  EXPECT_EQ(to_string(filter_zeros(l)), "(64,8,128):(8,1,512)");
  EXPECT_EQ(to_string(sort(L("(5,4,5):(12,12,8)"))), "(5,4,5):(8,12,12)");  // 5:8 < 4:12 < 5:12
  EXPECT_EQ(to_string(*restrict_modes(L("(3,6):(10,5)"), {1})), "(6):(5)");
  EXPECT_EQ(to_string(*make_layout({L("4:1"), L("(2,3):(4,8)")})), "(4,(2,3)):(1,(4,8))");
  EXPECT_EQ(to_string(*flat_concat(L("4:1"), L("(2,3):(4,8)"))), "(4,2,3):(1,4,8)");
}

TEST(Layout, Predicates) {
  EXPECT_TRUE(is_tractable(L("(2,2,2,2):(1,2048,16,64)")));
  EXPECT_TRUE(is_tractable(L("(3,7,7):(0,15,0)")));
  EXPECT_TRUE(is_tractable(L("((3,3),(1,3),(3,1,3)):((81,1),(0,9),(3,0,27))")));
  EXPECT_FALSE(is_tractable(L("((3,3),(1,3),(3,1,3)):((81,1),(0,8),(3,0,27))")));
  EXPECT_FALSE(is_tractable(L("(4,8):(3,3)")));
  EXPECT_FALSE(is_tractable(L("(7,2):(7,5)")));
  EXPECT_TRUE(is_compact(L("(3,4):(4,1)")));
  EXPECT_FALSE(is_compact(L("(3,4):(1,4)")));
  EXPECT_TRUE(is_injective(L("(2,2):(2,3)")));
  EXPECT_FALSE(is_injective(L("(3,2):(1,2)")));
  EXPECT_FALSE(is_injective(L("(3,2):(1,0)")));
  EXPECT_TRUE(is_sorted(L("(128,64,2,2):(1,128,8192,16384)")));
  EXPECT_FALSE(is_sorted(L("(2,2):(2,1)")));
  EXPECT_TRUE(is_non_degenerate(L("(4,1):(1,0)")));
  EXPECT_FALSE(is_non_degenerate(L("(4,1):(1,3)")));
}

TEST(Layout, PredicatesAgreeWithTabulation) {
  std::mt19937_64 g(7);
  for (int n = 0; n < 500; ++n) {
    auto l = random_layout(g, 4, 12);
    auto t = tabulate(l);
    std::vector<Int> sorted = t;
    std::sort(sorted.begin(), sorted.end());
    bool injective = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    bool compact = injective && sorted.front() == 0 && sorted.back() == l.size() - 1;
    EXPECT_EQ(is_injective(l), injective) << to_string(l);
    EXPECT_EQ(is_compact(l), compact) << to_string(l);
  }
}
