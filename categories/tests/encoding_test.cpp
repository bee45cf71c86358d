#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

TEST(MorphismEncoding, LayoutOfAMorphism) {
  // d_i = t_1 ... t_{alpha(i)-1}, 0 for *.
  EXPECT_EQ(to_string(to_layout(F("(2,2) -(2,4)-> (3,2,5,2)"))), "(2,2):(3,30)");
  EXPECT_EQ(to_string(to_layout(F("(2,2,2,2) -(4,*,2,6)-> (3,2,4,2,10,2)"))), "(2,2,2,2):(24,0,3,480)");
  EXPECT_EQ(to_string(to_layout(N("7 -(4)-> (8,8,(7,7))"))), "7:448");  // seed nest.to_layout/11
  EXPECT_EQ(to_string(to_layout(N("(5,6,5) -(2,3,1)-> (5,5,6)"))), "(5,6,5):(5,25,1)");  // seed 12
  EXPECT_EQ(to_string(to_layout(N("((8,8),(4,4)) -(1,*,2,*)-> (8,4)"))), "((8,8),(4,4)):((1,0),(8,0))");
  EXPECT_EQ(to_string(to_layout(F("() -()-> (3)"))), "():()");
}

TEST(MorphismEncoding, StandardRepresentationsOfThePapersExamples) {
  // Construction 3.1.2.5: sort the nonzero strides, fill each gap with one unused entry.
  EXPECT_EQ(S(flat_standard_representation(L("(2,2):(3,30)"))), "(2,2) -(2,4)-> (3,2,5,2)");
  EXPECT_EQ(S(flat_standard_representation(L("(128,128):(128,1)"))), "(128,128) -(2,1)-> (128,128)");
  EXPECT_EQ(S(flat_standard_representation(L("(2,2,2,2):(24,0,3,480)"))), "(2,2,2,2) -(4,*,2,6)-> (3,2,4,2,10,2)");
  auto f = standard_representation(L("(32,(2,2)):(192,(24,3))"));  // §3.2.2's nested example
  ASSERT_TRUE(f) << f.error().what();
  EXPECT_EQ(to_string(*f), "(32,(2,2)) -(6,4,2)-> (3,2,4,2,4,32)");
  EXPECT_EQ(to_layout(*f), L("(32,(2,2)):(192,(24,3))"));
  // Seeds layout.to_nest/13, /14: a gap of 1 is no entry; size-1 modes with a stride keep theirs.
  EXPECT_EQ(S(standard_representation(L("(1,4):(4,1)"))), "(1,4) -(2,1)-> (4,1)");
  EXPECT_EQ(S(standard_representation(L("((2,2)):((14,7))"))), "((2,2)) -(3,2)-> (7,2,2)");
  EXPECT_EQ(S(standard_representation(L("4:0"))), "4 -(*)-> ()");
}

TEST(MorphismEncoding, NonTractableLayoutsHaveNoMorphism) {
  for (auto text : {"(4,8):(3,3)", "(7,2):(7,5)", "(2,2):(-1,2)", "(1,4):(3,1)", "(2,3):(1,3)"}) {
    auto r = standard_representation(L(text));
    ASSERT_FALSE(r) << text << " gave " << to_string(*r);
    EXPECT_EQ(r.error().kind, ErrorKind::not_tractable) << text;
    EXPECT_FALSE(is_encodable(L(text))) << text;
  }
  auto r = standard_representation(L("(4,8):(3,3)"));
  EXPECT_NE(r.error().message.find("does not divide the next stride 3"), std::string::npos) << r.error().message;
  EXPECT_TRUE(is_encodable(L("(3,3,1,3,3,1,3):(81,1,0,9,3,0,27)")));  // §2.1.8's tractable examples
  EXPECT_TRUE(is_encodable(L("(3,7,7):(0,15,0)")));
  EXPECT_TRUE(is_encodable(L("(2,2,2,2):(1,2048,16,64)")));
}

TEST(MorphismEncoding, StandardFormAndNonDegeneracy) {
  EXPECT_TRUE(is_standard_form(F("(2,2) -(2,4)-> (3,2,5,2)")));
  EXPECT_FALSE(is_standard_form(F("(2,2) -(2,4)-> (3,2,5,2,7)")));    // an unused entry after the last
  EXPECT_FALSE(is_standard_form(F("(2,2) -(3,5)-> (3,1,2,5,2)")));    // an unused entry 1
  EXPECT_FALSE(is_standard_form(F("(2,2) -(3,5)-> (3,5,2,5,2)")));    // two unused entries in a row
  EXPECT_TRUE(is_standard_form(F("(2,2) -(2,1)-> (2,2)")));           // (2,2):(2,1)
  // Degenerate ties: both encode (1,1):(1,1); the standard one keeps the order of the modes.
  EXPECT_FALSE(is_standard_form(F("(1,1) -(2,1)-> (1,1)")));
  EXPECT_TRUE(is_standard_form(F("(1,1) -(1,2)-> (1,1)")));
  EXPECT_TRUE(is_non_degenerate(F("(1,2) -(*,1)-> (2)")));
  EXPECT_FALSE(is_non_degenerate(F("(1,2) -(1,2)-> (1,2)")));
  EXPECT_TRUE(is_standard_form(N("(2,(2)) -(2,4)-> (3,2,5,2)")));
  EXPECT_FALSE(is_standard_form(N("(2,2) -(2,4)-> (3,2,(5,2))")));  // T must be flat
}

// Prop. 3.1.2.10 / §3.2.2: L_{f_L} = L for every tractable L.
TEST(MorphismEncoding, LayoutOfTheStandardRepresentationIsTheLayout) {
  std::mt19937_64 g(5);
  int tractable = 0;
  for (int k = 0; k < 3000; ++k) {
    auto l = random_layout(g);
    auto f = standard_representation(l);
    EXPECT_EQ(f.has_value(), is_encodable(l)) << to_string(l);
    if (is_non_degenerate(l)) {  // then size-1 modes have stride 0 and core's squeeze changes nothing
      EXPECT_EQ(is_encodable(l), is_tractable(l)) << to_string(l);
    }
    if (!f) continue;
    ++tractable;
    EXPECT_EQ(to_layout(*f), l) << to_string(l) << " -> " << to_string(*f);
    EXPECT_TRUE(is_standard_form(*f)) << to_string(*f);
    EXPECT_EQ(is_non_degenerate(*f), is_non_degenerate(l)) << to_string(l);
  }
  EXPECT_GT(tractable, 300);
}

// Lemma 3.1.2.20 / Prop. 3.1.2.10: f_{L_f} = f exactly for f of standard form.
TEST(MorphismEncoding, StandardRepresentationOfTheLayoutIsTheMorphism) {
  std::mt19937_64 g(6);
  int standard = 0;
  for (int k = 0; k < 3000; ++k) {
    auto f = random_nest(g, random_morphism(g, 4));
    auto back = standard_representation(to_layout(f));
    ASSERT_TRUE(back) << to_string(f) << ": " << back.error().what();  // every L_f is tractable
    bool flat_codomain = !f.codomain().is_leaf() && depth(f.codomain()) <= 1;
    EXPECT_EQ(*back == f, is_standard_form(f.flat()) && flat_codomain) << to_string(f) << " vs " << to_string(*back);
    EXPECT_EQ(is_standard_form(f), *back == f) << to_string(f);
    standard += is_standard_form(f);
  }
  EXPECT_GT(standard, 100);
}

// §3.1.4 / §3.2.4: |f| = Phi_{L_f}, computed independently through colex coordinates.
TEST(MorphismEncoding, RealizationIsTheLayoutFunction) {
  std::mt19937_64 g(7);
  for (int k = 0; k < 500; ++k) {
    auto f = random_nest(g, random_morphism(g, 6));
    auto table = tabulate(f);
    ASSERT_TRUE(table);
    EXPECT_EQ(*table, catlayout::tabulate(to_layout(f))) << to_string(f);
    for (Int v : *table) EXPECT_LT(v, cosize(f));
  }
  auto f = F("(4,4) -(1,3)-> (4,4,4)");
  EXPECT_EQ(*realize(f, 5), 1 + 16);  // coordinate (1,1) -> (1,0,1)
  EXPECT_EQ(kind_of(realize(f, 16)), ErrorKind::invalid_input);
}
