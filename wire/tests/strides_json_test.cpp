// The JSON forms of coordinate and swizzled layouts (docs/beyond-integers.md).
#include "catlayout/wire/strides_json.hpp"
#include "core/tests/testing.hpp"

using namespace catlayout;
using namespace catlayout::wire;
using namespace catlayout::testing;

namespace {

// The value a notation reader gives; a refused text fails the test with its reason.
template <class R>
auto must(R r) {
  if (!r) throw std::invalid_argument(r.error().what());
  return *r;
}
CoordLayout C(std::string_view s) { return must(parse_coord_layout(s)); }
ComposedLayout CL(std::string_view s) { return must(parse_composed_layout(s)); }

}  // namespace

TEST(CoordLayout, JsonRoundTrips) {
  for (auto s : {"(4,8):(1@0,1@1)", "((2,2),8):((1@0@0,1@1@0),1@1)", "(3,2):(5,7)", "(2,4):(0,3@2)"}) {
    auto j = to_json(C(s));
    auto back = coord_layout_from_json(j, "$");
    ASSERT_TRUE(back) << back.error().what();
    EXPECT_EQ(to_string(*back), s) << j.dump();
  }
  EXPECT_EQ(to_json(C("(4,8):(1@1,3@1@0)")).dump(),
            R"({"shape":[4,8],"stride":[{"basis":[1],"scale":1},{"basis":[0,1],"scale":3}]})");
  auto bad = coord_layout_from_json(Json::parse(R"({"shape":[4,8],"stride":[1,{"basis":[1.5]}]})"), "$.x");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("$.x.stride[1].basis[0]"), std::string::npos) << bad.error().message;
}


TEST(Swizzle, Json) {
  auto c = CL("Sw<3,4,3> o 0 o (8,64):(64,1)");
  auto j = to_json(c);
  EXPECT_EQ(j.dump(), R"({"layout":{"shape":[8,64],"stride":[64,1]},"offset":0,"swizzle":[3,4,3]})");
  EXPECT_EQ(*composed_layout_from_json(j, "$"), c);
}


// Chains (CuTe's nested ComposedLayout, docs/vector-format.md "composed chain"): nested as CuTe nests,
// read back to the same chain; the single-swizzle composed form unchanged.
TEST(ComposedChain, JsonNestsAsCuteDoes) {
  auto two = must(parse_composed_chain("Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o ((_8,_4),_8):((_32,_1),_4)"));
  EXPECT_EQ(to_json(two).dump(),
            R"({"layout":{"layout":{"shape":[[8,4],8],"stride":[[32,1],4]},"offset":0,"swizzle":[2,0,3]},"offset":0,"swizzle":[1,4,3]})");
  auto inv = must(parse_composed_chain("(_8,_8):(_8,_1) o _-8 o Sw<2,0,3>"));
  EXPECT_EQ(to_json(inv).dump(), R"({"layout":{"swizzle":[2,0,3]},"offset":-8,"outer":{"shape":[8,8],"stride":[8,1]}})");
  for (auto const& c : {two, inv, must(parse_composed_chain("Sw<2,0,3> o 4 o (8,8):(8,1) o -4 o Sw<1,0,3>"))}) {
    auto back = composed_chain_from_json(to_json(c), "$");
    ASSERT_TRUE(back) << back.error().what();
    EXPECT_EQ(*back, c);
  }
  // The single-swizzle form is the composed layout's, old files read as before.
  auto one = chain_of(CL("Sw<3,4,3> o 8 o (8,64):(64,1)"));
  EXPECT_EQ(to_json(one), to_json(CL("Sw<3,4,3> o 8 o (8,64):(64,1)")));
}

TEST(ComposedChain, JsonRefusesMalformedChains) {
  auto refused = [](char const* text) {
    auto r = composed_chain_from_json(Json::parse(text), "$");
    return !r && r.error().kind == ErrorKind::invalid_input;
  };
  EXPECT_TRUE(refused(R"({"swizzle":[1,0,3],"outer":{"shape":4,"stride":1},"layout":{"shape":4,"stride":1}})"));
  EXPECT_TRUE(refused(R"({"swizzle":[1,0,3],"offset":0,"layout":{"swizzle":[1,0,3]}})"));  // no layout
  EXPECT_TRUE(refused(R"({"swizzle":[1,0,3],"offset":"x","layout":{"shape":4,"stride":1}})"));
  EXPECT_TRUE(refused(R"({"outer":"x","layout":{"shape":4,"stride":1}})"));
  std::string deep = R"({"shape":4,"stride":1})";
  for (int k = 0; k < 200; ++k) deep = R"({"swizzle":[1,0,3],"layout":)" + deep + "}";
  EXPECT_TRUE(refused(deep.c_str()));  // nested past the bound: an error, not a stack overflow
}
