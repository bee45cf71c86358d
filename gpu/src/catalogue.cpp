// The fragment catalogue. Two independent transcriptions of the PTX ISA per operand:
// the TV layout (CuTe notation, derived by reading off the strides of each index bit) and
// the formula (the ISA's row/col text, case by case). Tests compare the two everywhere.
#include "catlayout/gpu/catalogue.hpp"

#include <algorithm>
#include <stdexcept>

#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

std::string_view operand_name(Operand op) {
  switch (op) {
    case Operand::A: return "A";
    case Operand::B: return "B";
    case Operand::C: return "C";
  }
  return "?";
}

std::optional<Operand> parse_operand(std::string_view s) {
  if (s == "A" || s == "a") return Operand::A;
  if (s == "B" || s == "b") return Operand::B;
  if (s == "C" || s == "c" || s == "D" || s == "d") return Operand::C;
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
    case Elem::s4: return "s4";
    case Elem::s32: return "s32";
  }
  return "?";
}

int elem_bits(Elem e) {
  switch (e) {
    case Elem::f16: case Elem::bf16: return 16;
    case Elem::tf32: case Elem::f32: case Elem::s32: return 32;
    case Elem::f64: return 64;
    case Elem::s8: return 8;
    case Elem::s4: return 4;
  }
  return 0;
}

std::string to_string(Coord c) { return str("(", c.row, ",", c.col, ")"); }

Int Fragment::per_reg() const { return elem_bits(elem) >= 32 ? 1 : 32 / elem_bits(elem); }
Int Fragment::reg_words() const { return elem == Elem::f64 ? 2 : 1; }
Int Fragment::words() const { return values / per_reg() * reg_words(); }

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

namespace {

// PTX: groupID = %laneid >> 2, threadID_in_group = %laneid % 4.
Int gid(Int t) { return (t % 32) >> 2; }
Int tig(Int t) { return t % 4; }
Int warp_rows(Int t) { return 16 * (t / 32); }  // wgmma: warp w of the warpgroup owns rows 16w..16w+15

// ---- PTX ISA 9.7.14.5.x formulas, mma.sync (thread = %laneid). Element index i = reg * per_reg + elem.

// 16 x 8 accumulators (f32/s32: one element per register; f16: two per .f16x2 register).
Coord c16x8(Int t, Int i) { return {gid(t) + (i < 2 ? 0 : 8), tig(t) * 2 + (i & 1)}; }
Coord c16x8_b32(Int t, Int r, Int) { return c16x8(t, r); }
Coord c16x8_f16x2(Int t, Int r, Int e) { return c16x8(t, 2 * r + e); }
// 8 x 8 accumulators (m8n8k4 f64, m8n8k16 s32): row = groupID, col = threadID_in_group * 2 + i.
Coord c8x8(Int t, Int r, Int) { return {gid(t), tig(t) * 2 + r}; }

// m16n8k8 .f16/.bf16 (9.7.14.5.7)
Coord a_m16n8k8_f16(Int t, Int r, Int e) {
  Int i = 2 * r + e;
  return {i < 2 ? gid(t) : gid(t) + 8, tig(t) * 2 + (i & 1)};
}
Coord b_m16n8k8_f16(Int t, Int r, Int e) {  // PTX row (k) = threadID_in_group * 2 + i, col (n) = groupID
  Int i = 2 * r + e;
  return {gid(t), tig(t) * 2 + i};
}
// m16n8k16 .f16/.bf16 (9.7.14.5.8)
Coord a_m16n8k16_f16(Int t, Int r, Int e) {
  Int i = 2 * r + e;
  Int row = (i < 2 || (4 <= i && i < 6)) ? gid(t) : gid(t) + 8;
  Int col = tig(t) * 2 + (i & 1) + (i < 4 ? 0 : 8);
  return {row, col};
}
Coord b_m16n8k16_f16(Int t, Int r, Int e) {
  Int i = 2 * r + e;
  Int k = tig(t) * 2 + (i & 1) + (i < 2 ? 0 : 8);
  return {gid(t), k};
}
// m16n8k4 .tf32 (9.7.14.5.6)
Coord a_m16n8k4_tf32(Int t, Int r, Int) { return {r == 0 ? gid(t) : gid(t) + 8, tig(t)}; }
Coord b_m16n8k4_tf32(Int t, Int, Int) { return {gid(t), tig(t)}; }
// m16n8k8 .tf32 (9.7.14.5.7)
Coord a_m16n8k8_tf32(Int t, Int r, Int) {
  Int row = (r == 0 || r == 2) ? gid(t) : gid(t) + 8;
  Int col = (r == 0 || r == 1) ? tig(t) : tig(t) + 4;
  return {row, col};
}
Coord b_m16n8k8_tf32(Int t, Int r, Int) { return {gid(t), r == 0 ? tig(t) : tig(t) + 4}; }
// m8n8k4 .f64 (9.7.14.5.2)
Coord a_m8n8k4_f64(Int t, Int, Int) { return {gid(t), tig(t)}; }
Coord b_m8n8k4_f64(Int t, Int, Int) { return {gid(t), tig(t)}; }
// m8n8k16 .s8 (9.7.14.5.3)
Coord a_m8n8k16_s8(Int t, Int, Int e) { return {gid(t), tig(t) * 4 + e}; }
Coord b_m8n8k16_s8(Int t, Int, Int e) { return {gid(t), tig(t) * 4 + e}; }
// m16n8k16 .s8 (9.7.14.5.9)
Coord a_m16n8k16_s8(Int t, Int r, Int e) {
  Int i = 4 * r + e;
  return {i < 4 ? gid(t) : gid(t) + 8, tig(t) * 4 + (i & 3)};
}
Coord b_m16n8k16_s8(Int t, Int, Int e) { return {gid(t), tig(t) * 4 + e}; }
// m16n8k32 .s8 (9.7.14.5.10)
Coord a_m16n8k32_s8(Int t, Int r, Int e) {
  Int i = 4 * r + e;
  Int row = (i < 4 || (8 <= i && i < 12)) ? gid(t) : gid(t) + 8;
  Int col = tig(t) * 4 + (i & 3) + (i < 8 ? 0 : 16);
  return {row, col};
}
Coord b_m16n8k32_s8(Int t, Int r, Int e) {
  Int i = 4 * r + e;
  return {gid(t), tig(t) * 4 + (i & 3) + (i < 4 ? 0 : 16)};
}
// m16n8k32 .s4 (9.7.14.5.10)
Coord a_m16n8k32_s4(Int t, Int r, Int e) {
  Int i = 8 * r + e;
  return {i < 8 ? gid(t) : gid(t) + 8, tig(t) * 8 + (i & 7)};
}
Coord b_m16n8k32_s4(Int t, Int, Int e) { return {gid(t), tig(t) * 8 + e}; }
// m16n8k64 .s4 (9.7.14.5.11)
Coord a_m16n8k64_s4(Int t, Int r, Int e) {
  Int i = 8 * r + e;
  Int row = (i < 8 || (16 <= i && i < 24)) ? gid(t) : gid(t) + 8;
  Int col = tig(t) * 8 + (i & 7) + (i < 16 ? 0 : 32);
  return {row, col};
}
Coord b_m16n8k64_s4(Int t, Int r, Int e) {
  Int i = 8 * r + e;
  return {gid(t), tig(t) * 8 + (i & 7) + (i < 8 ? 0 : 32)};
}

// ---- PTX ISA 9.7.15.5.1.1 formulas, wgmma (thread = index in the warpgroup, 0..127).
// D (.f32/.s32, N/2 registers): row = 16 * warp + groupID (+8 when i % 4 >= 2),
// col = (i / 4) * 8 + threadID_in_group * 2 + (i & 1).
Coord d_wgmma(Int t, Int r, Int) {
  return {warp_rows(t) + gid(t) + ((r % 4) < 2 ? 0 : 8), (r / 4) * 8 + tig(t) * 2 + (r & 1)};
}
// A in registers: each warp holds its 16 rows as mma.m16n8k16 / m16n8k8.tf32 / m16n8k32.s8 A.
Coord a_wgmma_k16_f16(Int t, Int r, Int e) {
  Coord c = a_m16n8k16_f16(t, r, e);
  return {warp_rows(t) + c.row, c.col};
}
Coord a_wgmma_k8_tf32(Int t, Int r, Int e) {
  Coord c = a_m16n8k8_tf32(t, r, e);
  return {warp_rows(t) + c.row, c.col};
}
Coord a_wgmma_k32_s8(Int t, Int r, Int e) {
  Coord c = a_m16n8k32_s8(t, r, e);
  return {warp_rows(t) + c.row, c.col};
}

Layout L(std::string const& text) {
  auto r = parse_layout(text);
  if (!r) throw std::logic_error("catalogue layout " + text + ": " + r.error().what());
  return *r;
}

Fragment frag(Operand op, Elem e, Int rows, Int cols, Int threads, std::string const& tv, PtxFormula f,
              std::string section) {
  Layout l = L(tv);
  Int values = l.mode(1).size();
  return Fragment{op, e, rows, cols, threads, values, l, f, std::move(section)};
}

constexpr char const* kC16x8 = "((4,8),(2,2)):((32,1),(16,8))";
constexpr char const* kC8x8 = "((4,8),2):((16,1),8)";

std::string sec(std::string const& num, std::string const& title) {
  return "PTX ISA " + num + " \"" + title + "\"";
}

void add_sm80(std::vector<Instruction>& cat) {
  auto const s_k4 = sec("9.7.14.5.6", "Matrix Fragments for mma.m16n8k4");
  auto const s_k8 = sec("9.7.14.5.7", "Matrix Fragments for mma.m16n8k8");
  auto const s_k16f = sec("9.7.14.5.8", "Matrix Fragments for mma.m16n8k16 with floating point type");
  auto const s_k16i = sec("9.7.14.5.9", "Matrix Fragments for mma.m16n8k16 with integer type");
  auto const s_k32 = sec("9.7.14.5.10", "Matrix Fragments for mma.m16n8k32");
  auto const s_k64 = sec("9.7.14.5.11", "Matrix Fragments for mma.m16n8k64");
  auto const s_f64 = sec("9.7.14.5.2", "Matrix Fragments for mma.m8n8k4 with .f64 floating point type");
  auto const s_m8k16 = sec("9.7.14.5.3", "Matrix Fragments for mma.m8n8k16");
  using O = Operand;
  using E = Elem;

  auto mma = [&](std::string shape, std::string types, Int M, Int N, Int K, std::vector<Fragment> f) {
    cat.push_back(Instruction{"mma." + shape + "." + types, "mma.sync.aligned." + shape + ".row.col." + types,
                              "sm80", M, N, K, std::move(f)});
  };
  // f16 / bf16, k8 and k16, with f16 and f32 accumulators.
  for (E in : {E::f16, E::bf16}) {
    std::string t(elem_name(in));
    std::vector<E> accs = in == E::f16 ? std::vector<E>{E::f16, E::f32} : std::vector<E>{E::f32};
    for (E acc : accs) {
      std::string d(elem_name(acc));
      PtxFormula cf = acc == E::f16 ? c16x8_f16x2 : c16x8_b32;
      mma("m16n8k8", d + "." + t + "." + t + "." + d, 16, 8, 8,
          {frag(O::A, in, 16, 8, 32, "((4,8),(2,2)):((32,1),(16,8))", a_m16n8k8_f16, s_k8),
           frag(O::B, in, 8, 8, 32, "((4,8),2):((16,1),8)", b_m16n8k8_f16, s_k8),
           frag(O::C, acc, 16, 8, 32, kC16x8, cf, s_k8)});
      mma("m16n8k16", d + "." + t + "." + t + "." + d, 16, 8, 16,
          {frag(O::A, in, 16, 16, 32, "((4,8),(2,2,2)):((32,1),(16,8,128))", a_m16n8k16_f16, s_k16f),
           frag(O::B, in, 8, 16, 32, "((4,8),(2,2)):((16,1),(8,64))", b_m16n8k16_f16, s_k16f),
           frag(O::C, acc, 16, 8, 32, kC16x8, cf, s_k16f)});
    }
  }
  mma("m16n8k4", "f32.tf32.tf32.f32", 16, 8, 4,
      {frag(O::A, E::tf32, 16, 4, 32, "((4,8),2):((16,1),8)", a_m16n8k4_tf32, s_k4),
       frag(O::B, E::tf32, 8, 4, 32, "((4,8),1):((8,1),0)", b_m16n8k4_tf32, s_k4),
       frag(O::C, E::f32, 16, 8, 32, kC16x8, c16x8_b32, s_k4)});
  mma("m16n8k8", "f32.tf32.tf32.f32", 16, 8, 8,
      {frag(O::A, E::tf32, 16, 8, 32, "((4,8),(2,2)):((16,1),(8,64))", a_m16n8k8_tf32, s_k8),
       frag(O::B, E::tf32, 8, 8, 32, "((4,8),2):((8,1),32)", b_m16n8k8_tf32, s_k8),
       frag(O::C, E::f32, 16, 8, 32, kC16x8, c16x8_b32, s_k8)});
  mma("m8n8k4", "f64.f64.f64.f64", 8, 8, 4,
      {frag(O::A, E::f64, 8, 4, 32, "((4,8),1):((8,1),0)", a_m8n8k4_f64, s_f64),
       frag(O::B, E::f64, 8, 4, 32, "((4,8),1):((8,1),0)", b_m8n8k4_f64, s_f64),
       frag(O::C, E::f64, 8, 8, 32, kC8x8, c8x8, s_f64)});
  mma("m8n8k16", "s32.s8.s8.s32", 8, 8, 16,
      {frag(O::A, E::s8, 8, 16, 32, "((4,8),4):((32,1),8)", a_m8n8k16_s8, s_m8k16),
       frag(O::B, E::s8, 8, 16, 32, "((4,8),4):((32,1),8)", b_m8n8k16_s8, s_m8k16),
       frag(O::C, E::s32, 8, 8, 32, kC8x8, c8x8, s_m8k16)});
  mma("m16n8k16", "s32.s8.s8.s32", 16, 8, 16,
      {frag(O::A, E::s8, 16, 16, 32, "((4,8),(4,2)):((64,1),(16,8))", a_m16n8k16_s8, s_k16i),
       frag(O::B, E::s8, 8, 16, 32, "((4,8),4):((32,1),8)", b_m16n8k16_s8, s_k16i),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k16i)});
  mma("m16n8k32", "s32.s8.s8.s32", 16, 8, 32,
      {frag(O::A, E::s8, 16, 32, 32, "((4,8),(4,2,2)):((64,1),(16,8,256))", a_m16n8k32_s8, s_k32),
       frag(O::B, E::s8, 8, 32, 32, "((4,8),(4,2)):((32,1),(8,128))", b_m16n8k32_s8, s_k32),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k32)});
  mma("m16n8k32", "s32.s4.s4.s32", 16, 8, 32,
      {frag(O::A, E::s4, 16, 32, 32, "((4,8),(8,2)):((128,1),(16,8))", a_m16n8k32_s4, s_k32),
       frag(O::B, E::s4, 8, 32, 32, "((4,8),8):((64,1),8)", b_m16n8k32_s4, s_k32),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k32)});
  mma("m16n8k64", "s32.s4.s4.s32", 16, 8, 64,
      {frag(O::A, E::s4, 16, 64, 32, "((4,8),(8,2,2)):((128,1),(16,8,512))", a_m16n8k64_s4, s_k64),
       frag(O::B, E::s4, 8, 64, 32, "((4,8),(8,2)):((64,1),(8,256))", b_m16n8k64_s4, s_k64),
       frag(O::C, E::s32, 16, 8, 32, kC16x8, c16x8_b32, s_k64)});
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
  auto d_layout = [](Int N) {
    return "((4,8,4),(2,2," + std::to_string(N / 8) + ")):((128,1,16),(64,8,512))";
  };
  auto wgmma = [&](Int N, Int K, std::string types, Elem a, Elem d, std::string a_tv, PtxFormula af) {
    std::string shape = "m64n" + std::to_string(N) + "k" + std::to_string(K);
    std::string ks = "k" + std::to_string(K);
    cat.push_back(Instruction{
        "wgmma." + shape + "." + types, "wgmma.mma_async.sync.aligned." + shape + "." + types, "sm90a", 64, N, K,
        {frag(Operand::C, d, 64, N, 128, d_layout(N), d_wgmma, s_d(ks)),
         frag(Operand::A, a, 64, K, 128, a_tv, af, s_a(ks))}});
  };
  auto const a_f16 = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
  for (Int N : {8, 16, 64, 128, 256}) wgmma(N, 16, "f32.f16.f16", Elem::f16, Elem::f32, a_f16, a_wgmma_k16_f16);
  for (Int N : {8, 16, 64, 128, 256}) wgmma(N, 16, "f32.bf16.bf16", Elem::bf16, Elem::f32, a_f16, a_wgmma_k16_f16);
  wgmma(8, 8, "f32.tf32.tf32", Elem::tf32, Elem::f32, "((4,8,4),(2,2)):((64,1,16),(8,256))", a_wgmma_k8_tf32);
  wgmma(8, 32, "s32.s8.s8", Elem::s8, Elem::s32, "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))", a_wgmma_k32_s8);
}

}  // namespace

std::vector<Instruction> const& catalogue() {
  static std::vector<Instruction> const cat = [] {
    std::vector<Instruction> c;
    add_sm80(c);
    add_sm90(c);
    return c;
  }();
  return cat;
}

Instruction const* find_instruction(std::string_view name) {
  for (auto const& i : catalogue())
    if (i.name == name) return &i;
  return nullptr;
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

}  // namespace catlayout::gpu
