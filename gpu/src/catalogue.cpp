// The fragment catalogue. Two independent transcriptions of the PTX ISA per operand:
// the TV layout (CuTe notation, derived by reading off the strides of each index bit) and
// the formula (the ISA's row/col text, case by case). Tests compare the two everywhere.
#include "catlayout/gpu/catalogue.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "catlayout/core/quote.hpp"
#include "catlayout/core/text.hpp"
#include "catalogue_parts.hpp"

namespace catlayout::gpu {

std::string_view operand_name(Operand op) {
  switch (op) {
    case Operand::A: return "A";
    case Operand::B: return "B";
    case Operand::C: return "C";
    case Operand::Src: return "src";
    case Operand::Dst: return "dst";
    case Operand::E: return "E";
    case Operand::SFA: return "SFA";
    case Operand::SFB: return "SFB";
  }
  return "?";
}

std::optional<Operand> parse_operand(std::string_view s) {
  if (s == "A" || s == "a") return Operand::A;
  if (s == "B" || s == "b") return Operand::B;
  if (s == "C" || s == "c" || s == "D" || s == "d") return Operand::C;
  if (s == "src" || s == "S" || s == "s" || s == "SRC") return Operand::Src;
  if (s == "dst" || s == "DST") return Operand::Dst;
  if (s == "E" || s == "e" || s == "meta") return Operand::E;
  if (s == "SFA" || s == "sfa") return Operand::SFA;
  if (s == "SFB" || s == "sfb") return Operand::SFB;
  return std::nullopt;
}

std::string_view elem_name(Elem e) {
  switch (e) {
    case Elem::f16: return "f16";
    case Elem::bf16: return "bf16";
    case Elem::tf32: return "tf32";
    case Elem::f32: return "f32";
    case Elem::f64: return "f64";
    case Elem::s8: return "s8";
    case Elem::u8: return "u8";
    case Elem::s4: return "s4";
    case Elem::u4: return "u4";
    case Elem::b1: return "b1";
    case Elem::e4m3: return "e4m3";
    case Elem::e5m2: return "e5m2";
    case Elem::s32: return "s32";
    case Elem::b16: return "b16";
    case Elem::b32: return "b32";
    case Elem::e2m1: return "e2m1";
    case Elem::ue8m0: return "ue8m0";
    case Elem::ue4m3: return "ue4m3";
  }
  return "?";
}

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::mma: return "mma";
    case Kind::wgmma: return "wgmma";
    case Kind::ldmatrix: return "ldmatrix";
    case Kind::stmatrix: return "stmatrix";
    case Kind::movmatrix: return "movmatrix";
    case Kind::tcgen05_mma: return "tcgen05.mma";
    case Kind::tcgen05_ld: return "tcgen05.ld";
    case Kind::tcgen05_st: return "tcgen05.st";
    case Kind::mma_block_scale: return "mma.block_scale";
  }
  return "?";
}

std::string to_string(Coord c) { return str("(", c.row, ",", c.col, ")"); }

Coord Fragment::layout_at(Int t, Int v) const {
  Int off = *tv.at_coord(tup(t, v));
  return {off % rows, off / rows};
}

Coord Fragment::formula_at(Int t, Int v) const { return formula(t, v / per_reg(), v % per_reg()); }

Fragment const* Instruction::fragment(Operand op) const {
  for (auto const& f : fragments)
    if (f.operand == op) return &f;
  return nullptr;
}

// PTX: groupID = %laneid >> 2, threadID_in_group = %laneid % 4 (catalogue_parts.hpp).
Int gid(Int t) { return (t % 32) >> 2; }
Int tig(Int t) { return t % 4; }
Int warp_rows(Int t) { return 16 * (t / 32); }  // wgmma: warp w of the warpgroup owns rows 16w..16w+15

// ---- PTX ISA 9.7.15.5.1.1 formulas, wgmma (thread = index in the warpgroup, 0..127).
// D (.f32/.s32, N/2 registers): row = 16 * warp + groupID (+8 when i % 4 >= 2),
// col = (i / 4) * 8 + threadID_in_group * 2 + (i & 1). catalogue_sparse.cpp's wgmma.sp shares it.
Coord d_wgmma(Int t, Int i) {
  return {warp_rows(t) + gid(t) + ((i % 4) < 2 ? 0 : 8), (i / 4) * 8 + tig(t) * 2 + (i & 1)};
}
Coord d_wgmma_b32(Int t, Int r, Int) { return d_wgmma(t, r); }
Coord d_wgmma_f16x2(Int t, Int r, Int e) { return d_wgmma(t, 2 * r + e); }

// ---- PTX ISA 9.7.14.5.x formulas, mma.sync (thread = %laneid). Element index i = reg * per_reg + elem.

// 16 x 8 accumulators (f32/s32: one element per register; f16: two per .f16x2 register).
Coord c16x8(Int t, Int i) { return {gid(t) + (i < 2 ? 0 : 8), tig(t) * 2 + (i & 1)}; }
Coord c16x8_b32(Int t, Int r, Int) { return c16x8(t, r); }
Coord c16x8_f16x2(Int t, Int r, Int e) { return c16x8(t, 2 * r + e); }

namespace {

// 8 x 8 accumulators (m8n8k4 f64, m8n8k16 s32): row = groupID, col = threadID_in_group * 2 + i.
Coord c8x8(Int t, Int r, Int) { return {gid(t), tig(t) * 2 + r}; }

// A and B of every mma.sync shape and type, by W = elements per 32-bit register (f16/bf16 2,
// tf32 1, s8/u8 4, s4/u4 8, b1 32; f64 1 per 64-bit register). PTX ISA 9.7.14.5.2-13, case by case
// the same rule: A's register r holds row groupID, + 8 for odd r, columns threadID_in_group * W + e,
// + 4W for the second pair of registers; B's register r holds n = groupID, k = threadID_in_group * W
// + e + 4W r. (m8n8 shapes have one register: their rows are groupID alone.)
template <Int W>
Coord packed_a(Int t, Int r, Int e) {
  return {gid(t) + 8 * (r % 2), tig(t) * W + e + 4 * W * (r / 2)};
}
template <Int W>
Coord packed_b(Int t, Int r, Int e) {
  return {gid(t), tig(t) * W + e + 4 * W * r};
}

// ---- wgmma (thread = index in the warpgroup, 0..127); D: d_wgmma (above).
// A in registers: each warp holds its 16 rows as mma.m16n8k16 / m16n8k8.tf32 / m16n8k32.s8 A.
template <Int W>
constexpr PtxFormula wgmma_a = warpgroup_rows<packed_a<W>>;

// ---- PTX ISA 9.7.9.x: ldmatrix / stmatrix / movmatrix, .b16, tile coordinates (e, s).
// A register fragment of an 8x8 matrix (non-transposed): thread t holds row t / 4, elements
// 2 (t % 4) and 2 (t % 4) + 1; register r belongs to matrix r.
Coord rows_fragment(Int t, Int r, Int e) { return {2 * tig(t) + e, 8 * r + gid(t)}; }
// .trans: thread t holds column t / 4 of matrix r, rows 2 (t % 4) + e.
Coord trans_fragment(Int t, Int r, Int e) { return {gid(t), 8 * r + 2 * tig(t) + e}; }
// Addresses: thread t names row t, whose 8 elements are its values (value v = 2 reg + elem).
Coord row_address(Int t, Int r, Int e) { return {2 * r + e, t}; }

constexpr char const* kC16x8 = "((4,8),(2,2)):((32,1),(16,8))";
constexpr char const* kC8x8 = "((4,8),2):((16,1),8)";

void add_sm80(std::vector<Instruction>& cat) {
  // PTX ISA 9.7.14.5.n "Matrix Fragments for mma.<shape>": the sections the fragments cite.
  auto mma_sec = [](char const* n, char const* shape) {
    return sec(std::string("9.7.14.5.") + n, std::string("Matrix Fragments for mma.") + shape);
  };
  auto const s_k4 = mma_sec("6", "m16n8k4"), s_k8 = mma_sec("7", "m16n8k8"),
             s_k16f = mma_sec("8", "m16n8k16 with floating point type"),
             s_k16i = mma_sec("9", "m16n8k16 with integer type"), s_k32 = mma_sec("10", "m16n8k32"),
             s_k64 = mma_sec("11", "m16n8k64"), s_k128 = mma_sec("12", "m16n8k128"),
             s_k256 = mma_sec("13", "m16n8k256"), s_f64 = mma_sec("2", "m8n8k4 with .f64 floating point type"),
             s_m8k16 = mma_sec("3", "m8n8k16"), s_m8k32 = mma_sec("4", "m8n8k32"),
             s_m8k128 = mma_sec("5", "m8n8k128");
  using O = Operand;
  using E = Elem;

  auto mma = [&](std::string shape, std::string types, Int M, Int N, Int K, std::vector<Fragment> f,
                 std::string arch = "sm80", bool xor_popc = false) {
    std::string suffix = xor_popc ? ".xor.popc" : "";
    Elem b = f[1].elem;
    cat.push_back(Instruction{"mma." + shape + "." + types + suffix,
                              "mma.sync.aligned." + shape + ".row.col." + types + suffix, std::move(arch), Kind::mma,
                              M, N, K, std::move(f), xor_popc, false, b});
  };
  // f16 / bf16, k8 and k16, with f16 and f32 accumulators.
  for (E in : {E::f16, E::bf16}) {
    std::string t(elem_name(in));
    std::vector<E> accs = in == E::f16 ? std::vector<E>{E::f16, E::f32} : std::vector<E>{E::f32};
    for (E acc : accs) {
      std::string d(elem_name(acc));
      PtxFormula cf = acc == E::f16 ? c16x8_f16x2 : c16x8_b32;
      mma("m16n8k8", d + "." + t + "." + t + "." + d, 16, 8, 8,
          {frag(O::A, in, 16, 8, 32, "((4,8),(2,2)):((32,1),(16,8))", packed_a<2>, s_k8),
           frag(O::B, in, 8, 8, 32, "((4,8),2):((16,1),8)", packed_b<2>, s_k8),
           frag(O::C, acc, 16, 8, 32, kC16x8, cf, s_k8)});
      mma("m16n8k16", d + "." + t + "." + t + "." + d, 16, 8, 16,
          {frag(O::A, in, 16, 16, 32, "((4,8),(2,2,2)):((32,1),(16,8,128))", packed_a<2>, s_k16f),
           frag(O::B, in, 8, 16, 32, "((4,8),(2,2)):((16,1),(8,64))", packed_b<2>, s_k16f),
           frag(O::C, acc, 16, 8, 32, kC16x8, cf, s_k16f)});
    }
  }
  mma("m8n8k4", "f64.f64.f64.f64", 8, 8, 4,
      {frag(O::A, E::f64, 8, 4, 32, "((4,8),1):((8,1),0)", packed_a<1>, s_f64),
       frag(O::B, E::f64, 8, 4, 32, "((4,8),1):((8,1),0)", packed_b<1>, s_f64),
       frag(O::C, E::f64, 8, 8, 32, kC8x8, c8x8, s_f64)});
  // One element per register: tf32 (SM80) and the SM90 .f64 m16n8kK share these fragments.
  struct OneShape {
    char const* shape;
    Int K;
    char const *a_tv, *b_tv;
    std::string const& section;
  };
  OneShape const one_per_register[] = {
      {"m16n8k4", 4, "((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", s_k4},
      {"m16n8k8", 8, "((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)", s_k8},
      {"m16n8k16", 16, "((4,8),(2,4)):((16,1),(8,64))", "((4,8),4):((8,1),32)", s_k16f}};
  for (E in : {E::tf32, E::f64})
    for (OneShape const& x : one_per_register) {
      if (in == E::tf32 && x.K == 16) continue;  // tf32 stops at m16n8k8
      E acc = in == E::tf32 ? E::f32 : E::f64;
      mma(x.shape, str(elem_name(acc), ".", elem_name(in), ".", elem_name(in), ".", elem_name(acc)), 16, 8, x.K,
          {frag(O::A, in, 16, x.K, 32, x.a_tv, packed_a<1>, x.section),
           frag(O::B, in, 8, x.K, 32, x.b_tv, packed_b<1>, x.section),
           frag(O::C, acc, 16, 8, 32, kC16x8, c16x8_b32, x.section)},
          in == E::tf32 ? "sm80" : "sm90");
    }
  // 8- and 4-bit integers: every signedness of A and B, one row per shape.
  struct IntShape {
    char const* shape;
    Int M, K;
    char const *a_tv, *b_tv;
    PtxFormula af, bf;
    std::string const& section;
  };
  IntShape const s8_shapes[] = {
      {"m8n8k16", 8, 16, "((4,8),4):((32,1),8)", "((4,8),4):((32,1),8)", packed_a<4>, packed_b<4>, s_m8k16},
      {"m16n8k16", 16, 16, "((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)", packed_a<4>, packed_b<4>,
       s_k16i},
      {"m16n8k32", 16, 32, "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))", packed_a<4>,
       packed_b<4>, s_k32}};
  IntShape const s4_shapes[] = {
      {"m8n8k32", 8, 32, "((4,8),8):((64,1),8)", "((4,8),8):((64,1),8)", packed_a<8>, packed_a<8>, s_m8k32},
      {"m16n8k32", 16, 32, "((4,8),(8,2)):((128,1),(16,8))", "((4,8),8):((64,1),8)", packed_a<8>, packed_b<8>,
       s_k32},
      {"m16n8k64", 16, 64, "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))", packed_a<8>,
       packed_b<8>, s_k64}};
  auto integer_family = [&](E s, E u, auto const& shapes) {
    for (E a : {s, u})
      for (E b : {s, u})
        for (IntShape const& x : shapes)
          mma(x.shape, str("s32.", elem_name(a), ".", elem_name(b), ".s32"), x.M, 8, x.K,
              {frag(O::A, a, x.M, x.K, 32, x.a_tv, x.af, x.section), frag(O::B, b, 8, x.K, 32, x.b_tv, x.bf, x.section),
               frag(O::C, E::s32, x.M, 8, 32, x.M == 8 ? kC8x8 : kC16x8, x.M == 8 ? c8x8 : c16x8_b32, x.section)});
  };
  integer_family(E::s8, E::u8, s8_shapes);
  integer_family(E::s4, E::u4, s4_shapes);
  // Single bits, D = C + popc(A xor B).
  mma("m8n8k128", "s32.b1.b1.s32", 8, 8, 128,
      {frag(O::A, E::b1, 8, 128, 32, "((4,8),32):((256,1),8)", packed_a<32>, s_m8k128),
       frag(O::B, E::b1, 8, 128, 32, "((4,8),32):((256,1),8)", packed_a<32>, s_m8k128),
       frag(O::C, E::s32, 8, 8, 32, kC8x8, c8x8, s_m8k128)}, "sm80", true);
  mma("m16n8k128", "s32.b1.b1.s32", 16, 8, 128,
      {frag(O::A, E::b1, 16, 128, 32, "((4,8),(32,2)):((512,1),(16,8))", packed_a<32>, s_k128),
       frag(O::B, E::b1, 8, 128, 32, "((4,8),32):((256,1),8)", packed_b<32>, s_k128),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k128)}, "sm80", true);
  mma("m16n8k256", "s32.b1.b1.s32", 16, 8, 256,
      {frag(O::A, E::b1, 16, 256, 32, "((4,8),(32,2,2)):((512,1),(16,8,2048))", packed_a<32>, s_k256),
       frag(O::B, E::b1, 8, 256, 32, "((4,8),(32,2)):((256,1),(8,1024))", packed_b<32>, s_k256),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k256)}, "sm80", true);
}

// The N that wgmma allows: every multiple of 8 up to 256; for 8-bit integers 8, 16, 24, then
// multiples of 16 (PTX ISA 9.7.15.5.2 "wgmma.mma_async", .shape).
std::vector<Int> wgmma_ns(bool integer) {
  std::vector<Int> ns;
  for (Int n = 8; n <= 256; n += 8)
    if (!integer || n <= 24 || n % 16 == 0) ns.push_back(n);
  return ns;
}

void add_sm90(std::vector<Instruction>& cat) {
  auto const s_d = [](std::string const& k) {
    return sec("9.7.15.5.1.1", "Register Fragments: Matrix Fragments for wgmma.mma_async.m64nN" + k +
                                   ", Accumulator D");
  };
  auto const s_a = [](std::string const& k) {
    return sec("9.7.15.5.1.1", "Register Fragments: Matrix Fragments for wgmma.mma_async.m64nN" + k +
                                   ", Multiplicand A in registers");
  };
  // D: warp w's 16 rows, then (2 columns, 2 row halves, N/8 column blocks); the same layout by
  // element for .f16 (two per register) and .f32/.s32 accumulators.
  auto d_layout = [](Int N) {
    return "((4,8,4),(2,2," + std::to_string(N / 8) + ")):((128,1,16),(64,8,512))";
  };
  auto wgmma = [&](Int N, Int K, Elem d, Elem a, Elem b, std::string const& a_tv, PtxFormula af) {
    std::string shape = "m64n" + std::to_string(N) + "k" + std::to_string(K);
    std::string types = str(elem_name(d), ".", elem_name(a), ".", elem_name(b));
    std::string ks = "k" + std::to_string(K);
    PtxFormula df = elem_bits(d) == 16 ? d_wgmma_f16x2 : d_wgmma_b32;
    cat.push_back(Instruction{"wgmma." + shape + "." + types, "wgmma.mma_async.sync.aligned." + shape + "." + types,
                              "sm90a", Kind::wgmma, 64, N, K,
                              {frag(Operand::C, d, 64, N, 128, d_layout(N), df, s_d(ks)),
                               frag(Operand::A, a, 64, K, 128, a_tv, af, s_a(ks))},
                              false, false, b});
  };
  auto const a_k16 = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
  auto const a_k8 = "((4,8,4),(2,2)):((64,1,16),(8,256))";
  auto const a_k32 = "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))";
  using E = Elem;
  for (Int N : wgmma_ns(false)) {
    wgmma(N, 16, E::f16, E::f16, E::f16, a_k16, wgmma_a<2>);
    wgmma(N, 16, E::f32, E::f16, E::f16, a_k16, wgmma_a<2>);
    wgmma(N, 16, E::f32, E::bf16, E::bf16, a_k16, wgmma_a<2>);
    wgmma(N, 8, E::f32, E::tf32, E::tf32, a_k8, wgmma_a<1>);
    for (E d : {E::f16, E::f32})
      for (E a : {E::e4m3, E::e5m2})
        for (E b : {E::e4m3, E::e5m2}) wgmma(N, 32, d, a, b, a_k32, wgmma_a<4>);
  }
  for (Int N : wgmma_ns(true))
    for (E a : {E::s8, E::u8})
      for (E b : {E::s8, E::u8}) wgmma(N, 32, E::s32, a, b, a_k32, wgmma_a<4>);
}

// ldmatrix / stmatrix .x1/.x2/.x4 [.trans] .b16, movmatrix .trans .b16 (PTX ISA 9.7.9.21-9.7.9.23).
void add_copies(std::vector<Instruction>& cat) {
  auto const s_ld = sec("9.7.9.21", "Warp-level matrix load instruction: ldmatrix");
  auto const s_st = sec("9.7.9.22", "Warp-level matrix store instruction: stmatrix");
  auto const s_mov = sec("9.7.9.23", "Warp-level matrix transpose instruction: movmatrix");
  using O = Operand;
  for (Int x : {1, 2, 4})
    for (bool trans : {false, true}) {
      std::string xs = "x" + std::to_string(x), tr = trans ? ".trans" : "";
      std::string reg_tv = trans ? str("((4,8),(2,", x, ")):((16,1),(8,64))") : str("((4,8),(2,", x, ")):((2,8),(1,64))");
      PtxFormula reg_f = trans ? trans_fragment : rows_fragment;
      std::string addr_tv = str("(", 8 * x, ",8):(8,1)");
      Fragment regs = frag(O::Dst, Elem::b16, 8, 8 * x, 32, reg_tv, reg_f, s_ld);
      Fragment addrs = frag(O::Src, Elem::b16, 8, 8 * x, 8 * x, addr_tv, row_address, s_ld);
      cat.push_back(Instruction{"ldmatrix." + xs + tr + ".b16",
                                "ldmatrix.sync.aligned.m8n8." + xs + tr + ".shared.b16", "sm75", Kind::ldmatrix,
                                8 * x, 8, 0, {addrs, regs}, false, trans, Elem::b16});
      regs.operand = O::Src;
      regs.ptx_section = s_st;
      addrs.operand = O::Dst;
      addrs.ptx_section = s_st;
      cat.push_back(Instruction{"stmatrix." + xs + tr + ".b16",
                                "stmatrix.sync.aligned.m8n8." + xs + tr + ".shared.b16", "sm90", Kind::stmatrix,
                                8 * x, 8, 0, {regs, addrs}, false, trans, Elem::b16});
    }
  cat.push_back(Instruction{"movmatrix.trans.b16", "movmatrix.sync.aligned.m8n8.trans.b16", "sm75", Kind::movmatrix,
                            8, 8, 0,
                            {frag(O::Src, Elem::b16, 8, 8, 32, "((4,8),2):((2,8),1)", rows_fragment, s_mov),
                             frag(O::Dst, Elem::b16, 8, 8, 32, "((4,8),2):((16,1),8)", trans_fragment, s_mov)},
                            false, true, Elem::b16});
}

}  // namespace

std::vector<Instruction> const& catalogue() {
  static std::vector<Instruction> const cat = [] {
    std::vector<Instruction> c;
    add_sm80(c);
    add_b1_and_popc(c);  // needs the .xor.popc rows of add_sm80
    add_sm89_fp8(c);
    add_sm70_quad_pair(c);
    add_sm90(c);
    add_copies(c);
    add_sparse(c);
    add_sm100(c);
    add_sm120(c);
    return c;
  }();
  return cat;
}

// The entry of a catalogue list with this name, or nullptr.
template <class T>
T const* by_name(std::vector<T> const& all, std::string_view name) {
  for (auto const& x : all)
    if (x.name == name) return &x;
  return nullptr;
}

Instruction const* find_instruction(std::string_view name) { return by_name(catalogue(), name); }

Result<InstructionOperand> find_instruction_operand(std::string_view name, std::string_view operand) {
  Instruction const* ins = find_instruction(name);
  if (!ins) return fail(ErrorKind::invalid_input, "no instruction '", shortened(name), "' (catlayout gpu list)");
  auto op = parse_operand(operand);
  if (!op) return fail(ErrorKind::invalid_input, "--operand: expected A, B, C, src or dst, found '", shortened(operand), "'");
  return InstructionOperand{ins, *op};
}

Result<Fragment const*> find_fragment(std::string_view name, std::string_view operand) {
  CL_TRY(io, find_instruction_operand(name, operand));
  if (Fragment const* f = io.ins->fragment(io.op)) return f;
  return fail(ErrorKind::invalid_input, io.ins->name, " has no operand '", shortened(operand), "'");
}

// sm_90a runs every earlier family (SM70 quad-pair m8n8k4, SM89 fp8 mma.sync) but not SM100/SM120's.
bool probe_runs(Instruction const& ins) {
  return ins.arch == "sm70" || ins.arch == "sm75" || ins.arch == "sm80" || ins.arch == "sm89" || ins.arch == "sm90" ||
         ins.arch == "sm90a";
}

std::string no_hardware_reason(Instruction const& ins) {
  return probe_runs(ins) ? "" : ins.arch + ": not run on any device here";
}

std::string check_fragment(Fragment const& f) {
  std::string where = str(operand_name(f.operand), " ", to_string(f.tv), ": ");
  if (f.tv.rank() != 2 || f.tv.mode(0).size() != f.threads || f.values * f.threads != f.rows * f.cols)
    return where + str("shape is not (", f.threads, " threads, ", f.rows * f.cols / f.threads, " values)");
  std::vector<std::pair<Int, Int>> owner(static_cast<std::size_t>(f.rows * f.cols), {-1, -1});
  for (Int v = 0; v < f.values; ++v)
    for (Int t = 0; t < f.threads; ++t) {
      Int off = *f.tv.at_coord(tup(t, v));
      if (off < 0 || off >= f.rows * f.cols)
        return where + str("(thread ", t, ", value ", v, ") -> offset ", off, " outside the ", f.rows, "x", f.cols,
                           " tile");
      auto& o = owner[static_cast<std::size_t>(off)];
      if (o.first >= 0)
        return where + str("(thread ", t, ", value ", v, ") and (thread ", o.first, ", value ", o.second,
                           ") both hold ", to_string(f.layout_at(t, v)));
      o = {t, v};
      Coord p = f.formula_at(t, v);
      if (p != f.layout_at(t, v))
        return where + str("(thread ", t, ", value ", v, "): layout says ", to_string(f.layout_at(t, v)),
                           ", PTX formula says ", to_string(p));
    }
  return "";  // injective on rows * cols slots of a rows * cols tile: a bijection
}

// ---- wgmma shared-memory layouts

std::string_view major_name(Major m) { return m == Major::K ? "K" : "MN"; }

std::string_view swizzle_name(SwizzleMode s) {
  switch (s) {
    case SwizzleMode::interleave: return "INTER";
    case SwizzleMode::sw32: return "SW32";
    case SwizzleMode::sw64: return "SW64";
    case SwizzleMode::sw128: return "SW128";
    case SwizzleMode::sw128_32b: return "SW128_32B";
  }
  return "?";
}

int swizzle_bytes(SwizzleMode s) {
  switch (s) {
    case SwizzleMode::interleave: return 16;
    case SwizzleMode::sw32: return 32;
    case SwizzleMode::sw64: return 64;
    case SwizzleMode::sw128: case SwizzleMode::sw128_32b: return 128;
  }
  return 0;
}

Int SmemLayout::at(Int mn, Int k) const { return *evaluate(layout, mn + rows * k); }

// PTX ISA 9.7.15.5.1.2: the swizzle modes XOR byte-address bits [4, 4 + b) with bits [7, 7 + b),
// b = log2(swizzle bytes / 16); rows of the atom are `swizzle bytes` long along the major axis.
// tcgen05's 32B-atomic 128-byte mode (PTX ISA 9.7.16.4.1) moves 32-byte chunks: bits [5, 7) by [7, 9).
Int SmemLayout::formula_byte(Int mn, Int k) const {
  Int eb = elem_bits / 8, w = swizzle_bytes(swizzle);
  Int byte = major == Major::K ? mn * w + k * eb : k * w + mn * eb;
  int chunk_bit = swizzle == SwizzleMode::sw128_32b ? 5 : 4;
  Int b = std::bit_width(static_cast<std::uint64_t>(w >> chunk_bit)) - 1;
  return byte ^ (((byte >> 7) & ((Int{1} << b) - 1)) << chunk_bit);
}

std::vector<SmemLayout> const& smem_layouts() {
  static std::vector<SmemLayout> const all = [] {
    std::vector<SmemLayout> v;
    auto const s = sec("9.7.15.5.1.2", "Shared Memory Matrix Layout");
    for (int bits : {16, 32, 8})
      for (Major m : {Major::K, Major::MN})
        for (SwizzleMode sw : {SwizzleMode::interleave, SwizzleMode::sw32, SwizzleMode::sw64, SwizzleMode::sw128}) {
          // The transpose (MN-major) exists for 16-bit types only.
          if (m == Major::MN && bits != 16) continue;
          Int along = swizzle_bytes(sw) * 8 / bits;  // elements of one swizzle row
          Int rows = m == Major::K ? 8 : along, cols = m == Major::K ? along : 8;
          int b = std::bit_width(static_cast<unsigned>(swizzle_bytes(sw) / 16)) - 1;
          int base = 4 - (std::bit_width(static_cast<unsigned>(bits / 8)) - 1);  // 16 bytes in elements, log2
          // (mn, k) -> element offset: K-major rows of `along` elements, MN-major columns of them.
          std::string text = m == Major::K ? str("(8,", along, "):(", along, ",1)") : str("(", along, ",8):(1,", along, ")");
          if (b > 0) text = str("Sw<", b, ",", base, ",3> o ", text);
          auto parsed = parse_composed_layout(text);
          if (!parsed) throw std::logic_error("smem layout " + text + ": " + parsed.error().what());
          v.push_back(SmemLayout{str("wgmma.smem.", bits, "b.", major_name(m), ".", swizzle_name(sw)), bits, m, sw,
                                 rows, cols, *parsed, s});
        }
    return v;
  }();
  return all;
}

SmemLayout const* find_smem_layout(std::string_view name) { return by_name(smem_layouts(), name); }

std::string check_smem_layout(SmemLayout const& s) {
  Int eb = s.elem_bits / 8, n = s.rows * s.cols;
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  for (Int k = 0; k < s.cols; ++k)
    for (Int mn = 0; mn < s.rows; ++mn) {
      Int off = s.at(mn, k), byte = s.formula_byte(mn, k);
      if (off < 0 || off >= n) return str(s.name, ": (", mn, ",", k, ") -> ", off, " outside the atom");
      if (seen[static_cast<std::size_t>(off)]++) return str(s.name, ": offset ", off, " reached twice");
      if (byte != off * eb)
        return str(s.name, ": (", mn, ",", k, "): layout says element ", off, ", PTX formula says byte ", byte);
    }
  return "";
}

}  // namespace catlayout::gpu
