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

// A o B, checked: a refusal is `inadmissible`, an answer is the function A(B(i)) (A odd).
static Result<Layout> composition_tabulated(Layout const& a, Layout const& b) {
  auto r = composition(a, b);
  if (!r)
    EXPECT_EQ(r.error().kind, ErrorKind::inadmissible) << r.error().what();
  else
    EXPECT_TRUE(composes(*r, a, b)) << to_string(a) << " o " << to_string(b);
  return r;
}

// Every result, on random pairs, is the function A o B; every refusal is a real one or CuTe's.
TEST(Composition, RandomPairsTabulate) {
  int accepted = answered_random_pairs(3, 4000, {6, 30}, {6, 12}, composition_tabulated,
                                       [](Layout const&, Layout const& b, Layout const& r) {
                                         // B's top-level modes stay
                                         if (!b.shape().is_leaf()) { EXPECT_EQ(r.rank(), b.rank()) << to_string(r); }
                                       });
  EXPECT_GT(accepted, 400);
}

// Negative strides in B: A is odd on negative arguments, A(-x) = -A(x), so A o n:-r = -(A o n:r).
TEST(Composition, NegativeStridesByOddness) {
  EXPECT_EQ(S(composition(L("(2,3):(2,1)"), L("6:-1"))), "(2,3):(-2,-1)");  // CuTe's answer
  EXPECT_TRUE(composes(L("(2,3):(-2,-1)"), L("(2,3):(2,1)"), L("6:-1")));
  // CuTe answers (2,2):(-9,-1): A(-3) = -9 but A(-6) = -A(6) = -7, not -1.
  auto r = composition(L("(4,3):(3,1)"), L("4:-3"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(r.error().message.find("A(-x) = -A(x)"), std::string::npos) << r.error().message;
  EXPECT_FALSE(composes(L("(2,2):(-9,-1)"), L("(4,3):(3,1)"), L("4:-3")));
  // Size-1 modes with a negative stride: the mode is evaluated at 0 only; CuTe keeps its stride.
  EXPECT_EQ(S(composition(L("(4,3):(1,5)"), L("1:-1"))), "1:-5");
  EXPECT_EQ(S(composition(L("(4,3):(1,5)"), L("(4,1):(1,-1)"))), "(4,1):(1,-5)");
  EXPECT_EQ(S(composition(L("(4,3):(1,5)"), L("(1,3):(-7,4)"))), "(1,3):(-10,5)");
  // Strides of both signs: checked by tabulation.
  EXPECT_EQ(S(composition(L("(4,2):(1,100)"), L("(2,2):(1,-1)"))), "(2,2):(1,-1)");
  r = composition(L("(2,2):(1,10)"), L("(2,2):(1,-2)"));  // B(1,1) = -1: A(-1) = -1, the modes give 1 - 10
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("both signs"), std::string::npos) << r.error().message;
}

// Random B with negative strides: every answer is A(B(i)) under oddness, and an all-negative B
// gives the negation of A o |B|.
TEST(Composition, RandomNegativeStridesTabulate) {
  std::mt19937_64 g(31);
  int accepted = 0, mixed = 0;
  for (int n = 0; n < 4000; ++n) {
    auto a = random_layout(g, 6, 30);
    auto pos = random_layout(g, 6, 12);
    auto fb = flat_modes(pos);
    std::uniform_int_distribution<int> coin(0, 2);
    bool all = coin(g) == 0;
    Ints neg_stride = fb.stride;  // size-1 modes keep theirs: CuTe's walk, not the negation, treats them
    for (std::size_t i = 0; i < neg_stride.size(); ++i)
      if (fb.shape[i] > 1 && (all || coin(g))) neg_stride[i] = -neg_stride[i];
    auto b = *from_flat(FlatLayout{fb.shape, neg_stride});
    auto r = composition_tabulated(a, b);
    if (!r) continue;
    ++accepted;
    if (all) {
      auto p = composition(a, *from_flat(fb));
      ASSERT_TRUE(p) << to_string(a) << " o " << to_string(b) << " = " << to_string(*r) << " yet o |B| is refused";
      auto fp = flat_modes(*p), fr = flat_modes(*r);
      EXPECT_EQ(fp.shape, fr.shape);
      for (std::size_t i = 0; i < fp.stride.size(); ++i)  // B's size-1 modes stay positive
        if (fp.shape[i] > 1) { EXPECT_EQ(fp.stride[i], -fr.stride[i]) << to_string(*r); }
    } else {
      ++mixed;
    }
  }
  EXPECT_GT(accepted, 400);
  EXPECT_GT(mixed, 100);
}
