// mma.sync m16n8k32 with 8-bit floating point A and B (.e4m3 / .e5m2, every A x B pairing), SM89
// and later, with .f32 accumulators and (PTX ISA 8.7+) .f16 accumulators.
// PTX ISA 9.7.14.5.10 "Matrix Fragments for mma.m16n8k32": the .e4m3/.e5m2 fragments are the
// 8-bit integer ones; transcribed here by element index i, as the ISA's text reads (catalogue.cpp
// writes the integer rows by register instead).
#include "catalogue_parts.hpp"

#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

namespace {

Int group(Int lane) { return lane >> 2; }        // groupID
Int in_group(Int lane) { return lane % 4; }      // threadID_in_group

// A: four .b32 registers of four elements, a0..a15.
//   row = groupID for ai, 0 <= i < 4 || 8 <= i < 12; groupID + 8 otherwise
//   col = threadID_in_group * 4 + (i & 0x3) for i < 8; + 16 for i >= 8
Coord fp8_a(Int lane, Int reg, Int elem) {
  Int i = 4 * reg + elem;
  bool low = i < 4 || (i >= 8 && i < 12);
  return {group(lane) + (low ? 0 : 8), in_group(lane) * 4 + (i & 0x3) + (i < 8 ? 0 : 16)};
}
// B: two .b32 registers, b0..b7 (PTX K x N; here (n, k)):
//   row (k) = threadID_in_group * 4 + (i & 0x3) for i < 4; + 16 for i >= 4;  col (n) = groupID
Coord fp8_b(Int lane, Int reg, Int elem) {
  Int i = 4 * reg + elem;
  return {group(lane), in_group(lane) * 4 + (i & 0x3) + (i < 4 ? 0 : 16)};
}
// C/D: c0..c3 (.f32: one a register; .f16: two .f16x2 registers, two a register).
//   row = groupID for c0, c1; groupID + 8 for c2, c3;  col = threadID_in_group * 2 + (i & 0x1)
Coord acc(Int lane, Int i) { return {group(lane) + (i < 2 ? 0 : 8), in_group(lane) * 2 + (i & 0x1)}; }
Coord acc_f32(Int lane, Int reg, Int) { return acc(lane, reg); }
Coord acc_f16x2(Int lane, Int reg, Int elem) { return acc(lane, 2 * reg + elem); }

}  // namespace

void add_sm89_fp8(std::vector<Instruction>& cat) {
  std::string const section = "PTX ISA 9.7.14.5.10 \"Matrix Fragments for mma.m16n8k32\"";
  using O = Operand;
  using E = Elem;
  for (E d : {E::f32, E::f16})
    for (E a : {E::e4m3, E::e5m2})
      for (E b : {E::e4m3, E::e5m2}) {
        std::string types = str(elem_name(d), ".", elem_name(a), ".", elem_name(b), ".", elem_name(d));
        // The same TV layouts as the s8 m16n8k32 rows (CuTe: SM80_16x8x32_S32S8S8S32_TN's).
        std::vector<Fragment> f{
            frag(O::A, a, 16, 32, 32, "((4,8),(4,2,2)):((64,1),(16,8,256))", fp8_a, section),
            frag(O::B, b, 8, 32, 32, "((4,8),(4,2)):((32,1),(8,128))", fp8_b, section),
            frag(O::C, d, 16, 8, 32, "((4,8),(2,2)):((32,1),(16,8))", d == E::f16 ? acc_f16x2 : acc_f32, section)};
        cat.push_back(Instruction{"mma.m16n8k32." + types, "mma.sync.aligned.m16n8k32.row.col." + types, "sm89",
                                  Kind::mma, 16, 8, 32, std::move(f), false, false, b});
      }
}

}  // namespace catlayout::gpu
