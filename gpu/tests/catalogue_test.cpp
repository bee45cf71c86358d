// Properties of every catalogued fragment: a bijection (thread, value) -> tile, equal to the
// PTX formula everywhere (the two are written independently in catalogue.cpp).
#include <gtest/gtest.h>

#include <set>

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {

std::vector<std::string> names() {
  std::vector<std::string> n;
  for (auto const& i : catalogue()) n.push_back(i.name);
  return n;
}

class Fragments : public ::testing::TestWithParam<std::string> {};

TEST_P(Fragments, BijectionOntoTileAndAgreesWithPtxFormula) {
  Instruction const* ins = find_instruction(GetParam());
  ASSERT_NE(ins, nullptr);
  ASSERT_FALSE(ins->fragments.empty());
  for (auto const& f : ins->fragments) {
    EXPECT_EQ(check_fragment(f), "") << ins->name;
    // Tile extents follow from the shape: A M x K, B N x K, C M x N; copies 8 elements x M rows;
    // tcgen05.ld/st M TMEM lanes x N columns; scale factors M (SFA) or N (SFB) x K / (block size).
    bool tmem = ins->kind == Kind::tcgen05_ld || ins->kind == Kind::tcgen05_st;
    bool copy = !tmem && ins->kind != Kind::mma && ins->kind != Kind::wgmma && ins->kind != Kind::tcgen05_mma &&
                ins->kind != Kind::mma_block_scale;
    bool sf = f.operand == Operand::SFA || f.operand == Operand::SFB;
    Int rows = tmem ? ins->M : copy ? 8 : (f.operand == Operand::B || f.operand == Operand::SFB) ? ins->N : ins->M;
    Int cols = tmem ? ins->N : copy ? ins->M : f.operand == Operand::C ? ins->N : sf ? f.cols : ins->K;
    if (sf) {  // .scale_vec::1X / 2X / 4X: 1, 2 or 4 scale factors along K
      EXPECT_TRUE(f.cols == 1 || f.cols == 2 || f.cols == 4) << ins->name;
      EXPECT_EQ(ins->K % f.cols, 0) << ins->name;
    }
    // Sparse (an E fragment): A is the compressed M x K/2 tile, E the M x (K / chunk) metadata tile.
    bool sparse = ins->fragment(Operand::E) != nullptr;
    if (sparse && f.operand == Operand::A) cols = ins->K / 2;
    if (f.operand == Operand::E) cols = ins->K / sparse_chunk(ins->fragment(Operand::A)->elem).logical;
    EXPECT_EQ(f.rows, rows) << ins->name << " " << operand_name(f.operand);
    EXPECT_EQ(f.cols, cols) << ins->name << " " << operand_name(f.operand);
    // Tabulated independently of check_fragment: every tile slot exactly once.
    std::multiset<Int> seen;
    for (Int i = 0; i < f.tv.size(); ++i) seen.insert(f.tv(i));
    for (Int o = 0; o < rows * cols; ++o) EXPECT_EQ(seen.count(o), 1u) << ins->name << " offset " << o;
    EXPECT_EQ(static_cast<Int>(seen.size()), rows * cols);
    // Registers: a whole number of 32-bit words per thread (a scale-factor register holds 1, 2 or 4
    // used bytes, picked by byte-id).
    if (!sf) {
      EXPECT_EQ(f.values % f.per_reg(), 0);
    }
    EXPECT_FALSE(f.ptx_section.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, Fragments, ::testing::ValuesIn(names()), gpu::testing::param_name);

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
  // Every SM80 mma.sync type, the SM90 f64 shapes, wgmma for N = 8..256, the copy atoms.
  for (char const* n :
       {"mma.m8n8k16.s32.u8.s8.s32", "mma.m16n8k32.s32.u8.u8.s32", "mma.m8n8k32.s32.u4.s4.s32",
        "mma.m16n8k64.s32.s4.u4.s32", "mma.m8n8k128.s32.b1.b1.s32.xor.popc", "mma.m16n8k128.s32.b1.b1.s32.xor.popc",
        "mma.m16n8k256.s32.b1.b1.s32.xor.popc", "mma.m16n8k4.f64.f64.f64.f64", "mma.m16n8k8.f64.f64.f64.f64",
        "mma.m16n8k16.f64.f64.f64.f64", "wgmma.m64n24k16.f16.f16.f16", "wgmma.m64n200k8.f32.tf32.tf32",
        "wgmma.m64n136k32.f16.e4m3.e5m2", "wgmma.m64n256k32.f32.e5m2.e5m2", "wgmma.m64n24k32.s32.u8.s8",
        "wgmma.m64n240k32.s32.s8.u8", "ldmatrix.x1.b16", "ldmatrix.x4.trans.b16", "stmatrix.x2.b16",
        "stmatrix.x4.trans.b16", "movmatrix.trans.b16"})
    EXPECT_NE(find_instruction(n), nullptr) << n;
  // Integer wgmma has no N = 40, 56, ...
  EXPECT_EQ(find_instruction("wgmma.m64n40k32.s32.s8.s8"), nullptr);
  Int wgmma = 0;
  for (auto const& i : catalogue()) wgmma += i.kind == Kind::wgmma && !i.fragment(Operand::E);
  EXPECT_EQ(wgmma, 32 * 12 + 18 * 4);
}

TEST(Catalogue, SharedMemoryLayoutsAgreeWithThePtxFormula) {
  EXPECT_EQ(smem_layouts().size(), 16u);  // 16-bit: K and MN x 4 swizzles; 32-, 8-bit: K x 4
  for (auto const& s : smem_layouts()) EXPECT_EQ(check_smem_layout(s), "") << s.name;
  auto const& sw128 = *find_smem_layout("wgmma.smem.16b.K.SW128");
  EXPECT_EQ(to_string(sw128.layout), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  // Row 1 of the 128-byte swizzle: its first 16-byte chunk is stored in chunk 1 (XOR with 1).
  EXPECT_EQ(sw128.at(1, 0), 64 + 8);
  EXPECT_EQ(sw128.at(1, 8), 64);
  SmemLayout wrong = sw128;
  wrong.layout.sw = *Swizzle::make(3, 4, 3);  // the swizzle in bytes applied to elements
  EXPECT_NE(check_smem_layout(wrong), "");
}

TEST(Catalogue, CopyAtomsAsCuTeReferenceOffsets) {
  // ldmatrix.x4: lane 5 holds row 1 of each matrix, elements 2 and 3; its address names row 5.
  auto const& ld = *find_instruction("ldmatrix.x4.b16");
  EXPECT_EQ(ld.fragment(Operand::Dst)->layout_at(5, 0), (Coord{2, 1}));
  EXPECT_EQ(ld.fragment(Operand::Dst)->layout_at(5, 7), (Coord{3, 25}));
  EXPECT_EQ(ld.fragment(Operand::Src)->threads, 32);
  EXPECT_EQ(ld.fragment(Operand::Src)->layout_at(5, 3), (Coord{3, 5}));
  // .trans: lane 5 holds column 1, rows 2 and 3.
  auto const& tr = *find_instruction("ldmatrix.x2.trans.b16");
  EXPECT_EQ(tr.fragment(Operand::Dst)->layout_at(5, 1), (Coord{1, 3}));
  EXPECT_EQ(tr.fragment(Operand::Src)->threads, 16);
  auto const& st = *find_instruction("stmatrix.x1.b16");
  EXPECT_EQ(st.fragments[0].operand, Operand::Src);
  EXPECT_EQ(st.fragment(Operand::Dst)->threads, 8);
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
