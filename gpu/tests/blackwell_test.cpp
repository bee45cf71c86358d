// Blackwell entries (sm100a tcgen05, sm120a block-scaled mma), checked on the CPU only: the
// catalogue-wide tests (catalogue_test.cpp) cover bijection and layout == formula; these check how the
// entries fit together and against the entries they should equal.
#include <gtest/gtest.h>

#include <set>

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/sm100.hpp"
#include "catlayout/gpu/sm120.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {

std::vector<Instruction const*> of_kind(Kind k) {
  std::vector<Instruction const*> v;
  for (auto const& i : catalogue())
    if (i.kind == k) v.push_back(&i);
  return v;
}

// The (m, n) a TMEM cell holds under a tcgen05.mma entry's accumulator layout, or nullopt.
std::optional<Coord> d_at(Instruction const& mma, Int lane, Int col) {
  Fragment const& d = *mma.fragment(Operand::C);
  for (Int t = 0; t < d.threads; ++t)
    if (tmem_lane(mma, t) == lane) return d.layout_at(t, col);
  return std::nullopt;
}

}  // namespace

TEST(Blackwell, EntriesAreCpuOnlyAndSaySo) {
  int n = 0;
  for (auto const& i : catalogue()) {
    bool blackwell = i.arch == "sm100a" || i.arch == "sm120a";
    EXPECT_EQ(probe_runs(i), !blackwell) << i.name;
    if (!blackwell) continue;
    ++n;
    EXPECT_EQ(no_hardware_reason(i), i.arch + ": not run on any device here");
  }
  EXPECT_EQ(n, 10 + 30 + 8);  // tcgen05.mma D (Layouts D, F x 3 N; B, A x 2 N), tcgen05.ld/st (5 shapes x 3 .num x 2), block-scaled mma
  for (auto const& k : all_kernels()) EXPECT_TRUE(probe_runs(*find_instruction(k.substr(0, k.rfind('/'))))) << k;
}

// The two views of the accumulator agree: the TV layout's (lane, column) -> (m, n) and CuTe's
// (m, n) -> TMEM address.
TEST(Blackwell, Tcgen05AccumulatorTvLayoutAgreesWithTmemAddresses) {
  auto mmas = of_kind(Kind::tcgen05_mma);
  ASSERT_EQ(mmas.size(), 10u);
  for (Instruction const* ins : mmas) {
    Fragment const& d = *ins->fragment(Operand::C);
    Layout addr = tmem_address_layout(*ins);
    std::set<Int> lanes;
    for (Int t = 0; t < d.threads; ++t) {
      Int lane = tmem_lane(*ins, t);
      lanes.insert(lane);
      for (Int v = 0; v < d.values; ++v) {
        Coord c = d.formula_at(t, v);
        Int expect = (lane % kTmemLanes) * kTmemLaneStride + v + (lane / kTmemLanes) * kCtaTag;
        ASSERT_EQ(*addr.at_coord(tup(c.row, c.col)), expect) << ins->name << " lane " << lane << " col " << v;
      }
    }
    // M = 64 (Layout F) uses lanes 0-15 of each 32-lane sub-partition; the others every lane (of both CTAs)..
    EXPECT_EQ(static_cast<Int>(lanes.size()), d.threads) << ins->name;
    for (Int l : lanes) EXPECT_TRUE(ins->M != 64 || l % 32 < 16) << ins->name << " lane " << l;
  }
}

// The epilogue: a warpgroup reading an M = 128 accumulator with tcgen05.ld.32x32b.xN (warp w at base
// lane 32 w) gives thread 32 w + i row 32 w + i, register r column r: computed from the two entries.
TEST(Blackwell, WarpgroupReadsLayoutDWith32x32b) {
  Instruction const& mma = *find_instruction("tcgen05.mma.cta_group::1.m128n8k16.f32.f16.f16");
  for (Int num : {1, 2, 4}) {
    Fragment const& ld = *find_instruction("tcgen05.ld.32x32b.x" + std::to_string(num) + ".b32")->fragment(Operand::Dst);
    for (Int w = 0; w < 4; ++w)
      for (Int t = 0; t < 32; ++t)
        for (Int r = 0; r < ld.values; ++r) {
          Coord cell = ld.formula_at(t, r);
          auto d = d_at(mma, 32 * w + cell.row, cell.col);
          ASSERT_TRUE(d);
          EXPECT_EQ(*d, (Coord{32 * w + t, r})) << "warp " << w << " thread " << t << " reg " << r;
        }
  }
}

// M = 64 (Layout F) occupies 16 lanes of each sub-partition: the 16-lane shapes read it whole. Four
// warps with .16x256b.x1 at base column 8 j read each (m, n) of a 64 x N tile once; the 32-lane shape
// would reach lanes Layout F leaves empty.
TEST(Blackwell, LayoutFIsReadWholeBy16LaneShapes) {
  Instruction const& mma = *find_instruction("tcgen05.mma.cta_group::1.m64n64k16.f32.f16.f16");
  Fragment const& ld = *find_instruction("tcgen05.ld.16x256b.x1.b32")->fragment(Operand::Dst);
  std::multiset<Int> seen;
  for (Int j = 0; j < mma.N / ld.cols; ++j)
    for (Int w = 0; w < 4; ++w)
      for (Int t = 0; t < 32; ++t)
        for (Int r = 0; r < ld.values; ++r) {
          Coord cell = ld.formula_at(t, r);
          auto d = d_at(mma, 32 * w + cell.row, ld.cols * j + cell.col);
          ASSERT_TRUE(d) << "warp " << w << " reached an empty lane";
          seen.insert(d->row + mma.M * d->col);
        }
  for (Int o = 0; o < mma.M * mma.N; ++o) EXPECT_EQ(seen.count(o), 1u) << o;
  Fragment const& ld32 = *find_instruction("tcgen05.ld.32x32b.x1.b32")->fragment(Operand::Dst);
  EXPECT_FALSE(d_at(mma, ld32.formula_at(16, 0).row, 0));  // thread 16 of warp 0: lane 16, unused
}

// .16x32bx2: the second half-warp reads the same 16 lanes immHalfSplitoff (= .num) columns on.
TEST(Blackwell, HalfSplitShapeReadsTheSameLanesFurtherOn) {
  for (Int num : {1, 2, 4}) {
    Fragment const& f = *find_instruction("tcgen05.st.16x32bx2.x" + std::to_string(num) + ".b32")->fragment(Operand::Src);
    for (Int t = 0; t < 16; ++t)
      for (Int r = 0; r < num; ++r) {
        Coord lo = f.layout_at(t, r), hi = f.layout_at(t + 16, r);
        EXPECT_EQ(lo.row, hi.row);
        EXPECT_EQ(hi.col - lo.col, num);
      }
  }
}

TEST(Blackwell, UmmaSharedMemoryAtomsAreTheGmmaAtomsPlusSw128With32ByteAtoms) {
  auto const& umma = umma_smem_layouts();
  ASSERT_EQ(umma.size(), smem_layouts().size() + 1);
  for (auto const& s : umma) {
    EXPECT_EQ(check_smem_layout(s), "") << s.name;
    if (s.swizzle == SwizzleMode::sw128_32b) continue;
    SmemLayout const* g = find_smem_layout("wgmma" + s.name.substr(4));
    ASSERT_NE(g, nullptr) << s.name;
    for (Int k = 0; k < s.cols; ++k)
      for (Int mn = 0; mn < s.rows; ++mn) EXPECT_EQ(s.at(mn, k), g->at(mn, k)) << s.name;
  }
  SmemLayout const& w = *find_umma_smem_layout("umma.smem.32b.MN.SW128_32B");
  EXPECT_EQ(to_string(w.layout), "Sw<2,3,2> o 0 o (32,4):(1,32)");
  // Row 1 moves whole 32-byte chunks (8 elements): its first chunk lands in chunk 1.
  EXPECT_EQ(w.at(0, 1), 32 + 8);
  SmemLayout wrong = w;
  wrong.swizzle = SwizzleMode::sw128;  // the 16-byte-chunk formula does not describe it
  EXPECT_NE(check_smem_layout(wrong), "");
}

// Block scaling leaves A, B, C where the unscaled shapes have them (PTX ISA 9.7.14.5.10/11).
TEST(Blackwell, BlockScaledFragmentsAreTheUnscaledOnes) {
  auto blocks = of_kind(Kind::mma_block_scale);
  ASSERT_EQ(blocks.size(), 8u);
  for (Instruction const* ins : blocks) {
    Instruction const& plain = *find_instruction(ins->K == 32 ? "mma.m16n8k32.s32.s8.s8.s32" : "mma.m16n8k64.s32.s4.s4.s32");
    Instruction const& f32 = *find_instruction("mma.m16n8k16.f32.f16.f16.f32");
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      Fragment const& f = *ins->fragment(op);
      Fragment const& g = op == Operand::C ? *f32.fragment(op) : *plain.fragment(op);
      ASSERT_EQ(f.values, g.values) << ins->name;
      for (Int t = 0; t < 32; ++t)
        for (Int v = 0; v < f.values; ++v) ASSERT_EQ(f.layout_at(t, v), g.layout_at(t, v)) << ins->name;
    }
  }
}

// A row's (column's) scale factor comes from a lane that holds that row of A (column of B).
TEST(Blackwell, ScaleFactorsComeFromLanesHoldingTheirRowOrColumn) {
  for (Instruction const* ins : of_kind(Kind::mma_block_scale))
    for (Operand op : {Operand::SFA, Operand::SFB}) {
      Fragment const& sf = *ins->fragment(op);
      Fragment const& x = *ins->fragment(op == Operand::SFA ? Operand::A : Operand::B);
      for (Int t = 0; t < sf.threads; ++t) {
        Int lane = scale_factor_lane(op, t);
        ASSERT_GE(lane, 0);
        for (Int v = 0; v < sf.values; ++v) {
          Int row = sf.layout_at(t, v).row;
          bool holds = false;
          for (Int u = 0; u < x.values; ++u) holds = holds || x.layout_at(lane, u).row == row;
          EXPECT_TRUE(holds) << ins->name << " " << operand_name(op) << " thread " << t;
        }
      }
    }
  EXPECT_EQ(scale_factor_lane(Operand::A, 0), -1);
}

#include <sstream>

#include "catlayout/gpu/validate.hpp"

// validate (here on the simulator, which stands for an sm_90a device) skips the CPU-only entries
// and says why, instead of running a kernel it does not have.
TEST(Blackwell, ValidateReportsThemSkipped) {
  std::ostringstream out, log;
  auto v = validate({"^tcgen05.ld.32x32b.x1", "^mma.m16n8k64.kind::mxf4.", "^mma.m16n8k16.f32.f16.f16.f32"}, "", out, log,
                    /*on_simulator=*/true);
  ASSERT_TRUE(v) << v.error().what();
  int skipped = 0, confirmed = 0;
  for (auto const& r : v->rows) {
    Instruction const* ins = find_instruction(r.instruction);
    ASSERT_NE(ins, nullptr) << r.instruction;
    if (probe_runs(*ins)) {
      EXPECT_EQ(r.status, "confirmed") << r.instruction;
      ++confirmed;
    } else {
      EXPECT_EQ(r.status, "skipped") << r.instruction;
      EXPECT_NE(r.message.find("CPU-checked only"), std::string::npos) << r.message;
      ++skipped;
    }
  }
  EXPECT_EQ(skipped, 1 + 5);  // tcgen05.ld dst; block-scaled A, B, C, SFA, SFB
  EXPECT_EQ(confirmed, 3);
  EXPECT_FALSE(v->failed());
}
