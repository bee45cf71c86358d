// mma.sp::ordered_metadata: the catalogue's sparse entries, the metadata semantics of PTX ISA
// 9.7.14.6.1 "Sparse matrix storage", the lane map of the sparsity selector, the simulator against
// a dense product, and the probe naming a disagreement in A and in E.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {

std::vector<Instruction const*> sparse_instructions() {
  std::vector<Instruction const*> v;
  for (auto const& i : catalogue())
    if (i.fragment(Operand::E)) v.push_back(&i);
  return v;
}

}  // namespace

TEST(Sparse, CataloguesTheSm80ShapesWithMetadata) {
  struct Want {
    char const* name;
    Int e_threads;  // metadata lanes: 8 one a group of four, 16 two, 32 all
  };
  for (Want w : {Want{"mma.sp.m16n8k16.f32.f16.f16.f32", 8}, Want{"mma.sp.m16n8k16.f16.f16.f16.f16", 8},
                 Want{"mma.sp.m16n8k32.f32.bf16.bf16.f32", 16}, Want{"mma.sp.m16n8k8.f32.tf32.tf32.f32", 8},
                 Want{"mma.sp.m16n8k16.f32.tf32.tf32.f32", 16}, Want{"mma.sp.m16n8k32.s32.s8.u8.s32", 16},
                 Want{"mma.sp.m16n8k64.s32.u8.u8.s32", 32}, Want{"mma.sp.m16n8k64.s32.s4.s4.s32", 16},
                 Want{"mma.sp.m16n8k128.s32.u4.s4.s32", 32}, Want{"mma.sp.m16n8k64.f32.e4m3.e5m2.f32", 32}}) {
    Instruction const* ins = find_instruction(w.name);
    ASSERT_NE(ins, nullptr) << w.name;
    ASSERT_EQ(ins->fragments.size(), 4u) << w.name;
    EXPECT_EQ(ins->fragment(Operand::E)->threads, w.e_threads) << w.name;
    EXPECT_EQ(ins->fragment(Operand::A)->cols, ins->K / 2) << w.name;  // the compressed tile
    EXPECT_NE(ins->ptx.find("mma.sp::ordered_metadata.sync.aligned."), std::string::npos);
  }
  EXPECT_EQ(find_instruction("mma.sp.m16n8k64.f32.e4m3.e4m3.f32")->arch, "sm89");
  EXPECT_EQ(sparse_instructions().size(), 6u + 2u + 8u + 8u + 4u + 6u * 3u);  // mma.sp, then wgmma.sp at N = 8, 64, 256
}

TEST(Sparse, MetadataNibblesAsTheIsaDefinesThem) {
  // 2:4 (f16): indices (1, 2) put the stored pair of chunk 1 at k 5 and 6.
  EXPECT_EQ(sparse_k(Elem::f16, 2, 0b1001), 5);
  EXPECT_EQ(sparse_k(Elem::f16, 3, 0b1001), 6);
  EXPECT_EQ(sparse_k(Elem::s8, 0, 0b1100), 0);
  EXPECT_EQ(sparse_k(Elem::s8, 1, 0b1100), 3);
  // 1:2 (tf32): 0b0100 the first of each pair of k, 0b1110 the second.
  EXPECT_EQ(sparse_k(Elem::tf32, 3, 0b0100), 6);
  EXPECT_EQ(sparse_k(Elem::tf32, 3, 0b1110), 7);
  // 4:8 as pairs (s4): indices (0, 3) keep pairs 0 and 3 of the 8 k.
  Int got[4];
  for (Int p = 0; p < 4; ++p) got[p] = sparse_k(Elem::s4, 4 + p, 0b1100);
  EXPECT_EQ(got[0], 8);
  EXPECT_EQ(got[1], 9);
  EXPECT_EQ(got[2], 14);
  EXPECT_EQ(got[3], 15);
  // The ISA's invalid values, and ::ordered_metadata's increasing order.
  for (unsigned n : {0b0000u, 0b0101u, 0b1010u, 0b1111u, 0b0001u, 0b0110u}) EXPECT_FALSE(sparse_nibble_valid(Elem::f16, n)) << n;
  Int valid = 0;
  for (unsigned n = 0; n < 16; ++n) valid += sparse_nibble_valid(Elem::bf16, n);
  EXPECT_EQ(valid, 6);  // choose 2 of 4 in order
  EXPECT_TRUE(sparse_nibble_valid(Elem::tf32, 0b1110));
  EXPECT_FALSE(sparse_nibble_valid(Elem::tf32, 0b1000));
  // Every valid nibble sends a chunk's stored values to distinct k inside that chunk.
  for (Elem e : {Elem::f16, Elem::tf32, Elem::s8, Elem::u4}) {
    SparseChunk ch = sparse_chunk(e);
    for (unsigned n = 0; n < 16; ++n) {
      if (!sparse_nibble_valid(e, n)) continue;
      std::set<Int> ks;
      for (Int c = ch.stored; c < 2 * ch.stored; ++c) ks.insert(sparse_k(e, c, n));
      EXPECT_EQ(static_cast<Int>(ks.size()), ch.stored) << elem_name(e) << " " << n;
      EXPECT_GE(*ks.begin(), ch.logical);
      EXPECT_LT(*ks.rbegin(), 2 * ch.logical);
    }
  }
}

// The selector's lanes: metadata thread i sits in the group of four (groupID) of the rows its
// nibbles govern, each selector picks distinct lanes, and the selectors together use every lane once.
TEST(Sparse, SelectorLanesMatchTheMetadataRows) {
  for (Instruction const* ins : sparse_instructions()) {
    Fragment const& E = *ins->fragment(Operand::E);
    std::multiset<Int> lanes;
    for (Int sel = 0; sel < sparse_selectors(E); ++sel)
      for (Int i = 0; i < E.threads; ++i) {
        Int lane = sparse_lane(E, i, sel);
        lanes.insert(lane);
        for (Int j = 0; j < E.values; ++j) {
          EXPECT_EQ(E.formula_at(i, j).row % 8, (lane % 32) / 4) << ins->name << " " << i;
          EXPECT_EQ(E.formula_at(i, j).row / 16, lane / 32) << ins->name << " " << i;  // wgmma: the warp's rows
        }
      }
    Int threads = ins->fragment(Operand::C)->threads;
    for (Int l = 0; l < threads; ++l) EXPECT_EQ(lanes.count(l), 1u) << ins->name << " lane " << l;
    // The stored values of one chunk sit in one thread's register, at consecutive values.
    Fragment const& A = *ins->fragment(Operand::A);
    SparseChunk ch = sparse_chunk(A.elem);
    for (Int t = 0; t < A.threads; ++t)
      for (Int v = 0; v < A.values; v += ch.stored)
        for (Int p = 1; p < ch.stored; ++p)
          EXPECT_EQ(A.layout_at(t, v + p).col, A.layout_at(t, v).col + p) << ins->name;
  }
}

namespace {

// A random valid sparse A (dense M x K with its metadata), loaded into registers through the
// catalogue's layouts; the simulator's D must equal the dense product A B.
void dense_product_check(Instruction const& ins, Int selector, std::mt19937& rng) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C),
                 &E = *ins.fragment(Operand::E);
  SparseChunk ch = sparse_chunk(A.elem);
  std::vector<unsigned> valid;
  for (unsigned n = 0; n < 16; ++n)
    if (sparse_nibble_valid(A.elem, n)) valid.push_back(n);
  bool is_unsigned = A.elem == Elem::u8 || A.elem == Elem::u4;
  std::uniform_int_distribution<Int> val(is_unsigned ? 0 : -3, 3), pick(0, static_cast<Int>(valid.size()) - 1);
  if (A.elem == Elem::e4m3 || A.elem == Elem::e5m2) val = std::uniform_int_distribution<Int>(0, 3);
  std::vector<Int> dense(static_cast<std::size_t>(ins.M * ins.K), 0), compressed(static_cast<std::size_t>(ins.M * ins.K / 2));
  std::vector<unsigned> nib(static_cast<std::size_t>(E.rows * E.cols));
  for (Int m = 0; m < ins.M; ++m)
    for (Int n = 0; n < E.cols; ++n) {
      unsigned x = valid[static_cast<std::size_t>(pick(rng))];
      nib[static_cast<std::size_t>(m + E.rows * n)] = x;
      for (Int c = n * ch.stored; c < (n + 1) * ch.stored; ++c) {
        Int value = val(rng);
        compressed[static_cast<std::size_t>(m + ins.M * c)] = value;
        dense[static_cast<std::size_t>(m + ins.M * sparse_k(A.elem, c, x))] = value;
      }
    }
  bool b_unsigned = B.elem == Elem::u8 || B.elem == Elem::u4 || B.elem == Elem::e4m3 || B.elem == Elem::e5m2;
  std::uniform_int_distribution<Int> bval(b_unsigned ? 0 : -3, 3);
  std::vector<Int> b(static_cast<std::size_t>(ins.N * ins.K));
  for (auto& x : b) x = bval(rng);
  device::Batch batch;
  batch.kernel = ins.name + "/" + (selector == 0 ? std::string("rr") : str("rr.s", selector));
  batch.trials = 1;
  batch.a.assign(static_cast<std::size_t>(32 * A.words()), 0);
  batch.b.assign(static_cast<std::size_t>(32 * B.words()), 0);
  batch.aux.assign(32, 0);
  for (Int t = 0; t < 32; ++t) {
    for (Int v = 0; v < A.values; ++v) {
      Coord mc = A.layout_at(t, v);
      put(A, batch.a.data() + t * A.words(), v, compressed[static_cast<std::size_t>(mc.row + ins.M * mc.col)]);
    }
    for (Int v = 0; v < B.values; ++v) {
      Coord nk = B.layout_at(t, v);
      put(B, batch.b.data() + t * B.words(), v, b[static_cast<std::size_t>(nk.row + ins.N * nk.col)]);
    }
  }
  for (Int i = 0; i < E.threads; ++i)
    for (Int j = 0; j < E.values; ++j) {
      Coord rc = E.layout_at(i, j);
      batch.aux[static_cast<std::size_t>(sparse_lane(E, i, selector))] |=
          std::uint64_t{nib[static_cast<std::size_t>(rc.row + E.rows * rc.col)]} << (4 * j);
    }
  ASSERT_EQ(simulate(batch), "") << ins.name;
  for (Int t = 0; t < 32; ++t)
    for (Int v = 0; v < C.values; ++v) {
      Coord mn = C.layout_at(t, v);
      Int want = 0;
      for (Int k = 0; k < ins.K; ++k)
        want += dense[static_cast<std::size_t>(mn.row + ins.M * k)] * b[static_cast<std::size_t>(mn.col + ins.N * k)];
      ASSERT_EQ(get(C, batch.d.data() + t * C.words(), v), static_cast<double>(want))
          << ins.name << " selector " << selector << " (thread " << t << ", value " << v << ")";
    }
}

}  // namespace

TEST(Sparse, SimulatorEqualsTheDenseProductOfTheExpandedA) {
  std::mt19937 rng(42);
  for (Instruction const* ins : sparse_instructions())
    if (ins->kind == Kind::mma)
      for (Int sel = 0; sel < sparse_selectors(*ins->fragment(Operand::E)); ++sel) dense_product_check(*ins, sel, rng);
}

TEST(Sparse, InvalidMetadataIsRefusedByName) {
  device::Batch batch;
  Instruction const& ins = *find_instruction("mma.sp.m16n8k16.f32.f16.f16.f32");
  batch.kernel = ins.name + "/rr";
  batch.trials = 1;
  batch.a.assign(32 * 2, 0);
  batch.b.assign(32 * 2, 0);
  batch.aux.assign(32, 0);  // 0b0000: invalid
  EXPECT_NE(simulate(batch).find("metadata 0 is not valid for mma.sp::ordered_metadata"), std::string::npos);
  batch.kernel = ins.name + "/rr.s7";
  EXPECT_FALSE(simulate(batch).empty());
}

TEST(Sparse, ProbeNamesASwapInAAndInE) {
  Instruction const& ins = *find_instruction("mma.sp.m16n8k32.f32.bf16.bf16.f32");
  auto ok = observe_simulated(ins);
  ASSERT_TRUE(ok) << ok.error().what();
  ASSERT_EQ(ok->operands.size(), 4u);
  expect_all_confirmed(*ok);
  // Two metadata nibbles of different rows exchanged.
  auto bad = observe_simulated(ins, {Operand::E, 3, 1, 6, 5});
  ASSERT_TRUE(bad) << bad.error().what();
  EXPECT_EQ(bad->operands[3].operand, Operand::E);
  expect_swap_named(bad->operands[3].verdict, 3, 1, ins.fragment(Operand::E)->layout_at(6, 5));
  EXPECT_TRUE(bad->operands[0].verdict.confirmed) << bad->operands[0].verdict.message;
  // Two stored values of A in one row (1), different chunks, exchanged: C stays intact.
  auto bad_a = observe_simulated(ins, {Operand::A, 5, 0, 6, 0});
  ASSERT_TRUE(bad_a);
  expect_swap_named(bad_a->operands[0].verdict, 5, 0, ins.fragment(Operand::A)->layout_at(6, 0));
  EXPECT_TRUE(bad_a->operands[2].verdict.confirmed) << bad_a->operands[2].verdict.message;
}

TEST(Sparse, KernelsCarryTheMetadataAndEverySelector) {
  auto k = kernel_spec("mma.sp.m16n8k16.f32.f16.f16.f32/rr.s3");
  ASSERT_TRUE(k) << k.error().what();
  EXPECT_NE(k->ptx.find(".version 8.5"), std::string::npos);
  EXPECT_NE(k->ptx.find("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"), std::string::npos);
  EXPECT_NE(k->ptx.find(", %e0, 3;"), std::string::npos);
  EXPECT_FALSE(kernel_spec("mma.sp.m16n8k32.f32.f16.f16.f32/rr.s2"));  // two lanes a group: selectors 0, 1
  EXPECT_FALSE(kernel_spec("mma.sp.m16n8k64.s32.s8.s8.s32/rr.s1"));    // all four lanes: selector 0 only
  EXPECT_TRUE(kernel_spec("mma.sp.m16n8k64.s32.s4.s4.s32/rr.s1"));
}

TEST(Sparse, WgmmaSpFragmentsPerWarpAreTheMmaSpOnes) {
  // Warp w of the warpgroup holds rows 16w.. of A, D and E as the mma.sp of the same K holds its 16.
  Instruction const& wg = *find_instruction("wgmma.sp.m64n64k32.f32.f16.f16");
  Instruction const& sp = *find_instruction("mma.sp.m16n8k32.f32.f16.f16.f32");
  EXPECT_EQ(wg.ptx, "wgmma.mma_async.sp.sync.aligned.m64n64k32.f32.f16.f16");
  EXPECT_EQ(wg.fragment(Operand::B), nullptr);
  Fragment const &wa = *wg.fragment(Operand::A), &sa = *sp.fragment(Operand::A);
  Fragment const &we = *wg.fragment(Operand::E), &se = *sp.fragment(Operand::E);
  ASSERT_EQ(wa.values, sa.values);
  ASSERT_EQ(we.threads, 4 * se.threads);
  for (Int w = 0; w < 4; ++w) {
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < wa.values; ++v) {
        Coord c = sa.layout_at(t, v);
        EXPECT_EQ(wa.layout_at(32 * w + t, v), (Coord{16 * w + c.row, c.col}));
      }
    for (Int i = 0; i < se.threads; ++i)
      for (Int j = 0; j < se.values; ++j) {
        Coord c = se.layout_at(i, j);
        EXPECT_EQ(we.layout_at(se.threads * w + i, j), (Coord{16 * w + c.row, c.col}));
      }
  }
  // 8-bit k64: every lane holds metadata, selector 0 only.
  Fragment const& e8 = *find_instruction("wgmma.sp.m64n8k64.s32.s8.s8")->fragment(Operand::E);
  EXPECT_EQ(e8.threads, 128);
  EXPECT_EQ(sparse_selectors(e8), 1);
  auto k = kernel_spec("wgmma.sp.m64n8k32.f16.f16.f16/rs.s1");
  ASSERT_TRUE(k) << k.error().what();
  EXPECT_NE(k->ptx.find(", %q8, %e0, 1, %p2, 1, 1, 0;"), std::string::npos) << k->ptx;
  EXPECT_FALSE(kernel_spec("wgmma.sp.m64n8k32.f16.f16.f16/ss"));
}

TEST(Sparse, WgmmaSpProbeNamesASwapInE) {
  Instruction const& ins = *find_instruction("wgmma.sp.m64n8k16.f32.tf32.tf32");
  auto ok = observe_simulated(ins);
  ASSERT_TRUE(ok) << ok.error().what();
  expect_all_confirmed(*ok);
  auto bad = observe_simulated(ins, {Operand::E, 20, 2, 40, 7});
  ASSERT_TRUE(bad) << bad.error().what();
  EXPECT_EQ(bad->operands[2].operand, Operand::E);
  expect_swap_named(bad->operands[2].verdict, 20, 2, ins.fragment(Operand::E)->layout_at(40, 7));
}

// CuTe's sparse traits, as CUTLASS states them (facts, cited; the layouts are CuTe's, typed here):
// their A and E layouts are over the LOGICAL M x K tile, A two logical values a stored element
// (sparse_elem<2, T>), E one bit a logical k (sparse_elem<8, uint8_t>), with stride 0 over the lanes
// a selector leaves out. Our A (compressed) and E (nibbles, selector 0) must say the same:
// stored value v' of thread t is CuTe's values 2v', 2v'+1, at logical k 2c, 2c+1; nibble j of
// metadata thread i is bits 4j..4j+3 of lane sparse_lane(i, 0), at logical k 4 chunk .. 4 chunk + 3.
TEST(Sparse, AgreesWithCuTeSparseTraitsAsStated) {
  struct Case {
    char const* ins;
    char const* cute_a;  // "" when CuTe's A is not comparable (no fragment stated)
    char const* cute_e;
    char const* source;
  };
  Case const cases[] = {
      // include/cute/atom/mma_traits_sm90_gmma_sparse.hpp: GMMA_64xNx32_F32F16F16_RS, ALayout_64x32, ELayout_64x32
      {"wgmma.sp.m64n64k32.f32.f16.f16", "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
       "((2,2,8,4),(16,2)):((1024,0,1,16),(64,8))", "SM90 GMMA sparse f16"},
      {"wgmma.sp.m64n8k32.f32.bf16.bf16", "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
       "((2,2,8,4),(16,2)):((1024,0,1,16),(64,8))", "SM90 GMMA sparse bf16"},
      // ELayout_64x64 (8-bit K = 64)
      {"wgmma.sp.m64n256k64.s32.s8.s8", "", "((2,2,8,4),32):((8,2048,1,16),64)", "SM90 GMMA sparse s8"},
      {"wgmma.sp.m64n64k64.f32.e4m3.e4m3", "", "((2,2,8,4),32):((8,2048,1,16),64)", "SM90 GMMA sparse e4m3"},
      // include/cute/atom/mma_traits_sm120_sparse.hpp: SM120_SPARSE_16x8x64_TN (mma.sp::ordered_metadata
      // kind::f8f6f4 m16n8k64 of sm_120, the same warp-level fragments as the sm_89 e4m3 m16n8k64)
      {"mma.sp.m16n8k64.f32.e4m3.e4m3.f32", "((4,8),(8,2,2)):((128,1),(16,8,512))", "((2,2,8),32):((8,512,1),16)",
       "SM120 sparse 16x8x64"},
  };
  for (Case const& c : cases) {
    Instruction const& ins = *find_instruction(c.ins);
    Fragment const &A = *ins.fragment(Operand::A), &E = *ins.fragment(Operand::E);
    Int M = ins.M;
    auto logical = [&](char const* text, Int t, Int v) {
      Layout l = *parse_layout(text);
      Int off = *l.at_coord(tup(t, v));
      return Coord{off % M, off / M};
    };
    if (*c.cute_a) {
      ASSERT_EQ(parse_layout(c.cute_a)->mode(1).size(), 2 * A.values) << c.source;
      for (Int t = 0; t < A.threads; ++t)
        for (Int v = 0; v < A.values; ++v)
          for (Int p = 0; p < 2; ++p) {
            Coord ours = A.layout_at(t, v), cute = logical(c.cute_a, t, 2 * v + p);
            ASSERT_EQ((Coord{cute.row, cute.col / 2}), ours) << c.source << " A (thread " << t << ", value " << v << ")";
            ASSERT_EQ(cute.col % 2, p) << c.source;
          }
    }
    ASSERT_EQ(parse_layout(c.cute_e)->mode(1).size(), 32) << c.source;
    for (Int i = 0; i < E.threads; ++i)
      for (Int j = 0; j < E.values; ++j)
        for (Int b = 4 * j; b < 4 * j + 4; ++b) {
          Coord ours = E.layout_at(i, j), cute = logical(c.cute_e, sparse_lane(E, i, 0), b);
          ASSERT_EQ((Coord{cute.row, cute.col / 4}), ours) << c.source << " E (metadata thread " << i << ", nibble " << j
                                                            << ", bit " << b << ")";
        }
  }
}
