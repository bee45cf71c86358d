// The probe's planning and decoding, end to end against a CPU tensor core that follows the PTX
// formulas: every catalogued operand is confirmed, and an injected disagreement is named.
#include <gtest/gtest.h>

#include "catlayout/gpu/probe.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

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
class ProbeOnSimulator : public ::testing::TestWithParam<std::string> {};
}  // namespace

TEST_P(ProbeOnSimulator, ConfirmsEveryOperand) {
  Instruction const& ins = *find_instruction(GetParam());
  auto obs = observe(ins, [](device::Batch& b) { return simulate(b); });
  ASSERT_TRUE(obs) << obs.error().what();
  ASSERT_EQ(obs->operands.size(), ins.fragments.size());
  for (auto const& o : obs->operands)
    EXPECT_TRUE(o.verdict.confirmed) << ins.name << " " << operand_name(o.operand) << ": " << o.verdict.message;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, ProbeOnSimulator, ::testing::ValuesIn(names()), test_name);

TEST(ProbeOnSimulator, NamesASwapInTheAccumulator) {
  Instruction const& ins = *find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  Fault f{Operand::C, 5, 1, 5, 2};  // lane 5: c1 (1,3) and c2 (9,2) exchanged
  auto obs = observe(ins, [&](device::Batch& b) { return simulate(b, f); });
  ASSERT_TRUE(obs);
  auto const& c = obs->operands[2];
  EXPECT_EQ(c.operand, Operand::C);
  EXPECT_FALSE(c.verdict.confirmed);
  EXPECT_EQ(c.verdict.thread, 5);
  EXPECT_EQ(c.verdict.value, 1);
  EXPECT_EQ(c.verdict.expected, (Coord{1, 3}));
  EXPECT_EQ(c.verdict.observed, (Coord{9, 2}));
  EXPECT_EQ(c.verdict.mismatches, 2);
}

TEST(ProbeOnSimulator, NamesASwapInARegisterOperand) {
  Instruction const& ins = *find_instruction("mma.m16n8k32.s32.s4.s4.s32");
  Fault f{Operand::A, 0, 0, 0, 1};  // packing order inside the first s4x8 register reversed in part
  auto obs = observe(ins, [&](device::Batch& b) { return simulate(b, f); });
  ASSERT_TRUE(obs);
  EXPECT_FALSE(obs->operands[0].verdict.confirmed);
  EXPECT_EQ(obs->operands[0].verdict.thread, 0);
  EXPECT_EQ(obs->operands[0].verdict.value, 0);
  EXPECT_EQ(obs->operands[0].verdict.observed, (Coord{0, 1}));
  EXPECT_TRUE(obs->operands[2].verdict.confirmed) << obs->operands[2].verdict.message;
}

TEST(ProbeOnSimulator, NamesASwapInTheWgmmaAFragment) {
  Instruction const& ins = *find_instruction("wgmma.m64n16k16.f32.bf16.bf16");
  Fault f{Operand::A, 33, 2, 100, 7};
  auto obs = observe(ins, [&](device::Batch& b) { return simulate(b, f); });
  ASSERT_TRUE(obs);
  EXPECT_TRUE(obs->operands[0].verdict.confirmed);
  auto const& a = obs->operands[1].verdict;
  EXPECT_FALSE(a.confirmed);
  EXPECT_EQ(a.thread, 33);
  EXPECT_EQ(a.value, 2);
  EXPECT_EQ(a.observed, ins.fragment(Operand::A)->layout_at(100, 7));
}

TEST(ProbeOnSimulator, ARunnerErrorIsReported) {
  auto obs = observe(*find_instruction("mma.m8n8k4.f64.f64.f64.f64"), [](device::Batch&) { return "boom"; });
  ASSERT_FALSE(obs);
  EXPECT_NE(obs.error().message.find("mma.m8n8k4.f64.f64.f64.f64/rr: boom"), std::string::npos);
}
