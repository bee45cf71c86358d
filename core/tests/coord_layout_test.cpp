// Coordinate strides (CuTe ScaledBasis; docs/beyond-integers.md): identity layouts, notation, coalesce and composition over the
// coordinate semimodule, checked by tabulation (R(i) == A(B(i))) on generated layouts.
#include "catlayout/core/coord_layout.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

namespace {

CoordLayout C(std::string_view s) { return parsed(parse_coord_layout(s)); }

// CuTe idx2crd: the colexicographic coordinate of i in the shape's nesting.
IntTuple idx2crd(Int i, IntTuple const& s) {
  if (s.is_leaf()) return IntTuple(i);
  std::vector<IntTuple> c;
  for (std::size_t k = 0; k < s.rank(); ++k) {
    Int n = *product(s.mode(k));
    c.push_back(idx2crd(k + 1 < s.rank() ? i % n : i, s.mode(k)));
    i /= n;
  }
  return IntTuple(std::move(c));
}

IntTuple random_shape(std::mt19937_64& g, int max_leaf) {
  std::vector<Int> leaves;
  return random_tuple(g, 2, leaves, max_leaf);
}

// R(i) == A(B(i)) for every i in R's domain, A read at B's coordinate with each mode extended.
::testing::AssertionResult composes(CoordLayout const& r, CoordLayout const& a, CoordLayout const& b) {
  if (r.size() != b.size()) return ::testing::AssertionFailure() << "size " << r.size() << " != size(B) " << b.size();
  for (Int i = 0; i < r.size(); ++i) {
    auto bi = b.shape_coord(*b.sparse_at(i));
    auto ab = evaluate_at_coord(a, bi);
    auto ri = r.sparse_at(i);
    if (!ab || !ri || *ab != *ri)
      return ::testing::AssertionFailure() << to_string(r) << " at " << i << " is " << to_string(r(i)) << ", A(B(i)) = "
                                           << (ab ? to_string(a.shape_coord(*ab)) : ab.error().what()) << " for A = "
                                           << to_string(a) << ", B = " << to_string(b);
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(CoordLayout, IdentityLayoutsPrintAsCuTe) {
  EXPECT_EQ(to_string(make_identity_layout(tup(4, 8))), "(4,8):(1@0,1@1)");
  EXPECT_EQ(to_string(make_identity_layout(tup(tup(2, 2), 8))), "((2,2),8):((1@0@0,1@1@0),1@1)");
  EXPECT_EQ(to_string(make_identity_layout(8)), "8:1");  // make_basis_like(int) = E<> = 1
  EXPECT_EQ(to_string(make_identity_layout(tup(8))), "(8):(1@0)");
  auto id = make_identity_layout(tup(4, 8));
  EXPECT_EQ(to_string(id(0)), "(0,0)");
  EXPECT_EQ(to_string(id(5)), "(1,1)");
  EXPECT_EQ(to_string(id(31)), "(3,7)");
}

// make_identity_layout(S) maps i to idx2crd(i, S), and any integer layout of shape S reads that
// coordinate to its own value: L(i) == L(I(i)).
TEST(CoordLayout, IdentityMapsIndexToCoordinate) {
  std::mt19937_64 g(12);
  for (int t = 0; t < 400; ++t) {
    auto s = random_shape(g, 5);
    auto id = make_identity_layout(s);
    std::vector<Int> d;
    for (std::size_t k = 0; k < length(s); ++k) d.push_back(std::uniform_int_distribution<Int>(0, 30)(g));
    auto ls = *Layout::make(s, *substitute(d, profile(s)));
    for (Int i = 0; i < id.size(); ++i) {
      ASSERT_EQ(id(i), idx2crd(i, s)) << to_string(id) << " at " << i;
      ASSERT_EQ(*ls.at_coord(id(i)), ls(i)) << to_string(ls) << " at " << i;
    }
  }
}

TEST(CoordLayout, NotationRoundTripsAndReadsCuTePrints) {
  for (auto s : {"(4,8):(1@0,1@1)", "((2,2),8):((1@0@0,1@1@0),1@1)", "(3,2):(5@1,-2@0)", "8:3", "(2,4):(0,3@2)",
                 "():()"})
    EXPECT_EQ(to_string(C(s)), s);
  EXPECT_EQ(to_string(C("(_4,_8):(_1@0,_1@1)")), "(4,8):(1@0,1@1)");  // CuTe's static integers
  EXPECT_EQ(to_string(C(" ( 4 , 8 ) : ( 1@0 , 1@1 ) ")), "(4,8):(1@0,1@1)");
  EXPECT_FALSE(parse_coord_layout("3@1@0"));  // a stride alone is no layout
}

TEST(CoordLayout, InvalidInputIsRefusedWithItsReason) {
  auto err = [](std::string_view s) {
    auto r = parse_coord_layout(s);
    return r ? std::string("accepted ") + to_string(*r) : r.error().message;
  };
  EXPECT_NE(err("(4,8):(1@0)").find("not congruent"), std::string::npos) << err("(4,8):(1@0)");
  EXPECT_NE(err("(4,8):(1,1@1)").find("mixes a nonzero integer stride"), std::string::npos);
  EXPECT_EQ(to_string(C("(4,8):(0,1@1)")), "(4,8):(0,1@1)");  // the integer 0 adds to anything
  EXPECT_NE(err("(2,2):(1@0,1@0@0)").find("both an integer and a tuple"), std::string::npos)
      << err("(2,2):(1@0,1@0@0)");
  EXPECT_NE(err("(4,8):(1@,1@1)").find("expected a mode number after '@' at column 10"), std::string::npos)
      << err("(4,8):(1@,1@1)");
  EXPECT_NE(err("(4,0):(1@0,1@1)").find("not positive"), std::string::npos);
  EXPECT_NE(err("(3,2):(4611686018427387904@0,1@1)").find("overflow"), std::string::npos);
  EXPECT_NE(err("(2):(1@4095@4095)").find("spans a coordinate of 8191 entries"), std::string::npos)
      << err("(2):(1@4095@4095)");
  EXPECT_NE(err("(2):(1@4096)").find("outside [0, 4096)"), std::string::npos) << err("(2):(1@4096)");
}

TEST(CoordLayout, EvaluationShapesTheCoordinateByTheCodomain) {
  auto l = C("(2,3):(1@1,1@0@0)");  // codomain paths (0,0) and (1): ((x),y)
  EXPECT_EQ(to_string(l(1)), "((0),1)");
  EXPECT_EQ(to_string(l(4)), "((2),0)");
  EXPECT_EQ(to_string(C("(2,3):(1@2,2@2)")(5)), "(0,0,5)");
  EXPECT_EQ(to_string(C("(2,3):(1,2)")(5)), "5");
  EXPECT_FALSE(l.at(6));
  EXPECT_EQ(to_string(l.shape_coord(*l.sparse_extended(7))), "((3),1)");  // the last mode extends
}

TEST(CoordLayout, CoalesceMergesEqualBasesOnly) {
  expect_coalesced(C, {{"(2,4):(1@0,2@0)", "8:1@0"},
                       {"(4,8):(1@0,1@1)", "(4,8):(1@0,1@1)"},
                       {"(2,1,4):(1@1,7@0,2@1)", "8:1@1"},
                       {"(2,4):(1@0,2@1)", "(2,4):(1@0,2@1)"},
                       {"((2,2),8):((1@0@0,2@0@0),1@1)", "(4,8):(1@0@0,1@1)"},
                       {"(1,1):(1@0,1@1)", "1:0"}});
  std::mt19937_64 g(5);
  for (int t = 0; t < 500; ++t) {
    auto l = random_coord(g, {{0, 0}, {0, 1}, {1}});
    auto c = coalesce(l);
    ASSERT_EQ(c.size(), l.size());
    for (Int i = 0; i < l.size(); ++i) ASSERT_EQ(*c.sparse_at(i), *l.sparse_at(i)) << to_string(l) << " -> " << to_string(c);
  }
}

TEST(CoordLayout, CompositionExamples) {
  // Layout o coordinate layout: c@p picks mode p of A (CuTe's RHS ScaledBasis case).
  auto a = L("(4,8):(1,4)");
  EXPECT_EQ(S(composition(a, C("(2,2):(2@0,4@1)"))), "(2,2):(2,16)");
  EXPECT_EQ(S(composition(a, make_identity_layout(a.shape()))), "(4,8):(1,4)");
  EXPECT_EQ(S(composition(L("(12,(4,8)):(59,(13,1))"), C("(3,8):(4@0,2@1)"))), "(3,(2,4)):(236,(26,1))");
  // Coordinate layout o layout: the fold multiplies basis strides.
  auto id = make_identity_layout(tup(4, 8));
  EXPECT_EQ(S(composition(id, L("(8,4):(4,1)"))), "(8,4):(1@1,1@0)");
  EXPECT_EQ(S(composition(id, L("16:2"))), "(2,8):(2@0,1@1)");
  EXPECT_EQ(S(composition(id, L("(2,4):(1,8)"))), "(2,4):(1@0,2@1)");
  // Both: identity o identity is the identity.
  EXPECT_EQ(S(composition(id, make_identity_layout(tup(4, 8)))), "(4,8):(1@0,1@1)");
  EXPECT_TRUE(composes(*composition(id, L("(8,4):(4,1)")), id, CoordLayout::of(L("(8,4):(4,1)"))));
}

TEST(CoordLayout, CompositionRefusesWithCoreMessages) {
  auto r = composition(make_identity_layout(tup(3, 8)), L("4:1"));  // (3,8) o 4:1: 3 does not divide 4
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(r.error().message.find("shape divisibility: 3 elements fit in mode 0 of coalesce(A) = (3,8):(1@0,1@1)"),
            std::string::npos)
      << r.error().message;
  r = composition(L("(8,(3,2)):(1,(8,32))"), C("4:1@1"));  // mode 1 of A is (3,2):(8,32)
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("of coalesce(get<1>(A)) = (3,2):(8,32)"), std::string::npos) << r.error().message;
  r = composition(L("(4,8):(1,4)"), C("2:1@2"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(r.error().message.find("B's stride @2 needs mode 2 of A = (4,8):(1,4), which has rank 2"), std::string::npos)
      << r.error().message;
  r = composition(L("(4,8):(1,4)"), C("2:1@1@0"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("needs mode 1 of get<0>(A) = 4:1, which has rank 1"), std::string::npos)
      << r.error().message;
}

// With integer strides on both sides the generic fold is core's composition, message for message.
TEST(CoordLayout, IntegerCaseIsCoreComposition) {
  std::mt19937_64 g(7);
  int ok = 0;
  for (int t = 0; t < 4000; ++t) {
    auto a = random_layout(g), b = random_layout(g, 6, 12);
    auto core = composition(a, b);
    auto mine = composition(CoordLayout::of(a), CoordLayout::of(b));
    ASSERT_EQ(bool(core), bool(mine)) << to_string(a) << " o " << to_string(b);
    if (core) {
      ++ok;
      ASSERT_EQ(to_string(*core), to_string(*mine));
    } else {
      ASSERT_EQ(core.error().kind, mine.error().kind);
      ASSERT_EQ(core.error().message, mine.error().message);
    }
  }
  EXPECT_GT(ok, 400);
}

TEST(CoordLayout, LayoutOfIdentityIsTheLayout) {
  std::mt19937_64 g(8);
  for (int t = 0; t < 300; ++t) {
    auto a = random_layout(g);
    auto r = composition(a, make_identity_layout(a.shape()));
    ASSERT_TRUE(r) << to_string(a) << ": " << r.error().what();
    ASSERT_TRUE(composes(*r, CoordLayout::of(a), make_identity_layout(a.shape())));
    auto rl = r->to_layout();
    ASSERT_TRUE(rl);
    ASSERT_EQ(tabulate(*rl), tabulate(a)) << to_string(a) << " o I = " << to_string(*r);
  }
}

// Random pairs in all three combinations: every accepted result is the function A o B.
TEST(CoordLayout, RandomCompositionsTabulate) {
  std::mt19937_64 g(9);
  int accepted[3] = {0, 0, 0};
  for (int t = 0; t < 1500; ++t) {
    // coordinate layout o layout
    auto a = random_coord(g, {{0}, {1}, {2}});
    auto b = random_layout(g, 4, 10);
    if (auto r = composition(a, b)) {
      ++accepted[0];
      ASSERT_TRUE(composes(*r, a, CoordLayout::of(b)));
    }
    // layout o coordinate layout (B's bases address A's top modes)
    auto al = random_layout(g, 6, 20);
    std::vector<std::vector<int>> modes;
    for (std::size_t k = 0; k < al.rank(); ++k) modes.push_back({static_cast<int>(k)});
    auto bc = random_coord(g, modes, 3);
    if (auto r = composition(al, bc)) {
      ++accepted[1];
      ASSERT_TRUE(composes(*r, CoordLayout::of(al), bc));
    }
    // identity(S) o compact B of the same size, and coordinate o coordinate
    auto s = random_shape(g, 4);
    auto id = make_identity_layout(s);
    auto bl = random_layout(g, 4, 12);
    auto bb = composition(id, bl);
    if (bb) {
      ++accepted[2];
      ASSERT_TRUE(composes(*bb, id, CoordLayout::of(bl)));
      auto rr = composition(id, *bb);  // coordinate o coordinate: bb's coordinates read by id
      if (rr) {
        ASSERT_TRUE(composes(*rr, id, *bb));
      }
    }
  }
  EXPECT_GT(accepted[0], 150);
  EXPECT_GT(accepted[1], 150);
  EXPECT_GT(accepted[2], 150);
}

TEST(CoordLayout, IdentityOfCompactLayoutsTabulates) {
  std::mt19937_64 g(10);
  int ok = 0;
  for (int t = 0; t < 2000; ++t) {
    auto s = random_shape(g, 4);
    auto id = make_identity_layout(s);
    // a column-major layout of a permutation of s's modes: compact, size(s)
    auto flat = flatten_values(s);
    std::vector<std::size_t> order(flat.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), g);
    std::vector<Int> str(flat.size());
    Int run = 1;
    for (auto i : order) {
      str[i] = run;
      run *= flat[i];
    }
    auto b = *Layout::make(s, *substitute(str, profile(s)));
    auto r = composition(id, b);
    if (!r) continue;
    ++ok;
    ASSERT_TRUE(composes(*r, id, CoordLayout::of(b)));
  }
  EXPECT_GT(ok, 1000);
}
