#include "catlayout/algorithms/representability.hpp"

#include <map>
#include <set>

#include "helpers.hpp"

using namespace catlayout;
using namespace catlayout::algorithms;  // paper chapter 4
using namespace catlayout::testing;

namespace {

std::optional<Layout> rep(std::vector<Int> const& t) { return represent(t)->layout; }

// Every flat layout of size n with factors >= 2 and strides in [-r, r].
void all_layouts(Int n, Int r, std::vector<Layout>& out) {
  for (auto const& shape : factorizations(n)) {
    std::vector<Int> stride(shape.size(), -r);
    while (true) {
      out.push_back(shape.empty() ? Layout() : *from_flat({shape, stride}));
      std::size_t k = 0;
      while (k < stride.size() && stride[k] == r) stride[k++] = -r;
      if (k == stride.size()) break;
      ++stride[k];
    }
  }
}

}  // namespace

TEST(Representability, BlogExamples) {
  EXPECT_FALSE(rep({0, 1, 2, 4}).has_value());
  EXPECT_EQ(to_string(*rep({0, 1, 4, 5})), "(2,2):(1,4)");
  EXPECT_EQ(to_string(*rep({0})), "1:0");
  EXPECT_EQ(to_string(*rep({0, 0, 0})), "3:0");
  EXPECT_EQ(to_string(*rep({0, 0, 1, 1})), "(2,2):(0,1)");
  EXPECT_FALSE(rep({1, 2}).has_value());
  EXPECT_FALSE(represent(std::vector<Int>{}).has_value());
  EXPECT_NE(represent(std::vector<Int>{0, 1, 2, 4})->reason.find("does not divide"), std::string::npos);
}

// The canonical form is unique: represent(tabulate(L)) == coalesce(L) for every small layout L.
TEST(Representability, RecoversCoalesceOfEveryLayout) {
  int count = 0;
  for (Int n = 1; n <= 12; ++n) {
    std::vector<Layout> ls;
    all_layouts(n, n <= 8 ? 4 : 2, ls);
    for (auto const& l : ls) {
      auto r = rep(tabulate(l));
      ASSERT_TRUE(r) << to_string(l);
      EXPECT_EQ(to_string(*r), to_string(coalesce(l))) << to_string(l);
      ++count;
    }
  }
  EXPECT_GT(count, 1500);
}

// Decision: every table of length n <= 6 with values in [-3, 3] is representable iff some layout has it
// (strides of such a layout are values of the table, so |d| <= 3: the enumeration is complete).
TEST(Representability, DecidesAgainstEnumeration) {
  constexpr Int r = 3;
  for (Int n = 1; n <= 6; ++n) {
    std::vector<Layout> ls;
    all_layouts(n, r, ls);
    std::set<std::vector<Int>> layout_tables;
    for (auto const& l : ls) layout_tables.insert(tabulate(l));
    std::vector<Int> t(n, 0);
    int yes = 0, no = 0;
    while (true) {
      bool in = layout_tables.count(t) != 0;
      auto got = represent(t);
      ASSERT_TRUE(got);
      EXPECT_EQ(got->layout.has_value(), in) << "n = " << n << " table " << ::testing::PrintToString(t);
      if (got->layout) { EXPECT_EQ(tabulate(*got->layout), t); }
      if (!got->layout) { EXPECT_FALSE(got->reason.empty()); }
      (in ? yes : no)++;
      std::size_t k = 1;
      while (k < t.size() && t[k] == r) t[k++] = -r;
      if (k >= t.size()) break;
      ++t[k];
    }
    if (n >= 4) { EXPECT_GT(no, 0); }
  }
}

// explain_composition on the CuTe composite A o B: find both kinds of core rejection among small pairs.
TEST(Representability, ExplainsCoreRejections) {
  int rejects_representable = 0, rejects_not = 0, accepts = 0;
  std::string example_rep, example_not;
  for (Int s0 = 2; s0 <= 4; ++s0)
    for (Int s1 = 1; s1 <= 4; ++s1)
      for (Int d0 = 0; d0 <= 6; ++d0)
        for (Int d1 = 0; d1 <= 8; ++d1)
          for (Int bs = 2; bs <= 6; ++bs)
            for (Int bd = 1; bd <= 5; ++bd) {
              Layout a = *from_flat({{s0, s1}, {d0, d1}}), b = *Layout::make(bs, bd);
              auto x = explain_composition(a, b);
              ASSERT_TRUE(x);
              if (x->core) {
                ++accepts;
                ASSERT_TRUE(x->representable) << to_string(a) << " o " << to_string(b) << ": " << x->reason;
                EXPECT_EQ(*x->representable, coalesce(*x->core));
                continue;
              }
              if (x->representable) {
                ++rejects_representable;
                EXPECT_EQ(tabulate(*x->representable), *x->table);
                if (example_rep.empty() && s1 > 1 && d0 > 0 && d1 > 0) example_rep = to_string(a) + " o " + to_string(b) + ": " + x->reason;
              } else {
                ++rejects_not;
                if (example_not.empty() && s1 > 1 && d0 > 0 && d1 > 0) example_not = to_string(a) + " o " + to_string(b) + ": " + x->reason;
              }
            }
  std::printf("core accepts %d; rejects %d representable, %d not\n  e.g. %s\n  e.g. %s\n", accepts,
              rejects_representable, rejects_not, example_rep.c_str(), example_not.c_str());
  EXPECT_GT(rejects_representable, 0);
  EXPECT_GT(rejects_not, 0);
}

// The two kinds, one named example each (found by the search above; verified by tabulation here).
TEST(Representability, ExplainNamedExamples) {
  auto no = explain_composition(L("(3,2):(1,4)"), L("4:1"));  // blog
  ASSERT_TRUE(no);
  EXPECT_FALSE(no->core);
  EXPECT_FALSE(no->representable);
  EXPECT_EQ(*no->table, (std::vector<Int>{0, 1, 2, 4}));
  auto yes = explain_composition(L("(2,2):(1,4)"), L("4:1"));
  ASSERT_TRUE(yes);
  EXPECT_TRUE(yes->core);
  EXPECT_EQ(to_string(*yes->representable), "(2,2):(1,4)");
}

// Core rejects, yet the composite is a layout (found by ExplainsCoreRejections): CuTe's stride
// condition fails (3 is neither a multiple of nor less than 2) although A(B(i)) = [0, 2] is 2:2.
TEST(Representability, CoreRejectsButRepresentable) {
  Layout a = L("(2,2):(1,1)"), b = L("2:3");
  auto x = explain_composition(a, b);
  ASSERT_TRUE(x);
  EXPECT_FALSE(x->core);
  ASSERT_TRUE(x->representable);
  for (Int i = 0; i < b.size(); ++i) EXPECT_EQ((*x->representable)(i), *a.extended(b(i)));
  EXPECT_NE(x->reason.find("sufficient, not necessary"), std::string::npos) << x->reason;
}
