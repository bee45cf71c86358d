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

