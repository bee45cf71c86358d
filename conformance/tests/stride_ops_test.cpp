// The coord.*, swizzle.* and linear.* vector ops (docs/beyond-integers.md) and their generators.
#include <gtest/gtest.h>

#include "catlayout/conformance/random_args.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "catlayout/wire/ops.hpp"

using namespace catlayout;
using namespace catlayout::wire;  // the JSON forms of the values
using namespace catlayout::conformance;

TEST(StrideOps, LinearAndCoord) {
  auto run = [](std::string_view op, std::string const& args) {
    auto r = wire::run_op(op, Json::parse(args), "$.args");
    return r ? r->dump() : "error " + r.error().what();
  };
  EXPECT_EQ(run("linear.from_layout", R"([{"shape":[4,2],"stride":[2,1]}])"), R"({"bases":[2,4,1],"in_bits":3,"out_bits":3})");
  EXPECT_EQ(run("linear.to_layout", R"([{"bases":[2,4,1],"in_bits":3,"out_bits":3}])"),
            R"({"shape":[4,2],"stride":[2,1]})");
  EXPECT_EQ(run("linear.to_layout", R"([{"bases":[1,2,4,8,16,32,64,144,288,576],"out_bits":10}])"),
            R"({"layout":{"shape":1024,"stride":1},"offset":0,"swizzle":[3,4,3]})");
  EXPECT_EQ(run("linear.compose", R"([{"bases":[2,1],"out_bits":2}, {"bases":[1,4],"out_bits":3}])"),
            R"({"bases":[4,1],"in_bits":2,"out_bits":3})");
  EXPECT_EQ(run("linear.inverse", R"([{"bases":[2,4,1],"out_bits":3}])"), R"({"bases":[4,1,2],"in_bits":3,"out_bits":3})");
  EXPECT_EQ(run("linear.inverse", R"([{"bases":[1,1],"out_bits":2}])").rfind("error inadmissible: not invertible", 0), 0u);
  EXPECT_EQ(run("linear.from_layout", R"([{"shape":[4],"stride":[3]}])").rfind("error not_representable: ", 0),
            0u);
  EXPECT_EQ(run("linear.to_layout", R"([{"bases":[2,4],"in_bits":3,"out_bits":3}])").rfind("error invalid_input", 0), 0u);
  EXPECT_EQ(run("coord.evaluate", R"([{"shape":[2,2],"stride":[{"basis":[1],"scale":1},{"basis":[0]}]}])"),
            "[[0,0],[0,1],[1,0],[1,1]]");
  EXPECT_EQ(run("coord.composition", R"([{"shape":[4,8],"stride":[1,4]}, {"shape":[2,2],"stride":[{"basis":[0],"scale":2},{"basis":[1],"scale":4}]}])"),
            R"({"shape":[2,2],"stride":[2,16]})");
  EXPECT_EQ(run("coord.identity", "[[4,8]]"), R"({"shape":[4,8],"stride":[{"basis":[0],"scale":1},{"basis":[1],"scale":1}]})");
  EXPECT_EQ(run("nope", "[]"), "error invalid_input: op 'nope' is not implemented");
}

// Every op's generated arguments run (as values or as errors of the schema's kinds), and the
// generator is deterministic.
TEST(StrideOps, GeneratorsProduceRunnableArguments) {
  for (auto const& row : wire::op_table()) {
    // Rows without a generator (Triton's: their cases are Triton's own answers, conformance/vectors/triton).
    if (row.family != wire::OpFamily::strides || !row.typed.generate) continue;
    std::string op(row.name);
    std::mt19937_64 g1(5), g2(5);
    auto a1 = random_row_args(op, g1, 60);
    auto a2 = random_row_args(op, g2, 60);
    ASSERT_EQ(a1.size(), 60u) << op;
    ASSERT_EQ(a1, a2) << op;
    int values = 0;
    for (std::size_t i = 0; i < a1.size(); ++i) {
      auto r = wire::run_op(op, a1[i], "$.args");
      if (r) {
        ++values;
      } else {
        EXPECT_NE(r.error().kind, ErrorKind::invalid_input) << op << " " << a1[i].dump() << ": " << r.error().what();
      }
    }
    EXPECT_GT(values, 20) << op;
  }
}

TEST(StrideOps, Swizzle) {
  auto r = wire::run_op("swizzle.evaluate", Json::parse(R"([{"swizzle":[3,4,3]}, 0, 128, 896])"), "$.args");
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(r->dump(), "[0,144,1008]");
  r = wire::run_op("swizzle.evaluate", Json::parse(R"([{"swizzle":[1,0,1]}])"), "$.args");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->dump(), "[0,1,3,2]");
  r = wire::run_op("swizzle.composition",
                    Json::parse(R"([{"swizzle":[3,4,3],"layout":{"shape":[8,64],"stride":[64,1]}},
                                    {"shape":[4,8],"stride":[2,8]}])"),
                    "$.args");
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ(to_string(*composed_layout_from_json(*r, "$")), "Sw<3,4,3> o 0 o (4,8):(128,1)");
  r = wire::run_op("swizzle.evaluate", Json::parse(R"([{"swizzle":[3,4,2]}, 1])"), "$.args");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("$.args[0].swizzle"), std::string::npos) << r.error().message;
}
