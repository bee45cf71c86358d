// The JSON form of Nest and Tuple morphisms, and the categorical ops on the wire.
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/wire/ops.hpp"
#include "categories/tests/testing.hpp"

using namespace catlayout;
using namespace catlayout::wire;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

TEST(MorphismJson, BothWays) {
  auto f = N("(2,(7,2,2)) -(*,*,2,*)-> ((4,2))");
  auto j = to_json(f);
  EXPECT_EQ(j, Json::parse(R"({"domain": [2, [7, 2, 2]], "codomain": [[4, 2]], "map": [0, 0, 2, 0]})"));
  EXPECT_EQ(*nest_morphism_from_json(j, "f"), f);
  EXPECT_EQ(to_json(f.flat()), Json::parse(R"({"domain": [2, 7, 2, 2], "codomain": [4, 2], "map": [0, 0, 2, 0]})"));
  EXPECT_EQ(*tuple_morphism_from_json(to_json(f.flat()), "f"), f.flat());
  std::mt19937_64 g(32);
  for (int k = 0; k < 300; ++k) {
    auto h = random_nest(g, random_morphism(g));
    EXPECT_EQ(*nest_morphism_from_json(to_json(h), "h"), h);
  }
}

TEST(MorphismJson, ErrorsNameThePath) {
  struct Case {
    char const *json, *needle;
  };
  for (auto c : {Case{R"({"domain": [2], "codomain": [2], "map": [5]})", "at args[0].map[0] is not a point of <1>_*"},
                 Case{R"({"domain": [2], "codomain": [2], "map": [-1]})", "at args[0].map[0]"},
                 Case{R"({"domain": [2], "codomain": [2], "map": ["1"]})", "expected an integer at args[0].map[0]"},
                 Case{R"({"domain": [2], "codomain": [2], "map": 1})", "array of points at args[0].map"},
                 Case{R"({"domain": [2.5], "codomain": [2], "map": [1]})", "args[0].domain[0]"},
                 Case{R"({"domain": [2], "codomain": [2]})", "expected a morphism"},
                 Case{R"([1, 2])", "expected a morphism"},
                 Case{R"({"domain": [2, 3], "codomain": [2], "map": [1]})", "(morphism at args[0])"}}) {
    auto r = nest_morphism_from_json(Json::parse(c.json), "args[0]");
    ASSERT_FALSE(r) << c.json;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
    EXPECT_NE(r.error().message.find(c.needle), std::string::npos) << c.json << ": " << r.error().message;
  }
  auto r = tuple_morphism_from_json(Json::parse(R"({"domain": [[2]], "codomain": [2], "map": [1]})"), "x");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("flat array at x.domain"), std::string::npos) << r.error().message;
}

TEST(CategoricalOps, DispatcherChecksArityAndNames) {
  auto r = wire::run_op("nest.compose", Json::parse("[]"), "cases[0].args");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("expected 2 arguments at cases[0].args, found 0"), std::string::npos);
  r = wire::run_op("nest.frobnicate", Json::parse("[]"), "cases[0].args");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  r = wire::run_op("layout.to_nest", Json::parse(R"([{"shape": [4, 8], "stride": [3, 3]}])"), "a");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::not_tractable);
  r = wire::run_op("nest.coalesce", Json::parse(R"([{"domain": 2, "codomain": 3, "map": [1]}])"), "a");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("(morphism at a[0])"), std::string::npos) << r.error().message;
}

