#include "testing.hpp"

#include <set>

using namespace catlayout;
using namespace catlayout::testing;

TEST(Complement, SeedExamples) {  // the blogs' tables and the paper's non-unique example
  struct C {
    const char* a;
    Int n;
    const char* expect;
  };
  for (auto c : {C{"4:1", 24, "6:4"}, C{"6:4", 24, "4:1"}, C{"4:2", 24, "(2,3):(1,8)"},
                 C{"(2,4):(1,6)", 24, "3:2"}, C{"(4,6):(1,4)", 24, "1:0"}, C{"(2,2):(1,6)", 24, "(3,2):(2,12)"},
                 C{"(2,2):(4,1)", 24, "(2,3):(2,8)"}, C{"(2,2):(1,50)", 100, "25:2"}}) {
    EXPECT_EQ(S(complement(L(c.a), c.n)), c.expect) << c.a;
  }
}

// CuTe's post-conditions of comp(A, N), by tabulation: (filter(A), C) injective, C strictly
// increasing, C meets A only at 0, C's last mode reaches the least multiple of A's extent >= N;
// inside the categorical fragment also (filter(A), C) compact (Prop. 2.1.6.21).
TEST(Complement, CuTePostConditionsAndCompactInsideTheFragment) {
  std::mt19937_64 g(5);
  int inside = 0, outside = 0;
  for (int n = 0; n < 4000; ++n) {
    auto a = random_layout(g, 4, 16);
    Int target = std::uniform_int_distribution<Int>(1, 200)(g);
    auto c = complement(a, target);
    auto frag = complementability(a, target);
    if (!c) {
      EXPECT_EQ(c.error().kind, ErrorKind::not_complementable);
      // CuTe's quotient d_i / (s_{i-1} d_{i-1}) is 0: the sorted modes interleave (or overlap).
      EXPECT_NE(c.error().message.find("overlaps the modes below it"), std::string::npos) << c.error().message;
      EXPECT_FALSE(frag.complementable);
      continue;
    }
    EXPECT_TRUE(is_coalesced(*c)) << to_string(*c);
    auto fa = filter(a);
    auto both = *make_layout({fa, *c});
    EXPECT_TRUE(is_injective(both)) << to_string(a) << " with " << to_string(*c);
    for (Int j = 1; j < c->size(); ++j) EXPECT_LT((*c)(j - 1), (*c)(j)) << to_string(*c);
    auto ta = tabulate(fa);
    std::set<Int> image(ta.begin(), ta.end());
    for (Int j = 1; j < c->size(); ++j) EXPECT_FALSE(image.count((*c)(j))) << to_string(a) << " meets " << to_string(*c);
    Int extent = 1, reach = 1;
    auto fm = flat_modes(fa), fc = flat_modes(*c);
    for (std::size_t i = 0; i < fm.shape.size(); ++i) extent = std::max(extent, fm.shape[i] * fm.stride[i]);
    reach = extent;
    for (std::size_t i = 0; i < fc.shape.size(); ++i) reach = std::max(reach, fc.shape[i] * fc.stride[i]);
    EXPECT_TRUE(reach >= target && reach % extent == 0 && reach - extent < target)
        << to_string(a) << " N=" << target << ": reach " << reach << ", extent " << extent;
    if (frag.complementable) {
      ++inside;
      EXPECT_EQ(cosize(both), both.size()) << to_string(a) << " with " << to_string(*c) << " is not compact";
      EXPECT_EQ(frag.n_complementable, target % extent == 0);
      EXPECT_EQ(S(complement(a, target, Convention::categorical)), S(c));
    } else {
      ++outside;
      EXPECT_NE(frag.why.find("is not a multiple of"), std::string::npos) << frag.why;
      auto strict = complement(a, target, Convention::categorical);
      ASSERT_FALSE(strict) << to_string(a);
      EXPECT_EQ(strict.error().kind, ErrorKind::not_complementable);
    }
  }
  EXPECT_GT(inside, 300);
  EXPECT_GT(outside, 30);
}

// The seven calls of the fidelity report: CuTe's answer (CuTe C++ 4.2, static integers), or the
// refusal where CuTe static_asserts or its layout is not A(B(i)).
TEST(Complement, CuTesAnswersOutsideTheFragment) {
  EXPECT_EQ(S(complement(L("(3,5):(1,7)"), 60)), "(2,2):(3,35)");
  EXPECT_EQ(S(complement(L("(4,3):(1,9)"), 72)), "(2,3):(4,27)");
  EXPECT_EQ(S(logical_product(L("(2,3):(1,5)"), T("4:1"))), "((2,3),(2,2)):((1,5),(2,15))");
  EXPECT_EQ(S(logical_divide(L("40:1"), T("(2,3):(1,5)"))), "((2,3),(2,3)):((1,5),(2,15))");
  auto overlap = complement(L("(2,3):(3,5)"), 40);  // CuTe: "Non-injective Layout detected in complement"
  ASSERT_FALSE(overlap);
  EXPECT_EQ(overlap.error().kind, ErrorKind::not_complementable);
  EXPECT_NE(overlap.error().message.find("overlaps the modes below it, which reach 6"), std::string::npos);
  // --strict (Convention::categorical) gives back the categorical refusals.
  for (auto [a, n] : {std::pair{"(3,5):(1,7)", 60}, std::pair{"(4,3):(1,9)", 72}}) {
    auto strict = complement(L(a), n, Convention::categorical);
    ASSERT_FALSE(strict) << a;
    EXPECT_EQ(strict.error().kind, ErrorKind::not_complementable);
    EXPECT_FALSE(complementability(L(a), n).complementable);
  }
  EXPECT_EQ(logical_product(L("(2,3):(1,5)"), T("4:1"), Convention::categorical).error().kind, ErrorKind::inadmissible);
  EXPECT_EQ(logical_divide(L("40:1"), T("(2,3):(1,5)"), Convention::categorical).error().kind, ErrorKind::inadmissible);
  // The tiles of the divide are still B's images, and (B, comp(B)) is injective.
  auto d = *logical_divide(L("40:1"), T("(2,3):(1,5)"));
  EXPECT_TRUE(is_injective(d));
  EXPECT_EQ(d.mode(0), L("(2,3):(1,5)"));
}

TEST(Complement, FragmentSaysWhy) {
  auto in = complementability(L("(2,2):(1,6)"), 24);
  EXPECT_TRUE(in.complementable && in.n_complementable) << in.why;
  auto ceil = complementability(L("4:1"), 6);
  EXPECT_TRUE(ceil.complementable);
  EXPECT_FALSE(ceil.n_complementable);
  EXPECT_NE(ceil.why.find("N = 6 is not a multiple of 4"), std::string::npos) << ceil.why;
  auto out = complementability(L("(2,2):(1,3)"), 24);
  EXPECT_FALSE(out.complementable);
  EXPECT_NE(out.why.find("stride 3 of mode 2:3"), std::string::npos) << out.why;
  EXPECT_NE(out.why.find("not a multiple of 2"), std::string::npos) << out.why;
}

TEST(Complement, ErrorsSayWhy) {
  auto e = complement(L("(2,2):(1,1)"), 8);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::not_complementable);
  EXPECT_NE(e.error().message.find("overlaps"), std::string::npos) << e.error().message;
  e = complement(L("(2,2):(1,3)"), 24, Convention::categorical);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not a multiple of 2"), std::string::npos) << e.error().message;
  EXPECT_EQ(S(complement(L("(2,2):(1,3)"), 24)), "4:6");  // CuTe: 3/2 = 1, then ceil(24/6) = 4
  e = complement(L("4:-1"), 8);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("negative"), std::string::npos);
  e = complement(L("4:1"), 0);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::invalid_input);
}
