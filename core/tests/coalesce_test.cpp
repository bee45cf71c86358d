#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(Coalesce, SeedExamples) {  // tiling blog and Korean blog
  auto l = L("(2,(1,6)):(1,(6,2))");
  EXPECT_EQ(to_string(coalesce(l)), "12:1");
  EXPECT_EQ(S(coalesce(l, *parse_int_tuple("(1,2)"))), "(2,6):(1,2)");
  EXPECT_EQ(S(coalesce(l, *parse_int_tuple("(1,(2,3))"))), "(2,(1,6)):(1,(0,2))");
  EXPECT_EQ(S(coalesce(l, *parse_int_tuple("(1)"))), "(2,(1,6)):(1,(6,2))");
  EXPECT_EQ(S(coalesce(l, *parse_int_tuple("(1,1)"))), "(2,6):(1,2)");
}

TEST(Coalesce, Forms) {
  expect_coalesced(L, {{"(4,1):(1,0)", "4:1"},
                       {"(1,1):(5,7)", "1:0"},
                       {"():()", "1:0"},
                       {"(2,3):(0,0)", "6:0"},
                       {"(2,4):(3,1)", "(2,4):(3,1)"}});
  EXPECT_FALSE(coalesce(L("(2,3):(1,2)"), *parse_int_tuple("(1,1,1)")));
}

TEST(Coalesce, RelativeCoalesce) {  // §2.3.4
  auto l = L("((2,2),((3,3),(5,(1,5)))):((1,2),((6,18),(90,(0,450))))");
  auto r = relative_coalesce(l, *parse_int_tuple("(4,(9,25))"));
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*r), "(4,(9,25)):(1,(6,90))");
  EXPECT_EQ(tabulate(*r), tabulate(l));
  EXPECT_FALSE(relative_coalesce(l, *parse_int_tuple("(4,9)")));
}

TEST(Coalesce, PreservesFunctionAndIsIdempotent) {
  std::mt19937_64 g(11);
  for (int n = 0; n < 1000; ++n) {
    auto l = random_layout(g);
    auto c = coalesce(l);
    EXPECT_EQ(tabulate(c), tabulate(l)) << to_string(l);
    EXPECT_EQ(coalesce(c), c) << to_string(l);
    EXPECT_LE(depth(c), 1u);
    // Written in place: the same layout as the parser builds from its text, and evaluated by its
    // own call operator too (whose shift-and-mask path trusts the power-of-two flag coalesce sets).
    EXPECT_EQ(*parse_layout(to_string(c)), c) << to_string(l);
    EXPECT_EQ(c.rank(), c.flat_shape().size()) << to_string(l);
    for (Int i = 0; i < l.size(); ++i) ASSERT_EQ(c(i), l(i)) << to_string(l) << " at " << i;
  }
}

TEST(Coalesce, ManyModesPastTheInlineWord) {
  // 30 modes 2:2^k with each pair of neighbours swapped, (2,2,2,2,...):(2,1,8,4,...): no two
  // neighbours merge, so the result's word (32 tokens) and entries outgrow what a tuple keeps
  // inline. Its right inverse is the same kind of layout, written in place as well.
  IntTuple s, d;
  for (int k = 0; k < 30; ++k) {
    s.push_back(2);
    d.push_back(Int{1} << (k ^ 1));
  }
  auto l = layout(s, d);
  auto c = coalesce(l);
  EXPECT_EQ(c, l);
  EXPECT_EQ(*parse_layout(to_string(c)), c);
  EXPECT_EQ(c.rank(), 30u);
  std::vector<Int> points = {0, 1, 2, 12345, (Int{1} << 29) + 7, l.size() - 1};
  for (Int i : points) EXPECT_EQ(c(i), l(i)) << i;
  auto r = right_inverse(l);
  EXPECT_EQ(r.size(), l.size());
  EXPECT_EQ(r.rank(), 30u) << to_string(r);
  EXPECT_EQ(*parse_layout(to_string(r)), r);
  for (Int i : points) EXPECT_EQ(l(r(i)), i) << i;
}
