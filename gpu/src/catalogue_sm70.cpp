// mma.sync.aligned.m8n8k4 with .f16 A and B (SM70; ptxas still assembles it for sm_90a), .f16 or
// .f32 accumulators, every majorness of A (.row/.col) and B (.row/.col).
// PTX ISA 9.7.14.5.1 "Matrix Fragments for mma.m8n8k4 with .f16 floating point type".
//
// The warp computes 4 independent 8x8x4 MMAs, MMA computation q on the quad-pair of lanes
// 4q..4q+3 (low group) and 4q+16..4q+19 (high group). No (32 lanes, values) layout maps onto one
// 8x8 tile, so, as CuTe does (SM70_QuadPair ThrID, mma_traits_sm70.hpp), each fragment is over the
// 8 threads of one quad-pair: fragment thread t is lane quad_pair_lane(t, q) = (t % 4) + 16 (t / 4)
// + 4q, the same fragment for every q. The formulas below take t, turn it into the lane of
// computation 1 and then read the ISA's text, which is written in %laneid.
#include "catalogue_parts.hpp"

#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

Int quad_pair_lane(Int t, Int q) { return t % 4 + 16 * (t / 4) + 4 * q; }

Int mma_copies(Fragment const& f) { return f.threads == 8 ? 4 : 1; }
Int mma_lane(Fragment const& f, Int t, Int q) { return f.threads == 8 ? quad_pair_lane(t, q) : t; }

namespace {

Int lane(Int t) { return quad_pair_lane(t, 0); }
Int high(Int t) { return lane(t) < 16 ? 0 : 4; }  // "if %laneid < 16 ... otherwise + 4"

// A (two .f16x2 registers, a0..a3, i = 2 reg + elem).
//   row-major:    row = %laneid % 4 (+ 4),  col = i
//   column-major: row = i % 4 (+ 4),        col = %laneid % 4
Coord a_row(Int t, Int r, Int e) { return {lane(t) % 4 + high(t), 2 * r + e}; }
Coord a_col(Int t, Int r, Int e) { return {(2 * r + e) % 4 + high(t), lane(t) % 4}; }
// B (b0..b3; PTX K x N, here (n, k)).
//   row-major:    row (k) = %laneid % 4,  col (n) = i (+ 4)
//   column-major: row (k) = i,            col (n) = %laneid % 4 (+ 4)
Coord b_row(Int t, Int r, Int e) { return {2 * r + e + high(t), lane(t) % 4}; }
Coord b_col(Int t, Int r, Int e) { return {lane(t) % 4 + high(t), 2 * r + e}; }
// C/D .f16 (four .f16x2 registers, c0..c7): row = %laneid % 4 (+ 4), col = i.
Coord c_f16(Int t, Int r, Int e) { return {lane(t) % 4 + high(t), 2 * r + e}; }
// C/D .f32 (eight .f32 registers): row = X (+ 4), X = (%laneid & 0b1) + (i & 0b10);
//   col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1).
Coord c_f32(Int t, Int i, Int) {
  return {(lane(t) & 0b1) + (i & 0b10) + high(t), (i & 0b100) + (lane(t) & 0b10) + (i & 0b1)};
}

}  // namespace

void add_sm70_quad_pair(std::vector<Instruction>& cat) {
  std::string const section =
      "PTX ISA 9.7.14.5.1 \"Matrix Fragments for mma.m8n8k4 with .f16 floating point type\"";
  // (quad-pair thread, value) -> row + rows * col. K-major operands (A .row, B .col): thread t
  // holds row t, values along k; M/N-major (A .col, B .row): thread (t0, t1) holds k = t0 of rows
  // 4 t1 + v. C .f16: row t, values along n; .f32: bits of t and v interleave as the formula says.
  char const* const k_major = "(8,4):(1,8)";
  char const* const mn_major = "((4,2),4):((8,4),1)";
  using O = Operand;
  using E = Elem;
  for (E acc : {E::f16, E::f32})
    for (bool a_row_major : {true, false})
      for (bool b_col_major : {true, false}) {
        std::string d(elem_name(acc));
        std::string types = d + ".f16.f16." + d;
        std::string major = str(a_row_major ? "row" : "col", ".", b_col_major ? "col" : "row");
        // .row.col, the majorness every other catalogue row has, goes unnamed.
        std::string name = "mma.m8n8k4." + (major == "row.col" ? "" : major + ".") + types;
        std::vector<Fragment> f{
            frag(O::A, E::f16, 8, 4, 8, a_row_major ? k_major : mn_major, a_row_major ? a_row : a_col, section),
            frag(O::B, E::f16, 8, 4, 8, b_col_major ? k_major : mn_major, b_col_major ? b_col : b_row, section),
            frag(O::C, acc, 8, 8, 8, acc == E::f16 ? "(8,8):(1,8)" : "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
                 acc == E::f16 ? c_f16 : c_f32, section)};
        cat.push_back(Instruction{name, "mma.sync.aligned.m8n8k4." + major + "." + types, "sm70", Kind::mma, 8, 8, 4,
                                  std::move(f), false, false, E::f16});
      }
}

}  // namespace catlayout::gpu
