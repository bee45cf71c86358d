// Chains of layouts, offsets and swizzles (CuTe's nested ComposedLayout, cute/layout_composed.hpp):
// CuTe's answers where they nest, read and written as CuTe prints them, and tabulated against the
// function composition of their parts.
#include <algorithm>
#include <numeric>

#include "testing.hpp"
#include "catlayout/core/notation.hpp"

namespace catlayout {
namespace {

using testing::L;

ComposedChain C(std::string_view s) { return testing::parsed(parse_composed_chain(s)); }
ComposedLayout CL(std::string_view s) { return testing::parsed(parse_composed_layout(s)); }

// A(B(i)) for every i of B's domain, A extended past its size (what composition guarantees).
void expect_composes(ComposedChain const& r, ComposedLayout const& a, ComposedLayout const& b) {
  ASSERT_EQ(r.size(), b.size());
  for (Int i = 0; i < b.size(); ++i) {
    Int x = *evaluate(b, i);
    Int want = a.sw(a.offset + *odd_extended(a.layout, x));
    ASSERT_EQ(*evaluate(r, i), want) << "i = " << i << " in " << to_string(r);
  }
}

// CUTLASS test/unit/cute/core/composition.cpp:509 (the "Swizzle composition" block): a swizzled layout
// composed with a swizzled layout; CuTe prints Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8).
TEST(ComposedChain, CutlassCompositionOfTwoSwizzledLayouts) {
  auto a = CL("Sw<2,0,3> o _0 o (_8,_8):(_8,_1)");
  auto b = CL("Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)");
  auto r = composition(a, b);
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*r, Notation::cute), "Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)");
  expect_composes(*r, a, b);
}

// CuTe's answer for Sw<1,4,3> o (8,32):(32,1) composed with Sw<2,3,3> o (32,8):(1,32), right by tabulation.
TEST(ComposedChain, TwoSwizzlesCuteAnswer) {
  auto a = CL("Sw<1,4,3> o _0 o (_8,_32):(_32,_1)");
  auto b = CL("Sw<2,3,3> o _0 o (_32,_8):(_1,_32)");
  auto r = composition(a, b);
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*r, Notation::cute), "Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o ((_8,_4),_8):((_32,_1),_4)");
  EXPECT_EQ(to_string(*r), "Sw<1,4,3> o 0 o Sw<2,0,3> o 0 o ((8,4),8):((32,1),4)");
  expect_composes(*r, a, b);
}

// cute/layout_composed.hpp composition(Swizzle<0,M,S>, _0, L) = L: an identity inner swizzle leaves one.
TEST(ComposedChain, IdentityInnerSwizzleIsOneSwizzle) {
  auto a = CL("Sw<3,4,3> o 0 o (8,64):(64,1)");
  auto b = ComposedLayout{Swizzle{0, 0, 3}, 0, L("4:1")};
  auto r = composition(a, b);
  ASSERT_TRUE(r) << r.error().what();
  ASSERT_TRUE(single(*r));
  EXPECT_EQ(to_string(*single(*r)), "Sw<3,4,3> o 0 o 4:64");
  expect_composes(*r, a, b);
  auto two = composition(a, CL("Sw<1,0,3> o 0 o 4:1"));  // make_swizzle<A(8), A(1)> = Sw<1,0,-6>: two swizzles
  ASSERT_TRUE(two) << two.error().what();
  EXPECT_EQ(to_string(*two), "Sw<3,4,3> o 0 o Sw<1,0,-6> o 0 o 4:64");
}

// cute/swizzle_layout.hpp right_inverse/left_inverse with a nonzero offset: inverse(L) o -off o sw.
TEST(ComposedChain, InversesWithAnOffset) {
  auto c = CL("Sw<2,0,3> o 8 o (8,8):(8,1)");
  auto r = right_inverse(c);
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*r, Notation::cute), "(_8,_8):(_8,_1) o _-8 o Sw<2,0,3>");
  for (Int j = 0; j < r->size(); ++j) {
    Int x = *domain_point(*r, j);
    EXPECT_EQ(*evaluate(c, *apply(*r, x)), x) << "x = " << x;
  }
  auto l = left_inverse(c);
  ASSERT_TRUE(l) << l.error().what();
  EXPECT_EQ(to_string(*l, Notation::cute), "(_8,_8):(_8,_1) o _-8 o Sw<2,0,3>");
  for (Int i = 0; i < c.size(); ++i) EXPECT_EQ(*apply(*l, *evaluate(c, i)), i);
}

TEST(ComposedChain, ReadsAndWritesCutesPrint) {
  for (char const* text : {"Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o ((_8,_4),_8):((_32,_1),_4)",
                           "(_8,_8):(_8,_1) o _-8 o Sw<2,0,3>", "Sw<2,0,3> o _0 o (_8,_8):(_8,_1) o _4 o Sw<1,0,3>"}) {
    auto c = parse_composed_chain(text);
    ASSERT_TRUE(c) << text << ": " << c.error().what();
    EXPECT_EQ(to_string(*c, Notation::cute), text);
    EXPECT_EQ(*parse_composed_chain(to_string(*c)), *c);  // catlayout's notation back
  }
  // Offsets left out are 0 (as the composed reader): Sw<2,0,3> o Sw<2,0,3> o (8,8):(1,8).
  auto short_form = C("Sw<2,0,3> o Sw<2,0,3> o (8,8):(1,8)");
  EXPECT_EQ(to_string(short_form, Notation::cute), "Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)");
  // CuTe DSL's S<B,M,S> and pycute's SW_B_M_S spellings of the swizzles.
  EXPECT_EQ(C("S<2,0,3> o 0 o SW_2_0_3 o 0 o (8,8):(1,8)"), short_form);
  EXPECT_EQ(single(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")), CL("Sw<3,4,3> o 0 o (8,64):(64,1)"));
  EXPECT_FALSE(single(short_form));
}

TEST(ComposedChain, RefusesMalformedText) {
  EXPECT_TRUE(testing::refused_saying(parse_composed_chain("Sw<1,2,3> o Sw<1,2,3>"), "needs a layout"));
  EXPECT_FALSE(parse_composed_chain("Sw<1,2,3> o"));
  EXPECT_FALSE(parse_composed_chain("Sw<1,2,3> o 0 o"));
  EXPECT_FALSE(parse_composed_chain("(8,8):(8,1)"));  // one function: a layout, not a chain
  EXPECT_FALSE(parse_composed_chain("Sw<1,2,3> o (8,8):(8,1) o x"));
  EXPECT_FALSE(parse_composed_chain(""));
  EXPECT_FALSE(make_chain({L("4:1")}, {3}));  // one offset too many
  std::string many = "4:1";
  for (int k = 0; k < 100; ++k) many = "Sw<1,0,3> o " + many;
  EXPECT_TRUE(testing::refused_saying(parse_composed_chain(many), "exceeds the limit"));
}

// cute/layout_composed.hpp composition(ComposedLayout, Tiler) = A o O o (B o tiler) on a chain.
TEST(ComposedChain, ComposedWithALayoutOnTheRight) {
  auto c = C("Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o ((_8,_4),_8):((_32,_1),_4)");
  auto r = composition(c, L("(4,2):(1,4)"));
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*r, Notation::cute), "Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o (_4,_2):(_32,_128)");
  for (Int i = 0; i < r->size(); ++i) EXPECT_EQ(*evaluate(*r, i), *evaluate(c, *L("(4,2):(1,4)").at(i)));
  auto s = composition(C("(8,8):(8,1) o -8 o Sw<2,0,3>"), L("16:1"));  // right of a swizzle: Sw o _0 o B
  ASSERT_TRUE(s) << s.error().what();
  EXPECT_EQ(to_string(*s), "(8,8):(8,1) o -8 o Sw<2,0,3> o 0 o 16:1");
}

// Property: for random swizzled layouts A = sw o off o L_A, B = sw' o 0 o L_B, each answer (a chain where
// CuTe nests two swizzles) tabulates to A(B(i)); where it refuses, CuTe's answer is flagged wrong or a
// precondition of CuTe's fails. And each inverse with an offset is one by its contract.
TEST(ComposedChain, RandomChainsTabulateToTheCompositionOfTheirParts) {
  std::mt19937_64 g(55);
  auto pick = [&](Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); };
  auto swizzle = [&] {
    for (;;) {
      int b = static_cast<int>(pick(0, 3)), m = static_cast<int>(pick(0, 3)), s = static_cast<int>(pick(-5, 5));
      if (auto w = Swizzle::make(b, m, s)) return *w;
    }
  };
  auto layout = [&] {  // a permutation of [0, 2^k) from two or three power-of-two modes
    std::vector<Int> sizes;
    Int n = 1;
    for (int k = static_cast<int>(pick(2, 3)); k-- > 0;) sizes.push_back(Int{1} << pick(1, 3)), n *= sizes.back();
    std::vector<std::size_t> order(sizes.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), g);
    std::vector<Int> strides(sizes.size());
    Int run = 1;
    for (auto k : order) strides[k] = run, run *= sizes[k];
    std::string text = "(", st = "(";
    for (std::size_t k = 0; k < sizes.size(); ++k)
      text += (k ? "," : "") + std::to_string(sizes[k]), st += (k ? "," : "") + std::to_string(strides[k]);
    return L(text + "):" + st + ")");
  };
  int chains = 0, answered = 0;
  for (int t = 0; t < 400; ++t) {
    ComposedLayout a{swizzle(), pick(0, 1) ? 0 : pick(0, 64), layout()};
    ComposedLayout b{swizzle(), 0, layout()};
    auto r = composition(a, b);
    if (!r) {
      EXPECT_EQ(r.error().kind, ErrorKind::inadmissible) << r.error().what();
      continue;
    }
    ++answered;
    if (!single(*r)) ++chains;
    expect_composes(*r, a, b);
    auto inv = right_inverse(ComposedLayout{a.sw, pick(1, 64), a.layout});
    if (inv) {
      ASSERT_EQ(inv->functions.size(), 2u);  // inverse(L) o -off o sw
      for (Int j = 0; j < inv->size(); ++j) {
        Int x = *domain_point(*inv, j);
        Int back = a.sw(inv->offsets[0] * -1 + *odd_extended(a.layout, *apply(*inv, x)));
        EXPECT_EQ(back, x);
      }
    }
  }
  EXPECT_GT(answered, 100);
  EXPECT_GT(chains, 20);
}

}  // namespace
}  // namespace catlayout

namespace catlayout {
namespace {

// cute/swizzle_layout.hpp get_swizzle_portion / get_nonswizzle_portion (CuTe DSL's of the same names).
TEST(SwizzlePortion, OfPlainSwizzledAndChainedLayouts) {
  auto c = testing::parsed(parse_composed_layout("Sw<3,4,3> o 8 o (8,64):(64,1)"));
  EXPECT_EQ(get_swizzle_portion(c), (Swizzle{3, 4, 3}));
  EXPECT_EQ(to_string(get_nonswizzle_portion(c)), "(8,64):(64,1)");  // the offset is not part of it
  EXPECT_EQ(get_swizzle_portion(testing::L("(8,8):(1,8)")), (Swizzle{0, 4, 3}));  // CuTe: Swizzle<0,4,3>
  EXPECT_EQ(to_string(get_nonswizzle_portion(testing::L("(8,8):(1,8)"))), "(8,8):(1,8)");
  auto chain = testing::parsed(parse_composed_chain("Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o (8,8):(1,8)"));
  EXPECT_EQ(*get_swizzle_portion(chain), (Swizzle{1, 4, 3}));
  EXPECT_EQ(to_string(*get_nonswizzle_portion(chain)), "Sw<2,0,3> o 0 o (8,8):(1,8)");
  auto outer = testing::parsed(parse_composed_chain("(8,8):(8,1) o -8 o Sw<2,0,3>"));
  EXPECT_EQ(get_swizzle_portion(outer).error().kind, ErrorKind::invalid_input);  // no CuTe overload
  EXPECT_EQ(get_nonswizzle_portion(outer).error().kind, ErrorKind::invalid_input);
}

}  // namespace
}  // namespace catlayout
