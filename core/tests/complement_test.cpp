#include "testing.hpp"

#include <set>

using namespace catlayout;
using namespace catlayout::testing;

TEST(Complement, SeedExamples) {  // the blogs' tables and the paper's non-unique example
  struct C {
    const char* a;
    Int n;
    const char* expect;
  };
  for (auto c : {C{"4:1", 24, "6:4"}, C{"6:4", 24, "4:1"}, C{"4:2", 24, "(2,3):(1,8)"},
                 C{"(2,4):(1,6)", 24, "3:2"}, C{"(4,6):(1,4)", 24, "1:0"}, C{"(2,2):(1,6)", 24, "(3,2):(2,12)"},
                 C{"(2,2):(4,1)", 24, "(2,3):(2,8)"}, C{"(2,2):(1,50)", 100, "25:2"}}) {
    EXPECT_EQ(S(complement(L(c.a), c.n)), c.expect) << c.a;
  }
}

// (A, comp(A, N)) is injective and covers [0, N) when size(A) * size(comp) * ... reaches N.
TEST(Complement, DisjointSortedCoalescedAndCovering) {
  std::mt19937_64 g(5);
  int checked = 0;
  for (int n = 0; n < 3000; ++n) {
    auto a = random_layout(g, 4, 16);
    Int target = std::uniform_int_distribution<Int>(1, 200)(g);
    auto c = complement(a, target);
    if (!c) {
      EXPECT_EQ(c.error().kind, ErrorKind::not_complementable);
      EXPECT_FALSE(is_tractable(filter(a)) && is_injective(filter(a))) << to_string(a);
      continue;
    }
    ++checked;
    EXPECT_TRUE(is_coalesced(*c)) << to_string(*c);
    EXPECT_TRUE(is_sorted(*c)) << to_string(*c);
    auto fa = filter(a);
    auto both = *make_layout({fa, *c});
    EXPECT_TRUE(is_injective(both)) << to_string(a) << " with " << to_string(*c);
    auto t = tabulate(both);
    std::set<Int> image(t.begin(), t.end());
    for (Int i = 0; i < target; ++i) EXPECT_TRUE(image.count(i)) << to_string(a) << " N=" << target << " misses " << i;
  }
  EXPECT_GT(checked, 300);
}

TEST(Complement, ErrorsSayWhy) {
  auto e = complement(L("(2,2):(1,1)"), 8);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::not_complementable);
  EXPECT_NE(e.error().message.find("overlaps"), std::string::npos) << e.error().message;
  e = complement(L("(2,2):(1,3)"), 24);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not a multiple of 2"), std::string::npos) << e.error().message;
  e = complement(L("4:-1"), 8);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("negative"), std::string::npos);
  e = complement(L("4:1"), 0);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::invalid_input);
}
