// The sparse tensor-core family: mma.sp::ordered_metadata for the SM80 shapes (sparse.hpp says
// how A, E and the chunks are read). As in catalogue.cpp, every operand is transcribed twice: the
// TV layout (CuTe notation, strides read off each index bit) and the PTX ISA's row/col text as a
// formula, here from the sparse sections (9.7.14.6.2.x), whose A columns are the first and last
// logical column of a run of stored values, so the formula computes the compressed column from them.
//
// Why ::ordered_metadata: PTX ISA 9.7.14.6 recommends it over plain mma.sp (which "may have
// substantially reduced performance" on sm_90 and later); its metadata must name the two indices
// of a chunk in increasing order, which every input the probe sends does. The fragments are the same.

#include "catalogue_parts.hpp"
#include "catlayout/gpu/sparse.hpp"

namespace catlayout::gpu {

namespace {

// groupID, threadID_in_group (gid, tig), warp_rows and wgmma's D: catalogue_parts.hpp.

// ---- PTX ISA 9.7.14.6.2.x, thread = %laneid.
// A: register r holds W non-zero elements out of 2W consecutive elements of row groupID
// (+ 8 for odd r); the run starts at firstcol = threadID_in_group * 2W, + 8W for r >= 2; the e-th
// stored element of the run is compressed column firstcol / 2 + e.
template <Int W>
Coord sparse_a(Int t, Int r, Int e) {
  Int firstcol = tig(t) * 2 * W + (r / 2) * 8 * W;
  return {gid(t) + 8 * (r % 2), firstcol / 2 + e};
}
// B (the full K): row (our k) = threadID_in_group * W + e + 4W r, col (our n) = groupID.
template <Int W>
Coord sparse_b(Int t, Int r, Int e) {
  return {gid(t), tig(t) * W + e + 4 * W * r};
}
// C/D as for the dense m16n8kK (9.7.14.5.8): c16x8_b32 and c16x8_f16x2 (catalogue_parts.hpp).

// E, nibble e of metadata thread i (the figures "Sparse MMA metadata ..." of 9.7.14.6.2.x: bits
// [4e, 4e+4) hold the indices of one chunk). One lane a group of four: its 32 bits cover rows
// groupID (bits 0..15) and groupID + 8 (bits 16..31), chunks 0..3 in order.
Coord meta_one(Int i, Int, Int e) { return {i + 8 * (e / 4), e % 4}; }
// Two lanes a group (metadata thread i: group i / 2, member h = i % 2): rows as above, member h
// covering chunks 4h..4h+3.
Coord meta_pair(Int i, Int, Int e) { return {i / 2 + 8 * (e / 4), 4 * (i % 2) + e % 4}; }
// All four lanes (i = %laneid): lane 4g + 2a + b covers row g + 8b, chunks 8a..8a+7.
Coord meta_all(Int i, Int, Int e) { return {gid(i) + 8 * (i % 2), 8 * ((i % 4) / 2) + e}; }

// One SM80 sparse shape: M = 16, N = 8; A and B layouts on the compressed 16 x K/2 and the 8 x K tiles.
struct SparseShape {
  char const* shape;
  Int K;
  char const *a_tv, *b_tv;
  PtxFormula af, bf;
  std::string section;
};

void add_mma_sp(std::vector<Instruction>& cat) {
  auto const frag_sec = [](std::string const& num, std::string const& what) {
    return sec("9.7.14.6.2." + num, "Matrix Fragments for sparse " + what);
  };
  auto const s_meta = sec("9.7.14.6.1", "Sparse matrix storage");
  auto mma = [&](SparseShape const& x, Elem a, Elem b, Elem acc, std::string const& arch) {
    SparseChunk ch = sparse_chunk(a);
    Int chunks = x.K / ch.logical;
    Int lanes = 16 * chunks / 8 / 8;  // metadata threads a group of four: 16 rows x chunks nibbles, 8 a lane
    std::string e_tv = lanes == 1 ? "(8,(4,2)):(1,(16,8))"
                       : lanes == 2 ? "((2,8),(4,2)):((64,1),(16,8))"
                                    : "((2,2,8),8):((8,128,1),16)";
    PtxFormula ef = lanes == 1 ? meta_one : lanes == 2 ? meta_pair : meta_all;
    PtxFormula cf = acc == Elem::f16 ? c16x8_f16x2 : c16x8_b32;
    std::string types = str(elem_name(acc), ".", elem_name(a), ".", elem_name(b), ".", elem_name(acc));
    cat.push_back(Instruction{
        str("mma.sp.", x.shape, ".", types), str("mma.sp::ordered_metadata.sync.aligned.", x.shape, ".row.col.", types),
        arch, Kind::mma, 16, 8, x.K,
        {frag(Operand::A, a, 16, x.K / 2, 32, x.a_tv, x.af, x.section),
         frag(Operand::B, b, 8, x.K, 32, x.b_tv, x.bf, x.section),
         frag(Operand::C, acc, 16, 8, 32, "((4,8),(2,2)):((32,1),(16,8))", cf, x.section),
         frag(Operand::E, Elem::u4, 16, chunks, 8 * lanes, e_tv, ef, x.section + ", " + s_meta)},
        false, false, b});
  };
  SparseShape const h16{"m16n8k16", 16, "((4,8),(2,2)):((32,1),(16,8))", "((4,8),(2,2)):((16,1),(8,64))",
                        sparse_a<2>, sparse_b<2>, frag_sec("1", "mma.m16n8k16 with .f16 and .bf16 types")};
  SparseShape const h32{"m16n8k32", 32, "((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,4)):((16,1),(8,64))",
                        sparse_a<2>, sparse_b<2>, frag_sec("2", "mma.m16n8k32 with .f16 and .bf16 types")};
  SparseShape const t16{"m16n8k16", 16, "((4,8),(2,2)):((16,1),(8,64))", "((4,8),4):((8,1),32)", sparse_a<1>,
                        sparse_b<1>, frag_sec("3", "mma.m16n8k16 with .tf32 floating point type")};
  SparseShape const t8{"m16n8k8", 8, "((4,8),2):((16,1),8)", "((4,8),2):((8,1),32)", sparse_a<1>, sparse_b<1>,
                       frag_sec("4", "mma.m16n8k8 with .tf32 floating point type")};
  SparseShape const b32{"m16n8k32", 32, "((4,8),(4,2)):((64,1),(16,8))", "((4,8),(4,2)):((32,1),(8,128))",
                        sparse_a<4>, sparse_b<4>, frag_sec("5", "mma.m16n8k32 with .u8 / .s8 integer type")};
  SparseShape const b64{"m16n8k64", 64, "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,4)):((32,1),(8,128))",
                        sparse_a<4>, sparse_b<4>,
                        frag_sec("6", "mma.m16n8k64 with .u8 / .s8 / .e4m3 / .e5m2 type")};
  SparseShape const q64{"m16n8k64", 64, "((4,8),(8,2)):((128,1),(16,8))", "((4,8),(8,2)):((64,1),(8,256))",
                        sparse_a<8>, sparse_b<8>, frag_sec("7", "mma.m16n8k64 with .u4 / .s4 integer type")};
  SparseShape const q128{"m16n8k128", 128, "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,4)):((64,1),(8,256))",
                         sparse_a<8>, sparse_b<8>, frag_sec("8", "mma.m16n8k128 with .u4 / .s4 integer type")};
  using E = Elem;
  for (SparseShape const* x : {&h16, &h32}) {
    mma(*x, E::f16, E::f16, E::f16, "sm80");
    mma(*x, E::f16, E::f16, E::f32, "sm80");
    mma(*x, E::bf16, E::bf16, E::f32, "sm80");
  }
  for (SparseShape const* x : {&t8, &t16}) mma(*x, E::tf32, E::tf32, E::f32, "sm80");
  for (SparseShape const* x : {&b32, &b64})
    for (E a : {E::s8, E::u8})
      for (E b : {E::s8, E::u8}) mma(*x, a, b, E::s32, "sm80");
  for (SparseShape const* x : {&q64, &q128})
    for (E a : {E::s4, E::u4})
      for (E b : {E::s4, E::u4}) mma(*x, a, b, E::s32, "sm80");
  // 8-bit floating point (sm_89 and later; the H200 runs them): f32 accumulators.
  for (E a : {E::e4m3, E::e5m2})
    for (E b : {E::e4m3, E::e5m2}) mma(b64, a, b, E::f32, "sm89");
}

// ---- PTX ISA 9.7.15.6 "Asynchronous Warpgroup Level Multiply-and-Accumulate Operation using
// wgmma.mma_async.sp instruction" (thread = index in the warpgroup, 0..127): warp w owns rows
// 16w..16w+15, and within them each operand is as the mma.sp of the same K per warp.
// D: as the dense wgmma (9.7.15.5.1.1): d_wgmma_b32 / d_wgmma_f16x2 (catalogue_parts.hpp).
// A in registers (the .sp RS form): four registers, W stored values each, of row 16w + groupID
// (+8 for odd r), the run starting at logical column threadID_in_group * 2W (+ 8W for r >= 2).
template <Int W>
constexpr PtxFormula wgmma_sp_a = warpgroup_rows<sparse_a<W>>;
// E: metadata thread i of warp w = i / (8q): the mma.sp map of its 16 rows (q = 2: pairs, 4: all).
Coord wgmma_meta_pair(Int i, Int r, Int e) {
  Coord c = meta_pair(i % 16, r, e);
  return {16 * (i / 16) + c.row, c.col};
}
Coord wgmma_meta_all(Int i, Int r, Int e) {
  Coord c = meta_all(i % 32, r, e);
  return {16 * (i / 32) + c.row, c.col};
}

void add_wgmma_sp(std::vector<Instruction>& cat) {
  auto const s_frag = [](std::string const& k, std::string const& what) {
    return sec("9.7.15.6.2", "Matrix fragments for warpgroup-level multiply-accumulate operation with sparse matrix A") +
           ": m64nN" + k + ", " + what;
  };
  auto const s_meta = sec("9.7.15.6.1", "Sparse matrix storage");
  auto wgmma = [&](Int N, Int K, Elem d, Elem a, Elem b, char const* a_tv, PtxFormula af) {
    SparseChunk ch = sparse_chunk(a);
    Int chunks = K / ch.logical;
    bool all = chunks == 16;  // 8-bit k64: every lane holds metadata, else two lanes a group of four
    std::string shape = str("m64n", N, "k", K), types = str(elem_name(d), ".", elem_name(a), ".", elem_name(b));
    std::string ks = str("k", K);
    std::string d_tv = str("((4,8,4),(2,2,", N / 8, ")):((128,1,16),(64,8,512))");
    cat.push_back(Instruction{
        "wgmma.sp." + shape + "." + types, "wgmma.mma_async.sp.sync.aligned." + shape + "." + types, "sm90a",
        Kind::wgmma, 64, N, K,
        {frag(Operand::C, d, 64, N, 128, d_tv, elem_bits(d) == 16 ? d_wgmma_f16x2 : d_wgmma_b32,
              s_frag(ks, "Accumulator D")),
         frag(Operand::A, a, 64, K / 2, 128, a_tv, af, s_frag(ks, "Multiplicand A in registers (compressed)")),
         frag(Operand::E, Elem::u4, 64, chunks, all ? 128 : 64,
              all ? "((2,2,8,4),8):((8,512,1,16),64)" : "((2,8,4),(4,2)):((256,1,16),(64,8))",
              all ? wgmma_meta_all : wgmma_meta_pair, s_frag(ks, "Sparsity metadata") + ", " + s_meta)},
        false, false, b});
  };
  auto const a_k32 = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";     // compressed 64 x 16
  auto const a_k16 = "((4,8,4),(2,2)):((64,1,16),(8,256))";           // compressed 64 x 8
  auto const a_k64 = "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))";    // compressed 64 x 32
  using E = Elem;
  for (Int N : {8, 64, 256}) {
    wgmma(N, 32, E::f16, E::f16, E::f16, a_k32, wgmma_sp_a<2>);
    wgmma(N, 32, E::f32, E::f16, E::f16, a_k32, wgmma_sp_a<2>);
    wgmma(N, 32, E::f32, E::bf16, E::bf16, a_k32, wgmma_sp_a<2>);
    wgmma(N, 16, E::f32, E::tf32, E::tf32, a_k16, wgmma_sp_a<1>);
    wgmma(N, 64, E::f32, E::e4m3, E::e4m3, a_k64, wgmma_sp_a<4>);
    wgmma(N, 64, E::s32, E::s8, E::s8, a_k64, wgmma_sp_a<4>);
  }
}

}  // namespace

SparseChunk sparse_chunk(Elem a) {
  switch (elem_bits(a)) {
    case 32: return {2, 1};
    case 4: return {8, 4};
    default: return {4, 2};
  }
}

// A warp's metadata covers 16 rows (mma.sp: the whole tile; wgmma.sp: warp w rows 16w..16w+15).
Int sparse_quad_lanes(Fragment const& E) { return E.threads / (8 * (E.rows / 16)); }
Int sparse_selectors(Fragment const& E) { return 4 / sparse_quad_lanes(E); }
Int sparse_lane(Fragment const& E, Int i, Int selector) {
  Int q = sparse_quad_lanes(E), per_warp = 8 * q, w = i / per_warp, x = i % per_warp;
  return 32 * w + 4 * (x / q) + q * selector + x % q;
}

bool sparse_nibble_valid(Elem a, unsigned nibble) {
  unsigned i0 = nibble & 3u, i1 = (nibble >> 2) & 3u;
  if (elem_bits(a) == 32) return nibble == 0x4u || nibble == 0xeu;
  return nibble < 16u && i0 < i1;
}

Int sparse_k(Elem a, Int c, unsigned nibble) {
  SparseChunk ch = sparse_chunk(a);
  Int chunk = c / ch.stored, p = c % ch.stored;
  Int idx[2] = {static_cast<Int>(nibble & 3u), static_cast<Int>((nibble >> 2) & 3u)};
  Int off = ch.stored == 1 ? idx[0] / 2                        // tf32: 16-bit halves, (0,1) or (2,3)
            : ch.stored == 4 ? 2 * idx[p / 2] + p % 2          // 4-bit: indices of pairs
                             : idx[p];
  return chunk * ch.logical + off;
}

void add_sparse(std::vector<Instruction>& cat) {
  add_mma_sp(cat);
  add_wgmma_sp(cat);
}

}  // namespace catlayout::gpu
