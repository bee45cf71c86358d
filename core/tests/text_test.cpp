#include "testing.hpp"
#include <sstream>

#include "catlayout/core/f2_linear.hpp"
#include "catlayout/generators/seeded.hpp"
#include "catlayout/core/notation.hpp"

using namespace catlayout;
using namespace catlayout::testing;
using catlayout::generators::random_pow2_layout;

TEST(Text, RoundTrip) {
  for (std::string s : {"(6,2):(8,2)", "12:1", "(2,(1,6)):(1,(6,2))", "():()", "(12):(1)", "(3,2):(0,-5)",
                        "((((2)))):((((7))))"}) {
    auto l = parse_layout(s);
    ASSERT_TRUE(l) << s << ": " << l.error().what();
    EXPECT_EQ(to_string(*l), s);
  }
  EXPECT_EQ(to_string(L(" ( 6 , 2 ) : ( 8 , 2 ) ")), "(6,2):(8,2)");
  EXPECT_EQ(to_string(T("<3:4, 8:2>")), "<3:4,8:2>");
  EXPECT_EQ(to_string(T("<3, <2, (2,4):(1,8)>>")), "<3,<2,(2,4):(1,8)>>");
}

// Each text is refused by `parse` with a message that says what is wrong.
template <class Parse>
static void expect_refusals(Parse parse, std::initializer_list<std::pair<char const*, char const*>> cases) {
  for (auto [text, says] : cases) EXPECT_TRUE(refused_saying(parse(text), says)) << text;
}

TEST(Text, ErrorsNameTheColumn) {
  auto e = parse_layout("(6,2:(8,2)");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::invalid_input);
  expect_refusals(parse_layout, {{"(6,2:(8,2)", "expected ',' or ')' at column 5"},
                                 {"(6,2)", "expected ':' at column 6"},
                                 {"(6,2):(8,2) x", "end of input at column 13"}});
}

TEST(Text, ValidationErrors) {
  expect_refusals(parse_layout, {{"(6,2):(8,(2,1))", "not congruent"},
                                 {"(6,0):(8,2)", "shape entry 0"},
                                 {"(6,-2):(8,2)", "not positive"},
                                 {"99999999999999999999:1", "does not fit in int64"},
                                 {"(1099511627776,1099511627776):(1,1099511627776)", "overflow"}});
}

// str() writes each piece of a message as an ostream would (it appends integers and strings
// directly): the same text for the limits of every integer type, chars, bools and the rest.
TEST(Messages, StrWritesWhatAnOstreamWrites) {
  auto streamed = [](auto const&... args) {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
  };
  std::string s = "a string";
  std::string_view v = "a view";
  unsigned char uc = 'u';
  signed char sc = 's';
  EXPECT_EQ(str(INT64_MIN, " ", INT64_MAX, " ", UINT64_MAX, " ", Int{0}, " ", -1),
            streamed(INT64_MIN, " ", INT64_MAX, " ", UINT64_MAX, " ", Int{0}, " ", -1));
  EXPECT_EQ(str(std::size_t{SIZE_MAX}, ':', std::uint32_t{4000000000u}, short{-7}, true, false),
            streamed(std::size_t{SIZE_MAX}, ':', std::uint32_t{4000000000u}, short{-7}, true, false));
  EXPECT_EQ(str(s, v, uc, sc, 2.5, 1e-7), streamed(s, v, uc, sc, 2.5, 1e-7));
  EXPECT_EQ(str(), "");
  EXPECT_EQ(str("mode ", 3, " of ", "(4,2):(1,4)"), "mode 3 of (4,2):(1,4)");
}

// ---------------------------------------------------------------------------------------------
// CuTe's notations in and out (core/notation.hpp, docs/notation.md).

namespace {

AnyLayout A(std::string_view s) {
  auto r = parse_any_layout(s);
  if (!r) throw std::invalid_argument(r.error().what());
  return *r;
}
std::string any_error(std::string_view s) {
  auto r = parse_any_layout(s);
  return r ? "accepted " + to_string(*r, Notation::catlayout) : r.error().message;
}
bool has(std::string const& text, std::string const& part) { return text.find(part) != std::string::npos; }

}  // namespace

// What CuTe C++ (nvidia-cutlass 4.2.0.0, include/cute) prints for static layouts, typed from
// the output of a small program compiled with g++ -std=c++17 against those headers that calls
// cute::print on the expression in each comment. Each string reads back to the same value and
// to_string(x, Notation::cute) writes it exactly.
TEST(Notation, CuTeCppPrintsReadAndWriteBack) {
  struct Case {
    char const* printed;
    char const* catlayout;
    std::size_t kind;  // AnyLayout's alternative
  };
  Case cases[] = {
      // make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{}))
      {"(_4,_8):(_8,_1)", "(4,8):(8,1)", 0},
      // make_layout(make_shape(Int<6>{}, Int<2>{}), make_stride(Int<8>{}, Int<2>{}))
      {"(_6,_2):(_8,_2)", "(6,2):(8,2)", 0},
      // Layout<_12, _1>{} and Layout<Shape<_12>, Stride<_1>>{}
      {"_12:_1", "12:1", 0},
      {"(_12):(_1)", "(12):(1)", 0},
      // make_layout(make_shape(make_shape(_2,_4),_3), make_stride(make_stride(_1,_8),Int<-1>{}))
      {"((_2,_4),_3):((_1,_8),_-1)", "((2,4),3):((1,8),-1)", 0},
      // make_layout(make_shape(_8,_4), make_stride(Int<-4>{}, _0))
      {"(_8,_4):(_-4,_0)", "(8,4):(-4,0)", 0},
      // Layout<Shape<Shape<_2,_2>,_2>, Stride<Stride<_1,_4>,_2>>{}
      {"((_2,_2),_2):((_1,_4),_2)", "((2,2),2):((1,4),2)", 0},
      // Layout<Shape<>, Stride<>>{}
      {"():()", "():()", 0},
      // make_identity_layout(make_shape(_4,_8)), make_identity_layout(make_shape(make_shape(_2,_2),_8))
      {"(_4,_8):(_1@0,_1@1)", "(4,8):(1@0,1@1)", 1},
      {"((_2,_2),_8):((_1@0@0,_1@1@0),_1@1)", "((2,2),8):((1@0@0,1@1@0),1@1)", 1},
      // make_layout(make_shape(_4,_8), make_stride(E<1>{} * Int<3>{}, E<0,1>{}))
      {"(_4,_8):(_3@1,_1@1@0)", "(4,8):(3@1,1@1@0)", 1},
      // composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8,_64), make_stride(_64,_1)))
      {"Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o 0 o (8,64):(64,1)", 2},
      // make_composed_layout(Swizzle<3,4,3>{}, Int<5>{}, make_layout(make_shape(_8,_64), LayoutRight{}))
      {"Sw<3,4,3> o _5 o (_8,_64):(_64,_1)", "Sw<3,4,3> o 5 o (8,64):(64,1)", 2},
      // composition(Swizzle<2,0,-3>{}, Layout<Shape<_8,_4>>{})
      {"Sw<2,0,-3> o _0 o (_8,_4):(_1,_8)", "Sw<2,0,-3> o 0 o (8,4):(1,8)", 2},
  };
  for (auto const& c : cases) {
    auto l = A(c.printed);
    EXPECT_EQ(l.index(), c.kind) << c.printed;
    EXPECT_EQ(to_string(l, Notation::catlayout), c.catlayout) << c.printed;
    EXPECT_EQ(to_string(l, Notation::cute), c.printed);
  }
  // With dynamic (run-time) integers CuTe prints them unmarked; they read the same.
  // make_layout(make_shape(4, 8), make_stride(8, 1)); make_layout(make_shape(Int<4>{}, 8));
  // make_layout(make_shape(_4,_8), make_stride(E<0>{} * 3, E<1>{}));
  // make_composed_layout(Swizzle<2,0,-3>{}, 0, make_layout(make_shape(8, Int<4>{})))
  EXPECT_EQ(to_string(L("(4,8):(8,1)"), Notation::cute), "(_4,_8):(_8,_1)");
  EXPECT_EQ(to_string(L("(_4,8):(_1,_4)")), "(4,8):(1,4)");
  EXPECT_EQ(to_string(A("(_4,_8):(3@0,_1@1)"), Notation::catlayout), "(4,8):(3@0,1@1)");
  EXPECT_EQ(to_string(A("Sw<2,0,-3> o 0 o (8,_4):(_1,8)"), Notation::cute), "Sw<2,0,-3> o _0 o (_8,_4):(_1,_8)");
  // print(Int<-1>{}) is "_-1"; print(make_shape(_2, make_shape(_3, 4))) is "(_2,(_3,4))".
  EXPECT_EQ(*parse_int_tuple("_-1"), IntTuple(-1));
  EXPECT_EQ(to_string(IntTuple(-1), Notation::cute), "_-1");
  EXPECT_EQ(to_string(*parse_int_tuple("(_2,(_3,4))"), Notation::cute), "(_2,(_3,_4))");
  EXPECT_EQ(to_string(*parse_int_tuple("(_2,(_3,4))")), "(2,(3,4))");
  // print(Swizzle<3,4,3>{}) is "Sw<3,4,3>".
  EXPECT_EQ(to_string(*parse_swizzle("Sw<3,4,3>"), Notation::cute), "Sw<3,4,3>");
}

// CuTe C++ prints a tile (make_tile) as a tuple of its tilers: the by-mode tilers of catlayout.
TEST(Notation, CuTeCppTilesAreByModeTilers) {
  struct Case {
    char const* printed;  // cute::print of the expression in the comment
    char const* catlayout;
  };
  Case cases[] = {
      {"(_3:_4,(_2,_4):(_1,_8))", "<3:4,(2,4):(1,8)>"},  // make_tile(Layout<_3,_4>{}, Layout<Shape<_2,_4>,Stride<_1,_8>>{})
      {"(_2,_4)", "<2,4>"},                              // make_tile(Int<2>{}, Int<4>{})
      {"(_3:_4,_8)", "<3:4,8>"},                         // make_tile(Layout<_3,_4>{}, Int<8>{})
      {"((_2,_2),_4)", "<<2,2>,4>"},                     // make_tile(make_tile(_2,_2), _4)
  };
  for (auto const& c : cases) {
    auto t = parse_tiler(c.printed);
    ASSERT_TRUE(t) << c.printed << ": " << t.error().what();
    EXPECT_EQ(to_string(*t), c.catlayout);
    EXPECT_EQ(to_string(*t, Notation::cute), c.printed);
    EXPECT_EQ(to_string(T(c.catlayout), Notation::cute), c.printed);
  }
  EXPECT_EQ(to_string(T("8"), Notation::cute), "_8");
  EXPECT_EQ(to_string(T("_8")), "8");
  EXPECT_EQ(to_string(T("(8):(2)"), Notation::cute), "(_8):(_2)");
  EXPECT_EQ(to_string(T("(3:4, (2,4):(1,8))")), "<3:4,(2,4):(1,8)>");  // CuTe DSL's str of a tuple of layouts
  EXPECT_EQ(to_string(T("(3:4,)")), "<3:4>");                            // a Python 1-tuple
  auto e = parse_tiler("(2,0)");
  ASSERT_FALSE(e);
  EXPECT_TRUE(has(e.error().message, "tiler size 0 is not positive")) << e.error().message;
  e = parse_tiler("(2,())");
  ASSERT_FALSE(e);
  EXPECT_TRUE(has(e.error().message, "an empty tuple () is not a tiler")) << e.error().message;
  e = parse_tiler("(3:4,x)");
  ASSERT_FALSE(e);
  EXPECT_TRUE(has(e.error().message, "at column 6")) << e.error().message;
}

// pycute (nvidia-cutlass 4.2.0.0, pycute/layout.py and swizzle.py): str(Layout) is
// f"{shape}:{stride}" of Python tuples, repr(Layout) is f"Layout({shape},{stride})", Layout(shape)
// has the compact column-major stride; str(Swizzle) is SW_B_M_S, repr Swizzle(B,M,S); str of a
// ComposedLayout is f"{layoutB} o {offset} o {layoutA}", its repr ComposedLayout(B,offset,A).
// The strings are what those print for the layouts named.
TEST(Notation, PycutePrintsRead) {
  EXPECT_EQ(to_string(L("(4, 8):(8, 1)")), "(4,8):(8,1)");                       // str(Layout((4,8),(8,1)))
  EXPECT_EQ(to_string(L("Layout((4, 8),(8, 1))")), "(4,8):(8,1)");               // repr
  EXPECT_EQ(to_string(L("Layout(4,1)")), "4:1");                                  // repr(Layout(4,1))
  EXPECT_EQ(to_string(L("Layout((4, 8),(1, 4))")), "(4,8):(1,4)");               // repr(Layout((4,8)))
  EXPECT_EQ(to_string(L("Layout((4, 8))")), "(4,8):(1,4)");                       // pycute's constructor
  EXPECT_EQ(to_string(L("Layout(((2, 4), 3))")), "((2,4),3):((1,2),8)");
  EXPECT_EQ(to_string(L("((2, 4), 3):((1, 8), -1)")), "((2,4),3):((1,8),-1)");   // str
  EXPECT_EQ(to_string(L("Layout(((2, 4), 3),((1, 8), -1))")), "((2,4),3):((1,8),-1)");
  EXPECT_EQ(to_string(L("(4,):(1,)")), "(4):(1)");                               // str(Layout((4,),(1,)))
  EXPECT_EQ(to_string(L("Layout((4,),(1,))")), "(4):(1)");
  EXPECT_EQ(to_string(L("Layout((),())")), "():()");
  EXPECT_EQ(to_string(*parse_swizzle("SW_3_4_3")), "Sw<3,4,3>");
  EXPECT_EQ(to_string(*parse_swizzle("SW_2_0_-3")), "Sw<2,0,-3>");
  EXPECT_EQ(to_string(*parse_swizzle("Swizzle(3,4,3)")), "Sw<3,4,3>");
  auto want = A("Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(A("SW_3_4_3 o 0 o (8, 64):(64, 1)"), want);
  EXPECT_EQ(A("ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))"), want);
  EXPECT_EQ(*parse_composed_layout("SW_3_4_3 o 0 o (8, 64):(64, 1)"), std::get<ComposedLayout>(want));
  // pycute composes any two layouts; catlayout's composed layouts have a swizzle outside.
  auto e = any_error("(8, 64):(64, 1) o 2 o 8:1");  // str(ComposedLayout(Layout((8,64),(64,1)),2,Layout(8,1)))
  EXPECT_TRUE(has(e, "outer function must be a swizzle")) << e;
  EXPECT_TRUE(has(e, "before 'o' at column 17")) << e;
  e = any_error("ComposedLayout(Layout((8, 64),(64, 1)),2,Layout(8,1))");
  EXPECT_TRUE(has(e, "expected a swizzle Sw<B,M,S> at column 16")) << e;
  e = any_error("Layout((4,8),(8,1)");
  EXPECT_TRUE(has(e, "expected ')' closing Layout( at column 19")) << e;
}

// CuTe DSL (nvidia-cutlass-dsl 4.8.1): str() of values built in a @cute.jit function traced on
// the host, n a cutlass.Int32 argument; print() inside the function and cute.printf write the
// same text for these. Values known only at run time print as '?' and are refused by column.
TEST(Notation, CuteDslPrintsRead) {
  // make_layout((4,8), stride=(8,1)); make_layout(((2,4),3), stride=((1,8),-1)); make_layout(12, stride=1)
  EXPECT_EQ(to_string(L("(4,8):(8,1)")), "(4,8):(8,1)");
  EXPECT_EQ(to_string(L("((2,4),3):((1,8),-1)")), "((2,4),3):((1,8),-1)");
  EXPECT_EQ(to_string(L("12:1")), "12:1");
  // make_identity_layout((4,8)), make_identity_layout(((2,2),8)),
  // composition(make_identity_layout((4,8)), make_layout((2,2), stride=(2,4)))
  EXPECT_EQ(A("(4,8):(1@0,1@1)").index(), 1u);
  EXPECT_EQ(to_string(A("((2,2),8):((1@0@0,1@1@0),1@1)"), Notation::cute), "((_2,_2),_8):((_1@0@0,_1@1@0),_1@1)");
  EXPECT_EQ(to_string(A("(2,2):(2@0,1@1)"), Notation::catlayout), "(2,2):(2@0,1@1)");
  // str(make_swizzle(3,4,3)) is S<3,4,3>; make_composed_layout(make_swizzle(3,4,3), 0 or 5, ...)
  EXPECT_EQ(to_string(*parse_swizzle("S<3,4,3>")), "Sw<3,4,3>");
  EXPECT_EQ(to_string(A("S<3,4,3> o 0 o (8,64):(64,1)"), Notation::catlayout), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(to_string(A("S<3,4,3> o 5 o (8,64):(64,1)"), Notation::catlayout), "Sw<3,4,3> o 5 o (8,64):(64,1)");
  // A customized composed layout prints in parentheses (cute/core.py).
  EXPECT_EQ(to_string(A("(S<3,4,3> o 0 o (8,64):(64,1))"), Notation::catlayout), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  // Python tuples: the shape of make_layout((2,(3,4))) prints "(2, (3, 4))"; a tile of layouts
  // (make_layout(3, stride=4), make_layout((2,4), stride=(1,8))) prints "(3:4, (2,4):(1,8))".
  EXPECT_EQ(to_string(*parse_int_tuple("(2, (3, 4))")), "(2,(3,4))");
  EXPECT_EQ(to_string(T("(3:4, (2,4):(1,8))")), "<3:4,(2,4):(1,8)>");
  // Dynamic values: make_layout((n,8), stride=(8,1)), make_layout((n,8)), make_identity_layout((n,8)),
  // make_composed_layout(make_swizzle(3,4,3), n, ...); a divisibility shows as ?{div=8}.
  for (auto [text, column] : {std::pair{"(?,8):(8,1)", 2}, {"(?,8):(1,?)", 2}, {"(?,8):(1@0,1@1)", 2},
                              {"S<3,4,3> o ? o (8,64):(64,1)", 12}, {"(4,8):(?{div=8},1)", 8}}) {
    auto e = any_error(text);
    EXPECT_TRUE(has(e, "dynamic value '?' at column " + std::to_string(column) + " has no number")) << text << ": " << e;
  }
  // str(make_swizzle(2,0,-3)) keeps 8 characters of "S<2,0,-3>": the composed layout prints as
  // "S<2,0,-3 o 0 o (8,4):(1,8)". Refused, saying why, since S<3,10,10> would print as S<3,10,1.
  auto e = any_error("S<2,0,-3 o 0 o (8,4):(1,8)");
  EXPECT_TRUE(has(e, "expected '>' at column 10, found 'o'")) << e;
  EXPECT_TRUE(has(e, "keeps only 8 characters")) << e;
}

// CuTe's static mark '_' goes before an integer and nowhere else; errors name the column.
TEST(Notation, StaticMarkMisuseNamesTheColumn) {
  expect_refusals(parse_any_layout, {
      {"__4:1", "expected digits after CuTe's static-integer mark '_' at column 2, found '_'"},
      {"_:1", "expected digits after CuTe's static-integer mark '_' at column 2, found ':'"},
      {"(_4,_):(1,4)", "expected digits after CuTe's static-integer mark '_' at column 6, found ')'"},
      {"(4,8):(_,1)", "expected digits after CuTe's static-integer mark '_' at column 9, found ','"},
      {"_ 4:1", "expected digits after CuTe's static-integer mark '_' at column 2, found ' '"},
      {"_4.5:1", "the number _4.5 at column 1 is not an integer"},
      {"(4,8):(1,2.5)", "the number 2.5 at column 10 is not an integer"},
      {"-_4:1", "expected an integer or '(' at column 1, found '-'"},
      {"_99999999999999999999:1", "integer 99999999999999999999 does not fit in int64 at column 1"},
      {"(4,8):(_1@_0,_1@1)", "expected a mode number after '@' at column 11"},
      {"Sw<3,4,3> o _ o 8:1", "expected digits after CuTe's static-integer mark '_' at column 14, found ' '"},
      {"(_4,_8):(_8,_1", "expected ',' or ')' at column 15, found end of input"},
  });
  auto t = parse_int_tuple("(_2,__3)");
  ASSERT_FALSE(t);
  EXPECT_TRUE(has(t.error().message, "at column 6")) << t.error().message;
  EXPECT_FALSE(parse_int_list("[_1,_]"));
  EXPECT_EQ(*parse_int_list("[_1,-2,_-3]"), (std::vector<Int>{1, -2, -3}));
}

// parse_any_layout: integer strides first, then coordinate strides, then swizzled; the error of
// a text that is none is the one from the reader that got furthest.
TEST(Notation, OneReaderReportsTheFurthestError) {
  EXPECT_EQ(A("(4,8):(8,1)").index(), 0u);
  EXPECT_EQ(A("(4,8):(0,1)").index(), 0u);  // integer strides are a plain layout even if coordinate-readable
  EXPECT_EQ(A("(4,8):(1@0,1@1)").index(), 1u);
  EXPECT_EQ(to_string(A("(2,2):(1@0@1,_1@1@1)"), Notation::cute), "(_2,_2):(_1@0@1,_1@1@1)");  // E<1,0>, E<1,1>
  EXPECT_EQ(A("Sw<3,4,3> o 8:1").index(), 2u);
  EXPECT_EQ(size(A("Sw<3,4,3> o (8,64):(64,1)")), 512);
  EXPECT_EQ(layout_kind(A("(4,8):(1@0,1@1)")), "coordinate layout");
  expect_refusals(parse_any_layout, {
      {"(6,2:(8,2)", "expected ',' or ')' at column 5, found ':'"},     // all stop there: the integer reader's
      {"(6,2):(8,(2,1))", "not congruent"},                              // validation, past the whole text
      {"(4,8):(1@0,1)", "mixes a nonzero integer stride"},               // the coordinate reader got furthest
      {"Sw<3,4,3> o (8,64):(64)", "not congruent (layout at column 13)"},  // the swizzled reader
      {"Sw<3,4,3> x 8:1", "expected 'o' at column 11, found 'x'"},
      {"(4,8):(1@0,1@1) x", "expected end of input at column 17, found 'x'"},
      {"Sw<3,4,2> o 8:1", "|S| = 2 is less than B = 3"},
      {"", "expected an integer or '(' at column 1, found end of input"},
      {"hello", "expected an integer or '(' at column 1, found 'h'"},
  });
  EXPECT_EQ(*parse_notation("cute"), Notation::cute);
  EXPECT_EQ(*parse_notation("catlayout"), Notation::catlayout);
  EXPECT_TRUE(has(parse_notation("pycute").error().message, "expected catlayout or cute"));
  EXPECT_EQ(notation_name(Notation::cute), "cute");
}

// parse(to_string(x, cute)) == x, and the catlayout notation too, over random values of every kind.
TEST(Notation, RandomRoundTrips) {
  std::mt19937_64 g(41);
  std::uniform_int_distribution<Int> shift(0, 40);
  int checked = 0;
  for (int t = 0; t < 3000; ++t) {
    // Layouts, their strides moved by -20 so that negative strides (CuTe's _-1) occur.
    auto r = random_layout(g, 6, 40);
    std::vector<Int> d = flatten_values(r.stride());
    for (auto& x : d) x -= 20;
    auto l = *Layout::make(r.shape(), *substitute(d, profile(r.shape())));
    for (auto n : {Notation::cute, Notation::catlayout}) {
      auto text = to_string(l, n);
      ASSERT_EQ(*parse_layout(text), l) << text;
      ASSERT_EQ(std::get<Layout>(A(text)), l) << text;
      ASSERT_EQ(*parse_int_tuple(to_string(l.shape(), n)), l.shape());
      ASSERT_EQ(to_string(*parse_tiler(text), n), text);
    }
    // By-mode tilers of its modes (CuTe's tile: a tuple of tilers), integers among them.
    std::vector<Tiler> modes;
    for (std::size_t i = 0; i < l.rank(); ++i)
      modes.push_back(shift(g) % 3 == 0 ? Tiler::of_integer(l.mode(i).size()) : Tiler::of(l.mode(i)));
    auto tiler = Tiler::by_mode(modes);
    for (auto n : {Notation::cute, Notation::catlayout}) {
      auto text = to_string(tiler, n);
      auto back = parse_tiler(text);
      ASSERT_TRUE(back) << text << ": " << back.error().what();
      ASSERT_EQ(to_string(*back), to_string(tiler)) << text;
    }
    // Coordinate layouts over a codomain of nested and flat modes.
    auto c = random_coord(g, {{0, 0}, {0, 1}, {1}, {2}});
    auto text = to_string(c, Notation::cute);
    ASSERT_EQ(*parse_coord_layout(text), c) << text;
    auto any = A(text);
    if (c.is_integral())
      ASSERT_EQ(CoordLayout::of(std::get<Layout>(any)), c) << text;
    else
      ASSERT_EQ(std::get<CoordLayout>(any), c) << text;
    // Swizzled layouts: every valid swizzle with B <= 3, M <= 4, |S| <= 5, any offset.
    int b = static_cast<int>(shift(g) % 4), m = static_cast<int>(shift(g) % 5);
    int s = static_cast<int>(b + shift(g) % (6 - b)) * (shift(g) % 2 ? -1 : 1);
    ComposedLayout w{*Swizzle::make(b, m, s), shift(g) - 20, l};
    for (auto n : {Notation::cute, Notation::catlayout}) {
      auto text = to_string(w, n);
      ASSERT_EQ(*parse_composed_layout(text), w) << text;
      ASSERT_EQ(std::get<ComposedLayout>(A(text)), w) << text;
    }
    ++checked;
  }
  // Power-of-two layouts under a swizzle, as a swizzled shared-memory tile is (core's generator).
  for (int t = 0; t < 500; ++t) {
    ComposedLayout w{*Swizzle::make(3, 4, 3), 0, random_pow2_layout(g, 8, 2)};
    ASSERT_EQ(*parse_composed_layout(to_string(w, Notation::cute)), w) << to_string(w, Notation::cute);
  }
  EXPECT_EQ(checked, 3000);
}
