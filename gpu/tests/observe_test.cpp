// The comparison on synthetic observations: one correct, one with a deliberate swap.
#include <gtest/gtest.h>

#include "catlayout/gpu/observe.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

TEST(Compare, ExpectedMapIsConfirmed) {
  for (auto const& ins : catalogue())
    for (auto const& f : ins.fragments) {
      Verdict v = compare(f, expected_map(f));
      EXPECT_TRUE(v.confirmed) << ins.name << " " << v.message;
      EXPECT_EQ(v.mismatches, 0);
    }
}

TEST(Compare, SwapIsNamedAtTheFirstOffendingSlot) {
  Fragment const& b = *find_instruction("mma.m16n8k16.f32.f16.f16.f32")->fragment(Operand::B);
  ObservedMap m = expected_map(b);
  // Lane 6 (groupID 1, threadID_in_group 2): b1 holds (n=1, k=5), b2 holds (n=1, k=12); swap them.
  Coord b1 = m.get(6, 1), b2 = m.get(6, 2);
  ASSERT_EQ(b1, (Coord{1, 5}));
  ASSERT_EQ(b2, (Coord{1, 12}));
  m.set(6, 1, b2);
  m.set(6, 2, b1);
  Verdict v = compare(b, m);
  EXPECT_FALSE(v.confirmed);
  EXPECT_EQ(v.mismatches, 2);
  EXPECT_EQ(v.thread, 6);
  EXPECT_EQ(v.value, 1);
  EXPECT_EQ(v.expected, (Coord{1, 5}));
  EXPECT_EQ(v.observed, (Coord{1, 12}));
  EXPECT_EQ(v.message, "(thread 6, value 1): layout says (1,5), hardware put (1,12) (2 of 128 slots differ)");
}

TEST(Compare, UnobservedSlotsAndNotesAreMismatches) {
  Fragment const& c = *find_instruction("mma.m8n8k4.f64.f64.f64.f64")->fragment(Operand::C);
  ObservedMap m = expected_map(c);
  m.set(31, 1, Coord{});
  m.add_note(31, 1, "no product reached this slot");
  Verdict v = compare(c, m);
  EXPECT_FALSE(v.confirmed);
  EXPECT_EQ(v.message,
            "(thread 31, value 1): layout says (7,7), hardware gave no consistent answer "
            "[no product reached this slot] (1 of 64 slots differ)");
  EXPECT_FALSE(compare(c, ObservedMap(32, 3)).confirmed);  // wrong extent
}

TEST(Compare, TableIsValueMajor) {
  Fragment const& c = *find_instruction("mma.m8n8k16.s32.s8.s8.s32")->fragment(Operand::C);
  auto t = table(expected_map(c));
  ASSERT_EQ(t.size(), 64u);
  EXPECT_EQ(t[1], (std::array<Int, 4>{1, 0, 0, 2}));   // lane 1, c0: row 0, col 2
  EXPECT_EQ(t[32], (std::array<Int, 4>{0, 1, 0, 1}));  // lane 0, c1
}
