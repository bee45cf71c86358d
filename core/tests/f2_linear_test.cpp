// F2-linear layouts (docs/beyond-integers.md) and the cross-checks between the three stride semimodules:
// integers (CuTe layouts), coordinates (identity layouts) and F2 bit space (linear layouts).
#include <sstream>

#include "catlayout/core/f2_linear.hpp"
#include "catlayout/generators/seeded.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;
using catlayout::generators::random_pow2_layout;

namespace {

ComposedLayout CL(std::string_view s) {
  auto r = parse_composed_layout(s);
  if (!r) throw std::invalid_argument(r.error().what());
  return *r;
}

LinearLayout F(std::vector<std::uint64_t> b, int out) { return *LinearLayout::make(std::move(b), out); }

Swizzle random_swizzle(std::mt19937_64& g, int n) {
  if (n < 2) return Swizzle{};
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); };
  int b = u(1, std::min(3, n / 2));
  int s = u(b, n - b);
  int m = u(0, std::min(8, n - s - b));  // to_cute searches M <= 8
  return *Swizzle::make(b, m, u(0, 3) == 0 ? -s : s);
}

bool same_function(ComposedLayout const& a, ComposedLayout const& b) {
  if (a.size() != b.size()) return false;
  for (Int i = 0; i < a.size(); ++i)
    if (*evaluate(a, i) != *evaluate(b, i)) return false;
  return true;
}

}  // namespace

TEST(Linear, FromLayoutExamples) {
  auto f = to_linear(L("(8,64):(64,1)"));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->bases(), (std::vector<std::uint64_t>{64, 128, 256, 1, 2, 4, 8, 16, 32}));
  EXPECT_EQ(f->in_bits(), 9);
  EXPECT_EQ(f->out_bits(), 9);
  auto s = to_linear(CL("Sw<3,4,3> o (8,64):(64,1)"));
  ASSERT_TRUE(s);  // rows 2 and 4 (bits 7, 8) also flip the 16-element chunk bits 4, 5
  EXPECT_EQ(s->bases(), (std::vector<std::uint64_t>{64, 128 | 16, 256 | 32, 1, 2, 4, 8, 16, 32}));
  EXPECT_EQ(to_linear(L("(2,4):(0,1)"))->bases(), (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(to_linear(L("1:0"))->in_bits(), 0);
}

TEST(Linear, NotRepresentableNamesTheBits) {
  auto r = to_linear(L("(4,2):(3,16)"));  // 3 and 6 share bit 1: 1 + 2 = 3 but 3 ^ 6 = 5
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::not_representable);
  EXPECT_EQ(r.error().message.rfind("input bits 0 and 1", 0), 0u) << r.error().message;
  EXPECT_NE(r.error().message.find("share output bit 1"), std::string::npos) << r.error().message;
  r = to_linear(L("(4,4):(1,2)"));  // overlapping modes
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("input bits 1 and 2"), std::string::npos) << r.error().message;
  r = to_linear(L("(6,4):(1,8)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("shape 6 of mode 0"), std::string::npos) << r.error().message;
  r = to_linear(L("4:-1"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("negative"), std::string::npos);
  r = to_linear(CL("Sw<1,0,1> o 4 o 4:1"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("affine"), std::string::npos);
}

TEST(Linear, ToCuteExamples) {
  EXPECT_EQ(to_string(to_cute(*to_linear(L("(8,64):(64,1)")))->layout), "(8,64):(64,1)");
  EXPECT_EQ(to_string(to_cute(*to_linear(L("((2,4),(2,8)):((1,4),(2,32))")))->layout), "(2,4,2,8):(1,4,2,32)");
  auto c = to_cute(*to_linear(CL("Sw<3,4,3> o (8,128):(128,1)")));
  ASSERT_TRUE(c);
  EXPECT_EQ(to_string(*c), "Sw<3,4,3> o 0 o (8,128):(128,1)");
  c = to_cute(*to_linear(CL("Sw<2,1,-3> o 64:1")));
  ASSERT_TRUE(c);
  EXPECT_EQ(to_string(*c), "Sw<2,1,-3> o 0 o 64:1");
  auto r = to_cute(F({3, 3}, 2));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::not_representable);
  EXPECT_EQ(to_string(*to_cute(F({}, 0))), "Sw<0,0,0> o 0 o 1:0");
}

// A layout's bases need only be pairwise bit-disjoint (its sum is then the XOR), not powers of two:
// F itself is answered plain, and a swizzle may leave any such layout (the specification found
// {25,18,4,0} refused, which Sw<1,0,-4> o 0 o (4,2,2):(9,4,0) computes). Every answer on 3 input
// bits and 4 output bits is F's function, and a bit-disjoint F comes back without a swizzle.
TEST(Linear, ToCuteTakesAnyLayout) {
  EXPECT_EQ(to_string(*to_cute(F({5}, 3))), "Sw<0,0,0> o 0 o 2:5");
  auto c = to_cute(F({25, 18, 4, 0}, 6));
  ASSERT_TRUE(c) << c.error().what();
  for (Int i = 0; i < 16; ++i) EXPECT_EQ(*evaluate(*c, i), static_cast<Int>(F({25, 18, 4, 0}, 6)(i))) << i;
  int answered = 0;
  for (std::uint64_t a = 0; a < 16; ++a)
    for (std::uint64_t b = 0; b < 16; ++b)
      for (std::uint64_t d = 0; d < 16; ++d) {
        auto f = F({a, b, d}, 4);
        auto r = to_cute(f);
        if (!r) continue;
        ++answered;
        for (Int i = 0; i < 8; ++i) ASSERT_EQ(*evaluate(*r, i), static_cast<Int>(f(i))) << to_string(f) << " at " << i;
        bool disjoint = !(a & b) && !(a & d) && !(b & d);
        if (disjoint) {
          ASSERT_EQ(r->sw.bits, 0) << to_string(f);
        }
      }
  EXPECT_GE(answered, 1000);  // of the 4096 maps
}

// The three forms of one layout agree wherever it has all of them: for a random power-of-two
// layout L with disjoint-bit strides, L(i) == F2(L)(i) == L(I(i)) with I = make_identity_layout
// (the coordinate layout composed with the integer strides), and L o I tabulates to L.
TEST(Linear, EvaluationAgreesAcrossTheThreeForms) {
  std::mt19937_64 g(31);
  for (int t = 0; t < 1000; ++t) {
    int n = std::uniform_int_distribution<int>(0, 8)(g);
    auto l = random_pow2_layout(g, n, std::uniform_int_distribution<int>(0, 3)(g));
    auto f = to_linear(l);
    ASSERT_TRUE(f) << to_string(l) << ": " << f.error().what();
    ASSERT_EQ(f->in_bits(), n);
    auto id = make_identity_layout(l.shape());
    auto li = composition(l, id);
    ASSERT_TRUE(li) << to_string(l);
    auto li_l = li->to_layout();
    ASSERT_TRUE(li_l);
    for (Int i = 0; i < l.size(); ++i) {
      ASSERT_EQ(static_cast<Int>((*f)(static_cast<std::uint64_t>(i))), l(i)) << to_string(l) << " at " << i;
      ASSERT_EQ(*l.at_coord(id(i)), l(i)) << to_string(l) << " at " << i;
      ASSERT_EQ((*li_l)(i), l(i)) << to_string(l) << " o I = " << to_string(*li) << " at " << i;
    }
  }
}

// CuTe -> F2 -> CuTe is the identity up to coalesce on plain layouts; on swizzled ones the
// function comes back, and the swizzle's parameters too when the layout is a permutation of
// at least the swizzle's bits (otherwise an unused bit may let a smaller swizzle do).
TEST(Linear, RoundTrips) {
  std::mt19937_64 g(32);
  int plain = 0, swizzled = 0, same_params = 0;
  for (int t = 0; t < 3000; ++t) {
    int n = std::uniform_int_distribution<int>(0, 10)(g);
    int extra = std::uniform_int_distribution<int>(0, 2)(g);
    auto l = random_pow2_layout(g, n, extra);
    auto back = to_cute(*to_linear(l));
    ASSERT_TRUE(back) << to_string(l);
    ASSERT_TRUE(is_plain(*back));
    ASSERT_EQ(to_string(back->layout), to_string(coalesce(l))) << to_string(l);
    ++plain;

    auto sw = random_swizzle(g, n + extra);
    ComposedLayout c{sw, 0, l};
    auto f = to_linear(c);
    ASSERT_TRUE(f) << to_string(c);
    for (Int i = 0; i < c.size(); ++i)
      ASSERT_EQ(static_cast<Int>((*f)(static_cast<std::uint64_t>(i))), *evaluate(c, i)) << to_string(c);
    auto cb = to_cute(*f);
    ASSERT_TRUE(cb) << to_string(c) << ": " << cb.error().what();
    ASSERT_TRUE(same_function(*cb, c)) << to_string(c) << " came back as " << to_string(*cb);
    ASSERT_EQ(*to_linear(*cb), *f);
    ++swizzled;
    if (extra == 0 && !sw.is_identity() && n >= sw.span_bits()) {
      ASSERT_EQ(cb->sw, sw) << to_string(c) << " came back as " << to_string(*cb);
      ++same_params;
    }
  }
  EXPECT_EQ(plain, 3000);
  EXPECT_GT(same_params, 500);
}

TEST(Linear, CompositionIsTheMatrixProduct) {
  std::mt19937_64 g(33);
  int layouts = 0;
  for (int t = 0; t < 2000; ++t) {
    int n = std::uniform_int_distribution<int>(1, 8)(g);
    auto a = random_pow2_layout(g, n, 0);  // a permutation of n bits
    ComposedLayout ca{random_swizzle(g, n), 0, a};
    auto fa = *to_linear(ca);
    int m = std::uniform_int_distribution<int>(0, n)(g);
    auto b = random_pow2_layout(g, m, n - m);  // injective into n bits
    auto fb = *to_linear(b);
    auto r = composition(fa, fb);
    ASSERT_TRUE(r) << to_string(fa) << " o " << to_string(fb);
    for (Int i = 0; i < (Int{1} << m); ++i)
      ASSERT_EQ((*r)(static_cast<std::uint64_t>(i)), fa(fb(static_cast<std::uint64_t>(i))));
    // Where CuTe composes the layouts, its result is the same F2 map.
    if (auto ab = composition(a, b)) {
      ++layouts;
      auto fab = to_linear(*ab);
      ASSERT_TRUE(fab) << to_string(*ab);
      auto plain = composition(*to_linear(a), fb);
      ASSERT_EQ(fab->bases(), plain->bases()) << to_string(a) << " o " << to_string(b);
    }
  }
  EXPECT_GT(layouts, 500);
  auto r = composition(F({1, 2}, 2), F({4}, 3));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("has bit 2"), std::string::npos) << r.error().message;
}

TEST(Linear, InverseByGaussianElimination) {
  std::mt19937_64 g(34);
  for (int t = 0; t < 2000; ++t) {
    int n = std::uniform_int_distribution<int>(0, 10)(g);
    ComposedLayout c{random_swizzle(g, n), 0, random_pow2_layout(g, n, 0)};
    auto f = *LinearLayout::make(to_linear(c)->bases(), n);
    auto inv = inverse(f);
    ASSERT_TRUE(inv) << to_string(c) << ": " << inv.error().what();
    for (Int i = 0; i < f.size(); ++i) {
      auto x = static_cast<std::uint64_t>(i);
      ASSERT_EQ((*inv)(f(x)), x);
      ASSERT_EQ(f((*inv)(x)), x);
    }
  }
  // Random square matrices: invertible exactly when the elimination says so.
  for (int t = 0; t < 2000; ++t) {
    int n = std::uniform_int_distribution<int>(1, 5)(g);
    std::vector<std::uint64_t> b;
    for (int k = 0; k < n; ++k) b.push_back(std::uniform_int_distribution<std::uint64_t>(0, (1u << n) - 1)(g));
    auto f = F(b, n);
    std::vector<bool> hit(std::size_t{1} << n, false);
    bool bijective = true;
    for (std::uint64_t x = 0; x < (1u << n); ++x) {
      if (hit[f(x)]) bijective = false;
      hit[f(x)] = true;
    }
    auto inv = inverse(f);
    ASSERT_EQ(bool(inv), bijective) << to_string(f);
    if (inv)
      for (std::uint64_t x = 0; x < (1u << n); ++x) ASSERT_EQ((*inv)(f(x)), x);
    else
      ASSERT_NE(inv.error().message.find("XOR to 0"), std::string::npos);
  }
  auto r = inverse(F({1, 2}, 3));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("not square"), std::string::npos);
  r = inverse(F({1, 2, 3}, 3));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("input bits {0,1,2} XOR to 0"), std::string::npos) << r.error().message;
  // A swizzle's matrix is its own inverse.
  auto s = *to_linear(*Swizzle::make(3, 4, 3), 12);
  EXPECT_EQ(*inverse(s), s);
}


