#include "testing.hpp"

#include <algorithm>
#include <array>

using namespace catlayout;
using namespace catlayout::testing;

TEST(Divide, SeedExamples) {
  EXPECT_EQ(S(logical_divide(L("(4,2,3):(2,1,8)"), T("4:2"))), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(S(logical_divide(L("(9,(4,8)):(59,(13,1))"), T("<3:3,(2,4):(1,8)>"))),
            "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  EXPECT_EQ(S(logical_divide(L("(4,8):(1,4)"), T("(2,2):(1,4)"))), "((2,2),(2,4)):((1,4),(2,8))");
  EXPECT_EQ(S(logical_divide(L("(4,8):(1,4)"), T("(2,2):(4,1)"))), "((2,2),(2,4)):((4,1),(2,8))");
}

namespace {

using TilerOp = Result<Layout> (*)(Layout const&, Tiler const&, Convention);
// The arrangements of a divide or a product, in this order: logical, zipped, tiled, flat.
const std::array<TilerOp, 4> divides = {logical_divide, zipped_divide, tiled_divide, flat_divide};
const std::array<TilerOp, 4> products = {logical_product, zipped_product, tiled_product, flat_product};

// Each arrangement of A by the tiler, in CuTe's convention, is written as expected.
void expect_arrangements(std::array<TilerOp, 4> const& ops, std::string_view a, std::string_view t,
                         std::array<char const*, 4> const& want) {
  static constexpr char const* names[] = {"logical", "zipped", "tiled", "flat"};
  for (std::size_t i = 0; i < ops.size(); ++i) EXPECT_EQ(S(ops[i](L(a), T(t), Convention::cute)), want[i]) << names[i];
}

}  // namespace

TEST(Divide, Arrangements) {
  expect_arrangements(divides, "(8,(4,6)):(1,(8,32))", "<2:1,2:1>",
                      {"((2,4),(2,12)):((1,2),(8,16))", "((2,2),(4,12)):((1,8),(2,16))", "((2,2),4,12):((1,8),2,16)",
                       "(2,2,4,12):(1,8,2,16)"});
}

// A borrowed tiler reads its caller's layout in place and answers as an owned one; a copy or a
// move of it owns its layout (so none can outlive the caller's), and writing through one copies.
TEST(Tiler, BorrowedReadsInPlaceAndCopiesOwn) {
  Layout const a = L("(8,(4,6)):(1,(8,32))"), b = L("(2,2):(1,8)");
  Tiler const borrowed = Tiler::borrow(b);
  EXPECT_EQ(&*borrowed.layout, &b);
  EXPECT_EQ(&divisor_layout(borrowed), &b);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(S(divides[i](a, borrowed, Convention::cute)), S(divides[i](a, Tiler::of(b), Convention::cute)));
    EXPECT_EQ(S(products[i](L("(2,3):(3,1)"), borrowed, Convention::cute)),
              S(products[i](L("(2,3):(3,1)"), Tiler::of(b), Convention::cute)));
  }
  Tiler copy = borrowed;
  Tiler moved = Tiler::borrow(b);
  Tiler moved_to = std::move(moved);
  for (Tiler const* t : {&copy, &moved_to}) {
    ASSERT_TRUE(t->is_layout());
    EXPECT_NE(&*t->layout, &b);
    EXPECT_EQ(*t->layout, b);
  }
  Tiler written = Tiler::borrow(b);
  *written.layout = L("3:1");  // the borrowed layout is copied first: b is untouched
  EXPECT_EQ(S(*written.layout), "3:1");
  EXPECT_EQ(S(b), "(2,2):(1,8)");
}

// layout<0>(zipped_divide(a, b)) == composition(a, b), and every element of A appears once.
TEST(Divide, ZippedModeZeroIsTheCompositionAndCoversA) {
  int checked = answered_random_pairs(
      13, 3000, {6, 30}, {4, 8}, [](Layout const& a, Layout const& b) { return zipped_divide(a, Tiler::of(b)); },
      [](Layout const& a, Layout const& b, Layout const& z) {
        auto c = composition(a, b);
        ASSERT_TRUE(c) << to_string(a) << " / " << to_string(b);
        EXPECT_EQ(z.mode(0), *c) << to_string(a) << " / " << to_string(b);
        auto ta = tabulate(a), tz = tabulate(z);
        std::sort(ta.begin(), ta.end());
        std::sort(tz.begin(), tz.end());
        // Inside the categorical fragment the tiles partition A; outside it CuTe's tiles may reach
        // past A's domain (4:1 / (2,2):(3,1) = ((2,2),1):((3,1),0)).
        bool fragment = complementability(b, coalesce(a).shape().values()).complementable;
        if (fragment && z.size() == a.size()) { EXPECT_EQ(ta, tz) << to_string(a) << " / " << to_string(b); }
      });
  EXPECT_GT(checked, 200);
}

TEST(Product, SeedExamples) {
  EXPECT_EQ(S(logical_product(L("(2,2):(4,1)"), T("6:1"))), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(S(logical_product(L("(2,2):(4,1)"), T("(4,2):(2,1)"))), "((2,2),(4,2)):((4,1),(8,2))");
  EXPECT_EQ(S(blocked_product(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(S(raked_product(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((3,2),(4,5)):((10,5),(30,1))");
}

TEST(Product, ModeZeroIsAAndTheWholeIsInjective) {
  int checked = answered_random_pairs(
      17, 2000, {4, 16}, {4, 8}, [](Layout const& a, Layout const& b) { return logical_product(a, Tiler::of(b)); },
      [](Layout const& a, Layout const& b, Layout const& p) {
        EXPECT_EQ(p.mode(0), a);
        auto c = *complement(a, a.size() * cosize(b));
        EXPECT_TRUE(composes(p.mode(1), c, b));
        if (is_injective(a) && is_injective(b)) { EXPECT_TRUE(is_injective(p)) << to_string(a) << " x " << to_string(b); }
      });
  EXPECT_GT(checked, 200);
}

TEST(Product, Arrangements) {
  expect_arrangements(products, "(2,2):(1,2)", "<3:1,2:1>",
                      {"((2,3),(2,2)):((1,2),(2,1))", "((2,2),(3,2)):((1,2),(2,1))", "((2,2),3,2):((1,2),2,1)",
                       "(2,2,3,2):(1,2,2,1)"});
}

// fuzz/regressions/fuzz_algebra/blocked-product-drops-modes.bin: comp(A) o B has two modes but A one;
// CuTe's zip would drop one (a layout of half the size). catlayout refuses instead.
TEST(Product, RankProductsNeverDropModes) {
  auto r = blocked_product(L("(4):(2)"), L("4:1"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  EXPECT_TRUE(r.error().cute_answers);  // CuTe answers, with half of the elements
  EXPECT_NE(r.error().message.find("zip: (2,2):(1,8) has 2 modes, not the 1 modes"), std::string::npos) << r.error().message;
  auto ok = blocked_product(L("4:2"), L("4:1"));  // an integral A pairs whole
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->size(), 16);
}

// Error::cute_answers marks a refusal where CuTe returns a layout that breaks its contract,
// Error::cute_precondition one where CuTe answers an input outside a precondition it documents and
// does not check (composition's stride divisibility), and only those: CuTe's raked product of 3:6
// and 6:4 fails in its zip after the same composition, so it is not marked.
TEST(Product, RefusalsSayWhetherCuTeAnswers) {
  auto wrong = composition(L("(4,6):(2,3)"), L("6:3"));  // CuTe: (2,3):(6,3); 3 does not divide 4
  ASSERT_FALSE(wrong);
  EXPECT_TRUE(wrong.error().cute_precondition);
  EXPECT_FALSE(wrong.error().cute_answers);
  auto cute_refuses = composition(L("(3,2):(1,4)"), L("4:1"));  // CuTe's shape divisibility
  ASSERT_FALSE(cute_refuses);
  EXPECT_FALSE(cute_refuses.error().cute_answers);
  auto product = logical_product(L("3:6"), T("6:4"));  // CuTe: (3,(2,3)):(6,(4,18)), not the product
  ASSERT_FALSE(product);
  EXPECT_TRUE(product.error().cute_precondition);  // comp(A) o B breaks the stride divisibility
  auto raked = raked_product(L("3:6"), L("6:4"));  // CuTe static_asserts in zip
  ASSERT_FALSE(raked);
  EXPECT_FALSE(raked.error().cute_answers) << raked.error().message;
  EXPECT_EQ(raked.error().kind, ErrorKind::inadmissible);
  // Negative strides: CuTe does not check stride divisibility for them.
  auto neg = composition(L("(4,3):(3,1)"), L("4:-3"));
  ASSERT_FALSE(neg);
  EXPECT_TRUE(neg.error().cute_precondition);
}
