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

TEST(NestRefinement, RandomPullbacksAndPushforwardsKeepTheRealization) {
  std::mt19937_64 g(21);
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_morphism(g, 12));
    auto t2 = random_refinement(g, f.codomain());
    auto p = pullback(f, t2);
    ASSERT_TRUE(p) << to_string(f) << " along " << to_string(t2) << ": " << p.error().what();
    EXPECT_EQ(p->codomain(), t2);
    EXPECT_TRUE(refines(p->domain(), f.domain())) << to_string(*p);
    EXPECT_EQ(*tabulate(*p), *tabulate(f)) << to_string(f) << " pulled back: " << to_string(*p);
    auto s2 = random_refinement(g, f.domain());
    auto q = pushforward(f, s2);
    ASSERT_TRUE(q) << to_string(f) << " along " << to_string(s2) << ": " << q.error().what();
    EXPECT_EQ(q->domain(), s2);
    EXPECT_TRUE(refines(q->codomain(), f.codomain())) << to_string(*q);
    EXPECT_EQ(*tabulate(*q), *tabulate(f)) << to_string(f) << " pushed forward: " << to_string(*q);
  }
}
