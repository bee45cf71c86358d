#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

struct Case {
  const char *a, *b, *expect;
};

TEST(Composition, SeedExamples) {
  for (auto c : {Case{"(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"},
                 Case{"(2,2):(1,4)", "4:1", "(2,2):(1,4)"},
                 Case{"12:59", "3:4", "3:236"},
                 Case{"(4,8):(13,1)", "8:2", "(2,4):(26,1)"},
                 Case{"(4,2,3):(2,1,8)", "(4,(2,3)):(2,(1,8))", "((2,2),(2,3)):((4,1),(2,8))"},
                 Case{"(4,2,3):(2,1,8)", "4:2", "(2,2):(4,1)"},
                 Case{"(2,2,6):(12,6,1)", "4:2", "(2,2):(6,1)"},
                 Case{"(4,3,1):(3,1,0)", "24:1", "(4,3,2):(3,1,0)"}}) {
    auto a = L(c.a), b = L(c.b);
    auto r = composition(a, b);
    ASSERT_TRUE(r) << c.a << " o " << c.b << ": " << r.error().what();
    EXPECT_EQ(to_string(*r), c.expect) << c.a << " o " << c.b;
    EXPECT_TRUE(composes(*r, a, b));
  }
}

TEST(Composition, ByModeTilers) {
  auto a = L("(12,(4,8)):(59,(13,1))");
  EXPECT_EQ(S(composition(a, T("<3:4,8:2>"))), "(3,(2,4)):(236,(26,1))");
  EXPECT_EQ(S(composition(a, T("<3,8>"))), "(3,(4,2)):(59,(13,1))");
  EXPECT_EQ(S(composition(a, T("<3:4>"))), "(3):(236)");  // the other modes are dropped, as CuTe
  EXPECT_FALSE(composition(a, T("<3,8,2>")));
}

TEST(Composition, InadmissibleIsAnErrorNamingTheCondition) {
  // pycute answers 3:1, but A(B(3)) = A(3) = 4: [0,1,2,4] is no layout.
  auto r = composition(L("(3,2):(1,4)"), L("4:1"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(r.error().message.find("shape divisibility"), std::string::npos) << r.error().message;
  // CuTe answers (2,3):(6,3), wrong at i=2; the composite [0,6,7,8,9,15] is no layout.
  r = composition(L("(4,6):(2,3)"), L("6:3"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(r.error().message.find("does not divide the shape 4"), std::string::npos) << r.error().message;
  r = composition(L("(4,6):(1,5)"), L("2:6"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("stride divisibility"), std::string::npos) << r.error().message;
}

TEST(Composition, OverflowIsAnError) {
  auto r = composition(L("2:4611686018427387904"), L("2:2"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("overflow"), std::string::npos) << r.error().message;
}

// Every result, on random pairs, is the function A o B; every refusal is a real one or CuTe's.
TEST(Composition, RandomPairsTabulate) {
  std::mt19937_64 g(3);
  int accepted = 0;
  for (int n = 0; n < 4000; ++n) {
    auto a = random_layout(g, 6, 30);
    auto b = random_layout(g, 6, 12);
    auto r = composition(a, b);
    if (!r) {
      EXPECT_EQ(r.error().kind, ErrorKind::inadmissible) << r.error().what();
      continue;
    }
    ++accepted;
    EXPECT_TRUE(composes(*r, a, b)) << to_string(a) << " o " << to_string(b);
    EXPECT_TRUE(congruent(profile(b.shape()), profile(b.shape())));
  }
  EXPECT_GT(accepted, 400);
}
