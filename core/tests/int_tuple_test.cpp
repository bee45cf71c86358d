#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(IntTuple, Attributes) {
  auto t = *parse_int_tuple("(2,(1,6),((3)))");
  EXPECT_EQ(t.rank(), 3u);
  EXPECT_EQ(depth(t), 3u);
  EXPECT_EQ(length(t), 4u);
  EXPECT_EQ(*product(t), 36);
  EXPECT_EQ(flatten_values(t), (std::vector<Int>{2, 1, 6, 3}));
  EXPECT_EQ(to_string(profile(t)), "(1,(1,1),((1)))");
  EXPECT_EQ(to_string(*substitute({7, 8, 9, 10}, profile(t))), "(7,(8,9),((10)))");
  EXPECT_EQ(depth(IntTuple(5)), 0u);
  EXPECT_EQ(IntTuple(5).rank(), 1u);
}

TEST(IntTuple, Congruence) {
  EXPECT_TRUE(congruent(*parse_int_tuple("(2,(1,6))"), *parse_int_tuple("(1,(6,2))")));
  EXPECT_FALSE(congruent(*parse_int_tuple("(2,(1,6))"), *parse_int_tuple("(1,6,2)")));
  EXPECT_FALSE(congruent(IntTuple(2), *parse_int_tuple("(2)")));
}

TEST(IntTuple, Refinement) {  // §2.2.4
  auto coarse = *parse_int_tuple("(12,8)");
  EXPECT_TRUE(refines(*parse_int_tuple("((3,4),(2,4))"), coarse));
  EXPECT_TRUE(refines(*parse_int_tuple("((3,(2,2)),8)"), coarse));
  EXPECT_FALSE(refines(*parse_int_tuple("((3,4),(2,2))"), coarse));
  EXPECT_FALSE(refines(*parse_int_tuple("(3,4,8)"), coarse));
  auto modes = *relative_modes(*parse_int_tuple("((3,4),8)"), coarse);
  ASSERT_EQ(modes.size(), 2u);
  EXPECT_EQ(to_string(modes[0]), "(3,4)");
  EXPECT_EQ(to_string(modes[1]), "8");
  EXPECT_FALSE(relative_modes(*parse_int_tuple("(3,4,8)"), coarse));
}

TEST(IntTuple, ProductOverflowIsAnError) {
  auto big = *parse_int_tuple("(4294967296,4294967296)");
  auto p = product(big);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(p.error().message.find("overflow"), std::string::npos);
  EXPECT_EQ(*product(*parse_int_tuple("(4611686018427387904,1)")), 4611686018427387904);
}
