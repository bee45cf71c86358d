#include "testing.hpp"
#include <sstream>

using namespace catlayout;
using namespace catlayout::testing;

TEST(Text, RoundTrip) {
  for (std::string s : {"(6,2):(8,2)", "12:1", "(2,(1,6)):(1,(6,2))", "():()", "(12):(1)", "(3,2):(0,-5)",
                        "((((2)))):((((7))))"}) {
    auto l = parse_layout(s);
    ASSERT_TRUE(l) << s << ": " << l.error().what();
    EXPECT_EQ(to_string(*l), s);
  }
  EXPECT_EQ(to_string(L(" ( 6 , 2 ) : ( 8 , 2 ) ")), "(6,2):(8,2)");
  EXPECT_EQ(to_string(T("<3:4, 8:2>")), "<3:4,8:2>");
  EXPECT_EQ(to_string(T("<3, <2, (2,4):(1,8)>>")), "<3,<2,(2,4):(1,8)>>");
}

TEST(Text, ErrorsNameTheColumn) {
  auto e = parse_layout("(6,2:(8,2)");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(e.error().message.find("expected ',' or ')' at column 5"), std::string::npos) << e.error().message;
  e = parse_layout("(6,2)");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("expected ':' at column 6"), std::string::npos) << e.error().message;
  e = parse_layout("(6,2):(8,2) x");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("end of input at column 13"), std::string::npos) << e.error().message;
}

TEST(Text, ValidationErrors) {
  auto e = parse_layout("(6,2):(8,(2,1))");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not congruent"), std::string::npos);
  e = parse_layout("(6,0):(8,2)");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("shape entry 0"), std::string::npos);
  e = parse_layout("(6,-2):(8,2)");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not positive"), std::string::npos);
  e = parse_layout("99999999999999999999:1");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("does not fit in int64"), std::string::npos);
  e = parse_layout("(1099511627776,1099511627776):(1,1099511627776)");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("overflow"), std::string::npos);
}

TEST(Json, RoundTripAndPaths) {
  auto l = L("(2,(1,6)):(1,(6,2))");
  auto j = to_json(l);
  EXPECT_EQ(j.dump(), R"({"shape":[2,[1,6]],"stride":[1,[6,2]]})");
  EXPECT_EQ(*layout_from_json(j, "$"), l);
  auto bad = layout_from_json(Json::parse(R"({"shape":[2,2.5],"stride":[1,2]})"), "$.cases[3].args[0]");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("$.cases[3].args[0].shape[1]"), std::string::npos) << bad.error().message;
  auto t = tiler_from_json(Json::parse(R"({"tiler":[{"shape":3,"stride":4},8]})"), "$");
  ASSERT_TRUE(t);
  EXPECT_EQ(to_string(*t), "<3:4,8>");
}

// str() writes each piece of a message as an ostream would (it appends integers and strings
// directly): the same text for the limits of every integer type, chars, bools and the rest.
TEST(Messages, StrWritesWhatAnOstreamWrites) {
  auto streamed = [](auto const&... args) {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
  };
  std::string s = "a string";
  std::string_view v = "a view";
  unsigned char uc = 'u';
  signed char sc = 's';
  EXPECT_EQ(str(INT64_MIN, " ", INT64_MAX, " ", UINT64_MAX, " ", Int{0}, " ", -1),
            streamed(INT64_MIN, " ", INT64_MAX, " ", UINT64_MAX, " ", Int{0}, " ", -1));
  EXPECT_EQ(str(std::size_t{SIZE_MAX}, ':', std::uint32_t{4000000000u}, short{-7}, true, false),
            streamed(std::size_t{SIZE_MAX}, ':', std::uint32_t{4000000000u}, short{-7}, true, false));
  EXPECT_EQ(str(s, v, uc, sc, 2.5, 1e-7), streamed(s, v, uc, sc, 2.5, 1e-7));
  EXPECT_EQ(str(), "");
  EXPECT_EQ(str("mode ", 3, " of ", "(4,2):(1,4)"), "mode 3 of (4,2):(1,4)");
}
