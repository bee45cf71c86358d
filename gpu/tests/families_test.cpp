// The SM89 fp8 mma.sync rows, the b1 .and.popc rows and the SM70 mma.m8n8k4 .f16 quad-pair rows:
// what the PTX ISA says they share with other rows, checked slot by slot, and the probe's plan for
// them on the simulator (with faults it must name).
#include <gtest/gtest.h>

#include <set>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {

std::vector<std::string> fp8_names() {
  std::vector<std::string> n;
  for (char const* d : {"f32", "f16"})
    for (char const* a : {"e4m3", "e5m2"})
      for (char const* b : {"e4m3", "e5m2"}) n.push_back(str("mma.m16n8k32.", d, ".", a, ".", b, ".", d));
  return n;
}

std::vector<std::string> quad_pair_names() {
  std::vector<std::string> n;
  for (char const* d : {"f16", "f32"})
    for (char const* major : {"", "col.row.", "col.col.", "row.row."})
      n.push_back(str("mma.m8n8k4.", major, d, ".f16.f16.", d));
  return n;
}

// The same (row, col) at every (thread, value), read through both the layouts and the formulas.
void expect_same_fragment(Fragment const& x, Fragment const& y, std::string const& what) {
  ASSERT_EQ(x.threads, y.threads) << what;
  ASSERT_EQ(x.values, y.values) << what;
  for (Int t = 0; t < x.threads; ++t)
    for (Int v = 0; v < x.values; ++v) {
      EXPECT_EQ(x.layout_at(t, v), y.layout_at(t, v)) << what << " (" << t << "," << v << ")";
      EXPECT_EQ(x.formula_at(t, v), y.formula_at(t, v)) << what << " (" << t << "," << v << ")";
    }
}

// A runner that records each batch's trial count before simulating it.
struct Recorder {
  std::vector<int> trials;
  Runner runner() {
    return [this](device::Batch& b) {
      trials.push_back(b.trials);
      return simulate(b);
    };
  }
};

}  // namespace

TEST(Fp8MmaSync, EveryPairingWithBothAccumulators) {
  for (auto const& n : fp8_names()) {
    Instruction const* ins = find_instruction(n);
    ASSERT_NE(ins, nullptr) << n;
    EXPECT_EQ(ins->arch, "sm89");
    EXPECT_EQ(ins->ptx, "mma.sync.aligned.m16n8k32.row.col." + n.substr(std::string("mma.m16n8k32.").size()));
    EXPECT_EQ(ins->b_elem, ins->fragment(Operand::B)->elem);
  }
  EXPECT_EQ(find_instruction("mma.m16n8k32.f32.e4m3.e5m2.f32")->fragment(Operand::A)->elem, Elem::e4m3);
  EXPECT_EQ(find_instruction("mma.m16n8k32.f32.e4m3.e5m2.f32")->fragment(Operand::B)->elem, Elem::e5m2);
}

TEST(Fp8MmaSync, FragmentsAreThoseOfTheEightBitIntegers) {
  // PTX ISA 9.7.14.5.10: one figure for .s8/.u8/.e4m3/.e5m2. Our fp8 formulas are written by element
  // index, the s8 ones by register: two transcriptions that must agree everywhere.
  Instruction const& s8 = *find_instruction("mma.m16n8k32.s32.s8.s8.s32");
  Instruction const& f16acc = *find_instruction("mma.m16n8k16.f16.f16.f16.f16");
  for (auto const& n : fp8_names()) {
    Instruction const& ins = *find_instruction(n);
    expect_same_fragment(*ins.fragment(Operand::A), *s8.fragment(Operand::A), n + " A");
    expect_same_fragment(*ins.fragment(Operand::B), *s8.fragment(Operand::B), n + " B");
    // C: .f32 as the s32 accumulators, .f16 as the other .f16x2 accumulators (two a register).
    Instruction const& like = ins.fragment(Operand::C)->elem == Elem::f16 ? f16acc : s8;
    expect_same_fragment(*ins.fragment(Operand::C), *like.fragment(Operand::C), n + " C");
  }
}

TEST(Fp8MmaSync, F16AccumulatorsAskForPtx87) {
  // ptxas: "mma with FP8 floating point type and FP16 accumulation requires PTX ISA .version 8.7".
  auto f16 = kernel_spec("mma.m16n8k32.f16.e5m2.e4m3.f16/rr");
  auto f32 = kernel_spec("mma.m16n8k32.f32.e5m2.e4m3.f32/rr");
  ASSERT_TRUE(f16 && f32);
  EXPECT_EQ(f16->ptx.rfind(".version 8.7\n", 0), 0u);
  EXPECT_EQ(f32->ptx.rfind(".version 8.4\n", 0), 0u);
  EXPECT_NE(f16->ptx.find("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16 {%d0, %d1}, {%a0, %a1, %a2, %a3}, "
                          "{%b0, %b1}, {%d0, %d1};"),
            std::string::npos)
      << f16->ptx;
}

TEST(AndPopc, SameFragmentsAsXorPopcOtherBitOperation) {
  for (char const* shape : {"m8n8k128", "m16n8k128", "m16n8k256"}) {
    Instruction const* a = find_instruction(str("mma.", shape, ".s32.b1.b1.s32.and.popc"));
    Instruction const* x = find_instruction(str("mma.", shape, ".s32.b1.b1.s32.xor.popc"));
    ASSERT_NE(a, nullptr) << shape;
    ASSERT_NE(x, nullptr) << shape;
    EXPECT_TRUE(a->and_popc);
    EXPECT_FALSE(a->xor_popc);
    EXPECT_FALSE(x->and_popc);
    EXPECT_EQ(a->ptx, str("mma.sync.aligned.", shape, ".row.col.s32.b1.b1.s32.and.popc"));
    ASSERT_EQ(a->fragments.size(), x->fragments.size());
    for (std::size_t i = 0; i < a->fragments.size(); ++i)
      expect_same_fragment(a->fragments[i], x->fragments[i], a->name);
    auto k = kernel_spec(a->name + "/rr");
    ASSERT_TRUE(k);
    EXPECT_NE(k->ptx.find(a->ptx + " "), std::string::npos);
  }
}

TEST(AndPopc, TheSimulatorAndsWhereXorPopcXors) {
  // All-ones A and B: popc(A and B) = K, popc(A xor B) = 0.
  for (char const* op : {"and", "xor"}) {
    Instruction const& ins = *find_instruction(str("mma.m8n8k128.s32.b1.b1.s32.", op, ".popc"));
    Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
    device::Batch b;
    b.kernel = ins.name + "/rr";
    b.trials = 1;
    b.a.assign(static_cast<std::size_t>(32 * A.words()), 0xffffffffu);
    b.b.assign(static_cast<std::size_t>(32 * B.words()), 0xffffffffu);
    ASSERT_EQ(simulate(b), "");
    ASSERT_EQ(b.d.size(), static_cast<std::size_t>(32 * C.words()));
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < C.values; ++v)
        EXPECT_EQ(get(C, b.d.data() + t * C.words(), v), std::string(op) == "and" ? 128.0 : 0.0) << op;
  }
}

TEST(AndPopc, ThePlanNeedsNoBaselineTrials) {
  // xor-popc adds one baseline trial a bit plane to each one-hot batch; and-popc reads bits directly.
  Recorder r_and, r_xor;
  auto a = observe(*find_instruction("mma.m16n8k128.s32.b1.b1.s32.and.popc"), r_and.runner());
  auto x = observe(*find_instruction("mma.m16n8k128.s32.b1.b1.s32.xor.popc"), r_xor.runner());
  ASSERT_TRUE(a && x);
  ASSERT_EQ(r_and.trials.size(), 3u);
  ASSERT_EQ(r_xor.trials.size(), 3u);
  EXPECT_EQ(r_and.trials[0], r_xor.trials[0]);  // C: the same planes of m and n
  // A observed: 32 x 64 one-hot A slots, each over the 11 bit planes of B's slot codes 1..1024;
  // B observed: 32 x 32 one-hot B slots over the 12 planes of A's codes 1..2048.
  EXPECT_EQ(r_and.trials[1], 32 * 64 * 11);
  EXPECT_EQ(r_xor.trials[1], 32 * 64 * 11 + 11);
  EXPECT_EQ(r_and.trials[2], 32 * 32 * 12);
  EXPECT_EQ(r_xor.trials[2], 32 * 32 * 12 + 12);
  expect_all_confirmed(*a);
}

TEST(AndPopc, NamesASwapInAnOperand) { expect_popc_swap_named("mma.m16n8k256.s32.b1.b1.s32.and.popc", Operand::B); }

TEST(QuadPair, TheFourMmaComputationsPartitionTheWarp) {
  // PTX ISA 9.7.14.5.1: computation q + 1 runs on lanes 4q..4q+3 (low group) and 4q+16..4q+19 (high).
  Fragment const& c = *find_instruction("mma.m8n8k4.f32.f16.f16.f32")->fragment(Operand::C);
  std::set<Int> all;
  for (Int q = 0; q < 4; ++q) {
    std::set<Int> lanes;
    for (Int t = 0; t < 8; ++t) lanes.insert(mma_lane(c, t, q));
    std::set<Int> table;
    for (Int i = 0; i < 4; ++i) table.insert({4 * q + i, 4 * q + 16 + i});
    EXPECT_EQ(lanes, table) << "computation " << q + 1;
    all.insert(lanes.begin(), lanes.end());
  }
  EXPECT_EQ(all.size(), 32u);
  Fragment const& m16 = *find_instruction("mma.m16n8k8.f32.f16.f16.f32")->fragment(Operand::C);
  EXPECT_EQ(mma_copies(c), 4);
  EXPECT_EQ(mma_copies(m16), 1);
  EXPECT_EQ(mma_lane(m16, 17, 0), 17);
}

TEST(QuadPair, EveryMajornessAndBothAccumulators) {
  for (auto const& n : quad_pair_names()) {
    Instruction const* ins = find_instruction(n);
    ASSERT_NE(ins, nullptr) << n;
    EXPECT_EQ(ins->arch, "sm70");
    for (auto const& f : ins->fragments) EXPECT_EQ(f.threads, 8) << n;
    std::string major = n.find("col.row") != std::string::npos   ? "col.row"
                        : n.find("col.col") != std::string::npos ? "col.col"
                        : n.find("row.row") != std::string::npos ? "row.row"
                                                                 : "row.col";
    EXPECT_EQ(ins->ptx.rfind("mma.sync.aligned.m8n8k4." + major + ".", 0), 0u) << n;
  }
  // A .row and B .col are K-major: the same (thread, value) -> (row, k); .col A and .row B are their
  // M/N-major counterparts, also the same as each other. Accumulators follow .ctype alone.
  auto frag = [](char const* n, Operand op) { return *find_instruction(n)->fragment(op); };
  expect_same_fragment(frag("mma.m8n8k4.f16.f16.f16.f16", Operand::A), frag("mma.m8n8k4.row.row.f32.f16.f16.f32", Operand::A), "A row");
  Fragment a_col = frag("mma.m8n8k4.col.col.f16.f16.f16.f16", Operand::A);
  Fragment b_row = frag("mma.m8n8k4.col.row.f16.f16.f16.f16", Operand::B);
  EXPECT_EQ(to_string(a_col.tv), to_string(b_row.tv));
  for (Int t = 0; t < 8; ++t)
    for (Int v = 0; v < 4; ++v) EXPECT_EQ(a_col.formula_at(t, v), b_row.formula_at(t, v)) << t << "," << v;
  EXPECT_NE(to_string(frag("mma.m8n8k4.f16.f16.f16.f16", Operand::C).tv),
            to_string(frag("mma.m8n8k4.f32.f16.f16.f32", Operand::C).tv));
  expect_same_fragment(frag("mma.m8n8k4.col.row.f32.f16.f16.f32", Operand::C), frag("mma.m8n8k4.f32.f16.f16.f32", Operand::C), "C f32");
  // The kernel issues the instruction with two A, two B and (f32) eight accumulator registers.
  auto k = kernel_spec("mma.m8n8k4.col.row.f32.f16.f16.f32/rr");
  ASSERT_TRUE(k);
  EXPECT_NE(k->ptx.find("mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7}, "
                        "{%a0, %a1}, {%b0, %b1}, {%d0,"),
            std::string::npos)
      << k->ptx;
}

TEST(QuadPair, TheProbeNamesASwapInTheF32Accumulator) {
  Instruction const& ins = *find_instruction("mma.m8n8k4.f32.f16.f16.f32");
  auto obs = observe_simulated(ins, {Operand::C, 5, 2, 6, 1});
  ASSERT_TRUE(obs) << obs.error().what();
  EXPECT_EQ(obs->operands[2].operand, Operand::C);
  expect_swap_named(obs->operands[2].verdict, 5, 2, ins.fragment(Operand::C)->layout_at(6, 1));
}

TEST(QuadPair, TheProbeNamesASwapInA) {
  Instruction const& ins = *find_instruction("mma.m8n8k4.col.row.f16.f16.f16.f16");
  // .col A: thread t holds k = t % 4. Slots (0, 1) and (1, 1) hold (1, 0) and (1, 1): one row, so C
  // (observed through A's rows) stays intact and A's observation shows the exchange.
  auto obs = observe_simulated(ins, {Operand::A, 0, 1, 1, 1});
  ASSERT_TRUE(obs) << obs.error().what();
  EXPECT_TRUE(obs->operands[2].verdict.confirmed) << obs->operands[2].verdict.message;
  expect_swap_named(obs->operands[0].verdict, 0, 1, ins.fragment(Operand::A)->layout_at(1, 1));
}

TEST(QuadPair, AQuadPairThatComputesSomethingElseIsSeen) {
  // Hardware whose third MMA computation answered differently: the copies disagree, nothing confirms.
  Instruction const& ins = *find_instruction("mma.m8n8k4.f16.f16.f16.f16");
  Fragment const& C = *ins.fragment(Operand::C);
  auto obs = observe(ins, [&](device::Batch& b) {
    std::string e = simulate(b);
    for (int s = 0; s < b.trials; ++s)
      put(C, b.d.data() + (static_cast<Int>(s) * 32 + quad_pair_lane(3, 2)) * C.words(), 0, 7);
    return e;
  });
  ASSERT_TRUE(obs) << obs.error().what();
  auto const& c = obs->operands[2].verdict;
  EXPECT_FALSE(c.confirmed);
  EXPECT_NE(c.message.find("quad-pairs"), std::string::npos) << c.message;
}
