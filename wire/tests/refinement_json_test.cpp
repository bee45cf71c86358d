// The checker's op mutual_refinement on the wire (Algorithm 4.1.1).
#include "catlayout/wire/refinement_json.hpp"

#include <gtest/gtest.h>

using namespace catlayout;
using namespace catlayout::wire;

TEST(MutualRefinement, JsonOp) {
  auto j = run_mutual_refinement(Json::parse("[[6,6],[2,6,6]]"), "$.args");
  ASSERT_TRUE(j);
  EXPECT_EQ(*j, Json::parse(R"({"first": [[2,3],[2,3]], "second": [2,[3,2],[3,2]]})"));
  j = run_mutual_refinement(Json::parse("[12,[2,[2,3,2]]]"), "$.args");
  ASSERT_TRUE(j);
  EXPECT_EQ(*j, Json::parse(R"({"first": [2,2,3], "second": [2,[2,3,2]]})"));
  EXPECT_EQ(run_mutual_refinement(Json::parse("[[8,8],[3,8,8]]"), "$").error().kind, ErrorKind::not_refinable);
  EXPECT_EQ(run_mutual_refinement(Json::parse("[[8,8]]"), "$").error().kind, ErrorKind::invalid_input);
  EXPECT_EQ(run_mutual_refinement(Json::parse("[[8,0],4]"), "$").error().kind, ErrorKind::invalid_input);
}

