// Properties of every catalogued fragment: a bijection (thread, value) -> tile, equal to the
// PTX formula everywhere (the two are written independently in catalogue.cpp).
#include <gtest/gtest.h>

#include <set>

#include "catlayout/gpu/catalogue.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {

std::vector<std::string> names() {
  std::vector<std::string> n;
  for (auto const& i : catalogue()) n.push_back(i.name);
  return n;
}

std::string test_name(::testing::TestParamInfo<std::string> const& info) {
  std::string s = info.param;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

class Fragments : public ::testing::TestWithParam<std::string> {};

TEST_P(Fragments, BijectionOntoTileAndAgreesWithPtxFormula) {
  Instruction const* ins = find_instruction(GetParam());
  ASSERT_NE(ins, nullptr);
  ASSERT_FALSE(ins->fragments.empty());
  for (auto const& f : ins->fragments) {
    EXPECT_EQ(check_fragment(f), "") << ins->name;
    // Tile extents follow from the shape: A M x K, B N x K, C M x N.
    Int rows = f.operand == Operand::B ? ins->N : ins->M;
    Int cols = f.operand == Operand::C ? ins->N : ins->K;
    EXPECT_EQ(f.rows, rows) << ins->name << " " << operand_name(f.operand);
    EXPECT_EQ(f.cols, cols) << ins->name << " " << operand_name(f.operand);
    // Tabulated independently of check_fragment: every tile slot exactly once.
    std::multiset<Int> seen;
    for (Int i = 0; i < f.tv.size(); ++i) seen.insert(f.tv(i));
    for (Int o = 0; o < rows * cols; ++o) EXPECT_EQ(seen.count(o), 1u) << ins->name << " offset " << o;
    EXPECT_EQ(static_cast<Int>(seen.size()), rows * cols);
    // Registers: a whole number of 32-bit words per thread.
    EXPECT_EQ(f.values % f.per_reg(), 0);
    EXPECT_FALSE(f.ptx_section.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, Fragments, ::testing::ValuesIn(names()), test_name);

}  // namespace

TEST(Catalogue, CoversTheIssueList) {
  for (char const* n :
       {"mma.m16n8k8.f16.f16.f16.f16", "mma.m16n8k8.f32.f16.f16.f32", "mma.m16n8k16.f16.f16.f16.f16",
        "mma.m16n8k16.f32.f16.f16.f32", "mma.m16n8k8.f32.bf16.bf16.f32", "mma.m16n8k16.f32.bf16.bf16.f32",
        "mma.m16n8k4.f32.tf32.tf32.f32", "mma.m16n8k8.f32.tf32.tf32.f32", "mma.m8n8k4.f64.f64.f64.f64",
        "mma.m8n8k16.s32.s8.s8.s32", "mma.m16n8k16.s32.s8.s8.s32", "mma.m16n8k32.s32.s8.s8.s32",
        "mma.m16n8k32.s32.s4.s4.s32", "mma.m16n8k64.s32.s4.s4.s32", "wgmma.m64n8k16.f32.f16.f16",
        "wgmma.m64n16k16.f32.f16.f16", "wgmma.m64n64k16.f32.f16.f16", "wgmma.m64n128k16.f32.f16.f16",
        "wgmma.m64n256k16.f32.f16.f16", "wgmma.m64n256k16.f32.bf16.bf16", "wgmma.m64n8k8.f32.tf32.tf32",
        "wgmma.m64n8k32.s32.s8.s8"})
    EXPECT_NE(find_instruction(n), nullptr) << n;
  EXPECT_EQ(catalogue().size(), 26u);
}

TEST(Catalogue, WorkedExamples) {
  // The m16n8k16 A layout as CuTe writes it; lane 5 = groupID 1, threadID_in_group 1.
  auto const* a = find_instruction("mma.m16n8k16.f32.f16.f16.f32")->fragment(Operand::A);
  EXPECT_EQ(to_string(a->tv), "((4,8),(2,2,2)):((32,1),(16,8,128))");
  EXPECT_EQ(a->layout_at(5, 0), (Coord{1, 2}));
  EXPECT_EQ(a->layout_at(5, 3), (Coord{9, 3}));   // a3: row groupID + 8, col 2 * tig + 1
  EXPECT_EQ(a->layout_at(5, 6), (Coord{9, 10}));  // a6: row groupID + 8, col 2 * tig + 8
  auto const* c = find_instruction("wgmma.m64n64k16.f32.f16.f16")->fragment(Operand::C);
  EXPECT_EQ(c->layout_at(37, 5), (Coord{16 + 1, 8 + 2 + 1}));      // warp 1, lane 5, d5: i % 4 < 2
  EXPECT_EQ(c->layout_at(37, 6), (Coord{16 + 1 + 8, 8 + 2}));      // d6: row groupID + 8
  EXPECT_EQ(c->values, 32);
  EXPECT_EQ(find_instruction("wgmma.m64n8k16.f32.f16.f16")->fragment(Operand::B), nullptr);
}

TEST(Catalogue, CheckFragmentNamesTheFirstDisagreement) {
  Fragment f = *find_instruction("mma.m16n8k8.f32.tf32.tf32.f32")->fragment(Operand::A);
  f.tv = catlayout::layout(tup(tup(4, 8), tup(2, 2)), tup(tup(16, 1), tup(64, 8)));  // value bits swapped
  EXPECT_NE(check_fragment(f).find("(thread 0, value 1): layout says (0,4), PTX formula says (8,0)"),
            std::string::npos)
      << check_fragment(f);
  f.tv = catlayout::layout(tup(tup(4, 8), tup(2, 2)), tup(tup(16, 1), tup(8, 8)));  // not injective
  EXPECT_NE(check_fragment(f).find("both hold"), std::string::npos) << check_fragment(f);
}
