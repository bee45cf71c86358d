// Tiled MMAs and copies (tiled.hpp): properties that follow from what they are, checked on
// several atoms and atom layouts. That they equal CuTe's is conformance/oracle/cutlass_tiled.py.
#include <gtest/gtest.h>

#include <map>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/tiled.hpp"
#include "catlayout/gpu/tiled_spec.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {

Layout L(char const* text) { return must(parse_layout(text)); }

// How many (thread, value) pairs land on each element of a rows x cols tile; -1 when one lands outside.
std::vector<Int> multiplicity(Layout const& tv, Int rows, Int cols) {
  std::vector<Int> n(rows * cols, 0);
  for (Int i = 0; i < tv.size(); ++i) {
    Int o = tv(i);
    if (o < 0 || o >= rows * cols) return {-1};
    ++n[o];
  }
  return n;
}

Coord at(Layout const& tv, Int rows, Int t, Int v) {
  Int o = tv(t + tv.mode(0).size() * v);
  return {o % rows, o / rows};
}

struct MmaCase {
  char const* instr;
  char const* atom_layout;
  std::array<char const*, 3> perm{};  // nullptr: absent
};

std::string case_name(::testing::TestParamInfo<MmaCase> const& info) {
  std::string s = std::string(info.param.instr) + "_" + info.param.atom_layout;
  for (auto p : info.param.perm) s += std::string("_") + (p ? p : "x");
  return gtest_name(s) + "_" + std::to_string(info.index);
}

Result<TiledMma> build(MmaCase const& c) {
  PermutationMnk perm;
  for (int i = 0; i < 3; ++i)
    if (c.perm[i]) perm[i] = L(c.perm[i]);
  return make_tiled_mma(*find_instruction(c.instr), L(c.atom_layout), perm);
}

class TiledMmaProperties : public ::testing::TestWithParam<MmaCase> {};

// Every element of C is computed by exactly one (thread, value); A is shared by the thread
// groups along N and B by those along M, each element held once per group.
TEST_P(TiledMmaProperties, OperandsCoverTheirTiles) {
  auto mma = build(GetParam());
  ASSERT_TRUE(mma) << mma.error().what();
  Instruction const& ins = *find_instruction(GetParam().instr);
  Layout grid = L(GetParam().atom_layout);
  EXPECT_EQ(mma->threads(), ins.fragment(Operand::C)->threads * grid.size());
  std::array<Int, 3> groups{1, 1, 1};
  for (std::size_t i = 0; i < grid.rank(); ++i) groups[i] = grid.mode(i).size();
  ASSERT_EQ(groups[2], 1) << "C is a bijection only without K-split thread groups";
  std::map<Operand, Int> shared = {{Operand::A, groups[1]}, {Operand::B, groups[0]}, {Operand::C, 1}};
  for (auto [op, copies] : shared) {
    auto tv = mma->tv(op);
    if (!ins.fragment(op)) {
      EXPECT_FALSE(tv);
      continue;
    }
    ASSERT_TRUE(tv) << tv.error().what();
    auto [rows, cols] = mma->tile_of(op);
    EXPECT_EQ(tv->rank(), 2u);
    EXPECT_EQ(tv->mode(0).size(), mma->threads());
    EXPECT_EQ(tv->size(), rows * cols * copies) << operand_name(op);
    auto n = multiplicity(*tv, rows, cols);
    ASSERT_NE(n, std::vector<Int>{-1}) << operand_name(op) << " lands outside its tile";
    for (Int o = 0; o < rows * cols; ++o)
      ASSERT_EQ(n[o], copies) << operand_name(op) << " element (" << o % rows << ", " << o / rows << ")";
  }
}

// Without a reordering permutation (absent or n:1, which only enlarges the tile), thread
// lane + T * g (g the atom layout's group at grid point (m, n, k)) holds in its first values
// exactly the atom's fragment of lane, moved to atom tile (m, n, k).
TEST_P(TiledMmaProperties, FirstValuesAreTheFragmentOfTheThreadsGroup) {
  for (auto p : GetParam().perm)
    if (p && L(p).rank() != 1) GTEST_SKIP() << "rows or columns reordered by " << p;
  auto mma = build(GetParam());
  ASSERT_TRUE(mma) << mma.error().what();
  Instruction const& ins = *find_instruction(GetParam().instr);
  Layout grid = L(GetParam().atom_layout);
  std::array<Int, 3> extent{1, 1, 1};
  for (std::size_t i = 0; i < grid.rank(); ++i) extent[i] = grid.mode(i).size();
  std::array<Int, 3> atom{ins.M, ins.N, ins.K};
  for (Int k = 0; k < extent[2]; ++k)
    for (Int n = 0; n < extent[1]; ++n)
      for (Int m = 0; m < extent[0]; ++m) {
        Int g = grid.rank() == 3 ? *grid.at_coord(tup(m, n, k)) : *grid.at_coord(tup(m, n));
        std::array<Int, 3> pos{m, n, k};
        for (auto const& f : ins.fragments) {
          auto tv = mma->tv(f.operand);
          ASSERT_TRUE(tv);
          auto [rows, cols] = mma->tile_of(f.operand);
          int r = f.operand == Operand::B ? 1 : 0, c = f.operand == Operand::C ? 1 : 2;
          for (Int lane = 0; lane < f.threads; ++lane)
            for (Int v = 0; v < f.values; ++v) {
              Coord want = f.layout_at(lane, v);
              want.row += atom[r] * pos[r];
              want.col += atom[c] * pos[c];
              ASSERT_EQ(at(*tv, rows, lane + f.threads * g, v), want)
                  << operand_name(f.operand) << " group " << g << " lane " << lane << " value " << v;
            }
          (void)cols;
        }
      }
}

INSTANTIATE_TEST_SUITE_P(
    Catalogue, TiledMmaProperties,
    ::testing::Values(MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(1,1,1):(0,0,0)"},
                      MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(2,2,1):(1,2,0)"},
                      MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(2,2):(2,1)"},
                      MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(4,1,1):(1,0,0)"},
                      MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(2,2,1):(1,2,0)", {"32:1", "32:1", "16:1"}},
                      MmaCase{"mma.m16n8k16.f32.f16.f16.f32", "(2,2,1):(1,2,0)", {"(4,4,2):(1,8,4)", "(8,4):(4,1)", nullptr}},
                      MmaCase{"mma.m16n8k8.f16.f16.f16.f16", "(2,1,1):(1,0,0)"},
                      MmaCase{"mma.m8n8k4.f64.f64.f64.f64", "(2,2,1):(1,2,0)"},
                      MmaCase{"mma.m8n8k4.f64.f64.f64.f64", "(2,2,1):(2,1,0)", {nullptr, "32:1", "8:1"}},
                      MmaCase{"mma.m16n8k8.f32.tf32.tf32.f32", "(1,2,1):(0,1,0)", {nullptr, "32:1", "16:1"}},
                      MmaCase{"wgmma.m64n64k16.f32.f16.f16", "(1,1,1):(0,0,0)"},
                      MmaCase{"wgmma.m64n64k16.f32.f16.f16", "(2,1,1):(1,0,0)", {nullptr, nullptr, "32:1"}}),
    case_name);

}  // namespace

// A 1x1x1 atom layout is the atom itself: its TV layouts are the catalogue's fragments.
TEST(TiledMma, OneAtomIsTheCatalogueFragment) {
  int checked = 0;
  for (auto const& ins : catalogue()) {
    if (ins.kind != Kind::mma && ins.kind != Kind::wgmma) continue;
    if (ins.fragment(Operand::E)) {  // sparse atoms are refused by name
      EXPECT_FALSE(make_tiled_mma(ins, L("(1,1,1):(0,0,0)"))) << ins.name;
      continue;
    }
    auto mma = make_tiled_mma(ins, L("(1,1,1):(0,0,0)"));
    ASSERT_TRUE(mma) << ins.name << ": " << mma.error().what();
    EXPECT_EQ(mma->tile, (std::array<Int, 3>{ins.M, ins.N, ins.K})) << ins.name;
    for (auto const& f : ins.fragments) {
      auto tv = mma->tv(f.operand);
      ASSERT_TRUE(tv) << ins.name;
      ASSERT_EQ(tv->size(), f.tv.size()) << ins.name;
      for (Int i = 0; i < f.tv.size(); ++i) ASSERT_EQ((*tv)(i), f.tv(i)) << ins.name << " " << operand_name(f.operand);
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

// A permutation of M relabels rows: with rows permuted by p, (thread, value) lands on row p(r)
// where it landed on row r with the unpermuted tile of the same size.
// What the threads hold (ThrMMA::partition_C): with thread groups along K, every K group holds the
// whole C tile, thread t + g * T_MN the accumulators of thread t; without them, holds(C) is tv(C).
TEST(TiledMma, KGroupsHoldTheSameAccumulators) {
  auto const* ins = find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  auto ksplit = make_tiled_mma(*ins, L("(1,2,2):(1,1,2)"));
  ASSERT_TRUE(ksplit) << ksplit.error().what();
  auto held = ksplit->holds(Operand::C);
  ASSERT_TRUE(held);
  auto [rows, cols] = ksplit->tile_of(Operand::C);
  auto n = multiplicity(*held, rows, cols);
  ASSERT_NE(n, std::vector<Int>{-1}) << "holds(C) lands outside the tile";
  for (Int o = 0; o < rows * cols; ++o) ASSERT_EQ(n[o], 2) << "element " << o;
  Int half = ksplit->threads() / 2;  // K group 1 starts at thread 64
  for (Int t = 0; t < half; ++t)
    for (Int v = 0; v < held->mode(1).size(); ++v)
      ASSERT_EQ((*held)(t + ksplit->threads() * v), (*held)(t + half + ksplit->threads() * v)) << t << " " << v;
  // A and B are as get_layoutA/B_TV states them; C's TV layout leaves the tile for K group 1.
  EXPECT_EQ(*ksplit->holds(Operand::A), *ksplit->tv_a());
  EXPECT_EQ(multiplicity(*ksplit->tv_c(), rows, cols), std::vector<Int>{-1});
  auto plain = make_tiled_mma(*ins, L("(2,2,1):(1,2,0)"));
  ASSERT_TRUE(plain);
  for (Int i = 0; i < plain->tv_c()->size(); ++i) ASSERT_EQ((*plain->holds(Operand::C))(i), (*plain->tv_c())(i));
  auto part = partition(*ksplit, Operand::C, L("(16,16):(16,1)"), 64 + 5);
  ASSERT_TRUE(part) << part.error().what();
  auto part0 = partition(*ksplit, Operand::C, L("(16,16):(16,1)"), 5);
  for (Int v = 0; v < part->size(); ++v) EXPECT_EQ(part->at(v), part0->at(v));
}

TEST(TiledMma, PermutationRelabelsRows) {
  Instruction const& ins = *find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  Layout p = L("(4,4,2):(1,8,4)");
  auto plain = make_tiled_mma(ins, L("(2,2,1):(1,2,0)"), {L("32:1"), std::nullopt, std::nullopt});
  auto permuted = make_tiled_mma(ins, L("(2,2,1):(1,2,0)"), {p, std::nullopt, std::nullopt});
  ASSERT_TRUE(plain && permuted);
  for (Operand op : {Operand::A, Operand::C}) {
    Layout a = *plain->tv(op), b = *permuted->tv(op);
    ASSERT_EQ(a.size(), b.size());
    Int rows = plain->tile_of(op)[0];
    for (Int i = 0; i < a.size(); ++i) {
      Int r = a(i) % rows, c = a(i) / rows;
      ASSERT_EQ(b(i), p(r) + rows * c) << operand_name(op) << " entry " << i;
    }
  }
  EXPECT_EQ(*plain->tv_b(), *permuted->tv_b());  // B has no M
}

TEST(TiledMma, WgmmaHasNoRegisterB) {
  auto mma = make_tiled_mma(*find_instruction("wgmma.m64n64k16.f32.f16.f16"), L("(2,1,1):(1,0,0)"));
  ASSERT_TRUE(mma);
  EXPECT_EQ(mma->threads(), 256);
  auto b = mma->tv_b();
  ASSERT_FALSE(b);
  EXPECT_NE(b.error().message.find("shared memory"), std::string::npos) << b.error().message;
}

TEST(TiledMma, BadInputIsAnErrorNamingTheCondition) {
  Instruction const& ins = *find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  auto expect_error = [](Result<TiledMma> const& r, std::string const& needle) {
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
  };
  expect_error(make_tiled_mma(ins, L("(2,2):(1,1)")), "is not a bijection onto [0, 4) (cosize 3)");
  expect_error(make_tiled_mma(ins, L("(2,2,1,2):(1,2,0,4)")), "has rank 4");
  expect_error(make_tiled_mma(ins, L("(2,1,1):(1,0,0)"), {L("24:1"), std::nullopt, std::nullopt}),
               "has size 24, not a multiple of the atom's 16 times 2 thread groups = 32");
  expect_error(make_tiled_mma(ins, L("(1,1,1):(0,0,0)"), {L("16:2"), std::nullopt, std::nullopt}),
               "permutation M 16:2 is not a bijection");
  expect_error(make_tiled_mma(*find_instruction("ldmatrix.x4.b16"), L("1:0")), "not an mma or wgmma");
}

// layout_mn = raked_product(thr, val) maps (row, col) -> thread + T * value; the TV layout is its
// inverse, so layout_mn(tv(t, v)) = t + T * v everywhere, and the tile is covered once.
TEST(TiledCopy, IsTheInverseOfTheRakedProduct) {
  struct Case {
    char const *thr, *val;
    Int rows, cols;
  };
  for (Case c : {Case{"(32,4):(4,1)", "(1,8):(0,1)", 32, 32}, Case{"(8,16):(16,1)", "(4,1):(1,0)", 32, 16},
                 Case{"(16,8):(1,16)", "(4,1):(1,0)", 64, 8}, Case{"(4,8):(1,4)", "(2,2):(2,1)", 8, 16},
                 Case{"((2,4),8):((1,16),2)", "(2,1):(1,0)", 16, 8}, Case{"32:1", "4:1", 128, 1}}) {
    Layout thr = L(c.thr), val = L(c.val);
    auto copy = make_tiled_copy(thr, val);
    ASSERT_TRUE(copy) << c.thr << " " << copy.error().what();
    EXPECT_EQ(copy->tile, (std::array<Int, 2>{c.rows, c.cols})) << c.thr;
    EXPECT_EQ(copy->threads(), thr.size());
    EXPECT_EQ(copy->values(), val.size());
    Int vr = val.rank() == 2 ? val.mode(0).size() : val.size();
    Int T = thr.size();
    auto n = multiplicity(copy->tv, c.rows, c.cols);
    for (Int x : n) ASSERT_EQ(x, 1) << c.thr;
    for (Int t = 0; t < T; ++t)
      for (Int v = 0; v < val.size(); ++v) {
        Coord rc = at(copy->tv, c.rows, t, v);
        // Raked: each mode is (value, thread), the value coordinate innermost: row = rv + vr * rt.
        Int rv = rc.row % vr, rt = rc.row / vr;
        Int vc = val.rank() == 2 ? val.mode(1).size() : 1;
        Int cv = rc.col % vc, ct = rc.col / vc;
        Int thread = thr.rank() == 2 ? *thr.at_coord(tup(rt, ct)) : thr(rt);
        Int value = val.rank() == 2 ? *val.at_coord(tup(rv, cv)) : val(rv);
        ASSERT_EQ(thread, t) << c.thr << " (" << rc.row << ", " << rc.col << ")";
        ASSERT_EQ(value, v) << c.thr << " (" << rc.row << ", " << rc.col << ")";
      }
  }
}

// The common 128-bit copy: 32 x 4 threads row-major, 8 contiguous elements each along the row.
TEST(TiledCopy, RowMajorThreadsVectorsAlongRows) {
  auto copy = make_tiled_copy(L("(32,4):(4,1)"), L("(1,8):(0,1)"));
  ASSERT_TRUE(copy);
  for (Int t = 0; t < 128; ++t)
    for (Int v = 0; v < 8; ++v) ASSERT_EQ(at(copy->tv, 32, t, v), (Coord{t / 4, 8 * (t % 4) + v}));
}

TEST(TiledCopy, FromMmaIsTheOperandLayout) {
  auto mma = make_tiled_mma(*find_instruction("mma.m16n8k16.f32.f16.f16.f32"), L("(2,2,1):(1,2,0)"),
                            {L("32:1"), L("32:1"), L("16:1")});
  ASSERT_TRUE(mma);
  auto a = make_tiled_copy_A(*mma), b = make_tiled_copy_B(*mma), c = make_tiled_copy_C(*mma);
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->tv, *mma->tv_a());
  EXPECT_EQ(b->tv, *mma->tv_b());
  EXPECT_EQ(c->tv, *mma->tv_c());
  EXPECT_EQ(a->tile, (std::array<Int, 2>{32, 16}));
  EXPECT_EQ(b->tile, (std::array<Int, 2>{32, 16}));
  EXPECT_EQ(c->tile, (std::array<Int, 2>{32, 32}));
  auto wg = make_tiled_mma(*find_instruction("wgmma.m64n64k16.f32.f16.f16"), L("(1,1,1):(0,0,0)"));
  ASSERT_TRUE(wg);
  EXPECT_FALSE(make_tiled_copy_B(*wg));
}

TEST(TiledCopy, BadInputIsAnErrorNamingTheCondition) {
  auto r = make_tiled_copy(L("(4,4):(1,1)"), L("2:1"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("thread layout (4,4):(1,1) is not a bijection onto [0, 16) (cosize 7)"),
            std::string::npos) << r.error().message;
  r = make_tiled_copy(L("(4,4):(1,4)"), L("(2,2):(2,2)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("value layout"), std::string::npos) << r.error().message;
  r = make_tiled_copy(L("(2,2,2):(1,2,4)"), L("1:0"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("has rank 3"), std::string::npos) << r.error().message;
}

// partition(tv, tile, t) is row t of the TV layout; over data it is data after tv.
TEST(Partition, IsTheThreadsRowOfTheTvLayout) {
  auto mma = make_tiled_mma(*find_instruction("mma.m16n8k16.f32.f16.f16.f32"), L("(2,2,1):(1,2,0)"));
  ASSERT_TRUE(mma);
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    Layout tv = *mma->tv(op);
    auto tile = mma->tile_of(op);
    Layout row_major = *Layout::make(tup(tile[0], tile[1]), tup(tile[1], 1));
    Int T = tv.mode(0).size();
    for (Int t = 0; t < T; ++t) {
      auto p = partition(tv, tile, t);
      auto d = partition(tv, row_major, t);
      ASSERT_TRUE(p && d) << (p ? d.error().what() : p.error().what());
      ASSERT_EQ(p->size(), tv.mode(1).size());
      for (Int v = 0; v < p->size(); ++v) {
        Int o = tv(t + T * v);
        ASSERT_EQ(p->at(v), o);
        ASSERT_EQ(d->at(v), row_major(o)) << "thread " << t << " value " << v;
      }
    }
  }
}

TEST(Partition, BadInputIsAnError) {
  Layout tv = make_tiled_copy(L("(8,4):(4,1)"), L("(1,2):(0,1)"))->tv;
  auto r = partition(tv, std::array<Int, 2>{8, 8}, 32);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("thread 32 outside [0, 32)"), std::string::npos) << r.error().message;
  r = partition(tv, std::array<Int, 2>{8, 4}, 0);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("outside the tile of size 32"), std::string::npos) << r.error().message;
  r = partition(tv, L("16:1"), 0);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("data layout of size 16"), std::string::npos) << r.error().message;
  r = partition(L("8:1"), std::array<Int, 2>{8, 1}, 0);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("has rank 1"), std::string::npos) << r.error().message;
}

// What the probe's `tiled ... --data KEY LAYOUT` prints (what the CuTe oracle compares with
// partition_A/B/C/S): each thread's partition(tv, data, t).at(v); a refusal is an error entry.
TEST(Partition, DataPartitionTabulatesEveryThread) {
  TiledSpec spec;
  spec.instruction = find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  spec.atoms = L("(1,2,2):(1,1,2)");
  auto tiled = make_tiled(spec);
  ASSERT_TRUE(tiled) << tiled.error().what();
  auto b = partition_data(*tiled, "B", L("(16,32):(33,1)"));
  EXPECT_EQ(b.key, "B");
  EXPECT_EQ(to_string(b.data), "(16,32):(33,1)");
  EXPECT_TRUE(b.error.empty()) << b.error;
  auto mma = make_tiled_mma(*find_instruction("mma.m16n8k16.f32.f16.f16.f32"), L("(1,2,2):(1,1,2)"));
  ASSERT_TRUE(mma);
  Layout tv = *mma->tv_b(), data = L("(16,32):(33,1)");
  ASSERT_EQ(b.offsets.size(), std::size_t(tv.mode(0).size()));
  for (Int t = 0; t < tv.mode(0).size(); ++t) {
    auto p = partition(tv, data, t);
    ASSERT_TRUE(p);
    ASSERT_EQ(b.offsets[t].size(), std::size_t(p->size()));
    for (Int v = 0; v < p->size(); ++v) EXPECT_EQ(b.offsets[t][v], p->at(v));
  }
  // K thread groups: the partition is of what the threads hold (ThrMMA::partition_C), so the
  // threads of K group 1 hold the accumulators of K group 0, although tv_c() leaves the tile.
  auto c = partition_data(*tiled, "C", L("(16,16):(16,1)"));
  ASSERT_TRUE(c.error.empty()) << c.error;
  Int half = mma->threads() / 2;
  for (Int t = 0; t < half; ++t) EXPECT_EQ(c.offsets[t], c.offsets[t + half]) << t;
  EXPECT_FALSE(partition(*mma->tv_c(), L("(16,16):(16,1)"), 0));
  EXPECT_EQ(partition_data(*tiled, "TV", L("(16,16):(16,1)")).error, "no TV layout TV");
  TiledSpec copy;
  copy.kind = TiledSpec::Kind::copy;
  copy.thr = L("(8,4):(1,8)");
  copy.val = L("(1,2):(0,1)");
  auto tiled_copy = make_tiled(copy);
  ASSERT_TRUE(tiled_copy) << tiled_copy.error().what();
  EXPECT_EQ(partition_data(*tiled_copy, "A", L("(8,8):(8,1)")).error, "no TV layout A");
  EXPECT_NE(partition_data(*tiled_copy, "TV", L("16:1")).error, "");
}
