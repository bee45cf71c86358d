#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

TEST(MorphismText, PrintsThePapersNotation) {
  EXPECT_EQ(to_string(*TupleMorphism::make({2, 2}, {2, 2, 2}, {1, 3})), "(2,2) -(1,3)-> (2,2,2)");
  EXPECT_EQ(to_string(*NestMorphism::make(tup(2, tup(5, 3)), IntTuple(2), {1, star, star})),
            "(2,(5,3)) -(1,*,*)-> 2");
  EXPECT_EQ(to_string(*FinMap::make({star, 2}, 2)), "(*,2)");
}

TEST(MorphismText, ParsesWhatItPrintsAndZeroAsStar) {
  std::mt19937_64 g(31);
  for (int k = 0; k < 300; ++k) {
    auto f = random_nest(g, random_morphism(g));
    EXPECT_EQ(S(parse_nest_morphism(to_string(f))), to_string(f));
    EXPECT_EQ(S(parse_tuple_morphism(to_string(f.flat()))), to_string(f.flat()));
  }
  EXPECT_EQ(S(parse_nest_morphism("  ( 2 , 2 )-( 1, 0 )->(2,2,2) ")), "(2,2) -(1,*)-> (2,2,2)");
}

TEST(MorphismText, ErrorsNameTheColumn) {
  struct Case {
    char const *text, *needle;
  };
  for (auto c : {Case{"(2,2) (1,3)-> (2,2,2)", "expected '-(' opening the map at column 7"},
                 Case{"(2,2) -(1,x)-> (2,2,2)", "at column 11"},
                 Case{"(2,2) -(1,3)- (2,2,2)", "expected '->' after the map at column 14"},
                 Case{"(2,2) -(1,3)-> (2,2,2) x", "expected end of input at column 24"},
                 Case{"(2,2 -(1,3)-> (2,2,2)", "expected ',' or ')' at column 6"},
                 Case{"(2,3) -(1,3)-> (2,2,2)", "s_2 = 3 differs from t_3 = 2 although alpha(2) = 3 (morphism at column 1)"},
                 Case{"(2,2) -(1,9)-> (2,2,2)", "alpha(2) = 9 is not a point of <3>_*"},
                 Case{"2 -(1)-> 99999999999999999999", "does not fit in int64 at column 10"}}) {
    auto r = parse_nest_morphism(c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
    EXPECT_NE(r.error().message.find(c.needle), std::string::npos) << c.text << ": " << r.error().message;
  }
  auto r = parse_tuple_morphism("(2,2) -(1,3)-> (2,(2,2))");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("flat tuple as codomain, found (2,(2,2)) at column 16"), std::string::npos)
      << r.error().message;
}

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
  auto r = run_categorical_op("nest.compose", Json::parse("[]"), "cases[0].args");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("expected 2 arguments at cases[0].args, found 0"), std::string::npos);
  r = run_categorical_op("nest.frobnicate", Json::parse("[]"), "cases[0].args");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  r = run_categorical_op("layout.to_nest", Json::parse(R"([{"shape": [4, 8], "stride": [3, 3]}])"), "a");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::not_tractable);
  r = run_categorical_op("nest.coalesce", Json::parse(R"([{"domain": 2, "codomain": 3, "map": [1]}])"), "a");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("(morphism at a[0])"), std::string::npos) << r.error().message;
}
