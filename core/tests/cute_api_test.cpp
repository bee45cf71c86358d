// CuTe's constructors, partitioners and element-size changes, and the whitepaper's operations
// (core/compact.hpp, partition.hpp, recast.hpp, nullspace.hpp, coalesce_z, layout_add.hpp,
// common_domain.hpp, swizzle_layout.hpp). The worked examples are the ones CuTe's headers and
// PyCuTe's docs print (cited at each); proofs-tests holds the tabulated post-conditions.
#include "testing.hpp"

#include "catlayout/core/coshape.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/crd2idx.hpp"
#include "catlayout/core/modes.hpp"
#include "catlayout/core/congruence.hpp"
#include "catlayout/core/coprofile.hpp"
#include "catlayout/core/inverse.hpp"
#include "catlayout/core/domain_distribute.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/f2_layout.hpp"

namespace catlayout {
namespace {

using testing::L;
using testing::S;
using testing::T;

IntTuple I(std::string_view s) { return *parse_int_tuple(s); }
std::string str_of(Result<Layout> const& r) { return S(r); }

// cute/layout.hpp's comments on make_ordered_layout and make_layout_like (static orders).
TEST(Compact, CuteHeaderExamples) {
  EXPECT_EQ(str_of(make_ordered_layout(I("(2,2,2,2)"), I("(0,2,3,1)"))), "(2,2,2,2):(1,4,8,2)");
  EXPECT_EQ(str_of(make_layout_like(L("(2,2,2,2):(0,2,4,1)"))), "(2,2,2,2):(0,2,4,1)");
  EXPECT_EQ(str_of(make_layout(I("(4,(2,3))"), Major::left)), "(4,(2,3)):(1,(4,8))");
  EXPECT_EQ(str_of(make_layout(I("(4,(2,3))"), Major::right)), "(4,(2,3)):(6,(3,1))");
  EXPECT_EQ(str_of(make_layout(I("(1,4,1)"), Major::left)), "(1,4,1):(0,1,0)");  // a static 1 gets stride 0
}

TEST(Compact, OrderMatchesTheShape) {
  auto r = make_ordered_layout(I("(2,3)"), I("(0,1,2)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(r.error().message.find("rank 3"), std::string::npos) << r.error().message;
  // A coarser order: one entry covers a whole nested mode, compact column-major inside.
  EXPECT_EQ(str_of(make_ordered_layout(I("((2,3),4)"), I("(1,0)"))), "((2,3),4):((4,8),1)");
}

// cute/layout.hpp tile_to_shape: the block repeats across mode 0 first by default.
TEST(TileToShape, RepeatsTheBlock) {
  EXPECT_EQ(str_of(tile_to_shape(L("(2,2):(2,1)"), I("(4,6)"))), "((2,2),(2,3)):((2,4),(1,8))");
  auto bad = tile_to_shape(L("(2,3):(1,2)"), I("(4,4)"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_FALSE(tile_to_shape(L("(2,2,2):(1,2,4)"), I("(4,4)")));  // rank of the block too large
}

// The partition is the divided layout sliced: its offset plus its layout reproduce the elements.
TEST(Partition, LocalTileIsTheTileAtTheCoordinate) {
  Layout a = L("(8,6):(1,8)");
  auto t = local_tile(a, T("<4,3>"), SliceCoord::tuple({SliceCoord::of(1), SliceCoord::of(1)}));
  ASSERT_TRUE(t) << t.error().what();
  EXPECT_EQ(to_string(t->layout), "(4,3):(1,8)");
  EXPECT_EQ(t->offset, a.at_coord(tup(4, 3)).value());
  auto p = local_partition(a, L("(2,3):(3,1)"), 4);  // thread 4 sits at (1,1)
  ASSERT_TRUE(p) << p.error().what();
  EXPECT_EQ(to_string(p->layout), "(4,2):(2,24)");
  EXPECT_EQ(p->offset, a.at_coord(tup(1, 1)).value());
}

TEST(Partition, ThreadIndexMustBelongToTheThreadLayout) {
  auto broadcast = local_partition(L("(8,6):(1,8)"), L("(2,3):(0,1)"), 1);
  ASSERT_FALSE(broadcast);
  EXPECT_EQ(broadcast.error().kind, ErrorKind::invalid_input);
  auto gap = local_partition(L("(8,6):(1,8)"), L("(2,3):(1,4)"), 2);  // 2 is no thread of (2,3):(1,4)
  ASSERT_FALSE(gap);
  EXPECT_TRUE(gap.error().cute_precondition) << gap.error().what();
}

TEST(Partition, ProjectionDropsModes) {
  Projection keep_mk{{true, false, true}};
  auto t = local_tile(L("(64,32):(1,64)"), T("<16,8,8>"),
                      SliceCoord::tuple({SliceCoord::of(2), SliceCoord::of(5), SliceCoord::hole()}), keep_mk);
  ASSERT_TRUE(t) << t.error().what();
  EXPECT_EQ(to_string(t->layout), "(16,8,4):(1,64,512)");
  EXPECT_EQ(t->offset, 32);
}

// docs/definitions.md inner_partition: element j of the tile is T((B,B*)(j, coord)), a function even
// where the division is no layout. T = ((13,15,1)):((1,13,0)) by 99: the division's modes overlap
// past T's 195 elements (T extended by its stride-0 last mode), yet tile 0 is T(j) for j < 99 (CuTe's
// 99:1 at 0 kept, tabulated here); tile 1 reaches past 195, where CuTe's slice (offset 99 + j) is
// not T's extension (0, 1, 2), so it stays refused, CuTe's slice named.
TEST(Partition, ASliceOfADivisionWithNoAnswerCanHaveOne) {
  Layout t = L("((13,15,1)):((1,13,0))");
  ASSERT_FALSE(zipped_divide(t, T("<99>")));
  auto tile0 = local_tile(t, T("<99>"), SliceCoord::tuple({SliceCoord::of(0)}));
  ASSERT_TRUE(tile0) << tile0.error().what();
  ASSERT_EQ(tile0->layout.size(), 99);
  for (Int j = 0; j < 99; ++j) EXPECT_EQ(tile0->offset + tile0->layout(j), *t.extended(j)) << j;
  auto tile1 = local_tile(t, T("<99>"), SliceCoord::tuple({SliceCoord::of(1)}));
  ASSERT_FALSE(tile1);
  EXPECT_TRUE(tile1.error().cute_answers);
  EXPECT_NE(tile1.error().message.find("CuTe's slice of its own division, ((99)):((1)) at offset 99"),
            std::string::npos) << tile1.error().message;
  Int j = 0;  // tile 1 is T(99 + j): 99 + j up to 96, then T's extension starts again at 0
  while (j < 99 && *t.extended(99 + j) == 99 + j) ++j;
  EXPECT_EQ(j, 96);
  EXPECT_EQ(*t.extended(99 + j), 0);
}

// PyCuTe docs/04_layout_algebra.md "Recast" (integer scales: upcast; 1/2: downcast<2>).
TEST(Recast, PyCuteDocExamples) {
  EXPECT_EQ(str_of(upcast(L("24:1"), 8)), "3:1");
  EXPECT_EQ(str_of(downcast(L("24:1"), 2)), "48:1");
  EXPECT_EQ(str_of(upcast(L("24:2"), 1)), "24:2");
  EXPECT_EQ(str_of(upcast(L("24:2"), 4)), "12:1");
  EXPECT_EQ(str_of(upcast(L("(4,4):(4,1)"), 4)), "(4,1):(1,1)");
  EXPECT_EQ(str_of(recast_layout(L("(4,4):(4,1)"), 8, 32)), "(4,1):(1,1)");
}

// CuTe's per-mode rule is the default; --strict (downcast.strict, upcast.strict) refuses where it is
// not the same memory in elements of the new size.
TEST(Recast, StrictRefusesWhereCuteIsNotTheSameMemory) {
  auto strict = Convention::categorical;
  auto minus = downcast(L("(4,2):(-1,4)"), 2);  // CuTe has no stride 1 here: its static_assert
  ASSERT_FALSE(minus);
  EXPECT_FALSE(minus.error().cute_answers);
  EXPECT_EQ(str_of(downcast(L("(4,2):(1,-1)"), 2)), "(8,4):(1,-1)");  // CuTe's rule: both unit modes grow
  auto both = downcast(L("(4,2):(1,-1)"), 2, strict);  // sub-elements run backwards
  ASSERT_FALSE(both);
  EXPECT_TRUE(both.error().cute_answers);
  EXPECT_EQ(str_of(upcast(L("8:-1"), 4)), "2:-1");
  auto up = upcast(L("8:-1"), 4, strict);  // old elements 1..3 lie in element -1
  ASSERT_FALSE(up);
  EXPECT_TRUE(up.error().cute_answers) << up.error().what();
  EXPECT_EQ(upcast(L("8:3"), 2).error().kind, ErrorKind::inadmissible);  // 3 and 2 do not divide
}

TEST(Recast, Swizzles) {
  EXPECT_EQ(to_string(*upcast(Swizzle{3, 4, 3}, 2)), "Sw<3,3,3>");
  EXPECT_EQ(to_string(*upcast(Swizzle{3, 1, 3}, 8)), "Sw<1,0,3>");  // zzz bits below bit 0 are gone
  EXPECT_EQ(to_string(*downcast(Swizzle{3, 3, 3}, 2)), "Sw<3,4,3>");
  auto c = upcast(*parse_composed_layout("Sw<3,4,3> o 0 o (8,64):(64,1)"), 2);
  ASSERT_TRUE(c) << c.error().what();
  EXPECT_EQ(to_string(*c), "Sw<3,3,3> o 0 o (8,32):(32,1)");
}

// PyCuTe docs/04_layout_algebra.md "Nullspace" and CuTe's formula; the whole kernel under --strict.
TEST(Nullspace, StrideZeroModesAndBeyond) {
  EXPECT_EQ(str_of(nullspace(L("(2,4,6):(1,2,0)"))), "6:8");
  EXPECT_EQ(str_of(nullspace(L("(4,5):(1,4)"))), "1:0");
  EXPECT_EQ(str_of(nullspace(L("(1,1):(0,0)"))), "(1,1):(0,0)");  // compact strides of size-1 modes are 0
  EXPECT_EQ(to_string(nullspace_formula(L("(2,2):(1,-1)"))), "1:0");
  EXPECT_EQ(str_of(nullspace(L("(2,2):(1,-1)"))), "1:0");  // CuTe's: size(L) / size(filter(L)) = 1
  EXPECT_EQ(str_of(nullspace(L("(3,3):(3,-3)"))), "1:0");
  auto strict = Convention::categorical;
  EXPECT_EQ(str_of(nullspace(L("(2,2):(1,-1)"), strict)), "2:3");  // index 3 = (1,1) maps to 0 as well
  EXPECT_EQ(str_of(nullspace(L("(3,3):(3,-3)"), strict)), "3:4");
  auto none = nullspace(L("(2,2,2):(1,1,-1)"), strict);  // kernel {0, 5, 6}: no layout enumerates it
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().kind, ErrorKind::not_representable);
}

// PyCuTe docs/04_layout_algebra.md "coalesce vs coalesce_z".
TEST(CoalesceZ, KeepsTheExtension) {
  EXPECT_EQ(to_string(coalesce_z(L("(2,1,6,1):(1,7,8,0)"))), "(2,6,1):(1,8,0)");
  EXPECT_EQ(to_string(coalesce(L("(2,1,6,1):(1,7,8,0)"))), "(2,6):(1,8)");
  EXPECT_EQ(to_string(coalesce_z(L("(2,1,6,1):(1,7,8,48)"))), "(2,6):(1,8)");
  EXPECT_EQ(to_string(coalesce_z(L("(1,1):(5,7)"))), "1:7");
}

// PyCuTe test_greatest_common_domain.py's worked results (facts of PyCuTe's answers).
TEST(GreatestCommonDomain, PyCuteWorkedResults) {
  auto g = [](char const* a, char const* b) { return str_of(greatest_common_domain(I(a), I(b))); };
  EXPECT_EQ(g("1", "1"), "(1):(0)");
  EXPECT_EQ(g("10", "10"), "(10):(1)");
  EXPECT_EQ(g("(5,3,4)", "(10,6)"), "(5,2):(1,30)");
  EXPECT_EQ(g("(2,21)", "(3,14)"), "(7):(6)");
  EXPECT_EQ(g("(6,35)", "(15,14)"), "(3,7):(1,30)");
  EXPECT_EQ(g("(16,64)", "(4,16,16)"), "(4,4,4,16):(1,4,16,64)");
  EXPECT_EQ(g("(7,2,3,2,2,3,2)", "(7,3,2,2,3,2,2)"), "(7,2,2):(1,42,504)");
  EXPECT_EQ(g("(5,3)", "(3,5)"), "(1):(0)");
}

// PyCuTe docs/04_layout_algebra.md and layout_add's docstring examples.
TEST(LayoutAdd, PyCuteExamples) {
  EXPECT_EQ(str_of(layout_add(L("12:1"), L("12:1"))), "12:2");
  EXPECT_EQ(str_of(layout_add(L("5:0"), L("5:1"))), "5:1");
  EXPECT_EQ(str_of(layout_add(L("(4,3):(1,4)"), L("(4,3):(3,1)"))), "(4,3):(4,5)");
  EXPECT_EQ(str_of(layout_add(L("(5,3,4):(1,5,15)"), L("(10,6):(1,10)"))), "60:2");
  EXPECT_EQ(str_of(layout_add(L("(2,(3,4)):(12,(4,1))"), L("(6,4):(4,1)"))), "(2,3,4):(16,12,2)");
  EXPECT_EQ(layout_add(L("6:1"), L("8:1")).error().kind, ErrorKind::inadmissible);
  // No common refinement, yet the sum is a layout: (2,3):(0,0) + (3,2):(1,3) = 6:1.
  EXPECT_EQ(str_of(layout_add(L("(2,3):(0,0)"), L("(3,2):(1,3)"))), "6:1");
}

// CUTLASS test/unit/cute/core/composition.cpp "Swizzle composition" cases.
TEST(SwizzleLayout, CuteUnitTestCases) {
  Layout rm = L("(8,8):(8,1)");
  auto b = ComposedLayout{Swizzle{2, 0, -3}, 0, rm};
  auto r = composition(rm, b);
  ASSERT_TRUE(r) << r.error().what();
  for (Int i = 0; i < b.size(); ++i) EXPECT_EQ(*evaluate(*r, i), rm(*evaluate(b, i)));
  auto a = ComposedLayout{Swizzle{2, 0, 3}, 0, rm};
  auto rr = composition(a, b);
  ASSERT_TRUE(rr) << rr.error().what();
  for (Int i = 0; i < b.size(); ++i) EXPECT_EQ(*evaluate(*rr, i), *evaluate(a, *evaluate(b, i)));
}

TEST(SwizzleLayout, Inverses) {
  auto c = ComposedLayout{Swizzle{3, 4, 3}, 0, L("(8,128):(128,1)")};
  auto r = right_inverse(c);
  ASSERT_TRUE(r) << r.error().what();
  for (Int i = 0; i < r->size(); ++i) EXPECT_EQ(*evaluate(c, *evaluate(*r, i)), i);
  auto l = left_inverse(c);
  ASSERT_TRUE(l) << l.error().what();
  for (Int i = 0; i < c.size(); ++i) EXPECT_EQ(*apply(*l, *evaluate(c, i)), i);
  // cute/swizzle_layout.hpp right_inverse with an offset: inverse(L) o -off o sw, a layout after a swizzle
  auto with_offset = ComposedLayout{Swizzle{3, 4, 3}, 8, L("(8,128):(128,1)")};
  auto off = right_inverse(with_offset);
  ASSERT_TRUE(off) << off.error().what();
  EXPECT_EQ(to_string(*off, Notation::cute), "(_128,_8):(_8,_1) o _-8 o Sw<3,4,3>");
  for (Int j = 0; j < off->size(); ++j) {
    Int x = *domain_point(*off, j);
    EXPECT_EQ(*evaluate(with_offset, *apply(*off, x)), x);
  }
}

TEST(SwizzleLayout, MakeSwizzleFromMasks) {
  EXPECT_EQ(to_string(*make_swizzle(0b1000, 0b0100)), "Sw<1,2,1>");  // cute/swizzle.hpp's examples
  EXPECT_EQ(to_string(*make_swizzle(0b11000000, 0b00000110)), "Sw<2,1,5>");
  EXPECT_FALSE(make_swizzle(0b1010, 0b0101));
}

}  // namespace
}  // namespace catlayout

namespace catlayout {
namespace {

F2Layout F(std::string_view s) { return *parse_f2_layout(s); }

// PyCuTe test_layout_add.py / test_coalesce_z.py's F2 examples (facts of PyCuTe's answers).
TEST(F2Layout, PyCuteExamples) {
  EXPECT_EQ(to_string(F("(4,4):(F1,F4)")), "(4,4):(F1,F4)");
  EXPECT_EQ(to_string(coalesce(F("(4,4):(F1,F4)"))), "16:F1");
  EXPECT_EQ(to_string(coalesce(F("(3,4):(F1,F3)"))), "(3,4):(F1,F3)");  // 3 is no power of two
  EXPECT_EQ(to_string(*layout_add(F("8:F1"), F("8:F8"))), "8:F9");
  EXPECT_EQ(to_string(*layout_add(F("8:F1"), F("8:F2"))), "8:F3");
  EXPECT_EQ(to_string(*layout_add(F("(4,8):(F1,F8)"), F("(4,8):(F2,F16)"))), "(4,8):(F3,F24)");
  EXPECT_EQ(to_string(*layout_add(F("16:F1"), F("(4,4):(F2,F8)"))), "16:F3");
  EXPECT_EQ(F("(4,4):(F2(1),F2(4))"), F("(4,4):(F1,F4)"));
  // A + A is 0 everywhere in F2: its kernel is the whole domain.
  auto z = layout_add(F("(4,4):(F1,F8)"), F("(4,4):(F1,F8)"));
  ASSERT_TRUE(z);
  EXPECT_EQ(to_string(*nullspace(*z)), "16:1");
}

TEST(F2Layout, EvaluatesByCarrylessProduct) {
  F2Layout l = F("(3,4):(F3,F5)");
  for (Int i = 0; i < l.size(); ++i) EXPECT_EQ(l(i), static_cast<Int>(*clmul(i % 3, 3) ^ *clmul(i / 3, 5)));
  EXPECT_FALSE(parse_f2_layout("(4,4):(1,4)"));  // no F stride: an integer layout
}

TEST(F2Layout, CompositionSplitsAtModes) {
  F2Layout a = F("(4,3,4):(F1,F3,F16)");
  auto ok = composition(a, L("(2,2):(2,12)"));
  ASSERT_TRUE(ok) << ok.error().what();
  for (Int i = 0; i < 4; ++i) EXPECT_EQ((*ok)(i), a(L("(2,2):(2,12)")(i)));
  // B steps by 3 through the mode 16:F1: A(B(3)) = clmul(9, 1) = 9, but clmul(3, A(B(1))) = clmul(3, 3) = 5.
  auto bad = composition(F("(4,16):(F1,F1)"), L("4:12"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible) << bad.error().what();
}

TEST(F2Layout, AgreesWithSwizzlesAndLinearLayouts) {
  auto c = *parse_composed_layout("Sw<3,4,3> o 0 o (8,128):(128,1)");
  auto f = to_f2(c);
  ASSERT_TRUE(f) << f.error().what();
  for (Int i = 0; i < c.size(); ++i) EXPECT_EQ((*f)(i), *evaluate(c, i));
  auto lin = to_linear(*f);
  ASSERT_TRUE(lin);
  EXPECT_EQ(to_f2(*lin), coalesce(*f));
  EXPECT_FALSE(to_f2(L("(4,2):(3,16)")));  // 3 and 6 share a bit: the integer sum is not the XOR
}


// CuTe coshape (include/cute/layout.hpp): the smallest C with |L|(i) < C entry by entry, tabulated;
// size(coshape) == cosize where no stride is negative; an identity layout's coshape is its shape.
TEST(Coshape, IsTheCodomainExtent) {
  for (char const* text : {"(4,8):(1,4)", "(2,(3,4)):(12,(1,3))", "(3,2):(0,5)", "1:0", "():()"}) {
    Layout l = L(text);
    Int top = 0;
    for (Int i = 0; i < l.size(); ++i) top = std::max(top, l(i) + 1);
    EXPECT_EQ(coshape(l), top) << text;
    EXPECT_EQ(coshape(l), cosize(l)) << text;
  }
  EXPECT_EQ(coshape(L("(4,3):(-2,5)")), 3 * 2 + 2 * 5 + 1);  // strides taken absolute
  IntTuple s = *parse_int_tuple("(4,(2,3))");
  EXPECT_EQ(coshape(make_identity_layout(s)), s);
}

// CuTe's worked example (media/docs/cpp/cute/01_layout.md, "Coordinate mapping" and "Index
// mapping"): shape (3,(2,3)); 16, (1,5) and (1,(1,2)) name the same point; with stride (3,(12,1)) it
// is at 17.
TEST(Crd2Idx, LayoutDocExamples) {
  IntTuple s = I("(3,(2,3))"), d = I("(3,(12,1))");
  for (char const* c : {"16", "(1,5)", "(1,(1,2))"}) {
    EXPECT_EQ(crd2idx(I(c), s, d), 17) << c;
    EXPECT_EQ(crd2idx(I(c), s), 16) << c;
    EXPECT_EQ(idx2crd(I(c), s), I("(1,(1,2))")) << c;
  }
  EXPECT_EQ(idx2crd(I("17"), s), I("(2,(1,2))"));
  EXPECT_EQ(idx2crd(I("18"), s), I("(0,(0,3))"));  // the last mode takes the rest (cute/stride.hpp:240)
  EXPECT_EQ(idx2crd(I("5"), I("7")), I("5"));      // an integer shape: the index itself
}

// cute/stride.hpp:185 idx2crd(i, s, d): (i / d) % s per leaf; an integer stride starts the compact
// column-major strides; a shape 1 gives 0.
TEST(Crd2Idx, StridedIdx2Crd) {
  EXPECT_EQ(idx2crd(I("17"), I("(3,(2,3))"), I("(3,(12,1))")), I("(2,(1,2))"));
  EXPECT_EQ(idx2crd(I("11"), I("(2,3)"), I("2")), I("(1,2)"));  // strides (2,4)
  EXPECT_EQ(idx2crd(I("9"), I("(1,4)"), I("(0,1)")), I("(0,1)"));
  auto zero = idx2crd(I("3"), I("(2,4)"), I("(0,1)"));
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().kind, ErrorKind::invalid_input);
}

// cute/stride.hpp:256 crd2crd: mode by mode where all are tuples, else through the index.
TEST(Crd2Idx, Crd2Crd) {
  EXPECT_EQ(crd2crd(I("(1,5)"), I("(4,8)"), I("(2,(2,4))")), I("(1,(1,2))"));
  EXPECT_EQ(crd2crd(I("13"), I("(4,8)"), I("(2,2,8)")), I("(1,0,3)"));
  EXPECT_EQ(crd2crd(I("(1,(1,2))"), I("(3,(2,3))"), I("18")), I("16"));
}

// Bad input is an error, never a crash: CuTe's static_asserts (Mismatched Ranks, Invalid
// parameters) and what catlayout refuses (negative coordinates, a stride not congruent).
TEST(Crd2Idx, Refusals) {
  for (auto r : {crd2idx(I("(1,2,3)"), I("(2,3)"), I("(1,2)")), crd2idx(I("(1,2)"), I("6"), I("1")),
                 crd2idx(I("-1"), I("(2,3)"), I("(1,2)")), crd2idx(I("1"), I("(2,3)"), I("1")),
                 crd2idx(I("(1,(1,1))"), I("(2,3)"))}) {
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input) << r.error().message;
  }
  for (auto r : {idx2crd(I("(1,2)"), I("6")), idx2crd(I("(1,2,3)"), I("(2,3)")), idx2crd(I("-3"), I("(2,3)")),
                 crd2crd(I("(1,2)"), I("(2,3)"), I("(2,3,1)"))}) {
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input) << r.error().message;
  }
}

// cute/algorithm/tuple_algorithms.hpp:748 "group<2,4>(T<_1,_2,_3,_4,_5,_6>{}) => T<_1,_2,T<_3,_4>,_5,_6>{}",
// on a layout's shape and stride at once (cute/layout.hpp:1014).
TEST(Modes, GroupHeaderExample) {
  Layout l = L("(1,2,3,4,5,6):(0,1,2,6,24,120)");
  EXPECT_EQ(str_of(group_modes(l, 2, 4)), "(1,2,(3,4),5,6):(0,1,(2,6),24,120)");
  EXPECT_EQ(str_of(group_modes(l, 0, -1)), "((1,2,3,4,5,6)):((0,1,2,6,24,120))");  // E = -1: to the end
  EXPECT_EQ(group_modes(l, 3, 3), l);                                               // B == E: none inserted
  EXPECT_FALSE(group_modes(l, 4, 2));
  EXPECT_FALSE(group_modes(l, 0, 7));
}

// cute/layout.hpp:509 take and :521 select: tuples of modes (one mode stays a tuple, CuTe's make_tuple).
TEST(Modes, SelectTake) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  EXPECT_EQ(str_of(select(l, std::vector<Int>{2, 0})), "(5,2):(24,1)");
  EXPECT_EQ(str_of(select(l, std::vector<Int>{1})), "((3,4)):((2,6))");
  EXPECT_EQ(str_of(take(l, 1, 3)), "((3,4),5):((2,6),24)");
  EXPECT_EQ(str_of(take(L("8:2"), 0, 1)), "(8):(2)");  // an integer shape is its own mode 0
  EXPECT_FALSE(select(l, std::vector<Int>{3}));
  EXPECT_FALSE(take(l, 1, 1));  // "take: empty range error"
  EXPECT_FALSE(take(l, 0, 4));  // "take: range out of bounds"
}

// cute/layout.hpp:964-1009 append, prepend (default X = 1:0; with N, up to rank N) and replace.
TEST(Modes, AppendPrependReplace) {
  Layout l = L("(2,3):(1,2)"), x = L("4:6");
  EXPECT_EQ(str_of(append(l, x)), "(2,3,4):(1,2,6)");
  EXPECT_EQ(str_of(append(L("8:1"), Layout())), "(8,1):(1,0)");  // an integer shape: (L, X)
  EXPECT_EQ(str_of(append(l, Layout(), 4)), "(2,3,1,1):(1,2,0,0)");
  EXPECT_EQ(append(l, x, 2), l);
  EXPECT_FALSE(append(l, x, 1));
  EXPECT_EQ(str_of(prepend(l, x)), "(4,2,3):(6,1,2)");
  EXPECT_EQ(str_of(prepend(l, x, 3)), "(4,2,3):(6,1,2)");
  EXPECT_EQ(str_of(replace(l, 1, L("(2,2):(4,8)"))), "(2,(2,2)):(1,(4,8))");
  EXPECT_EQ(str_of(replace(L("8:1"), 0, x)), "4:6");  // CuTe's replace<0> of a non-tuple is X
  EXPECT_FALSE(replace(l, 2, x));
  auto huge = append(l, x, Int{1} << 40);  // bad input is an error, never an allocation without bound
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().kind, ErrorKind::invalid_input);
  EXPECT_FALSE(select(l, std::vector<Int>(5000, 0)));
}

// CUTLASS test/unit/cute/core/int_tuple.cpp, TEST(CuTe_core, WeaklyCongruent): a = _1, b = _2,
// a0 = (_1), a1 = (_1,_1), a2 = (_1,(_1,_1)), b2 = (_2,(_2,_2)), b3 = ((_2,_2),(_2,_2)).
TEST(Relations, WeaklyCongruentCutlassFacts) {
  EXPECT_TRUE(weakly_congruent(I("1"), I("2")));
  EXPECT_TRUE(weakly_congruent(I("1"), I("(1)")));
  EXPECT_FALSE(weakly_congruent(I("(1)"), I("1")));
  EXPECT_FALSE(weakly_congruent(I("(2)"), I("1")));
  EXPECT_TRUE(weakly_congruent(I("(1)"), I("(2)")));
  EXPECT_FALSE(weakly_congruent(I("(1)"), I("(1,1)")));
  EXPECT_TRUE(weakly_congruent(I("(1,1)"), I("(1,(1,1))")));
  EXPECT_FALSE(weakly_congruent(I("(1,(1,1))"), I("(1,1)")));
  EXPECT_TRUE(weakly_congruent(I("(1,(1,1))"), I("(2,(2,2))")));
  EXPECT_TRUE(weakly_congruent(I("(1,(1,1))"), I("((2,2),(2,2))")));
  EXPECT_FALSE(weakly_congruent(I("(1)"), I("((2,2),(2,2))")));
}

// cute/int_tuple.hpp:479-488 compatible: "the size of Shape B is the same as Shape A at each
// terminal of Shape A"; a partial order (tile_to_shape's @post compatible(trg_shape, shape(result))).
TEST(Relations, Compatible) {
  EXPECT_EQ(compatible(I("(2,8)"), I("(2,(2,4))")), true);
  EXPECT_EQ(compatible(I("16"), I("(2,(2,4))")), true);
  EXPECT_EQ(compatible(I("(2,(2,4))"), I("(2,8)")), false);  // not symmetric
  EXPECT_EQ(compatible(I("(2,8)"), I("(2,8,1)")), false);     // ranks differ
  EXPECT_EQ(compatible(I("(4,8)"), I("(2,(2,4))")), false);   // sizes differ at a terminal
  EXPECT_EQ(compatible(I("(4,6)"), I("((2,2),(2,3))")), true);  // tile_to_shape((2,2):(2,1), (4,6))'s shape
}

// cute/layout.hpp:630 coprofile: 0 for integer strides; the codomain's nesting of 0s, "congruent(
// coprofile(a), a(i))", for basis strides (an identity layout's coprofile: its shape with 0s).
TEST(Relations, Coprofile) {
  EXPECT_EQ(coprofile(L("(4,8):(1,4)")), 0);
  EXPECT_EQ(coprofile(make_identity_layout(I("(4,(2,3))"))), I("(0,(0,0))"));
}

// cute/layout.hpp:1374-1426 max_common_vector / max_common_layout: "@post For all 0 <= i < size(R),
// a(R(i)) == i and b(R(i)) == i".
TEST(MaxCommon, ContiguousRun) {
  EXPECT_EQ(max_common_vector(L("(4,8):(1,4)"), L("(4,(2,4)):(1,(4,8))")), 32);
  EXPECT_EQ(max_common_vector(L("(4,8):(1,4)"), L("(4,8):(8,1)")), 1);
  EXPECT_EQ(max_common_vector(L("(8,4):(1,8)"), L("(2,4,4):(1,2,8)")), 32);
  Layout a = L("(8,4):(4,1)"), b = L("(8,(2,2)):(4,(1,2))");
  auto r = max_common_layout(a, b);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), 32);  // one function (b's mode 1 split in two): every element in common
  for (Int i = 0; i < r->size(); ++i) {
    EXPECT_EQ(a((*r)(i)), i);
    EXPECT_EQ(b((*r)(i)), i);
  }
}

// CUTLASS test/unit/cute/core/compact_xmajor.cpp, TEST(CuTe_core, CompactColMajor_Static) and
// CompactRowMajor_Static (static shapes: an entry 1 gets stride 0), and cute/stride.hpp:352's tuple start.
TEST(CompactMajor, CutlassStaticFacts) {
  EXPECT_EQ(compact_major(I("1"), Major::left, I("3")), I("0"));
  EXPECT_EQ(compact_major(I("8"), Major::left, I("3")), I("3"));
  EXPECT_EQ(compact_major(I("(4,8,1,2)"), Major::left, I("1")), I("(1,4,0,32)"));
  EXPECT_EQ(compact_major(I("(4,(8,1,(2,3)))"), Major::left, I("1")), I("(1,(4,0,(32,64)))"));
  EXPECT_EQ(compact_major(I("(4,8,2)"), Major::right, I("1")), I("(16,2,1)"));
  EXPECT_EQ(compact_major(I("(4,(8,1,(2,3)))"), Major::right, I("1")), I("(48,(6,0,(3,1)))"));
  EXPECT_EQ(compact_major(I("(4,(8,2))"), Major::left, I("(5,(7,100))")), I("(5,(7,100))"));
  EXPECT_EQ(compact_major(I("(4,(8,2))"), Major::left, I("(5,7)")), I("(5,(7,56))"));
  EXPECT_FALSE(compact_major(I("(4,8)"), Major::left, I("(1,2,3)")));  // Mismatched Ranks
  EXPECT_FALSE(compact_major(I("8"), Major::left, I("(1,2)")));        // Invalid parameters
}

// cute/layout.hpp:1440 "domain_distribute(layoutA, Int<6>{}); // (_3,_2):(_1,_15)" and CUTLASS
// test/unit/cute/core/domain_distribute.cpp TEST(CuTe_core, Distribute): size(R) divides b, R increases.
TEST(DomainDistribute, CuteFacts) {
  EXPECT_EQ(str_of(domain_distribute(I("(15,14)"), 6)), "(3,2):(1,15)");
  for (auto [a, b] : {std::pair{"((64,3),(8,8))", 128}, {"(192,(8,8))", 128}, {"((64,3),(8,8))", 1024},
                      {"(192,(8,8))", 1024}, {"((64,3))", 128}}) {
    auto r = domain_distribute(I(a), b);
    ASSERT_TRUE(r) << a;
    EXPECT_EQ(b % r->size(), 0) << a;
    for (Int i = 1; i < r->size(); ++i) EXPECT_LT((*r)(i - 1), (*r)(i)) << a;
  }
  EXPECT_EQ(str_of(domain_distribute(I("((64,3),(8,8))"), 128)), "(64,2):(1,192)");
  EXPECT_FALSE(domain_distribute(I("(4,8)"), 0));
}

}  // namespace
}  // namespace catlayout
