// Compilers' layout types (docs/notation.md, "Compilers' types"): each form read as the layout its
// value names, held to the value's own reading; the forms are what CuTe DSL 4.8.1 prints for
// `.type` (!cute.layout, !cute.composed_layout, !cute.swizzle) and FlyDSL's IR writes (!fly.layout).
#include <gtest/gtest.h>

#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/notation.hpp"

namespace catlayout {
namespace {

AnyLayout read(std::string_view text) {
  auto r = parse_any_layout(text);
  EXPECT_TRUE(r) << text << ": " << (r ? "" : r.error().message);
  return r ? *r : AnyLayout{Layout()};
}

std::string refusal(std::string_view text) {
  auto r = parse_any_layout(text);
  EXPECT_FALSE(r) << text << " was read as " << (r ? to_string(*r, Notation::catlayout) : "");
  return r ? "" : r.error().message;
}

TEST(CompilerTypes, CuteDslTypesReadAsTheirValues) {
  for (auto [typed, value] : {std::pair{"!cute.layout<\"(4,8):(8,1)\">", "(4,8):(8,1)"},
                              {"!cute.layout<\"((2,4),(3,5)):((3,60),(1,12))\">", "((2,4),(3,5)):((3,60),(1,12))"},
                              {"!cute.layout<\"8:1\">", "8:1"},
                              {"!cute.layout<\"(4,8):(0,1)\">", "(4,8):(0,1)"},
                              {"!cute.layout<\"(4,8):(1@0,1@1)\">", "(4,8):(1@0,1@1)"},
                              {"!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">", "S<3,4,3> o 0 o (8,64):(64,1)"},
                              {"!cute.composed_layout<\"S<2,0,3> o 4 o 8:1\">", "S<2,0,3> o 4 o 8:1"},
                              {"  !cute.layout<\"(4,8):(8,1)\">\n", "(4,8):(8,1)"}}) {
    AnyLayout a = read(typed), b = read(value);
    EXPECT_EQ(a.index(), b.index()) << typed;
    EXPECT_EQ(to_string(a, Notation::catlayout), to_string(b, Notation::catlayout)) << typed;
  }
}

TEST(CompilerTypes, FlyDslTypesReadAsTheirValues) {
  EXPECT_EQ(to_string(read("!fly.layout<(100,1000):(1000,1)>"), Notation::catlayout), "(100,1000):(1000,1)");
  EXPECT_EQ(to_string(read("!fly.layout<(4, 8) : (1, 4)>"), Notation::catlayout), "(4,8):(1,4)");
  EXPECT_EQ(to_string(read("!fly.layout<((1,(2,2)),1,1):((0,(1,2)),0,0)>"), Notation::catlayout),
            "((1,(2,2)),1,1):((0,(1,2)),0,0)");
  AnyLayout basis = read("!fly.layout<(128,64):(1E0,1E1)>");  // FlyDSL's 1E0 is CuTe's 1@0
  ASSERT_TRUE(std::holds_alternative<CoordLayout>(basis));
  EXPECT_EQ(to_string(basis, Notation::catlayout), to_string(read("(128,64):(1@0,1@1)"), Notation::catlayout));
}

TEST(CompilerTypes, RunTimeValuesAndWrongTypesAreRefusedByName) {
  EXPECT_NE(refusal("!cute.layout<\"(?,8):(8,1)\">").find("'?'"), std::string::npos);
  EXPECT_NE(refusal("!fly.layout<(128,64,?):(?{i64 div=16},1,64)>").find("'?'"), std::string::npos);
  EXPECT_NE(refusal("!cute.tensor<\"(4,8):(8,1)\">").find("not a layout type catlayout reads"), std::string::npos);
  EXPECT_NE(refusal("!cute.layout<\"(4,8):(8,1)\"").find("does not end with '>'"), std::string::npos);
  EXPECT_NE(refusal("!cute.layout<(4,8):(8,1)>").find("CuTe DSL quotes the value"), std::string::npos);
  EXPECT_NE(refusal("!cute.layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">").find("names a layout"), std::string::npos);
  EXPECT_NE(refusal("!cute.composed_layout<\"(8,64):(64,1)\">").find("names a composed layout"), std::string::npos);
  EXPECT_NE(refusal("!cute.swizzle<\"S<3,4,3>\">").find("a swizzle alone"), std::string::npos);
  EXPECT_NE(refusal("!cute.layout<\"(4,0):(8,1)\">").find("!cute.layout<...>: "), std::string::npos);
}

TEST(CompilerTypes, SwizzleTypeReadsAsItsSwizzle) {
  auto s = parse_swizzle("!cute.swizzle<\"S<3,4,3>\">");
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(*s, *parse_swizzle("S<3,4,3>"));
  EXPECT_FALSE(parse_swizzle("!cute.layout<\"(4,8):(8,1)\">"));
  EXPECT_FALSE(parse_swizzle("!cute.swizzle<\"S<3,4>\">"));
}

TEST(CompilerTypes, EveryReaderOfOneKindReadsTheTypes) {
  auto l = parse_layout("!cute.layout<\"(4,8):(8,1)\">");
  ASSERT_TRUE(l) << l.error().message;
  EXPECT_EQ(*l, *parse_layout("(4,8):(8,1)"));
  auto c = parse_coord_layout("!fly.layout<(4,8):(1E0,1E1)>");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, *parse_coord_layout("(4,8):(1@0,1@1)"));
  auto z = parse_composed_layout("!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">");
  ASSERT_TRUE(z) << z.error().message;
  EXPECT_EQ(*z, *parse_composed_layout("Sw<3,4,3> o 0 o (8,64):(64,1)"));
  auto t = parse_tiler("!cute.layout<\"(4,2):(1,4)\">");
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(*t->layout, *parse_layout("(4,2):(1,4)"));
  auto wrong = parse_layout("!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("is a swizzled layout, not an integer-stride layout"), std::string::npos);
  EXPECT_FALSE(parse_coord_layout("!cute.tensor<\"(4,8):(8,1)\">"));
}

TEST(CompilerTypes, PrintedTypesReadBackAsTheirValues) {
  for (auto text : {"(4,8):(8,1)", "((2,4),(3,5)):((3,60),(1,12))", "8:1", "(4,8):(1@0,1@1)",
                    "((2,2),8):((1@0@0,1@1@0),1@1)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "Sw<2,0,-3> o 4 o 8:1"}) {
    AnyLayout v = read(text);
    for (auto c : {Compiler::cute_dsl, Compiler::flydsl}) {
      auto typed = compiler_type(v, c);
      bool fly_has_it = std::holds_alternative<Layout>(v) ||
                        (std::holds_alternative<CoordLayout>(v) && std::string_view(text).find("@0@") == std::string_view::npos);
      ASSERT_EQ(bool(typed), c == Compiler::cute_dsl || fly_has_it) << text;
      if (!typed) {
        EXPECT_NE(typed.error().message.find("FlyDSL has no type here"), std::string::npos);
        continue;
      }
      EXPECT_EQ(to_string(read(*typed), Notation::catlayout), to_string(v, Notation::catlayout)) << *typed;
    }
  }
  EXPECT_EQ(*compiler_type(read("(4,8):(8,1)"), Compiler::cute_dsl), "!cute.layout<\"(4,8):(8,1)\">");
  EXPECT_EQ(*compiler_type(read("(128,64):(1@0,1@1)"), Compiler::flydsl), "!fly.layout<(128,64):(1E0,1E1)>");
  EXPECT_EQ(*compiler_type(read("Sw<3,4,3> o 0 o (8,64):(64,1)"), Compiler::cute_dsl),
            "!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">");
  EXPECT_EQ(*compiler_type(*parse_swizzle("Sw<3,4,3>"), Compiler::cute_dsl), "!cute.swizzle<\"S<3,4,3>\">");
  EXPECT_FALSE(compiler_type(*parse_swizzle("Sw<3,4,3>"), Compiler::flydsl));
  EXPECT_FALSE(parse_compiler("triton"));
}

TEST(CompilerTypes, TextWithoutATypeIsNotOne) {
  auto r = compiler_type_text("(4,8):(8,1)");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->type, CompilerType::none);
  EXPECT_EQ(compiler_type_name(CompilerType::fly_layout), "!fly.layout");
}

}  // namespace
}  // namespace catlayout
