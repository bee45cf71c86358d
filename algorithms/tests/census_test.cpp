#include "catlayout/algorithms/census.hpp"

#include "helpers.hpp"

using namespace catlayout;
using namespace catlayout::algorithms;  // paper chapter 4
using namespace catlayout::testing;

// The blog's census (seed document "Tiling Is Function Composition"), under docs/census.md's definition.
TEST(Census, BlogTable) {
  struct Row {
    char const* a;
    Int admissible, candidates;
  };
  for (auto [a, adm, cand] : {Row{"(8):(1)", 31, 31}, Row{"(6,2):(8,2)", 42, 52}, Row{"(3,5):(5,1)", 54, 70},
                              Row{"(4,4):(4,1)", 58, 76}}) {
    auto c = census(L(a));
    ASSERT_TRUE(c) << a;
    EXPECT_EQ(c->candidates, cand) << a;
    EXPECT_EQ(c->representable, adm) << a;
    std::printf("%-12s representable %lld/%lld, core %lld, categorical %lld, rational %lld\n", a,
                (long long)c->representable, (long long)c->candidates, (long long)c->core, (long long)c->categorical,
                (long long)c->rational);
  }
}

// Each row: the composite tabulates to A(B(i)); core's answer, when it has one, is that layout.
TEST(Census, RowsAreConsistent) {
  for (auto a : {"(6,2):(8,2)", "(3,5):(5,1)", "(4,4):(4,1)", "((2,3),4):((1,12),2)"}) {
    auto c = census(L(a));
    ASSERT_TRUE(c);
    for (auto const& r : c->rows) {
      Layout b = *Layout::make(r.shape, r.stride);
      auto core = composition(L(a), b);
      EXPECT_EQ(core.has_value(), r.core);
      if (core) {
        ASSERT_TRUE(r.composite) << a << " o " << to_string(b);
        EXPECT_EQ(*r.composite, coalesce(*core));
      }
      if (r.composite) {
        for (Int i = 0; i < b.size(); ++i) EXPECT_EQ((*r.composite)(i), L(a)(b(i))) << a << " o " << to_string(b);
      }
      if (r.categorical) { EXPECT_TRUE(r.rational); }
      if (r.rational) { EXPECT_TRUE(r.composite.has_value()); }
    }
  }
}

// Alternative readings of "integral composands whose codomain fits inside A" (docs/census.md).
TEST(Census, AlternativeDefinitions) {
  struct Alt {
    char const* name;
    CensusDomain dom;
  };
  for (auto a : {"(8):(1)", "(6,2):(8,2)", "(3,5):(5,1)", "(4,4):(4,1)"}) {
    std::printf("%-12s", a);
    for (auto [name, dom] : {Alt{"blog", {}}, Alt{"s>=2", {2, 0, false}}, Alt{"d>=1", {1, 1, false}},
                             Alt{"s>=2,d>=1", {2, 1, false}}, Alt{"cosize", {1, 0, true}}}) {
      auto c = census(L(a), dom);
      ASSERT_TRUE(c);
      std::printf("  %s %lld/%lld (core %lld)", name, (long long)c->representable, (long long)c->candidates,
                  (long long)c->core);
    }
    std::printf("\n");
  }
}
