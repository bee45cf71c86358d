#include "catlayout/algorithms/admissibility.hpp"

#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/representability.hpp"
#include "helpers.hpp"

using namespace catlayout;
using namespace catlayout::algorithms;  // paper chapter 4
using namespace catlayout::testing;

namespace {

// T of A's standard representation (Construction 3.1.2.5), read off the algorithm's trace.
IntTuple codomain_of(Layout const& a) {
  auto tr = categorical_composition_trace(a, *Layout::make(codomain_extent(a), 1));
  return tr->t;
}

std::optional<Layout> composite_b_after_a(Layout const& a, Layout const& b, bool extended) {
  std::vector<Int> t;
  for (Int i = 0; i < a.size(); ++i) {
    auto v = extended ? b.extended(a(i)) : b.at(a(i));
    if (!v) return std::nullopt;
    t.push_back(*v);
  }
  return represent(t)->layout;
}

}  // namespace

TEST(Admissibility, Examples) {
  // Blog: (3,2):(1,4) o 4:1 is inadmissible, (2,2):(1,4) o 4:1 admissible (paper order B o A, A = 4:1).
  auto e = admissible_for_composition(L("4:1"), L("(3,2):(1,4)"));
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(e.error().message.find("(c,d)"), std::string::npos) << e.error().message;
  EXPECT_TRUE(admissible_for_composition(L("4:1"), L("(2,2):(1,4)")));
  // Extension: 4:2 reaches 6 >= size(B) = 4; admissible only with B's last mode unbounded.
  EXPECT_FALSE(admissible_for_composition(L("4:2"), L("4:1")));
  EXPECT_TRUE(admissible_for_composition(L("4:2"), L("4:1"), true));
  EXPECT_FALSE(admissible_for_composition(L("2:-1"), L("4:1"), true));
  EXPECT_FALSE(admissible_for_composition(L("(2,2):(1,1)"), L("8:1")));  // (e) overlapping modes
}

// Paper §4.1.6 theorem: for A flat tractable without shape-1 or stride-0 modes, (T, U) mutually
// refinable implies A and B admissible. Checked on random cases, with the converse, which our
// reading of the definition also gives (every d_i, d_i s_i sits in the chain of U's prefix products).
TEST(Admissibility, MutualRefinabilityIffAdmissible) {
  std::mt19937_64 g(17);
  int refinable = 0, not_refinable = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout a = flatten(random_tractable(g, 3, 5, false, 3));
    Layout b = random_tractable(g, 4, 8, false, 2);
    auto mr = mutual_refinement(codomain_of(a), flat_tuple(flat_modes(coalesce(b)).shape));
    bool adm = admissible_for_composition(a, b).has_value();
    if (mr) {
      ++refinable;
      EXPECT_TRUE(adm) << to_string(a) << " " << to_string(b) << ": " << admissible_for_composition(a, b).error().what();
    } else {
      ++not_refinable;
      EXPECT_FALSE(adm) << to_string(a) << " " << to_string(b);
    }
  }
  EXPECT_GT(refinable, 200);
  EXPECT_GT(not_refinable, 300);
}

// Admissible pairs compose to a layout: B(A(i)) is representable, for any A (not only tractable),
// with B's ordinary function; extended admissibility with B's extension, and core then accepts.
TEST(Admissibility, AdmissibleComposesToALayout) {
  std::mt19937_64 g(23);
  int adm = 0, ext = 0, core_rejects_ext = 0;
  for (int n = 0; n < 4000; ++n) {
    Layout a = random_layout(g, 4, 12);
    Layout b = random_tractable(g, 3, 8, n % 2 == 0, 2);
    if (admissible_for_composition(a, b)) {
      ++adm;
      auto c = composite_b_after_a(a, b, false);
      EXPECT_TRUE(c.has_value()) << to_string(a) << " " << to_string(b);
    }
    if (admissible_for_composition(a, b, true)) {
      ++ext;
      EXPECT_TRUE(composite_b_after_a(a, b, true).has_value()) << to_string(a) << " " << to_string(b);
      // Core rejects only for A's size-1 modes of nonzero stride (CuTe tests their stride anyway).
      auto core = composition(b, a);
      if (!core) {
        ++core_rejects_ext;
        auto f = flat_modes(a);
        bool size1 = false;
        for (std::size_t i = 0; i < f.shape.size(); ++i) size1 |= f.shape[i] == 1 && f.stride[i] != 0;
        EXPECT_TRUE(size1) << "B o A, A = " << to_string(a) << ", B = " << to_string(b) << ": " << core.error().what();
      }
    }
  }
  std::printf("admissible %d, extended-admissible %d (core rejects %d of them)\n", adm, ext, core_rejects_ext);
  EXPECT_GT(adm, 200);
}
