#include "catlayout/core/slice_swizzled.hpp"

#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

namespace {
SliceCoord H() { return SliceCoord::hole(); }
SliceCoord I(Int v) { return SliceCoord::of(v); }
SliceCoord T(std::vector<SliceCoord> c) { return SliceCoord::tuple(std::move(c)); }
ComposedLayout C(std::string_view s) { return parsed(parse_composed_layout(s)); }

// The defining property (docs/definitions.md slice_and_offset), tabulated apart from the engine:
// offset + R(j) == sw(k + L(the coordinate with its holes filled by j)), the holes colexicographic.
void expect_slice_function(ComposedLayout const& l, SliceCoord const& c, SliceResult const& r, std::vector<Layout> const& holes,
                           Int fixed) {
  Int n = 1;
  for (auto const& h : holes) n *= h.size();
  ASSERT_EQ(r.layout.size(), n);
  for (Int j = 0; j < n; ++j) {
    Int at = fixed, rest = j;
    for (auto const& h : holes) at += h(rest % h.size()), rest /= h.size();
    Int sub = r.layout(j);
    Int got = r.offset + (r.swizzle ? (*r.swizzle)(r.swizzle_offset + sub) : sub);
    EXPECT_EQ(got, l.sw(l.offset + at)) << to_string(c) << " at j = " << j;
  }
}
}  // namespace

// CUTLASS test/unit/cute/core/swizzle_layout.cpp's three layouts, every row (i,_) and column (_,j):
// each slice is the swizzled layout's function there (what the test's EXPECT_EQs check).
TEST(SliceSwizzled, CutlassSwizzleLayoutRowsAndColumns) {
  for (auto text : {"Sw<3,0,3> o 0 o (8,8):(8,1)", "Sw<3,0,-3> o 0 o (8,8):(8,1)",
                    "Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))"}) {
    auto l = C(text);
    for (Int i = 0; i < 8; ++i) {
      auto row = slice_and_offset(T({I(i), H()}), l);
      ASSERT_TRUE(row) << text << ": " << row.error().what();
      expect_slice_function(l, T({I(i), H()}), *row, {l.layout.mode(1)}, *l.layout.mode(0).at(i));
      auto col = slice_and_offset(T({H(), I(i)}), l);
      ASSERT_TRUE(col) << text << ": " << col.error().what();
      expect_slice_function(l, T({H(), I(i)}), *col, {l.layout.mode(0)}, *l.layout.mode(1).at(i));
    }
  }
}

// CuTe's forms, compiled (CuTe C++ 4.2, cute::print): the decayed plain layout with its offset, the
// all-underscore reshape, a slice that stays swizzled.
TEST(SliceSwizzled, CuteForms) {
  auto a = C("Sw<3,0,3> o 0 o (8,8):(8,1)");
  auto row3 = *slice_and_offset(T({I(3), H()}), a);  // CuTe: ((_4,_2)):((_-1,_4)) + _27
  EXPECT_FALSE(row3.swizzle);
  EXPECT_EQ(to_string(row3.layout), "((4,2)):((-1,4))");
  EXPECT_EQ(row3.offset, 27);
  auto col3 = *slice_and_offset(T({H(), I(3)}), a);  // CuTe: ((_4,_2)):((_7,_36)) + _3
  EXPECT_EQ(to_string(col3.layout), "((4,2)):((7,36))");
  EXPECT_EQ(col3.offset, 3);
  auto b = C("Sw<3,0,-3> o 0 o (8,8):(8,1)");  // a negative shift
  auto brow = *slice_and_offset(T({I(3), H()}), b);  // CuTe: ((_4,_2)):((_-7,_36)) + _24
  EXPECT_EQ(to_string(brow.layout), "((4,2)):((-7,36))");
  EXPECT_EQ(brow.offset, 24);
  auto c = C("Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))");
  auto all = *slice_and_offset(T({H(), H()}), c);  // CuTe reshapes: Sw<2,1,3> o _0 o L + _0
  ASSERT_TRUE(all.swizzle);
  EXPECT_EQ(*all.swizzle, c.sw);
  EXPECT_EQ(all.layout, c.layout);
  EXPECT_EQ(all.offset, 0);
  auto crow = *slice_and_offset(T({I(3), H()}), c);  // CuTe: ((_2,_2,_2)):((_-4,_1,_14)) + _38
  EXPECT_EQ(to_string(crow.layout), "((2,2,2)):((-4,1,14))");
  EXPECT_EQ(crow.offset, 38);
  // The sliced modes reach a Z bit and its Y bit: CuTe keeps the swizzle, Sw<3,0,3> o _36 o (_4,_4):(_8,_1) + _0.
  auto d = C("Sw<3,0,3> o 0 o (4,4,2,2):(8,1,32,4)");
  auto kept = *slice_and_offset(T({H(), H(), I(1), I(1)}), d);
  ASSERT_TRUE(kept.swizzle);
  EXPECT_EQ(kept.swizzle_offset, 36);
  EXPECT_EQ(to_string(kept.layout), "(4,4):(8,1)");
  EXPECT_EQ(kept.offset, 0);
  expect_slice_function(d, T({H(), H(), I(1), I(1)}), kept, {d.layout.mode(0), d.layout.mode(1)}, 36);
}

// Where CuTe's answer is not the slice's function (an offset whose Y and Z bits the fixed
// coordinates' bits meet: XORed, not added), inadmissible flagged cute_answers; CuTe C++ does not
// compile a coordinate without a hole; a coordinate outside its mode is refused as for a plain layout.
TEST(SliceSwizzled, Refusals) {
  auto wrong = slice_and_offset(T({I(3), H()}), C("Sw<1,0,-2> o 4 o (4,4):(1,4)"));  // CuTe: ((_2,_2)):((_-4,_8)) + _3
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().kind, ErrorKind::inadmissible);
  EXPECT_TRUE(wrong.error().cute_answers);
  EXPECT_TRUE(refused_saying(wrong, "is not its function: at j = 1"));
  EXPECT_TRUE(refused_saying(wrong, "XORs the fixed coordinates' Y and Z bits into the offset 4"));
  auto full = slice_and_offset(T({I(3), I(4)}), C("Sw<3,0,3> o 0 o (8,8):(8,1)"));
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().kind, ErrorKind::invalid_input);
  EXPECT_TRUE(refused_saying(full, "needs a hole"));
  auto outside = slice_and_offset(T({I(8), H()}), C("Sw<3,0,3> o 0 o (8,8):(8,1)"));
  ASSERT_FALSE(outside);
  EXPECT_TRUE(refused_saying(outside, "outside [0, 8)"));
  EXPECT_TRUE(outside.error().cute_precondition);
  // CuTe compiles first: a coordinate outside its mode is no answer only where the slice compiles
  // (compiled with CuTe 4.2: no make_layout() for a full coordinate; composition's Stride
  // Divisibility Condition in the slice of the second layout)
  auto full_outside = slice_and_offset(I(8), C("Sw<1,0,2> o 0 o 8:1"));
  ASSERT_FALSE(full_outside);
  EXPECT_FALSE(full_outside.error().cute_precondition);
  EXPECT_TRUE(refused_saying(full_outside, "needs a hole"));
  auto static_first =
      slice_and_offset(T({T({H(), H()}), I(4), I(0), H()}), C("Sw<1,1,2> o 0 o ((2,4),4,1,2):((4,8),1,5,32)"));
  ASSERT_FALSE(static_first);
  EXPECT_EQ(static_first.error().kind, ErrorKind::inadmissible);
  EXPECT_FALSE(static_first.error().cute_precondition || static_first.error().cute_answers);
  EXPECT_TRUE(refused_saying(static_first, "stride divisibility"));
}

// With run-time integers in the coordinate: CuTe C++ 4.2's prints, compiled (cute::print of
// slice_and_offset(make_coord(i, _), layout) with `int i`) -- the run-time marks of the offset and of
// the decayed strides, CuTe's MixedBits where the slice stays swizzled.
TEST(SliceSwizzled, CutePrintsWithRunTimeCoordinates) {
  auto printed = [](auto const& l, std::string_view coord) -> std::string {
    auto c = parse_printed_slice_coord(coord);
    if (!c) return c.error().what();
    auto r = slice_and_offset_printed(*c, l);
    if (!r) return r.error().what();
    return r->printed_layout + " + " + r->printed_offset;
  };
  auto a = C("Sw<3,0,3> o 0 o (8,8):(8,1)");
  EXPECT_EQ(printed(a, "(3,_)"), "((_2,_2,_2)):((-1,-2,4)) + 27");
  EXPECT_EQ(printed(a, "(_,3)"), "((_2,_2,_2)):((7,14,36)) + 3");
  EXPECT_EQ(printed(a, "(_3,_)"), "((_4,_2)):((_-1,_4)) + _27");
  auto c = C("Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))");
  EXPECT_EQ(printed(c, "(3,_)"), "((_2,_2,_2)):((-4,_1,14)) + 38");
  EXPECT_EQ(printed(c, "(_,3)"), "((_2,_2,_2)):((28,2,_8)) + 5");
  EXPECT_EQ(printed(c, "(_,_)"), "Sw<2,1,3> o _0 o ((_2,_2,_2),(_2,_2,_2)):((_32,_2,_8),(_4,_1,_16)) + _0");
  auto d = C("Sw<3,0,3> o 0 o (4,4,2,2):(8,1,32,4)");
  EXPECT_EQ(printed(d, "(_,_,1,1)"), "Sw<3,0,3> o M_0|(36&36)=36 o (_4,_4):(_8,_1) + _0");
  EXPECT_EQ(printed(d, "(_,_,_1,_1)"), "Sw<3,0,3> o _36 o (_4,_4):(_8,_1) + _0");
  EXPECT_EQ(printed(d, "(_,_,1,_1)"), "Sw<3,0,3> o M_4|(32&32)=36 o (_4,_4):(_8,_1) + _0");
  auto b = C("Sw<3,0,3> o 0 o (8,8):(8,0)");
  EXPECT_EQ(printed(b, "(3,_)"), "(_8):(_0) + 27");
  EXPECT_EQ(printed(b, "(_,3)"), "(_8):(_9) + _0");
  auto e = C("Sw<2,0,3> o 0 o (4,8):(8,1)");
  EXPECT_EQ(printed(e, "(3,_)"), "((_2,_2,_2)):((-1,-2,_4)) + 27");
  EXPECT_EQ(printed(e, "(_,3)"), "((_2,_2)):((7,14)) + 3");
  auto f = C("Sw<1,0,2> o 0 o (4,4):(4,1)");
  EXPECT_EQ(printed(f, "(3,_)"), "((_2,_2)):((-1,_2)) + 13");
  EXPECT_EQ(printed(f, "(_3,_)"), "((_2,_2)):((_-1,_2)) + _13");
  // A plain layout: the offset is run-time where a run-time integer meets a non-zero stride.
  auto p = L("(4,(2,3),1):(0,(3,1),5)");
  EXPECT_EQ(printed(p, "(2,_,0)"), "((_2,_3)):((_3,_1)) + 0");
  EXPECT_EQ(printed(p, "(_,1,0)"), "(_4):(_0) + 3");
  EXPECT_EQ(printed(p, "(_,(1,_),_0)"), "(_4,_3):(_0,_1) + 3");
  EXPECT_EQ(printed(p, "(_,(_1,_),_0)"), "(_4,_3):(_0,_1) + _3");
}

// cute/layout.hpp:719, layout_composed.hpp:349: domain_offset keeps a plain layout and moves L(coord)
// to the offset; a swizzled layout keeps it inside, before the swizzle. Checked against the moved
// layout's table.
TEST(DomainOffset, PlainAndSwizzled) {
  Layout l = parsed(parse_layout("(8,4):(1,8)"));
  auto p = domain_offset(parsed(parse_int_tuple("(3,1)")), l);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 11);
  EXPECT_EQ(p->layout, l);
  EXPECT_FALSE(p->swizzle);
  ComposedLayout c = C("Sw<3,4,3> o 0 o (8,64):(64,1)");
  auto q = domain_offset(parsed(parse_int_tuple("(1,2)")), c);
  ASSERT_TRUE(q);
  ASSERT_TRUE(q->swizzle);
  EXPECT_EQ(q->swizzle_offset, 66);
  EXPECT_EQ(q->offset, 0);
  for (Int i = 0; i < c.size(); ++i) EXPECT_EQ((*q->swizzle)(q->swizzle_offset + q->layout(i)), c.sw(66 + c.layout(i))) << i;
  EXPECT_FALSE(domain_offset(parsed(parse_int_tuple("(1,2,3)")), l));  // not the shape's rank
}
