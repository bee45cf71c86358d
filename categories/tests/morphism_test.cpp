#include "testing.hpp"

#include <type_traits>

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

// An invalid morphism cannot be built: the only ways in are make() and the operations.
static_assert(!std::is_default_constructible_v<TupleMorphism>);
static_assert(!std::is_constructible_v<TupleMorphism, std::vector<Int>, std::vector<Int>, FinMap>);
static_assert(!std::is_default_constructible_v<NestMorphism>);
static_assert(!std::is_constructible_v<NestMorphism, IntTuple, IntTuple, TupleMorphism>);

static void expect_invalid(Result<TupleMorphism> const& r, std::string const& needle) {
  ASSERT_FALSE(r) << to_string(*r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
}

TEST(TupleMorphism, MakeValidatesEveryCondition) {
  EXPECT_TRUE(TupleMorphism::make({2, 2}, {2, 2, 2}, {1, 3}));
  expect_invalid(TupleMorphism::make({2, 3}, {2, 2, 2}, {1, 3}), "s_2 = 3 differs from t_3 = 2");
  expect_invalid(TupleMorphism::make({2, 2}, {2, 2, 2}, {1, 1}), "not tractable");
  expect_invalid(TupleMorphism::make({2, 2}, {2, 2, 2}, {1}), "the map has 1 entries but the domain has 2");
  expect_invalid(TupleMorphism::make({2, 2}, {2, 2, 2}, {1, 4}), "alpha(2) = 4");
  expect_invalid(TupleMorphism::make({0}, {2}, {star}), "domain entry 1 is 0");
  expect_invalid(TupleMorphism::make({2}, {2, -1}, {1}), "codomain entry 2 is -1");
  expect_invalid(TupleMorphism::make({1ll << 40, 1ll << 40}, {}, {star, star}), "exceeds the int64 range");
}

TEST(TupleMorphism, IdentityAndCompositionLaws) {
  std::mt19937_64 g(11);
  for (int k = 0; k < 200; ++k) {
    auto f = random_morphism(g);
    auto h = random_from(g, f.codomain());
    auto e = random_from(g, h.codomain());
    auto id_s = *TupleMorphism::identity(f.domain());
    auto id_t = *TupleMorphism::identity(f.codomain());
    EXPECT_EQ(*compose(f, id_s), f);
    EXPECT_EQ(*compose(id_t, f), f);
    EXPECT_EQ(*compose(e, *compose(h, f)), *compose(*compose(e, h), f)) << to_string(f);
  }
}

TEST(TupleMorphism, CompositionFollowsAlphaThenBeta) {
  auto f = F("(2,2) -(1,3)-> (2,3,2)");
  auto g = F("(2,3,2) -(2,*,4)-> (5,2,7,2)");
  EXPECT_EQ(S(compose(g, f)), "(2,2) -(2,4)-> (5,2,7,2)");
  auto bad = compose(f, g);  // codomain(g) = (5,2,7,2) is not domain(f) = (2,2)
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(bad.error().message.find("(5,2,7,2)"), std::string::npos) << bad.error().message;
}

TEST(TupleMorphism, SumConcatAndIsomorphisms) {
  auto f = F("(4) -(2)-> (3,4)");
  auto g = F("(2,5) -(*,1)-> (5)");
  EXPECT_EQ(S(sum(f, g)), "(4,2,5) -(2,*,3)-> (3,4,5)");
  auto a = F("(4) -(2)-> (3,4,2)");
  auto b = F("(2,3) -(3,1)-> (3,4,2)");
  EXPECT_TRUE(disjoint_images(a, b));
  auto ab = concat(a, b);
  EXPECT_EQ(S(ab), "(4,2,3) -(2,3,1)-> (3,4,2)");
  EXPECT_TRUE(is_isomorphism(*ab));
  EXPECT_FALSE(is_isomorphism(a));
  EXPECT_EQ(kind_of(concat(a, a)), ErrorKind::inadmissible);
  EXPECT_EQ(kind_of(concat(a, f)), ErrorKind::inadmissible);
}

TEST(NestMorphism, CompositionComparesNestings) {
  auto f = N("(2,(7,2,2)) -(*,*,2,*)-> ((4,2))");  // seed case nest.compose/01
  auto g = N("((4,2)) -(1,3)-> (4,5,2)");
  EXPECT_EQ(S(compose(g, f)), "(2,(7,2,2)) -(*,*,3,*)-> (4,5,2)");
  auto flat_g = N("(4,2) -(1,3)-> (4,5,2)");  // same flattening, other nesting: not composable in Nest
  EXPECT_EQ(kind_of(compose(flat_g, f)), ErrorKind::inadmissible);
  EXPECT_TRUE(compose(flatten(flat_g), flatten(f)));  // ... but their flattenings compose in Tuple
}

TEST(NestMorphism, ConcatenationNestsTheDomains) {
  // After §3.2.6.1: f: (3,(512,512)) -> (2,512,2,512) and g: (2,2) -> (2,512,2,512).
  auto f = N("(3,(512,512)) -(*,2,4)-> (2,512,2,512)");
  auto g = N("(2,2) -(1,3)-> (2,512,2,512)");
  auto fg = concat(f, g);
  EXPECT_EQ(S(fg), "((3,(512,512)),(2,2)) -(*,2,4,1,3)-> (2,512,2,512)");
  EXPECT_EQ(flatten(*fg), *concat(flatten(f), flatten(g)));  // (f,g)^flat = f^flat * g^flat
  EXPECT_EQ(to_layout(*fg), *make_layout({to_layout(f), to_layout(g)}));  // L_(f,g) = (L_f, L_g)
  EXPECT_EQ(kind_of(concat(f, f)), ErrorKind::inadmissible);
  EXPECT_FALSE(is_isomorphism(*fg));  // 3 goes to *
}

TEST(NestMorphism, IdentityAndFlatten) {
  auto id = *NestMorphism::identity(tup(64, tup(8, 8)));
  EXPECT_EQ(to_string(id), "(64,(8,8)) -(1,2,3)-> (64,(8,8))");
  EXPECT_TRUE(is_isomorphism(id));
  EXPECT_EQ(to_string(flatten(id)), "(64,8,8) -(1,2,3)-> (64,8,8)");
  EXPECT_EQ(to_string(to_nest(flatten(id))), "(64,8,8) -(1,2,3)-> (64,8,8)");
  auto bad = NestMorphism::make(tup(2, 3), IntTuple(6), std::vector<Point>{1, star});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("s_1 = 2 differs from t_1 = 6"), std::string::npos) << bad.error().message;
}
