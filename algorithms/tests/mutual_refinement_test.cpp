#include "catlayout/algorithms/mutual_refinement.hpp"

#include "catlayout/core/text.hpp"
#include "helpers.hpp"

using namespace catlayout;
using namespace catlayout::algorithms;  // paper chapter 4
using namespace catlayout::testing;

namespace {

IntTuple P(std::string_view s) { return *parse_int_tuple(s); }

// Definition (§3.2.5, as Algorithm 4.1.1 produces it): T' refines T, U' refines U, flat(T') a prefix of flat(U').
::testing::AssertionResult is_mutual_refinement(MutualRefinement const& r, IntTuple const& t, IntTuple const& u) {
  if (!refines(r.first, t)) return ::testing::AssertionFailure() << to_string(r.first) << " does not refine " << to_string(t);
  if (!refines(r.second, u)) return ::testing::AssertionFailure() << to_string(r.second) << " does not refine " << to_string(u);
  auto a = flatten_values(r.first), b = flatten_values(r.second);
  if (a.size() > b.size() || !std::equal(a.begin(), a.end(), b.begin()))
    return ::testing::AssertionFailure() << to_string(r.first) << " is not a prefix of " << to_string(r.second);
  return ::testing::AssertionSuccess();
}

// Brute force: some refinement of flat T (factors >= 2) is a prefix of some refinement of flat U.
bool exists_by_enumeration(std::vector<Int> const& t, std::vector<Int> const& u) {
  auto all = [](std::vector<Int> const& v) {
    std::vector<std::vector<Int>> acc{{}};
    for (Int x : v) {
      std::vector<std::vector<Int>> next;
      for (auto const& pre : acc)
        for (auto const& f : factorizations(x)) {
          auto w = pre;
          w.insert(w.end(), f.begin(), f.end());
          next.push_back(w);
        }
      acc = std::move(next);
    }
    return acc;
  };
  auto ts = all(t), us = all(u);  // callers keep these small
  for (auto const& a : ts)
    for (auto const& b : us)
      if (a.size() <= b.size() && std::equal(a.begin(), a.end(), b.begin())) return true;
  return false;
}

}  // namespace

// Seed examples (paper §4.1.1 and conformance/vectors/seed-examples.json, computed by tract).
TEST(MutualRefinement, SeedExamples) {
  auto r = mutual_refinement(P("(6,6)"), P("(2,6,6)"));
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(r->first), "((2,3),(2,3))");
  EXPECT_EQ(to_string(r->second), "(2,(3,2),(3,2))");
  r = mutual_refinement(P("12"), P("(2,(2,3,2))"));
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(r->first), "(2,2,3)");
  EXPECT_EQ(to_string(r->second), "(2,(2,3,2))");
  for (auto [t, u] : {std::pair{"(8,8)", "(3,8,8)"}, {"((5,5,16),4)", "((4,2,9))"}, {"(5,5)", "3"}}) {
    auto e = mutual_refinement(P(t), P(u));
    ASSERT_FALSE(e) << t << " " << u;
    EXPECT_EQ(e.error().kind, ErrorKind::not_refinable);
  }
}

// Paper §4.1.1: sizes powers of one integer, size(T) <= size(U), always refine.
TEST(MutualRefinement, PowersAlwaysRefine) {
  std::mt19937_64 g(7);
  for (int n = 0; n < 300; ++n) {
    Int base = std::uniform_int_distribution<Int>(2, 3)(g);
    auto tuple_of = [&](int total) {
      std::vector<Int> v;
      while (total > 0) {
        int e = std::uniform_int_distribution<int>(1, total)(g);
        Int x = 1;
        for (int k = 0; k < e; ++k) x *= base;
        v.push_back(x);
        total -= e;
      }
      return v;
    };
    int k = std::uniform_int_distribution<int>(1, 6)(g), l = std::uniform_int_distribution<int>(k, 8)(g);
    auto t = flat_tuple(tuple_of(k)), u = flat_tuple(tuple_of(l));
    auto r = mutual_refinement(t, u);
    ASSERT_TRUE(r) << to_string(t) << " " << to_string(u) << ": " << r.error().what();
    EXPECT_TRUE(is_mutual_refinement(*r, t, u));
  }
}

// The algorithm finds a mutual refinement exactly when one exists (enumeration), on random nested tuples.
TEST(MutualRefinement, CompleteAgainstEnumeration) {
  std::mt19937_64 g(11);
  int found = 0, none = 0, checked = 0;
  for (int n = 0; n < 1500; ++n) {
    std::vector<Int> tl, ul;
    IntTuple t = random_tuple(g, 2, tl, 12), u = random_tuple(g, 2, ul, 12);
    bool ones = false;
    for (Int x : tl) ones |= x == 1;
    for (Int x : ul) ones |= x == 1;
    auto r = mutual_refinement(t, u);
    if (r) {
      ++found;
      EXPECT_TRUE(is_mutual_refinement(*r, t, u)) << to_string(t) << " " << to_string(u);
      EXPECT_EQ(r->first_modes.size(), tl.size());
      EXPECT_EQ(r->second_modes.size(), ul.size());
    } else {
      ++none;
      EXPECT_EQ(r.error().kind, ErrorKind::not_refinable);
    }
    std::size_t work = 1;
    for (Int x : tl) work *= factorizations(x).size();
    for (Int x : ul) work *= factorizations(x).size();
    if (!ones && work <= 4096) {
      ++checked;
      EXPECT_EQ(r.has_value(), exists_by_enumeration(tl, ul)) << to_string(t) << " " << to_string(u);
    }
  }
  EXPECT_GT(found, 100);
  EXPECT_GT(none, 100);
  EXPECT_GT(checked, 500);
}

TEST(MutualRefinement, EntriesOne) {
  auto r = mutual_refinement(P("(1,4)"), P("4"));
  ASSERT_TRUE(r);
  EXPECT_TRUE(is_mutual_refinement(*r, P("(1,4)"), P("4")));
  r = mutual_refinement(P("(4,1)"), P("(4)"));  // extension: a trailing 1 of T joins U's last mode
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(r->second), "((4,1))");
  EXPECT_TRUE(is_mutual_refinement(*r, P("(4,1)"), P("(4)")));
  r = mutual_refinement(P("()"), P("(3,5)"));
  ASSERT_TRUE(r);
  EXPECT_EQ(to_string(r->second), "(3,5)");
  EXPECT_FALSE(mutual_refinement(P("(4)"), P("(2)")));
}
