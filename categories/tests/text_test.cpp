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
