// Hostile inputs: each is answered by a clear error within bounded time and memory.
#include "testing.hpp"

#include "catlayout/core/limits.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(Hostile, DeepNestingIsRefusedNotRecursed) {
  std::string deep(100000, '(');
  deep += "1";
  deep += std::string(100000, ')');
  auto r = parse_layout(deep + ":" + deep);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("nesting deeper than the limit of 64"), std::string::npos) << r.error().message;
}

TEST(Hostile, HugeTextIsRefused) {
  std::string big = "(" + std::string(10 << 20, '1') + "):(1)";
  auto r = parse_layout(big);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("exceeds the limit"), std::string::npos);
  std::string many = "(";
  for (int i = 0; i < 5000; ++i) many += "1,";
  many += "1)";
  auto m = parse_int_tuple(many);
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("more than 4096 modes"), std::string::npos);
}

TEST(Hostile, NonPositiveShapesAndExtremeStrides) {
  for (auto s : {"0:1", "-3:1", "(2,0):(1,2)", "(2,-1):(1,2)"}) {
    auto r = parse_layout(s);
    ASSERT_FALSE(r) << s;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  }
  auto r = parse_layout("2:-9223372036854775808");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("overflow"), std::string::npos) << r.error().message;
  // INT64_MIN has no magnitude in int64: refused even where only offset 0 is used.
  auto m = parse_layout("1:-9223372036854775808");
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("|-9223372036854775808| exceeds the int64 range"), std::string::npos);
  auto ok = parse_layout("2:-9223372036854775807");
  ASSERT_TRUE(ok) << ok.error().what();
  EXPECT_EQ((*ok)(1), -9223372036854775807);
  auto c = composition(L("2:-4611686018427387904"), L("2:2"));
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("overflow"), std::string::npos);
}

TEST(Hostile, IntegerBoundaries) {
  // 2^62 fits; 2^63 - 1 fits as a stride of a size-2 mode; one more step overflows.
  EXPECT_TRUE(parse_layout("4611686018427387904:1"));
  EXPECT_TRUE(parse_layout("2:9223372036854775807"));
  EXPECT_FALSE(parse_layout("3:4611686018427387904"));  // (3-1) * 2^62 = 2^63 overflows by one
  EXPECT_FALSE(parse_layout("(2,4611686018427387904):(1,2)"));  // 2 * 2^62 elements
  EXPECT_TRUE(parse_layout("(2,2305843009213693952):(1,2)"));  // 2^62 elements
  EXPECT_FALSE(parse_layout("9223372036854775808:1"));  // does not fit in int64
  auto x = L("(2,2):(4611686018427387903,1)");
  EXPECT_EQ(x(3), 4611686018427387904);
  auto e = L("2:4611686018427387904").extended(2);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("overflow"), std::string::npos);
  EXPECT_THROW(tabulate(L("4611686018427387904:1")), std::length_error);
}
