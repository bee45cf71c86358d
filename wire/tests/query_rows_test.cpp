// The rows of CuTe's layout queries and constructors from parts (wire/src/cute_query_rows.cpp):
// CuTe's marks on their answers (docs/definitions.md, "Static and run-time integers": rank and depth
// always static, size where every extent is, make_layout(shape, stride) keeping each mark), the
// refusals, and every generated case's answer held to the row's witness.
#include <gtest/gtest.h>

#include "catlayout/generators/seeded.hpp"
#include "catlayout/wire/ops.hpp"

using namespace catlayout;

namespace {

std::string run(std::string_view op, std::string const& args) {
  auto r = wire::run_op(op, wire::Json::parse(args), "$.args");
  return r ? r->dump() : "error " + std::string(kind_name(r.error().kind));
}

TEST(QueryRows, MarksAsCutePrintsThem) {
  EXPECT_EQ(run("size", R"x(["(_4,(_3,_6)):(_1,(_4,_12))"])x"), R"x("_72")x");
  EXPECT_EQ(run("size", R"x(["(4,(_3,_6)):(_1,(_4,_12))"])x"), R"x("72")x");  // a run-time extent
  EXPECT_EQ(run("size", R"x(["(_4,_6):(4,_1)"])x"), R"x("_24")x");              // a run-time stride: still static
  EXPECT_EQ(run("size", R"x([{"shape":[4,6],"stride":[1,4]}])x"), "24");
  EXPECT_EQ(run("rank", R"x(["(4,(3,_6)):(_1,(4,12))"])x"), R"x("_2")x");
  EXPECT_EQ(run("depth", R"x(["(4,(3,_6)):(_1,(4,12))"])x"), R"x("_2")x");
  EXPECT_EQ(run("cosize", R"x(["(_4,(_2,_3)):(_2,(_1,_8))"])x"), R"x("_24")x");
  EXPECT_EQ(run("cosize", R"x(["(4,_6):(_1,_4)"])x"), "error invalid_input");  // run-time: not taken
  EXPECT_EQ(run("make_layout_with_stride", R"x(["(_2,4)", "(_12,_1)"])x"), R"x("(_2,4):(_12,_1)")x");
  EXPECT_EQ(run("make_layout_with_stride", R"x(["(2,(2,2))", "(4,(2,1))"])x"), R"x("(2,(2,2)):(4,(2,1))")x");
  EXPECT_EQ(run("make_layout_with_stride", R"x(["(_2,4)", "_1"])x"), "error invalid_input");  // not congruent
  EXPECT_EQ(run("layout_mode", R"x(["(_4,(_3,_6)):(_1,(_4,_12))", 1, 0])x"), R"x("_3:_4")x");
  EXPECT_EQ(run("make_layout_of_layouts", R"x(["_3:_1", "(_3):(_1)", "_3:_1"])x"), R"x("(_3,(_3),_3):(_1,(_1),_1)")x");
  EXPECT_EQ(run("flatten", R"x(["((_2,_3),(_5,_7)):((_1,_2),(_6,_30))"])x"), R"x("(_2,_3,_5,_7):(_1,_2,_6,_30)")x");
  EXPECT_EQ(run("layout_mode", R"x(["(4,(_3,6)):(_1,(4,12))", 1])x"), R"x("(_3,6):(4,12)")x");  // marks kept
  EXPECT_EQ(run("flatten", R"x(["((2,_3),(5,_7)):((_1,2),(6,30))"])x"), R"x("(2,_3,5,_7):(_1,2,6,30)")x");
  EXPECT_EQ(run("make_layout_of_layouts", R"x(["3:_1", "(_4,2):(3,_12)"])x"), R"x("(3,(_4,2)):(_1,(3,_12))")x");
  EXPECT_EQ(run("shape_div", R"x([[3,6,2,8], 72])x"), "[1,1,1,4]");
  EXPECT_EQ(run("shape_div", R"x([[1,8], 3])x"), "error inadmissible");
}

// Each row's generated arguments: an answer the row's witness accepts, or an error of CuTe's kinds.
TEST(QueryRows, GeneratedCasesMeetTheWitness) {
  for (auto op : {"size", "cosize", "rank", "depth", "flatten", "layout_mode", "make_layout_with_stride",
                  "make_layout_of_layouts", "shape_div"}) {
    auto const* row = wire::find_op(op);
    ASSERT_NE(row, nullptr) << op;
    generators::Rng g(11);
    int answers = 0;
    for (int k = 0; k < 200; ++k) {
      wire::Values x;
      for (auto const& a : row->typed.generate(g)) {  // these rows draw integers, int tuples and layouts
        if (auto const* i = std::get_if<Int>(&a)) x.push_back(*i);
        else if (auto const* t = std::get_if<IntTuple>(&a)) x.push_back(*t);
        else x.push_back(std::get<Layout>(a));
      }
      auto r = wire::run_typed(*row, x, Convention::cute);
      if (!r) {
        EXPECT_TRUE(r.error().kind == ErrorKind::invalid_input || r.error().kind == ErrorKind::inadmissible) << op;
        continue;
      }
      ++answers;
      auto w = row->typed.witness(x, *r);
      EXPECT_TRUE(w) << op << ": " << (w ? "" : w.error().message);
    }
    EXPECT_GT(answers, 100) << op;
  }
}

}  // namespace
