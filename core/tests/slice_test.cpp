#include "catlayout/core/slice.hpp"

#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

namespace {
SliceCoord H() { return SliceCoord::hole(); }
SliceCoord I(Int v) { return SliceCoord::of(v); }
SliceCoord T(std::vector<SliceCoord> c) { return SliceCoord::tuple(std::move(c)); }
}  // namespace

// The defining property, tabulated: slice(c, L)(j) + offset == L(c with the holes filled by the
// coordinate of j in the slice's shape), for every j.
TEST(Slice, SliceAndOffsetReassembleTheLayout) {
  auto l = L("(2,(3,4)):(100,(1,10))");
  for (Int a = 0; a < 2; ++a) {
    auto r = *slice_and_offset(T({I(a), H()}), l);  // (a,_)
    EXPECT_EQ(to_string(r.layout), "((3,4)):((1,10))");
    for (Int j = 0; j < 12; ++j) EXPECT_EQ(r.layout(j) + r.offset, *l.at_coord(tup(a, j)));
  }
  for (Int b = 0; b < 3; ++b) {
    auto r = *slice_and_offset(T({H(), T({I(b), H()})}), l);  // (_,(b,_)): CuTe flattens to (2,4)
    EXPECT_EQ(to_string(r.layout), "(2,4):(100,10)");
    for (Int j = 0; j < 8; ++j) EXPECT_EQ(r.layout(j) + r.offset, *l.at_coord(tup(j % 2, tup(b, j / 2))));
  }
  auto whole = *slice_and_offset(H(), l);
  EXPECT_EQ(whole.layout, l);
  auto none = *slice_and_offset(T({I(1), I(5)}), l);  // no hole: the empty layout, offset L(1,5)
  EXPECT_EQ(none.layout.size(), 1);
  EXPECT_EQ(none.offset, *l.at_coord(tup(1, 5)));
}

TEST(Slice, BadCoordinatesNameTheMode) {
  auto l = L("(4,8):(8,1)");
  auto r = slice(T({H(), I(8)}), l);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(r.error().message.find("outside [0, 8)"), std::string::npos) << r.error().message;
  auto rank = slice(T({H(), I(0), I(0)}), l);
  ASSERT_FALSE(rank);
  EXPECT_NE(rank.error().message.find("does not match shape (4,8)"), std::string::npos) << rank.error().message;
  EXPECT_EQ(to_string(T({H(), T({I(1), H()})})), "(_,(1,_))");
}
