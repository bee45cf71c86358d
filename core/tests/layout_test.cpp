#include "catlayout/core/limits.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

TEST(Layout, EvaluateSeedExample) {  // tiling blog: (6,2):(8,2)
  auto l = L("(6,2):(8,2)");
  EXPECT_EQ(tabulate(l), (std::vector<Int>{0, 8, 16, 24, 32, 40, 2, 10, 18, 26, 34, 42}));
  EXPECT_EQ(l.size(), 12);
  EXPECT_EQ(cosize(l), 43);
}

// cosize is CuTe's L(size - 1) + 1, computed from the entries: negative, zero and large strides,
// nesting, the one-point layout.
TEST(Layout, CosizeIsTheLastValuePlusOne) {
  for (auto text : {"(6,2):(8,2)", "(4,3):(-1,4)", "(2,(3,4)):(-100,(1,-10))", "(8,1,3):(0,-7,5)", "1:0", "():()",
                    "(2,2305843009213693952):(-4611686018427387904,1)", "(3,2):(-3074457345618258602,1)"}) {
    auto l = L(text);
    EXPECT_EQ(cosize(l), l(l.size() - 1) + 1) << text;
  }
}

TEST(Layout, CoordinatesAreColexicographic) {
  auto l = L("(2,(3,4)):(100,(1,10))");
  for (Int i = 0; i < l.size(); ++i) {
    Int c0 = i % 2, c1 = (i / 2) % 3, c2 = i / 6;
    EXPECT_EQ(l(i), 100 * c0 + c1 + 10 * c2);
    EXPECT_EQ(*l.at_coord(tup(c0, tup(c1, c2))), l(i));
    EXPECT_EQ(*l.at_coord(tup(c0, c1 + 3 * c2)), l(i));
  }
  EXPECT_FALSE(l.at_coord(tup(2, 0)));
  EXPECT_FALSE(l.at(24));
  EXPECT_EQ(*l.extended(24), 40);  // the last mode runs on: (0,(0,4))
}

TEST(Layout, StructuralOperations) {
  auto l = L("(64,(8,1),8,128):(8,(1,0),0,512)");
  EXPECT_EQ(to_string(flatten(l)), "(64,8,1,8,128):(8,1,0,0,512)");
  EXPECT_EQ(to_string(squeeze(l)), "(64,8,8,128):(8,1,0,512)");
  EXPECT_EQ(to_string(filter_zeros(l)), "(64,8,128):(8,1,512)");
  EXPECT_EQ(to_string(sort(L("(5,4,5):(12,12,8)"))), "(5,4,5):(8,12,12)");  // 5:8 < 4:12 < 5:12
  EXPECT_EQ(to_string(*restrict_modes(L("(3,6):(10,5)"), {1})), "(6):(5)");
  EXPECT_EQ(to_string(*make_layout({L("4:1"), L("(2,3):(4,8)")})), "(4,(2,3)):(1,(4,8))");
  EXPECT_EQ(to_string(*flat_concat(L("4:1"), L("(2,3):(4,8)"))), "(4,2,3):(1,4,8)");
}

TEST(Layout, Predicates) {
  EXPECT_TRUE(is_tractable(L("(2,2,2,2):(1,2048,16,64)")));
  EXPECT_TRUE(is_tractable(L("(3,7,7):(0,15,0)")));
  EXPECT_TRUE(is_tractable(L("((3,3),(1,3),(3,1,3)):((81,1),(0,9),(3,0,27))")));
  EXPECT_FALSE(is_tractable(L("((3,3),(1,3),(3,1,3)):((81,1),(0,8),(3,0,27))")));
  EXPECT_FALSE(is_tractable(L("(4,8):(3,3)")));
  EXPECT_FALSE(is_tractable(L("(7,2):(7,5)")));
  EXPECT_TRUE(is_compact(L("(3,4):(4,1)")));
  EXPECT_FALSE(is_compact(L("(3,4):(1,4)")));
  EXPECT_TRUE(is_injective(L("(2,2):(2,3)")));
  EXPECT_FALSE(is_injective(L("(3,2):(1,2)")));
  EXPECT_FALSE(is_injective(L("(3,2):(1,0)")));
  EXPECT_TRUE(is_sorted(L("(128,64,2,2):(1,128,8192,16384)")));
  EXPECT_FALSE(is_sorted(L("(2,2):(2,1)")));
  EXPECT_TRUE(is_non_degenerate(L("(4,1):(1,0)")));
  EXPECT_FALSE(is_non_degenerate(L("(4,1):(1,3)")));
}

TEST(Layout, PredicatesAgreeWithTabulation) {
  std::mt19937_64 g(7);
  for (int n = 0; n < 500; ++n) {
    auto l = random_layout(g, 4, 12);
    auto t = tabulate(l);
    std::vector<Int> sorted = t;
    std::sort(sorted.begin(), sorted.end());
    bool injective = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    bool compact = injective && sorted.front() == 0 && sorted.back() == l.size() - 1;
    EXPECT_EQ(is_injective(l), injective) << to_string(l);
    EXPECT_EQ(is_compact(l), compact) << to_string(l);
  }
}

// Layout::make from flat entries and a shared bracket word agrees with make from tuples: the same
// layout (entries, nesting, ranks, function) or the same error; a word that is not a nested tuple
// with one leaf per entry is refused.
TEST(Layout, MakeFromAWordAgreesWithMakeFromTuples) {
  using W = std::vector<std::uint8_t>;
  const std::uint8_t L_ = IntTuple::leaf_token, O = IntTuple::open_token, C = IntTuple::close_token;
  for (auto text : {"8:1", "():()", "(6,2):(8,2)", "(2,(3,4)):(100,(1,10))", "((4,8),(2,2)):((32,1),(16,8))",
                    "(((2,2),2),(3)):(((1,2),4),(-8))", "(1,1):(0,0)", "((),4):((),1)"}) {
    auto want = L(text);
    auto got = Layout::make(want.flat_shape(), want.flat_stride(), want.shape().word());
    ASSERT_TRUE(got.has_value()) << text << ": " << got.error().message;
    EXPECT_TRUE(*got == want) << text;
    EXPECT_EQ(got->rank(), want.rank()) << text;
    EXPECT_EQ(got->stride().rank(), want.stride().rank()) << text;
    EXPECT_EQ(got->size(), want.size()) << text;
    EXPECT_EQ(tabulate(*got), tabulate(want)) << text;
  }
  // Invalid values: the error make from tuples gives, word for word.
  std::vector<Int> bad_s = {4, 0}, d = {1, 4}, big = {INT64_MAX, 2};
  W pair = {O, L_, L_, C};
  for (auto const& s : {bad_s, big}) {
    auto got = Layout::make(s, d, pair);
    auto want = Layout::make(IntTuple::flat(s), IntTuple::flat(d));
    ASSERT_FALSE(got.has_value());
    ASSERT_FALSE(want.has_value());
    EXPECT_EQ(got.error().message, want.error().message);
  }
  // Words that are not nested tuples, or that do not match the entries.
  std::vector<Int> one = {4}, two = {4, 2}, s1 = {1}, s2 = {1, 2};
  for (auto const& [w, n] : std::vector<std::pair<W, int>>{{{}, 0},
                                                            {{L_, L_}, 2},
                                                            {{O, L_}, 1},
                                                            {{L_, C}, 1},
                                                            {{O, L_, C, O, L_, C}, 2},
                                                            {{C, O}, 0},
                                                            {{O, L_, 7, C}, 1},
                                                            {{O, L_, C}, 2},
                                                            {{L_}, 2}}) {
    auto got = n == 1 ? Layout::make(one, s1, w) : Layout::make(n == 2 ? two : std::vector<Int>{}, n == 2 ? s2 : std::vector<Int>{}, w);
    ASSERT_FALSE(got.has_value()) << w.size() << " tokens, " << n << " entries";
    EXPECT_EQ(got.error().kind, ErrorKind::invalid_input);
  }
  // Past the depth limit: refused as make from tuples refuses it.
  W deep(2 * limits::max_depth + 3, O);
  deep[limits::max_depth + 1] = L_;
  deep.resize(limits::max_depth + 2);
  for (std::size_t k = 0; k <= limits::max_depth; ++k) deep.push_back(C);
  EXPECT_FALSE(Layout::make(one, s1, deep).has_value());
}
