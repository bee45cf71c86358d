// CuTe's coordinate maps, compact strides and mode rearrangements over static and run-time
// integers through the op rows (docs/definitions.md, "Static and run-time integers"): CuTe's marks
// on the answers (01_layout.md:404-440; CUTLASS compact_xmajor.cpp:91; the vectors of
// conformance/vectors/cute-runtime/), the refusals named with the operands.
#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>

#include "catlayout/generators/args.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/value.hpp"

using namespace catlayout;

namespace {

std::string run(std::string_view op, std::string const& args) {
  auto r = wire::run_op(op, wire::Json::parse(args), "$.args");
  return r ? r->dump() : "error " + std::string(kind_name(r.error().kind)) + ": " + r.error().message;
}

TEST(MixedApiRows, CoordinateMapsCarryCuteMarks) {
  EXPECT_EQ(run("idx2crd", R"x(["16", "(_3,(_2,_3))"])x"), R"x("(1,(1,2))")x");
  EXPECT_EQ(run("idx2crd", R"x(["(_1,(1,_2))", "(_3,(_2,_3))"])x"), R"x("(_1,(1,_2))")x");
  EXPECT_EQ(run("crd2idx", R"x(["(_1,5)", "(_3,(_2,_3))", "(_3,(_12,_1))"])x"), R"x("17")x");
  EXPECT_EQ(run("crd2idx", R"x(["_16", "(_3,(_2,_3))", "(_3,(_12,_1))"])x"), R"x("_17")x");
  EXPECT_EQ(run("crd2crd", R"x(["(_1,13)", "(_4,(_4,_8))", "(_4,(_2,_2,_8))"])x"), R"x("(_1,(1,0,3))")x");
  EXPECT_EQ(run("compact_col_major", R"x(["1", "3"])x"), R"x("3")x");  // a run-time 1 keeps the running stride
  EXPECT_EQ(run("compact_col_major", R"x(["_1", "_3"])x"), R"x("_0")x");
  EXPECT_EQ(run("compact_major", R"x(["(4,1,_2)", "LayoutRight", "_1"])x"), R"x("(2,_2,_1)")x");  // the run-time 1 gets the running _2
  EXPECT_EQ(run("crd2idx", R"x(["(1,2,3)", "(_3,(_2,_3))", "(_3,(_12,_1))"])x").substr(0, 19), "error invalid_input");
}

TEST(MixedApiRows, LayoutModeTakesMarkedIndices) {
  // layout<I,J>(L): the indices are CuTe's template integers, marked or not beside a marked layout.
  EXPECT_EQ(run("layout_mode", R"x(["(4,(3,_6)):(1,(4,12))", "_1", "_0"])x"), R"x("3:4")x");
  EXPECT_EQ(run("layout_mode", R"x(["(4,(3,_6)):(1,(4,12))", "_1", "1"])x"), R"x("_6:12")x");
  EXPECT_EQ(run("layout_mode", R"x(["(4,(3,_6)):(1,(4,12))", "_2"])x"),
            "error invalid_input: layout_mode: mode 2 of (4,(3,_6)):(1,(4,12)) is out of range [0, 2)");
}

// Every row with a run-time path and an integer operand, on generated operands: its layouts with
// run-time integers (so the run-time path runs), its integers marked static (`_1`), the rest marked
// static. An answer or a refusal, never an exception (a marked integer once reached std::get<Int>).
TEST(MixedApiRows, EveryRunTimePathTakesMarkedIntegers) {
  generators::Rng g(20261207);
  int rows = 0;
  for (auto const& row : wire::op_table()) {
    if (!row.typed.mixed || !row.typed.generate) continue;
    if (std::find(row.typed.takes.begin(), row.typed.takes.end(), wire::Takes::integer) == row.typed.takes.end()) continue;
    ++rows;
    for (int k = 0; k < 20; ++k) {
      wire::Values x;
      for (auto const& a : row.typed.generate(g))
        std::visit(
            [&](auto const& v) {
              using T = std::decay_t<decltype(v)>;
              if constexpr (std::is_same_v<T, Layout>) x.push_back(*read_mixed_layout(to_string(v), Integers::as_printed));
              else if constexpr (std::is_constructible_v<wire::Value, T>) x.push_back(wire::marked_static(wire::Value(v)));
            },
            a);
      EXPECT_NO_THROW((void)wire::run_typed(row, x, Convention::cute)) << row.name;
    }
  }
  EXPECT_GE(rows, 5);  // layout_mode, group_modes, take, append, prepend, replace
}

TEST(MixedApiRows, ModeRearrangementsKeepEachModesMarks) {
  EXPECT_EQ(run("take", R"x(["(2,_3,4):(_1,2,6)", 1, 3])x"), R"x("(_3,4):(2,6)")x");
  EXPECT_EQ(run("select", R"x(["(2,_3,4):(_1,2,6)", [2,0,2]])x"), R"x("(4,2,4):(6,_1,6)")x");
  EXPECT_EQ(run("group_modes", R"x(["(2,_3,4,5):(_1,2,6,24)", 1, 3])x"), R"x("(2,(_3,4),5):(_1,(2,6),24)")x");
  EXPECT_EQ(run("append", R"x(["8:_2", "_4:6"])x"), R"x("(8,_4):(_2,6)")x");
  EXPECT_EQ(run("prepend", R"x(["8:_2", "(4,_2):(6,_1)", 3])x"), R"x("((4,_2),(4,_2),8):((6,_1),(6,_1),_2)")x");
  EXPECT_EQ(run("replace", R"x(["(2,_3,4):(_1,2,6)", "(2,_2):(12,24)", 1])x"), R"x("(2,(2,_2),4):(_1,(12,24),6)")x");
  // A refusal names the operands, not the probe the arrangement is read from.
  EXPECT_EQ(run("replace", R"x(["(2,_3,4):(_1,2,6)", "4:1", 5])x"),
            "error invalid_input: replace: mode 5 of (2,3,4):(1,2,6) is out of range [0, 3)");
}

}  // namespace
