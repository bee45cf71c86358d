#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

TEST(Pullback, RefinesTheDomainAlongTheCodomain) {
  auto f = N("(4,3) -(1,*)-> (4,5)");
  auto p = pullback(f, tup(tup(2, 2), 5));
  EXPECT_EQ(S(p), "((2,2),3) -(1,2,*)-> ((2,2),5)");
  EXPECT_EQ(*tabulate(*p), *tabulate(f));  // the key property: same realization
  EXPECT_TRUE(same_function(to_layout(*p), to_layout(f)));
  auto q = pullback(N("((4,6)) -(2,1)-> (6,4)"), tup(tup(2, 3), tup(tup(2), 2)));
  EXPECT_EQ(S(q), "((((2),2),(2,3))) -(3,4,1,2)-> ((2,3),((2),2))");
  auto bad = pullback(f, tup(3, 5));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(bad.error().message.find("(3,5) does not refine the codomain (4,5)"), std::string::npos)
      << bad.error().message;
}

TEST(Pushforward, RefinesTheCodomainAlongTheDomain) {
  auto g = N("(4,3) -(2,*)-> (5,4)");
  auto p = pushforward(g, tup(tup(2, 2), tup(3)));
  EXPECT_EQ(S(p), "((2,2),(3)) -(2,3,*)-> (5,(2,2))");
  EXPECT_EQ(*tabulate(*p), *tabulate(g));
  EXPECT_EQ(kind_of(pushforward(g, tup(4, 2))), ErrorKind::inadmissible);
}

// A random refinement: each entry t becomes t, or (d, t/d) for a divisor d, possibly nested deeper.
static IntTuple random_refinement(std::mt19937_64& g, IntTuple const& t) {
  if (!t.is_leaf()) {
    std::vector<IntTuple> c;
    for (auto const& x : t.children()) c.push_back(random_refinement(g, x));
    return IntTuple(std::move(c));
  }
  std::vector<Int> divisors;
  for (Int d = 1; d <= t.value(); ++d)
    if (t.value() % d == 0) divisors.push_back(d);
  if (uniform(g, 0, 2) == 0) return t;
  Int d = divisors[static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(divisors.size()) - 1))];
  return tup(random_refinement(g, IntTuple(d)), IntTuple(t.value() / d));
}

// f refined by `refine` along `along`, a refinement of f's side `side` (pullback: along the codomain;
// pushforward: along the domain): the result has `along` on that side, a refinement of f's other
// side on the other, and f's realization.
using Side = IntTuple const& (NestMorphism::*)() const;
static void expect_refined_along(NestMorphism const& f, IntTuple const& along,
                                 Result<NestMorphism> (*refine)(NestMorphism const&, IntTuple const&), Side side,
                                 Side other, char const* how) {
  auto r = refine(f, along);
  ASSERT_TRUE(r) << to_string(f) << " along " << to_string(along) << ": " << r.error().what();
  EXPECT_EQ(((*r).*side)(), along);
  EXPECT_TRUE(refines(((*r).*other)(), (f.*other)())) << to_string(*r);
  EXPECT_EQ(*tabulate(*r), *tabulate(f)) << to_string(f) << " " << how << ": " << to_string(*r);
}

TEST(NestRefinement, RandomPullbacksAndPushforwardsKeepTheRealization) {
  std::mt19937_64 g(21);
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_morphism(g, 12));
    auto t2 = random_refinement(g, f.codomain());
    ASSERT_NO_FATAL_FAILURE(
        expect_refined_along(f, t2, pullback, &NestMorphism::codomain, &NestMorphism::domain, "pulled back"));
    auto s2 = random_refinement(g, f.domain());
    ASSERT_NO_FATAL_FAILURE(
        expect_refined_along(f, s2, pushforward, &NestMorphism::domain, &NestMorphism::codomain, "pushed forward"));
  }
}
