// Worked examples of each operation (the paper's where the text keeps them, the seeds',
// and small ones built from the definitions), each checked against the direct engine.
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

TEST(TupleSqueeze, DropsTheOnes) {
  auto f = F("(1,4,1,3) -(1,3,*,*)-> (1,2,4)");
  auto s = squeeze(f);
  EXPECT_EQ(to_string(s), "(4,3) -(2,*)-> (2,4)");
  EXPECT_EQ(to_layout(s), catlayout::squeeze(to_layout(f)));  // L_{squeeze f} = squeeze(L_f)
  EXPECT_EQ(squeeze(s), s);
}

// A normal form of tuple morphisms (sorted, coalesced): f is not in it, and normalize(f) is written
// `want` and is in it. Returns normalize(f).
static TupleMorphism expect_normalizes(TupleMorphism const& f, TupleMorphism (*normalize)(TupleMorphism const&),
                                       bool (*is_normal)(TupleMorphism const&), std::string_view want) {
  EXPECT_FALSE(is_normal(f)) << to_string(f);
  auto n = normalize(f);
  EXPECT_EQ(to_string(n), want);
  EXPECT_TRUE(is_normal(n)) << to_string(n);
  return n;
}

TEST(TupleSort, StarModesFirstThenTheOrderOfAlpha) {
  auto f = F("(4,3,2,1) -(3,*,1,*)-> (2,5,4)");
  auto s = expect_normalizes(f, sort, is_sorted, "(1,3,2,4) -(*,*,1,3)-> (2,5,4)");
  EXPECT_EQ(sort(s), s);
  EXPECT_EQ(to_layout(s), catlayout::sort(to_layout(f)));  // L_{sort f} = sort(L_f)
}

TEST(MorphismCoalesce, FlatMergesRunsInDomainAndCodomain) {
  auto f = F("(2,3,5,1,7) -(1,2,*,*,4)-> (2,3,1,7)");
  auto c = expect_normalizes(f, coalesce, is_coalesced, "(6,5,7) -(1,*,2)-> (6,7)");
  EXPECT_EQ(flat_modes(to_layout(c)).shape, flat_modes(catlayout::coalesce(to_layout(f))).shape);
  EXPECT_EQ(flat_modes(to_layout(c)).stride, flat_modes(catlayout::coalesce(to_layout(f))).stride);
  EXPECT_FALSE(is_coalesced(F("(2,2) -(1,3)-> (2,1,2)")));  // only a 1 between: the strides chain
  EXPECT_TRUE(is_coalesced(F("(2,2) -(1,3)-> (2,3,2)")));
  EXPECT_TRUE(is_coalesced(F("(2,2) -(3,1)-> (2,3,2)")));
  EXPECT_FALSE(is_coalesced(F("(2,2) -(*,*)-> ()")));
}

TEST(MorphismCoalesce, NestedIsCuTeCompatible) {
  // After §3.2.6.2: f: ((2,2),(3,3),(5,5)) -> (5,5,3,3,2,2).
  auto f = N("((2,2),(3,3),(5,5)) -(5,6,3,4,1,2)-> (5,5,3,3,2,2)");
  auto c = coalesce(f);
  EXPECT_EQ(to_string(c), "(4,9,25) -(3,2,1)-> (25,9,4)");
  EXPECT_EQ(to_layout(c), catlayout::coalesce(to_layout(f)));  // coal(L_f) = L_{coal f}, structurally
  // Seeds nest.coalesce/02, /03: one mode left is a bare integer; the codomain is flattened.
  EXPECT_EQ(to_string(coalesce(N("7 -(1)-> ((((7),(3))))"))), "7 -(1)-> (7,3)");
  EXPECT_EQ(to_string(coalesce(N("(7,5,8) -(1,*,2)-> (((7,8)))"))), "(7,5,8) -(1,*,2)-> (7,8)");
  // Nothing left: CuTe's 1:0.
  auto one = N("(1,(1)) -(*,1)-> (1,3)");
  EXPECT_EQ(to_string(coalesce(one)), "1 -(*)-> (3)");
  EXPECT_EQ(to_layout(coalesce(one)), catlayout::coalesce(to_layout(one)));
}

TEST(MorphismComplement, TheUnusedEntriesOfTheCodomain) {
  // §2.1.6's example: A = (2,2):(1,50), N = 100, complement (25):(2).
  auto f = *flat_standard_representation(L("(2,2):(1,50)"));
  EXPECT_EQ(to_string(f), "(2,2) -(1,3)-> (2,25,2)");
  auto c = complement(f);
  EXPECT_EQ(S(c), "(25) -(2)-> (2,25,2)");
  EXPECT_EQ(to_string(to_layout(*c)), "(25):(2)");
  EXPECT_TRUE(is_complement(*c, f));
  EXPECT_EQ(catlayout::coalesce(to_layout(*c)), *catlayout::complement(to_layout(f), cosize(f)));
  // Seed nest.complement/05 and the core check on it.
  auto g = N("(3,7) -(1,4)-> ((3,(6,4,7)))");
  auto gc = complement(g);
  EXPECT_EQ(S(gc), "(6,4) -(2,3)-> ((3,(6,4,7)))");
  EXPECT_EQ(catlayout::coalesce(to_layout(*gc)), *catlayout::complement(to_layout(g), cosize(g)));
  // Def. 3.1.5.45: a * among the images means no complement.
  auto bad = complement(N("((5,6)) -(*,*)-> 8"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::not_complementable);
  EXPECT_NE(bad.error().message.find("alpha(1) = *"), std::string::npos) << bad.error().message;
  EXPECT_EQ(S(complement(N("(2,3) -(2,1)-> (3,2)"))), "() -()-> (3,2)");  // an isomorphism: nothing left
}

// The tiling of §2.3.8: A = (4,8):(1,4) by B = (2,2):(1,4), and by B = (2,2):(4,1). Morphisms
// need codomain(g) = domain(f), so A is written over the common refinement ((2,2),(2,4)).
TEST(NestLogicalDivide, ThePapersTilings) {
  auto f = N("((2,2),(2,4)) -(1,2,3,4)-> (2,2,2,4)");
  EXPECT_TRUE(same_function(to_layout(f), L("(4,8):(1,4)")));
  struct Case {
    char const *g, *b, *expect;
  };
  for (auto c : {Case{"(2,2) -(1,3)-> ((2,2),(2,4))", "(2,2):(1,4)", "((2,2),(2,4)):((1,4),(2,8))"},
                 Case{"(2,2) -(3,1)-> ((2,2),(2,4))", "(2,2):(4,1)", "((2,2),(2,4)):((4,1),(2,8))"}}) {
    auto g = N(c.g);
    EXPECT_EQ(to_layout(g), L(c.b));
    auto d = logical_divide(f, g);
    ASSERT_TRUE(d) << d.error().what();
    EXPECT_EQ(to_string(to_layout(*d)), c.expect);
    auto core = catlayout::logical_divide(L("(4,8):(1,4)"), Tiler::of(L(c.b)));
    ASSERT_TRUE(core) << core.error().what();
    EXPECT_TRUE(same_function(to_layout(*d), *core));
    // (f / g)^flat = f^flat /flat g^flat
    EXPECT_EQ(flatten(*d), *flat_divide(flatten(f), flatten(g)));
  }
}

TEST(NestLogicalDivide, SeedsAndErrors) {
  auto f = N("(((8,3),7)) -(2,*,4)-> (3,8,((3,7)))");
  auto g = N("7 -(3)-> (((8,3),7))");
  auto d = logical_divide(f, g);
  EXPECT_EQ(S(d), "(7,(8,3)) -(4,2,*)-> (3,8,((3,7)))");  // seed nest.logical_divide/07
  auto core = catlayout::logical_divide(to_layout(f), Tiler::of(to_layout(g)));
  ASSERT_TRUE(core);
  EXPECT_TRUE(same_function(to_layout(*d), *core));
  EXPECT_EQ(kind_of(logical_divide(f, N("7 -(1)-> (7,24)"))), ErrorKind::inadmissible);
  EXPECT_EQ(kind_of(logical_divide(f, N("(7,2) -(3,*)-> (((8,3),7))"))), ErrorKind::not_complementable);
}

TEST(NestLogicalProduct, RepeatsFAlongG) {
  // f = 2:1 in (2,3,4); g: (4,3) -> (3,4) lays out the copies in f^c = (3,4):(2,6).
  auto f = N("2 -(1)-> (2,3,4)");
  auto g = N("(4,3) -(2,1)-> (3,4)");
  EXPECT_TRUE(is_product_admissible(f, g));
  auto p = logical_product(f, g);
  EXPECT_EQ(S(p), "(2,(4,3)) -(1,3,2)-> (2,3,4)");
  EXPECT_EQ(to_string(to_layout(*p)), "(2,(4,3)):(1,(6,2))");
  auto core = catlayout::logical_product(to_layout(f), Tiler::of(to_layout(g)));
  ASSERT_TRUE(core) << core.error().what();
  EXPECT_EQ(*core, to_layout(*p));
  EXPECT_EQ(flatten(*p), *flat_product(flatten(f), flatten(g)));
  // Seed nest.logical_product/09 against core.
  auto f9 = N("2 -(1)-> ((2,5,4))");
  auto g9 = N("((5,4,4),8) -(1,*,*,*)-> (5,4)");
  auto p9 = logical_product(f9, g9);
  EXPECT_EQ(S(p9), "(2,((5,4,4),8)) -(1,2,*,*,*)-> ((2,5,4))");
  auto core9 = catlayout::logical_product(to_layout(f9), Tiler::of(to_layout(g9)));
  ASSERT_TRUE(core9);
  EXPECT_TRUE(same_function(to_layout(*p9), *core9));
  // Errors: f must be complementable, g must land in domain(f^c) exactly.
  EXPECT_EQ(kind_of(logical_product(N("(2,5) -(1,*)-> (2,3)"), g)), ErrorKind::not_complementable);
  EXPECT_EQ(kind_of(logical_product(f, N("4 -(1)-> (4,3)"))), ErrorKind::inadmissible);
  EXPECT_FALSE(is_product_admissible(f, N("4 -(1)-> (4,3)")));
}

TEST(NestComposition, AgreesWithCoreOnExamples) {
  auto f = N("(2,(7,2,2)) -(*,*,2,*)-> ((4,2))");  // seed nest.compose/01
  auto g = N("((4,2)) -(1,3)-> (4,5,2)");
  auto gf = compose(g, f);
  ASSERT_TRUE(gf);
  auto core = catlayout::composition(to_layout(g), to_layout(f));
  ASSERT_TRUE(core) << core.error().what();
  EXPECT_EQ(to_layout(*gf), *core);
  EXPECT_EQ(to_string(*core), "(2,(7,2,2)):(0,(0,20,0))");
}
