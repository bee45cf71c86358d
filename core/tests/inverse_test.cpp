#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(Inverse, RightInverse) {
  EXPECT_EQ(to_string(right_inverse(L("(4,8):(8,1)"))), "(8,4):(4,1)");
  EXPECT_EQ(to_string(right_inverse(L("4:2"))), "1:0");
  std::mt19937_64 g(19);
  for (int n = 0; n < 2000; ++n) {
    auto l = random_layout(g, 6, 20);
    auto r = right_inverse(l);
    for (Int i = 0; i < r.size(); ++i) ASSERT_EQ(l(r(i)), i) << to_string(l) << " R=" << to_string(r);
  }
}

TEST(Inverse, LeftInverse) {
  EXPECT_EQ(S(left_inverse(L("(4,8):(8,1)"))), "(8,4):(4,1)");
  EXPECT_EQ(S(left_inverse(L("4:2"))), "(2,4):(0,1)");
  EXPECT_FALSE(left_inverse(L("(2,2):(2,3)")));
  std::mt19937_64 g(23);
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    auto l = random_layout(g, 6, 20);
    if (!is_injective(l)) continue;
    auto r = left_inverse(l);
    if (!r) {
      EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
      continue;
    }
    ++checked;
    for (Int i = 0; i < l.size(); ++i) ASSERT_EQ(*r->extended(l(i)), i) << to_string(l) << " R=" << to_string(*r);
  }
  EXPECT_GT(checked, 50);
}

TEST(Inverse, MaxCommon) {
  auto a = L("(4,8):(1,4)");
  auto b = L("(4,8):(1,4)");
  EXPECT_EQ(*max_common_vector(a, b), 32);
  EXPECT_EQ(*max_common_vector(L("(4,8):(1,4)"), L("(4,8):(8,1)")), 1);
  EXPECT_EQ(*max_common_vector(L("(4,8):(1,4)"), L("(4,8):(1,8)")), 4);
  auto m = max_common_layout(L("(4,8):(1,4)"), L("(4,8):(1,8)"));
  ASSERT_TRUE(m);
  for (Int i = 0; i < m->size(); ++i) {
    EXPECT_EQ(L("(4,8):(1,4)")((*m)(i)), i);
    EXPECT_EQ(L("(4,8):(1,8)")((*m)(i)), i);
  }
}
