// SM100 (Blackwell) entries, CPU only (arch "sm100a"): the tcgen05.mma accumulator in tensor memory,
// the tcgen05.ld / tcgen05.st register fragments, and the UMMA shared-memory canonical layouts.
// As in catalogue.cpp, each fragment is transcribed twice: a TV layout (read off the strides of each
// index bit) and the PTX ISA's rule written as a formula; gpu_tests compares the two everywhere.
#include <stdexcept>

#include "catalogue_parts.hpp"
#include "catlayout/core/text.hpp"
#include "catlayout/gpu/sm100.hpp"

namespace catlayout::gpu {

namespace {

// ---- tcgen05.mma accumulator D in TMEM (PTX ISA 9.7.16.10.5 "Data Path Layout Organization").
// thread = TMEM lane (in use), reg = TMEM column; the formulas give (m, n).
// (CuTe agrees, UMMA::tmem_frg in mma_traits_sm100_frag.hpp: M=64 ((16,4),N):((1,32),128), M=128 (128,N):(1,128),
// 2SM M=64 per CTA (64,(N/2,2)):(1,(128,64)) in lane + 128 * column units.)
// Layout D (M = 128, cta_group::1): row m of D is TMEM lane m, column n is TMEM column n.
Coord d_layout_D(Int lane, Int col, Int) { return {lane, col}; }
// Layout F (M = 64, cta_group::1): the 64 rows use lanes 0-15 of each of the four 32-lane
// sub-partitions, row m at lane 32 (m / 16) + m % 16. Thread t is the t-th lane in use.
Int layout_f_lane(Int t) { return 32 * (t / 16) + t % 16; }
Coord d_layout_F(Int t, Int col, Int) {
  Int lane = layout_f_lane(t);
  return {16 * (lane / 32) + lane % 32, col};
}
// Layout B (M = 128, cta_group::2): each CTA holds 64 rows, CTA c rows 64 c + (lane % 64); the N columns
// fold in two halves over the two 64-lane halves, lane l column j holds n = (l / 64) N/2 + j.
// Thread t = lane + 128 * cta; reg = column j < N/2.
template <Int N>
Coord d_layout_B(Int t, Int col, Int) {
  Int cta = t / kTmemLanes, lane = t % kTmemLanes;
  return {64 * cta + lane % 64, (lane / 64) * (N / 2) + col};
}
// Layout A (M = 256, cta_group::2): each CTA of the pair holds 128 rows, lane l of CTA c row 128 c + l.
// Thread t = lane + 128 * cta.
Coord d_layout_A(Int t, Int col, Int) {
  Int cta = t / kTmemLanes, lane = t % kTmemLanes;
  return {128 * cta + lane, col};
}

// ---- tcgen05.ld / tcgen05.st register fragments (PTX ISA 9.7.16.2.3.1 "Memory Layout", figures for each
// shape). Tile: the TMEM block the warp reaches, rows = lanes from the base lane, cols = 32-bit columns
// from the base column; (lane, col) -> lane + rows * col. reg r of thread t (the .num repeats step along
// the columns).
// .32x32b: thread t reads lane t; register r is column r.
Coord ld_32x32b(Int t, Int r, Int) { return {t, r}; }
// .16x64b: 16 lanes x 64 bits a repeat; lane t / 4 for even t, + 8 for odd t; columns (t / 2) % 2 + 2 r.
Coord ld_16x64b(Int t, Int r, Int) { return {t / 4 + 8 * (t % 2), (t / 2) % 2 + 2 * r}; }
// .16x128b: 16 lanes x 128 bits a repeat; thread t: lane t / 4 (odd registers + 8), column t % 4,
// registers 2 i and 2 i + 1 in repeat i (4 columns further each).
Coord ld_16x128b(Int t, Int r, Int) { return {t / 4 + 8 * (r % 2), t % 4 + 4 * (r / 2)}; }
// .16x256b: 16 lanes x 256 bits a repeat; thread t: columns 2 (t % 4) and 2 (t % 4) + 1 (registers 0, 1
// of a repeat) of lane t / 4, registers 2, 3 the same columns of lane t / 4 + 8; repeat i: 8 columns on.
Coord ld_16x256b(Int t, Int r, Int) { return {t / 4 + 8 * ((r / 2) % 2), 2 * (t % 4) + r % 2 + 8 * (r / 4)}; }
// .16x32bx2: two 16-lane x 32-bit halves; threads 0-15 read lanes 0-15 from the base column, threads
// 16-31 the same lanes from base + immHalfSplitoff. The catalogue sets immHalfSplitoff = .num (the halves
// side by side, as CuTe's SM100_TMEM_LOAD_16dp32b*x traits do); tile cols = 2 .num.
template <Int Num>
Coord ld_16x32bx2(Int t, Int r, Int) { return {t % 16, Num * (t / 16) + r}; }

PtxFormula ld_16x32bx2_for(Int num) {
  switch (num) {
    case 1: return ld_16x32bx2<1>;
    case 2: return ld_16x32bx2<2>;
    case 4: return ld_16x32bx2<4>;
  }
  throw std::logic_error("sm100 catalogue: no .16x32bx2 formula for .x" + std::to_string(num));
}

void add_tcgen05_mma(std::vector<Instruction>& cat) {
  auto const s = [](char const* layout) {
    return sec("9.7.16.10.5", std::string("Data Path Layout Organization: ") + layout);
  };
  // kind::f16 with f32 accumulators; a 32-bit D fills one TMEM column per n whatever the kind.
  auto add = [&](int cta_group, Int M, Int N, std::string const& tv, PtxFormula f, std::string section) {
    std::string cg = "cta_group::" + std::to_string(cta_group);
    std::string shape = str("m", M, "n", N, "k16");
    Int threads = M == 64 ? 64 : cta_group * kTmemLanes;
    cat.push_back(Instruction{"tcgen05.mma." + cg + "." + shape + ".f32.f16.f16", "tcgen05.mma." + cg + ".kind::f16",
                              "sm100a", Kind::tcgen05_mma, M, N, 16,
                              {frag(Operand::C, Elem::f32, M, N, threads, tv, f, std::move(section))}, false,
                              false, Elem::f16});
  };
  for (Int N : {8, 64, 256}) {
    add(1, 128, N, str("(128,", N, "):(1,128)"), d_layout_D, s("Layout D (M = 128, cta_group::1)"));
    // Layout F: thread t = (t % 16) + 16 (t / 16) walks the lanes in use; in (m, n) it is row t.
    add(1, 64, N, str("((16,4),", N, "):((1,16),64)"), d_layout_F, s("Layout F (M = 64, cta_group::1)"));
  }
  add(2, 128, 64, "((64,2,2),32):((1,4096,64),128)", d_layout_B<64>, s("Layout B (M = 128, cta_group::2)"));
  add(2, 128, 256, "((64,2,2),128):((1,16384,64),128)", d_layout_B<256>, s("Layout B (M = 128, cta_group::2)"));
  for (Int N : {64, 256})
    add(2, 256, N, str("((128,2),", N, "):((1,128),256)"), d_layout_A, s("Layout A (M = 256, cta_group::2)"));
}

void add_tcgen05_copies(std::vector<Instruction>& cat) {
  struct Shape {
    char const* name;
    Int lanes, cols_per_rep, regs_per_rep;
    PtxFormula f;
    char const* section;
    std::string (*tv)(Int num);
  };
  Shape const shapes[] = {
      {"32x32b", 32, 1, 1, ld_32x32b, "9.7.16.2.3.1.1 \"Matrix fragments for shape .32x32b\"",
       [](Int n) { return str("(32,", n, "):(1,32)"); }},
      {"16x64b", 16, 2, 1, ld_16x64b, "9.7.16.2.3.1.2 \"Matrix fragments for shape .16x64b\"",
       [](Int n) { return str("((2,2,8),", n, "):((8,16,1),32)"); }},
      {"16x128b", 16, 4, 2, ld_16x128b, "9.7.16.2.3.1.3 \"Matrix fragments for shape .16x128b\"",
       [](Int n) { return str("((4,8),(2,", n, ")):((16,1),(8,64))"); }},
      {"16x256b", 16, 8, 4, ld_16x256b, "9.7.16.2.3.1.4 \"Matrix fragments for shape .16x256b\"",
       [](Int n) { return str("((4,8),(2,2,", n, ")):((32,1),(16,8,128))"); }},
      {"16x32bx2", 16, 2, 1, nullptr, "9.7.16.2.3.1.5 \"Matrix fragments for shape .16x32bx2\"",
       [](Int n) { return str("((16,2),", n, "):((1,", 16 * n, "),16)"); }},
  };
  for (Shape const& sh : shapes)
    for (Int num : {1, 2, 4}) {
      Int cols = sh.cols_per_rep * num;
      PtxFormula f = sh.f ? sh.f : ld_16x32bx2_for(num);
      std::string suffix = str(".", sh.name, ".x", num, ".b32");
      std::string section = std::string("PTX ISA ") + sh.section;
      Fragment regs = frag(Operand::Dst, Elem::b32, sh.lanes, cols, 32, sh.tv(num), f, section);
      cat.push_back(Instruction{"tcgen05.ld" + suffix, "tcgen05.ld.sync.aligned" + suffix, "sm100a", Kind::tcgen05_ld,
                                sh.lanes, cols, 0, {regs}, false, false, Elem::b32});
      regs.operand = Operand::Src;
      cat.push_back(Instruction{"tcgen05.st" + suffix, "tcgen05.st.sync.aligned" + suffix, "sm100a", Kind::tcgen05_st,
                                sh.lanes, cols, 0, {regs}, false, false, Elem::b32});
    }
}

}  // namespace

void add_sm100(std::vector<Instruction>& cat) {
  add_tcgen05_mma(cat);
  add_tcgen05_copies(cat);
}

Int tmem_lane(Instruction const& ins, Int t) {
  if (ins.M == 64) return layout_f_lane(t);
  return t % kTmemLanes + (t / kTmemLanes) * kTmemLanes;  // cta_group::2: 128 + lane for the peer CTA
}

Layout tmem_address_layout(Instruction const& ins) {
  std::string text;
  bool pair = ins.ptx.find("cta_group::2") != std::string::npos;
  if (ins.M == 64) text = str("((16,4),", ins.N, "):((", kTmemLaneStride, ",", 32 * kTmemLaneStride, "),1)");
  else if (ins.M == 128 && pair)  // Layout B: m % 64 -> lane, m / 64 -> CTA; n / (N/2) -> lane + 64
    text = str("((64,2),(", ins.N / 2, ",2)):((", kTmemLaneStride, ",", kCtaTag, "),(1,", 64 * kTmemLaneStride, "))");
  else if (ins.M == 128) text = str("(128,", ins.N, "):(", kTmemLaneStride, ",1)");
  else text = str("((128,2),", ins.N, "):((", kTmemLaneStride, ",", kCtaTag, "),1)");
  auto l = parse_layout(text);
  if (!l) throw std::logic_error("tmem address layout " + text + ": " + l.error().what());
  return *l;
}

std::vector<SmemLayout> const& umma_smem_layouts() {
  static std::vector<SmemLayout> const all = [] {
    std::vector<SmemLayout> v;
    auto const s = sec("9.7.16.4.1", "Shared Memory Descriptor");
    // The canonical atoms are wgmma's (same swizzle modes, same 8-row repeating pattern).
    for (SmemLayout x : smem_layouts()) {
      x.name.replace(0, std::string("wgmma").size(), "umma");
      x.ptx_section = s;
      v.push_back(std::move(x));
    }
    // 128-byte rows, 32-byte chunks XOR-ed by the row (bits [5,7) by [7,9)), 4 rows of K: in 32-bit
    // elements, 32 along MN (stride 1) x 4 along K (stride 32), Sw<2,3,2> on element offsets.
    auto p = parse_composed_layout("Sw<2,3,2> o (32,4):(1,32)");
    if (!p) throw std::logic_error(std::string("umma SW128_32B atom: ") + p.error().what());
    v.push_back(SmemLayout{"umma.smem.32b.MN.SW128_32B", 32, Major::MN, SwizzleMode::sw128_32b, 32, 4, *p, s});
    return v;
  }();
  return all;
}

SmemLayout const* find_umma_smem_layout(std::string_view name) {
  for (auto const& s : umma_smem_layouts())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace catlayout::gpu
