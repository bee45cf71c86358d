// SM120 block-scaled mma.sync, CPU only (arch "sm120a"): D = (A * scale_A) (B * scale_B) + C
// (PTX ISA 9.7.14.3 "Block Scaling for mma.sync"). A, B and C are the fragments of the unscaled
// m16n8k32 (8-bit) and m16n8k64 (4-bit) shapes; the scale factors are new operands SFA, SFB.
// Each fragment is written twice, TV layout and PTX formula, compared by gpu_tests.

#include "catalogue_parts.hpp"
#include "catlayout/gpu/sm120.hpp"

namespace catlayout::gpu {

namespace {

// groupID and threadID_in_group of a lane: gid and tig (catalogue_parts.hpp).

// PTX ISA 9.7.14.5.10 "Matrix Fragments for mma.m16n8k32" (.e4m3/.e5m2, four per register), element
// index i = 4 reg + elem. A: row groupID for i in {0..3, 8..11}, else + 8; col threadID_in_group * 4 +
// (i & 3), + 16 for i >= 8. B: row (k) threadID_in_group * 4 + (i & 3), + 16 for i >= 4; col (n) groupID.
Coord k32_a(Int t, Int r, Int e) {
  Int i = 4 * r + e;
  return {gid(t) + ((i % 8) < 4 ? 0 : 8), tig(t) * 4 + (i & 3) + (i >= 8 ? 16 : 0)};
}
Coord k32_b(Int t, Int r, Int e) {
  Int i = 4 * r + e;
  return {gid(t), tig(t) * 4 + (i & 3) + (i >= 4 ? 16 : 0)};  // (n, k)
}
// PTX ISA 9.7.14.5.11 "Matrix Fragments for mma.m16n8k64" (.e2m1, eight per register), i = 8 reg + elem.
// A: row groupID for 0 <= i < 8 or 16 <= i < 24, else + 8; col threadID_in_group * 8 + (i & 7), + 32 for
// i >= 16. B: row (k) threadID_in_group * 8 + (i & 7), + 32 for i >= 8; col (n) groupID.
Coord k64_a(Int t, Int r, Int e) {
  Int i = 8 * r + e;
  return {gid(t) + ((i % 16) < 8 ? 0 : 8), tig(t) * 8 + (i & 7) + (i >= 16 ? 32 : 0)};
}
Coord k64_b(Int t, Int r, Int e) {
  Int i = 8 * r + e;
  return {gid(t), tig(t) * 8 + (i & 7) + (i >= 8 ? 32 : 0)};
}
// The 16 x 8 f32 accumulator: c16x8_b32 (catalogue_parts.hpp).

// Scale factors (PTX ISA 9.7.14.3, scale-a-data / scale-b-data with {byte-id, thread-id} selectors;
// the catalogue fixes byte-id = 0 and thread-id = 0). scale_A (M x V, V = 1, 2, 4 per .scale_vec) comes
// from threads 0 and 1 of each quad: lane 4 g holds row g, lane 4 g + 1 row g + 8; byte j of the
// register is column j. scale_B (V x N, stored N x V like B) comes from thread 0 of each quad: lane 4 n
// holds column n, byte j its row j. Only those threads are the fragment's threads, in lane order.
Int sfa_lane(Int t) { return 4 * (t / 2) + t % 2; }  // thread-id-a = 0: lanes 0, 1, 4, 5, ...
Int sfb_lane(Int t) { return 4 * t; }                // thread-id-b = 0: lanes 0, 4, 8, ...
Coord sfa(Int t, Int r, Int e) {
  Int lane = sfa_lane(t);
  return {gid(lane) + 8 * tig(lane), 4 * r + e};
}
Coord sfb(Int t, Int r, Int e) { return {gid(sfb_lane(t)), 4 * r + e}; }

void add_block_scaled(std::vector<Instruction>& cat) {
  auto const s_bs = sec("9.7.14.3", "Block Scaling for mma.sync");
  auto const s_k32 = sec("9.7.14.5.10", "Matrix Fragments for mma.m16n8k32");
  auto const s_k64 = sec("9.7.14.5.11", "Matrix Fragments for mma.m16n8k64");
  using O = Operand;
  using E = Elem;
  auto add = [&](std::string const& kind, Int vec, Elem ab_a, Elem ab_b, Elem sf, Int K) {
    bool k64 = K == 64;
    std::string const& s = k64 ? s_k64 : s_k32;
    std::string sv = str("scale_vec::", vec, "X");
    std::string types = str("f32.", elem_name(ab_a), ".", elem_name(ab_b), ".f32.", elem_name(sf));
    std::string shape = str("m16n8k", K);
    std::vector<Fragment> f;
    if (k64) {
      f.push_back(frag(O::A, ab_a, 16, 64, 32, "((4,8),(8,2,2)):((128,1),(16,8,512))", k64_a, s));
      f.push_back(frag(O::B, ab_b, 8, 64, 32, "((4,8),(8,2)):((64,1),(8,256))", k64_b, s));
    } else {
      f.push_back(frag(O::A, ab_a, 16, 32, 32, "((4,8),(4,2,2)):((64,1),(16,8,256))", k32_a, s));
      f.push_back(frag(O::B, ab_b, 8, 32, 32, "((4,8),(4,2)):((32,1),(8,128))", k32_b, s));
    }
    f.push_back(frag(O::C, E::f32, 16, 8, 32, "((4,8),(2,2)):((32,1),(16,8))", c16x8_b32, s));
    f.push_back(frag(O::SFA, sf, 16, vec, 16, str("((2,8),", vec, "):((8,1),16)"), sfa, s_bs));
    f.push_back(frag(O::SFB, sf, 8, vec, 8, str("(8,", vec, "):(1,8)"), sfb, s_bs));
    cat.push_back(Instruction{"mma." + shape + ".kind::" + kind + ".block_scale." + sv + "." + types,
                              "mma.sync.aligned." + shape + ".row.col.kind::" + kind + ".block_scale." + sv + "." +
                                  types,
                              "sm120a", Kind::mma_block_scale, 16, 8, K, std::move(f), false, false, ab_b});
  };
  for (E a : {E::e4m3, E::e5m2})
    for (E b : {E::e4m3, E::e5m2}) add("mxf8f6f4", 1, a, b, E::ue8m0, 32);
  add("mxf4", 2, E::e2m1, E::e2m1, E::ue8m0, 64);
  add("mxf4nvf4", 2, E::e2m1, E::e2m1, E::ue8m0, 64);
  add("mxf4nvf4", 4, E::e2m1, E::e2m1, E::ue8m0, 64);
  add("mxf4nvf4", 4, E::e2m1, E::e2m1, E::ue4m3, 64);
}

}  // namespace

void add_sm120(std::vector<Instruction>& cat) { add_block_scaled(cat); }

Int scale_factor_lane(Operand op, Int t) {
  if (op == Operand::SFA && t >= 0 && t < 16) return sfa_lane(t);
  if (op == Operand::SFB && t >= 0 && t < 8) return sfb_lane(t);
  return -1;
}

}  // namespace catlayout::gpu
