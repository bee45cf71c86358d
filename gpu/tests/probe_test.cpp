// The probe's planning and decoding, end to end against a CPU tensor core that follows the PTX
// formulas: every catalogued operand is confirmed, and an injected disagreement is named.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <tuple>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

TEST(Codec, ElementsRoundTripExactly) {
  for (Elem e : {Elem::f16, Elem::bf16, Elem::tf32, Elem::f32, Elem::f64, Elem::s8, Elem::s4, Elem::s32})
    for (Int x : {0, 1, 2, 3, 5, 7}) EXPECT_EQ(decode(e, encode(e, x)), static_cast<double>(x)) << elem_name(e);
  for (Int x : {16, 64, 255, 256, 1024, 2048}) {
    EXPECT_EQ(decode(Elem::f16, encode(Elem::f16, x)), static_cast<double>(x));
    EXPECT_EQ(decode(Elem::f32, encode(Elem::f32, x)), static_cast<double>(x));
  }
  EXPECT_EQ(encode(Elem::f16, 1), 0x3c00u);  // binary16 1.0
  EXPECT_EQ(encode(Elem::bf16, 1), 0x3f80u);
  EXPECT_EQ(decode(Elem::s4, 0xf), -1.0);
  EXPECT_EQ(decode(Elem::s8, 0x80), -128.0);
}

TEST(Codec, PackingIsLowBitsFirst) {
  Fragment const& a = *find_instruction("mma.m16n8k32.s32.s4.s4.s32")->fragment(Operand::A);
  std::uint32_t w[2] = {0, 0};
  put(a, w, 1, 3);   // register 0, element 1: bits 4..7
  put(a, w, 10, 5);  // register 1, element 2: bits 8..11
  EXPECT_EQ(w[0], 0x30u);
  EXPECT_EQ(w[1], 0x500u);
  EXPECT_EQ(get(a, w, 10), 5.0);
  Fragment const& h = *find_instruction("mma.m16n8k16.f32.f16.f16.f32")->fragment(Operand::A);
  std::uint32_t x[4] = {0, 0, 0, 0};
  put(h, x, 3, 1);  // register 1, high half
  EXPECT_EQ(x[1], 0x3c000000u);
}

TEST(Codec, SharedMemoryCanonicalLayout) {
  // f16: (row 9, k 10) is core matrix (1, 1): 256 + 128 + 16 * 1 + 2 * 2.
  EXPECT_EQ(device::smem_byte(9, 10, 16), 256u + 128u + 16u + 4u);
  EXPECT_EQ(device::smem_byte(0, 17, 8), 128u + 1u);  // s8: 16 per core row
  std::vector<std::uint32_t> img(8 * 8, 0);
  put_smem(Elem::tf32, img.data(), 3, 6, 7);
  EXPECT_EQ(get_smem(Elem::tf32, img.data(), 3, 6), 7.0);
}

TEST(Codec, NewElementTypesRoundTrip) {
  for (Elem e : {Elem::e4m3, Elem::e5m2, Elem::u8, Elem::u4})
    for (Int x = 0; x <= (e == Elem::e5m2 ? 8 : 15); ++x)  // e5m2 has two mantissa bits: 9 is not exact
      EXPECT_EQ(decode(e, encode(e, x)), static_cast<double>(x)) << elem_name(e) << " " << x;
  EXPECT_EQ(encode(Elem::e4m3, 1), 0x38u);  // 0 0111 000
  EXPECT_EQ(encode(Elem::e5m2, 1), 0x3cu);  // 0 01111 00
  EXPECT_EQ(decode(Elem::e5m2, 0x38), 0.5);  // the bits of e4m3's 1.0, read as e5m2
  EXPECT_EQ(decode(Elem::u8, 0x80), 128.0);
  EXPECT_EQ(encode(Elem::b1, 1), 1u);
  Fragment const& b1 = *find_instruction("mma.m8n8k128.s32.b1.b1.s32.xor.popc")->fragment(Operand::A);
  std::uint32_t w = 0;
  put(b1, &w, 31, 1);
  EXPECT_EQ(w, 0x80000000u);
  EXPECT_EQ(get(b1, &w, 31), 1.0);
}

namespace {
// Every instruction but the wgmma family, whose N are sampled (the full catalogue runs on the
// simulator through `catlayout-gpu-probe validate --simulate`, and the gpu.run_prebuilt test).
std::vector<std::string> names() {
  std::vector<std::string> n;
  for (auto const& i : catalogue()) {
    if (!probe_runs(i)) continue;
    // mma.sp: the mixed-signedness / mixed-fp8 entries share their fragments with A's type's own.
    if (i.fragment(Operand::E) && i.fragment(Operand::A)->elem != i.b_elem) continue;
    if (i.fragment(Operand::E) && i.kind == Kind::wgmma && i.N != 8) continue;  // wgmma.sp: N = 8 here
    if (i.kind != Kind::wgmma || i.N == 8 || i.N == 24 || i.N == 64 || i.N == 136 || i.N == 256) n.push_back(i.name);
  }
  return n;
}
class ProbeOnSimulator : public ::testing::TestWithParam<std::string> {};
}  // namespace

TEST_P(ProbeOnSimulator, ConfirmsEveryOperand) {
  Instruction const& ins = *find_instruction(GetParam());
  auto obs = observe_simulated(ins);
  ASSERT_TRUE(obs) << obs.error().what();
  ASSERT_EQ(obs->operands.size(), ins.fragments.size());
  expect_all_confirmed(*obs, ins.name + " ");
}

INSTANTIATE_TEST_SUITE_P(Catalogue, ProbeOnSimulator, ::testing::ValuesIn(names()), param_name);

TEST(ProbeOnSimulator, NamesASwapInTheAccumulator) {
  Instruction const& ins = *find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  auto obs = observe_simulated(ins, {Operand::C, 5, 1, 5, 2});  // lane 5: c1 (1,3) and c2 (9,2) exchanged
  ASSERT_TRUE(obs);
  auto const& c = obs->operands[2];
  EXPECT_EQ(c.operand, Operand::C);
  expect_swap_named(c.verdict, 5, 1, Coord{9, 2});
  EXPECT_EQ(c.verdict.expected, (Coord{1, 3}));
  EXPECT_EQ(c.verdict.mismatches, 2);
}

TEST(ProbeOnSimulator, NamesASwapInARegisterOperand) {
  Instruction const& ins = *find_instruction("mma.m16n8k32.s32.s4.s4.s32");
  // The packing order inside the first s4x8 register reversed in part.
  auto obs = observe_simulated(ins, {Operand::A, 0, 0, 0, 1});
  ASSERT_TRUE(obs);
  expect_swap_named(obs->operands[0].verdict, 0, 0, Coord{0, 1});
  EXPECT_TRUE(obs->operands[2].verdict.confirmed) << obs->operands[2].verdict.message;
}

TEST(ProbeOnSimulator, NamesASwapInTheWgmmaAFragment) {
  Instruction const& ins = *find_instruction("wgmma.m64n16k16.f32.bf16.bf16");
  auto obs = observe_simulated(ins, {Operand::A, 33, 2, 100, 7});
  ASSERT_TRUE(obs);
  EXPECT_TRUE(obs->operands[0].verdict.confirmed);
  expect_swap_named(obs->operands[1].verdict, 33, 2, ins.fragment(Operand::A)->layout_at(100, 7));
}

TEST(ProbeOnSimulator, ARunnerErrorIsReported) {
  auto obs = observe(*find_instruction("mma.m8n8k4.f64.f64.f64.f64"), [](device::Batch&) { return "boom"; });
  ASSERT_FALSE(obs);
  EXPECT_NE(obs.error().message.find("mma.m8n8k4.f64.f64.f64.f64/rr: boom"), std::string::npos);
}

TEST(ProbeOnSimulator, NamesASwapInAnXorPopcOperand) {
  expect_popc_swap_named("mma.m16n8k256.s32.b1.b1.s32.xor.popc", Operand::A);
}

TEST(ProbeOnSimulator, MixedFp8TypesReadEachOperandInItsOwnType) {
  // e4m3's 1.0 read as e5m2 is 0.5: a probe that wrote B in A's type would see K/2, not K.
  Instruction const& ins = *find_instruction("wgmma.m64n24k32.f16.e4m3.e5m2");
  EXPECT_EQ(ins.b_elem, Elem::e5m2);
  auto obs = observe_simulated(ins);
  ASSERT_TRUE(obs) << obs.error().what();
  expect_all_confirmed(*obs);
  auto bad = observe_simulated(ins, {Operand::C, 70, 3, 70, 4});
  ASSERT_TRUE(bad);
  EXPECT_FALSE(bad->operands[0].verdict.confirmed);
  EXPECT_EQ(bad->operands[0].verdict.thread, 70);
}

TEST(ProbeOnSimulator, CopyAtomsConfirmAndNameASwapOnEitherSide) {
  for (char const* name : {"ldmatrix.x4.trans.b16", "stmatrix.x2.b16", "movmatrix.trans.b16", "ldmatrix.x1.b16"}) {
    Instruction const& ins = *find_instruction(name);
    auto obs = observe_simulated(ins);
    ASSERT_TRUE(obs) << name << ": " << obs.error().what();
    ASSERT_EQ(obs->operands.size(), 2u);
    expect_all_confirmed(*obs, std::string(name) + " ");
    // The register side and the address side (ldmatrix src, stmatrix dst; movmatrix src) each
    // judged on its own map: two of a side's slots exchanged are named in that side's verdict,
    // and the other side, read through it, is not confirmed either.
    Operand regs = ins.kind == Kind::stmatrix ? Operand::Src : Operand::Dst;
    Operand addresses = regs == Operand::Src ? Operand::Dst : Operand::Src;
    auto index = [](Operand op) { return op == Operand::Src ? 0 : 1; };
    for (auto [side, t1, v1, t2, v2] : {std::tuple{regs, 9, 1, 22, 0}, std::tuple{addresses, 2, 1, 5, 0}}) {
      auto bad = observe_simulated(ins, {side, t1, v1, t2, v2});
      ASSERT_TRUE(bad) << name;
      auto const& named = bad->operands[static_cast<std::size_t>(index(side))];
      EXPECT_EQ(named.operand, side);
      std::string what = str(name, " ", operand_name(side));
      expect_swap_named(named.verdict, t1, v1, ins.fragment(side)->layout_at(t2, v2), what);
      EXPECT_EQ(named.verdict.mismatches, 2) << what;
      EXPECT_FALSE(bad->operands[static_cast<std::size_t>(1 - index(side))].verdict.confirmed) << what;
    }
  }
}

namespace {
// The copy probe's batches as a runner saw them (inputs as sent), after `tamper` changed what the
// simulated unit receives (the batch the probe decodes keeps the addresses the lanes gave).
struct CopyRun {
  std::vector<device::Batch> sent;
  Result<InstructionObservation> obs;
};
CopyRun run_copy(Instruction const& ins, std::function<void(std::size_t, device::Batch&)> const& tamper = {}) {
  CopyRun r{{}, fail(ErrorKind::invalid_input, "not run")};
  r.obs = observe(ins, [&](device::Batch& b) {
    r.sent.push_back(b);
    device::Batch unit = b;
    if (tamper) tamper(r.sent.size() - 1, unit);
    std::string e = simulate(unit);
    b.d = unit.d;
    return e;
  });
  return r;
}
}  // namespace

TEST(ProbeOnSimulator, CopyAddressesAnchoredOnMemoryInTwoBatches) {
  for (char const* name : {"ldmatrix.x2.b16", "stmatrix.x4.trans.b16"}) {
    Instruction const& ins = *find_instruction(name);
    CopyRun r = run_copy(ins);
    ASSERT_TRUE(r.obs) << name << ": " << r.obs.error().what();
    expect_all_confirmed(*r.obs, std::string(name) + " ");
    // Two batches, each lane's address a 16-byte slot of the image, and no lane on the same slot
    // in both: the second batch reads every row through another address.
    ASSERT_EQ(r.sent.size(), 2u) << name;
    std::set<std::uint64_t> slots;
    for (std::size_t s = 0; s < 32; ++s) {
      std::uint64_t first = r.sent[0].aux[s], second = r.sent[1].aux[s];
      EXPECT_EQ(first % 16, 0u);
      EXPECT_NE(first, second) << name << " lane " << s;
      slots.insert(first);
    }
    EXPECT_EQ(slots.size(), 32u) << name;  // one slot a lane
  }
  EXPECT_EQ(run_copy(*find_instruction("movmatrix.trans.b16")).sent.size(), 1u);  // no addresses
}

TEST(ProbeOnSimulator, ACopyUnitThatIgnoresTheSecondAddressesIsSeen) {
  // A unit that keeps reading (writing) the first batch's rows: each batch alone is consistent with
  // the warp's lanes, but the second disagrees with the first, through the addresses it was sent.
  for (char const* name : {"ldmatrix.x4.b16", "stmatrix.x1.b16"}) {
    Instruction const& ins = *find_instruction(name);
    std::vector<std::uint64_t> first;
    CopyRun r = run_copy(ins, [&](std::size_t batch, device::Batch& unit) {
      if (batch == 0) first = unit.aux;
      else unit.aux = first;
    });
    ASSERT_TRUE(r.obs) << name;
    for (auto const& o : r.obs->operands) {
      EXPECT_FALSE(o.verdict.confirmed) << name << " " << operand_name(o.operand);
      EXPECT_NE(o.verdict.message.find("batch 1"), std::string::npos) << o.verdict.message;
    }
  }
}

TEST(ProbeOnSimulator, AnLdmatrixRowFromAnAddressNoLaneGaveIsNamed) {
  // Lane 3's row read one slot further on than its address: the address side names lane 3.
  Instruction const& ins = *find_instruction("ldmatrix.x1.b16");
  CopyRun r = run_copy(ins, [](std::size_t, device::Batch& unit) { unit.aux[3] += 16; });
  ASSERT_TRUE(r.obs) << r.obs.error().what();
  Verdict const& src = r.obs->operands[0].verdict;
  EXPECT_FALSE(src.confirmed);
  EXPECT_EQ(src.thread, 3) << src.message;
  EXPECT_EQ(src.mismatches, 8) << src.message;  // its 8 elements, not observed
  EXPECT_FALSE(r.obs->operands[1].verdict.confirmed);
}

class SmemOnSimulator : public ::testing::TestWithParam<std::string> {};

TEST_P(SmemOnSimulator, ReadAsTheLayoutSaysAsAAndAsB) {
  SmemLayout const& s = *find_smem_layout(GetParam());
  for (Operand op : {Operand::A, Operand::B}) {
    auto obs = observe_smem(s, op, [](device::Batch& b) { return simulate(b); });
    ASSERT_TRUE(obs) << obs.error().what();
    EXPECT_TRUE(obs->verdict.confirmed) << s.name << " " << operand_name(op) << ": " << obs->verdict.message;
    // Every swizzle row of the atom is read: K-major swizzled layouts step the start address.
    EXPECT_EQ(obs->map.values, smem_probe_instruction(s.elem_bits).K * obs->placement.k_blocks);
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, SmemOnSimulator, ::testing::ValuesIn([] {
                           std::vector<std::string> n;
                           for (auto const& s : smem_layouts()) n.push_back(s.name);
                           return n;
                         }()),
                         param_name);

TEST(SmemOnSimulator, NamesAnExchangeOfTwoReads) {
  SmemLayout const& s = *find_smem_layout("wgmma.smem.16b.K.SW128");
  Fault f{Operand::A, 3, 5, 3, 13, true};  // within the first 32-byte step: k 5 and 13 of row 3
  auto obs = observe_smem(s, Operand::A, [&](device::Batch& b) { return simulate(b, f); });
  ASSERT_TRUE(obs);
  expect_swap_named(obs->verdict, 3, 5, Coord{3, 13});  // (row, k)
  EXPECT_EQ(obs->verdict.mismatches, 2 * obs->placement.k_blocks);  // the fault repeats in every step
  // A descriptor whose MN-major strides swapped roles would read another element: the layout's
  // LBO / SBO placement is what the hardware confirmed.
  SmemLayout const& mn = *find_smem_layout("wgmma.smem.16b.MN.SW32");
  SmemPlacement pl = smem_placement(mn, 64, 16);
  EXPECT_NE(pl.lbo, pl.sbo);
}

TEST(Ptx, EveryKernelHasItsModeAndUnknownsAreRefused) {
  auto k = kernel_spec("wgmma.m64n64k16.f32.f16.f16/ss.tab");
  ASSERT_TRUE(k) << k.error().what();
  EXPECT_NE(k->ptx.find("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"), std::string::npos);
  EXPECT_NE(k->ptx.find(", 1, 1, 1, 1;"), std::string::npos);  // scales and both transposes
  EXPECT_FALSE(kernel_spec("wgmma.m64n72k16.f32.f16.f16/ss.ta"));  // transposes only at N = 64
  EXPECT_FALSE(kernel_spec("wgmma.m64n64k32.s32.s8.s8/ss.ta"));    // no transpose for 8-bit types
  EXPECT_FALSE(kernel_spec("mma.m16n8k16.f32.f16.f16.f32"));       // no mode
  EXPECT_FALSE(kernel_spec("nope/rr"));
  // mma.sync: 39 SM80/SM90, 8 SM89 fp8, 3 .and.popc, 8 SM70 m8n8k4 .f16; wgmma ss + rs, N = 64's
  // transposes; the copies; + mma.sp: one kernel a sparsity selector (sparse_test.cpp), wgmma.sp.
  EXPECT_EQ(all_kernels().size(), 39u + 8u + 3u + 8u + 456u * 2u + 3u * 3u + 13u + 52u + 3u * (3u * 2u + 2u + 2u * 1u));
}
