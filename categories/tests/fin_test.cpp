#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;

TEST(Fin, MakeRejectsPointsOutsideTheCodomain) {
  auto a = FinMap::make({2, 1, star, 6}, 6);  // the paper's alpha = (2,1,*,6)
  ASSERT_TRUE(a);
  EXPECT_EQ((*a)(1), 2u);
  EXPECT_EQ((*a)(3), star);
  EXPECT_EQ((*a)(star), star);
  auto bad = FinMap::make({1, 7}, 6);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(bad.error().message.find("alpha(2) = 7"), std::string::npos) << bad.error().message;
}

TEST(Fin, TractableInjectiveBijective) {
  EXPECT_TRUE(is_tractable(*FinMap::make({2, 1, star, 6}, 6)));
  EXPECT_TRUE(is_tractable(*FinMap::make({star, 1, 2, 3, star}, 3)));  // the paper's beta
  EXPECT_TRUE(is_tractable(*FinMap::make({star, star}, 0)));           // pi = (*, ..., *)
  EXPECT_TRUE(is_tractable(*FinMap::make({}, 4)));                     // delta = ()
  EXPECT_FALSE(is_tractable(*FinMap::make({1, 1}, 2)));
  EXPECT_FALSE(is_injective(*FinMap::make({star, 1}, 2)));
  EXPECT_TRUE(is_injective(*FinMap::make({3, 1}, 3)));
  EXPECT_FALSE(is_bijective(*FinMap::make({3, 1}, 3)));
  EXPECT_TRUE(is_bijective(*FinMap::make({2, 3, 1}, 3)));
  EXPECT_EQ(image(*FinMap::make({3, star, 1}, 3)), (std::vector<Point>{1, 3}));
}

TEST(Fin, ComposeSendsStarToStar) {
  auto alpha = *FinMap::make({2, star, 1}, 2);
  auto beta = *FinMap::make({star, 3}, 3);
  auto ba = compose(beta, alpha);
  ASSERT_TRUE(ba);
  EXPECT_EQ(ba->values(), (std::vector<Point>{3, star, star}));
  EXPECT_EQ(ba->n(), 3u);
  auto bad = compose(alpha, alpha);  // <3>_* -> <2>_* cannot follow itself
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_EQ(*compose(FinMap::identity(2), alpha), alpha);
}

TEST(Fin, SumShiftsTheSecondMap) {
  auto s = sum(*FinMap::make({2, 1, star}, 3), *FinMap::make({1, star}, 2));
  EXPECT_EQ(s.values(), (std::vector<Point>{2, 1, star, 4, star}));
  EXPECT_EQ(s.n(), 5u);
  EXPECT_TRUE(is_tractable(s));
}

TEST(Fin, ConcatNeedsDisjointImages) {
  auto a = *FinMap::make({1, star}, 4);
  auto b = *FinMap::make({3, 2}, 4);
  ASSERT_TRUE(disjoint_images(a, b));
  auto ab = concat(a, b);
  ASSERT_TRUE(ab);
  EXPECT_EQ(ab->values(), (std::vector<Point>{1, star, 3, 2}));
  auto c = *FinMap::make({2}, 4);
  auto bad = concat(b, c);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_FALSE(concat(a, *FinMap::make({1}, 3)));  // different codomains
}
