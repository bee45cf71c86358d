#include "catlayout/core/evaluate.hpp"

#include <random>

#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

// The batch path against scalar evaluation (L(i) below size, CuTe's extended function past it).
static void expect_batch_matches(Layout const& l, std::vector<Int> const& idx) {
  std::vector<Int> out(idx.size(), -1);
  ASSERT_TRUE(evaluate(l, idx, out)) << to_string(l);
  for (std::size_t k = 0; k < idx.size(); ++k)
    ASSERT_EQ(out[k], *l.extended(idx[k])) << to_string(l) << " at index " << idx[k];
}

TEST(Evaluate, BatchEqualsScalarOnRandomLayouts) {
  std::mt19937_64 g(5);
  for (char const* text : {"(6,2):(8,2)", "(2,(3,4)):(100,(1,10))", "((3,5),7):((1,3),-15)", "(1024,2048):(2048,1)",
                           "(96,120,180):(1,17280,96)", "7:3", "(1,1):(0,0)", "(5,5,5,5,5,5,5):(1,6,36,216,7,49,343)",
                           "(4,8,2):(1,64,8)", "(2,2,2,2,2,2,2,2,2):(1,4,16,64,256,1024,4096,16384,65536)",
                           "((2,1),(1,6)):((3,7),(0,-2))"}) {
    auto l = L(text);
    std::vector<Int> in_range, past;
    std::uniform_int_distribution<Int> d(0, l.size() - 1);
    for (int k = 0; k < 2000; ++k) in_range.push_back(d(g));
    in_range.push_back(0);
    in_range.push_back(l.size() - 1);
    expect_batch_matches(l, in_range);
    past = in_range;
    past.push_back(3 * l.size() + 1);
    expect_batch_matches(l, past);
  }
}

// Reciprocal division at the edges of the 32-bit path: shapes near 2^16, indices near 2^32.
TEST(Evaluate, ThirtyTwoBitEdges) {
  auto l = L("(65537,65535):(1,65537)");  // size 2^32 - 1, the largest on the 32-bit path
  std::vector<Int> idx;
  for (Int i = 0; i < 4096; ++i) idx.push_back(l.size() - 1 - i * 1048573);
  for (Int i = 0; i < 4096; ++i) idx.push_back(i * 65537 + (i % 7));
  expect_batch_matches(l, idx);
  auto big = L("(65537,65537):(65537,1)");  // size > 2^32: the 64-bit path
  expect_batch_matches(big, {0, 1, 65536, 65537, big.size() - 1, big.size() / 2 + 12345});
}

TEST(Evaluate, BadIndicesAreNamed) {
  auto l = L("8:1");
  std::vector<Int> idx{0, 1, -3}, out(3, 42);
  auto r = evaluate(l, idx, out);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("index -3 at position 2"), std::string::npos) << r.error().message;
  std::vector<Int> small(2);
  EXPECT_FALSE(evaluate(l, idx, small));
  auto huge = L("2:4611686018427387904");  // 2^62: the extension overflows past index 1
  std::vector<Int> past{5}, one(1);
  auto o = evaluate(huge, past, one);
  ASSERT_FALSE(o);
  EXPECT_NE(o.error().message.find("overflow"), std::string::npos) << o.error().message;
}

TEST(Evaluate, TabulateIntoChecksTheBuffer) {
  auto l = L("(4,8):(8,1)");
  std::vector<Int> out(32);
  ASSERT_TRUE(tabulate_into(l, out));
  EXPECT_EQ(out, tabulate(l));
  std::vector<Int> wrong(31);
  EXPECT_FALSE(tabulate_into(l, wrong));
}
