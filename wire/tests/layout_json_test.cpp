// The JSON forms of integer layouts (docs/vector-format.md): round trips, the JSON path in every error, and
// hostile input refused with its reason.
#include "catlayout/wire/layout_json.hpp"
#include "catlayout/core/limits.hpp"
#include "core/tests/testing.hpp"

using namespace catlayout;
using namespace catlayout::wire;
using namespace catlayout::testing;

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

TEST(Hostile, DeepJsonNestingIsRefusedNotRecursed) {
  Json j = 1;
  for (int i = 0; i < 100000; ++i) j = Json::array({std::move(j)});
  auto t = int_tuple_from_json(j, "$");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("nesting deeper"), std::string::npos);
}

TEST(Hostile, NonIntegerJson) {
  for (auto text : {R"({"shape": 2.5, "stride": 1})", R"({"shape": "2", "stride": 1})", R"({"shape": 2, "stride": true})",
                    R"({"shape": 18446744073709551615, "stride": 1})", R"([2, 1])", R"({"shape": 2})"}) {
    auto r = layout_from_json(Json::parse(text), "$.cases[0].args[0]");
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
    EXPECT_NE(r.error().message.find("$.cases[0].args[0]"), std::string::npos) << r.error().message;
  }
}

// nlohmann reads non-negative integers as unsigned: one past INT64_MAX must be refused, not
// wrapped to INT64_MIN (fuzz finding, fuzz/regressions/fuzz_vectors/shape-one-past-int64.json).
TEST(Hostile, JsonIntegersOnePastInt64) {
  for (auto text : {R"({"shape": 9223372036854775808, "stride": 1})", R"({"shape": [2, 9223372036854775808], "stride": [1, 2]})",
                    R"({"shape": [[2], 2], "stride": [[9223372036854775808], 1]})"}) {
    auto r = layout_from_json(Json::parse(text), "$");
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().message.find("does not fit in int64"), std::string::npos) << r.error().message;
  }
  auto ok = layout_from_json(Json::parse(R"({"shape": [2, 2], "stride": [1, 9223372036854775807]})"), "$");
  EXPECT_FALSE(ok);  // fits int64, but the offset (2-1) * (2^63 - 1) + 1 overflows
  EXPECT_TRUE(layout_from_json(Json::parse(R"({"shape": 2, "stride": 9223372036854775807})"), "$"));
  // INT64_MIN as a shape entry: refused as not positive, before any arithmetic on it.
  auto m = layout_from_json(Json::parse(R"({"shape": [-9223372036854775808, 2], "stride": [1, 1]})"), "$");
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("is not positive"), std::string::npos) << m.error().message;
}

