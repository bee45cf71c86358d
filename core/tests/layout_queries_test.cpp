// CuTe's layout queries and constructors from parts as core computes them (docs/definitions.md
// size ... shape_div): size, cosize (coshape.hpp), rank, depth, flatten (structural.hpp), the
// sublayout layout<I...> (sublayout.hpp), make_layout(a, b, ...) and shape_div (shape_div.hpp).
// The worked examples are CuTe's (its headers and media/docs/cpp/cute, cited at each); the rest
// is tabulated.
#include "testing.hpp"

#include "catlayout/core/coshape.hpp"
#include "catlayout/core/shape_div.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/core/sublayout.hpp"

namespace catlayout {
namespace {

using testing::L;
using testing::S;

IntTuple I(std::string_view s) { return *parse_int_tuple(s); }
std::string div_of(std::string_view a, std::string_view b) {
  auto r = shape_div(I(a), I(b));
  return r ? to_string(*r) : "error";
}

// cute/int_tuple.hpp:376 and 02_layout_algebra.md:145-152 (the shapes divided from the left).
TEST(ShapeDiv, CuteExamples) {
  EXPECT_EQ(div_of("(4,5,6)", "40"), "(1,1,3)");
  EXPECT_EQ(div_of("(6,2)", "2"), "(3,2)");
  EXPECT_EQ(div_of("(6,2)", "3"), "(2,2)");
  EXPECT_EQ(div_of("(6,2)", "6"), "(1,2)");
  EXPECT_EQ(div_of("(6,2)", "12"), "(1,1)");
  EXPECT_EQ(div_of("(3,6,2,8)", "3"), "(1,6,2,8)");
  EXPECT_EQ(div_of("(3,6,2,8)", "6"), "(1,3,2,8)");
  EXPECT_EQ(div_of("(3,6,2,8)", "9"), "(1,2,2,8)");
  EXPECT_EQ(div_of("(3,6,2,8)", "72"), "(1,1,1,4)");
}

TEST(ShapeDiv, ModeByModeAndRefusals) {
  EXPECT_EQ(div_of("(6,(4,2))", "(3,4)"), "(2,(1,2))");  // tuple / tuple: mode by mode; (4,2) / 4 from the left
  EXPECT_EQ(div_of("12", "(2,3)"), "2");                 // integer / tuple: by the product
  auto r = shape_div(I("(1,8)"), I("3"));                // 1 / 3 is ceil 1, then 3 / 8: neither divides
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::inadmissible);
  auto m = shape_div(I("(2,3)"), I("(2,3,4)"));
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().kind, ErrorKind::invalid_input);
}

// The divided shape is the shape of A o s:d's strided step: for a compact A = make_layout(S) and
// d dividing a prefix product, the elements d apart, counted by tabulation.
TEST(ShapeDiv, CountsEveryDthElement) {
  for (auto [s, d] : {std::pair{"(6,2)", 3}, {"(3,6,2,8)", 9}, {"(4,5,6)", 20}, {"(2,2,2)", 4}}) {
    auto q = shape_div(I(s), IntTuple(d));
    ASSERT_TRUE(q) << s;
    Int n = 1;
    for (Int e : q->values()) n *= e;
    Int size = 1;
    IntTuple const shape = I(s);  // values() views its tuple: keep the tuple alive over the loop
    for (Int e : shape.values()) size *= e;
    EXPECT_EQ(n, (size + d - 1) / d) << s << " / " << d;
  }
}

// 01_layout.md:449-453: layout<0>(a) = 4:1, layout<1>(a) = (3,6):(4,12), layout<1,0>(a) = 3:4,
// layout<1,1>(a) = 6:12.
TEST(LayoutMode, DocExamples) {
  Layout a = L("(4,(3,6)):(1,(4,12))");
  std::vector<Int> p0{0}, p1{1}, p10{1, 0}, p11{1, 1};
  EXPECT_EQ(S(layout_mode(a, p0)), "4:1");
  EXPECT_EQ(S(layout_mode(a, p1)), "(3,6):(4,12)");
  EXPECT_EQ(S(layout_mode(a, p10)), "3:4");
  EXPECT_EQ(S(layout_mode(a, p11)), "6:12");
  std::vector<Int> past{2}, zeros{0, 0, 0};
  EXPECT_FALSE(layout_mode(a, past));
  EXPECT_EQ(S(layout_mode(L("3:1"), zeros)), "3:1");  // an integer shape is its own mode 0
}

// A sublayout is the layout on its coordinates with every other coordinate 0: tabulated.
TEST(LayoutMode, IsTheLayoutAtTheModesCoordinates) {
  Layout a = L("((2,3),(4,5)):((1,40),(2,8))");
  std::vector<Int> p{1};
  auto m = layout_mode(a, p);
  ASSERT_TRUE(m);
  for (Int i = 0; i < m->size(); ++i) EXPECT_EQ((*m)(i), a(6 * i)) << i;  // mode 1 starts after size(mode 0) = 6
}

// 01_layout.md:474-481 (make_layout of layouts) and 500-501 (flatten).
TEST(MakeLayoutOfLayouts, DocExamples) {
  Layout a = L("3:1"), b = L("4:3");
  EXPECT_EQ(S(make_layout({a, b})), "(3,4):(1,3)");
  EXPECT_EQ(S(make_layout({b, a})), "(4,3):(3,1)");
  EXPECT_EQ(S(make_layout({a})), "(3):(1)");
  auto aa = make_layout({a});
  ASSERT_TRUE(aa);
  EXPECT_EQ(S(make_layout({*aa})), "((3)):((1))");
  EXPECT_EQ(S(make_layout({a, *aa, a})), "(3,(3),3):(1,(1),1)");
  EXPECT_EQ(S(flatten(L("((2,3),(5,7)):((1,2),(6,30))"))), "(2,3,5,7):(1,2,6,30)");
  EXPECT_EQ(S(flatten(L("3:1"))), "3:1");
}

// size, rank, depth, cosize of 02_layout_algebra.md:366-376's layouts; cosize tabulated.
TEST(Measures, SizeRankDepthCosize) {
  for (auto text : {"(4,6):(1,4)", "(6,4):(4,1)", "(4,(2,3)):(2,(1,8))", "((2,4),3):((1,6),2)",
                    "((2,2),(3,2)):((1,6),(2,12))", "(3,2):(-5,7)"}) {
    Layout l = L(text);
    Int top = 0;
    for (Int i = 0; i < l.size(); ++i) {
      Int v = 0, rest = i;
      auto s = l.shape().values(), d = l.stride().values();
      for (std::size_t k = 0; k < s.size(); rest /= s[k], ++k) v += (rest % s[k]) * (d[k] < 0 ? -d[k] : d[k]);
      top = std::max(top, v);
    }
    EXPECT_EQ(*coshape(l), top + 1) << text;  // CuTe's cosize = size(coshape)
  }
  EXPECT_EQ(*coshape(L("(4,6):(1,4)")), 24);
  EXPECT_EQ(L("((2,(3,4)),(3,2),1):((4,(8,24)),(2,6),12)").size(), 144);
  EXPECT_EQ(L("(24,6):(4,2)").rank(), 2u);
  EXPECT_EQ(depth(L("(24,6):(4,2)").shape()), 1u);
  EXPECT_EQ(depth(L("((2,(3,4)),(3,2),1):((4,(8,24)),(2,6),12)").shape()), 3u);
  EXPECT_EQ(L("8:1").rank(), 1u);
  EXPECT_EQ(depth(L("8:1").shape()), 0u);
}

}  // namespace
}  // namespace catlayout
