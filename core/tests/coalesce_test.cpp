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
  EXPECT_EQ(to_string(coalesce(L("(4,1):(1,0)"))), "4:1");
  EXPECT_EQ(to_string(coalesce(L("(1,1):(5,7)"))), "1:0");
  EXPECT_EQ(to_string(coalesce(L("():()"))), "1:0");
  EXPECT_EQ(to_string(coalesce(L("(2,3):(0,0)"))), "6:0");
  EXPECT_EQ(to_string(coalesce(L("(2,4):(3,1)"))), "(2,4):(3,1)");
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
  }
}
