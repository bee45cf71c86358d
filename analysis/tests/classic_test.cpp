// The classic cases a kernel author knows the answer to, through the library (the CLI prints the
// same reports: cli/tests/examples_test.sh and docs/analysis.md).
#include <gtest/gtest.h>

#include "catlayout/analysis.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/text.hpp"
#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/catalogue.hpp"
#endif

namespace catlayout::analysis {
namespace {

Layout L(char const* s) { return *parse_layout(s); }
ComposedLayout D(char const* s) { return *parse_composed_layout(s); }

BankReport banks_of(Layout const& tv, ComposedLayout const& data, AccessSpec s) {
  auto a = make_access(tv, data, s);
  EXPECT_TRUE(a) << a.error().what();
  return *bank_conflicts(*a);
}

// A warp transposing a 32 x 32 float tile held row-major: thread t reads row t, one column per
// instruction. Every thread's word lies in the same bank: 32-way. One float of padding per row
// moves row t to bank t + c: conflict-free.
TEST(Classic, FloatTransposeColumnReadIs32WayUnpaddedAndFreePadded) {
  Layout column_read = L("(32,32):(1,32)");  // (thread, value) -> (row t, column v) of the tile
  auto plain = banks_of(column_read, D("(32,32):(32,1)"), {4, 1, 0});
  ASSERT_EQ(plain.accesses.size(), 32u);
  for (auto const& a : plain.accesses) {
    EXPECT_EQ(a.wavefronts, 32);
    EXPECT_EQ(a.ideal, 1);
    EXPECT_EQ(a.phases[0].colliding.size(), 32u);
  }
  EXPECT_DOUBLE_EQ(plain.worst_ratio(), 32.0);
  auto padded = banks_of(column_read, D("(32,32):(33,1)"), {4, 1, 0});
  EXPECT_EQ(padded.wavefronts, 32);  // one per instruction
  EXPECT_EQ(padded.ideal, 32);
  EXPECT_DOUBLE_EQ(padded.worst_ratio(), 1.0);
  // The row read (thread t reads column t) is conflict-free either way.
  EXPECT_DOUBLE_EQ(banks_of(L("(32,32):(32,1)"), D("(32,32):(32,1)"), {4, 1, 0}).worst_ratio(), 1.0);
  // In global memory the column read touches 32 sectors for 128 bytes; the row read 4.
  auto col = coalescing(*make_access(column_read, D("(32,32):(32,1)"), {4, 1, 0}));
  EXPECT_EQ(col->accesses[0].sectors, 32);
  EXPECT_EQ(col->accesses[0].ideal_sectors, 4);
  auto row = coalescing(*make_access(L("(32,32):(32,1)"), D("(32,32):(32,1)"), {4, 1, 0}));
  EXPECT_EQ(row->accesses[0].sectors, 4);
  EXPECT_EQ(row->accesses[0].lines, 1);
}

// ldmatrix.x4 reading an 8 x 64 half tile (rows of 128 bytes, CuTe's Sw<3,3,3> atom for K-major
// half operands): thread t gives the address of row t % 8 of the 8 x 8 matrix t / 8, 16 bytes
// per thread. Unswizzled, the 8 rows of a phase start 128 bytes apart, in the same 4 banks:
// 8-way. Sw<3,3,3> moves row r's 16-byte chunk by r: conflict-free.
Layout ldmatrix_x4_over_8x64() {
  // (element e, row s of the x4 copy atom) -> the (m, k) tile index m + 8 k: e is k within the
  // matrix, s = (m, matrix).
  Layout placement = L("(8,(8,4)):(8,(1,64))");
#ifdef CATLAYOUT_HAVE_GPU
  auto const* ld = gpu::find_instruction("ldmatrix.x4.b16");
  EXPECT_NE(ld, nullptr);
  Layout src = ld->fragment(gpu::Operand::Src)->tv;  // (thread, value) -> e + 8 s
#else
  Layout src = L("(32,8):(8,1)");
#endif
  auto tv = composition(placement, src);
  EXPECT_TRUE(tv);
  return *tv;
}

TEST(Classic, LdmatrixOverSwizzledHalfTileIsConflictFree) {
  Layout tv = ldmatrix_x4_over_8x64();
  EXPECT_EQ(to_string(tv), "((8,4),8):((1,64),8)");
  AccessSpec s{2, 8, 0};  // halves, 16 bytes per thread
  auto plain = banks_of(tv, D("(8,64):(64,1)"), s);
  ASSERT_EQ(plain.accesses.size(), 1u);
  EXPECT_EQ(plain.accesses[0].phases.size(), 4u);  // 16-byte vectors: quarter-warp phases
  EXPECT_EQ(plain.wavefronts, 32);                 // 8 per phase
  EXPECT_EQ(plain.ideal, 4);
  auto swizzled = banks_of(tv, D("Sw<3,3,3> o (8,64):(64,1)"), s);
  EXPECT_EQ(swizzled.wavefronts, 4);
  EXPECT_EQ(swizzled.ideal, 4);
  // The swizzle keeps 8-element runs: each thread still moves 16 bytes.
  auto v = widest_vector(tv, D("Sw<3,3,3> o (8,64):(64,1)"), s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->bytes, 16);
}

#ifdef CATLAYOUT_HAVE_GPU
// The m16n8k16 A fragment (f16) read straight from a 16 x 16 row-major half tile: a thread's
// a0,a1 are adjacent in k (a 4-byte vector), the 8 row groups lie 32 bytes apart, so rows g and
// g + 4 share banks: 2-way on every instruction.
TEST(Classic, Mma16816AFragmentFromRowMajorTileIs2Way) {
  auto const* mma = gpu::find_instruction("mma.m16n8k16.f32.f16.f16.f32");
  ASSERT_NE(mma, nullptr);
  Layout tv = mma->fragment(gpu::Operand::A)->tv;  // (thread, value) -> m + 16 k
  auto row_major = D("(16,16):(16,1)");
  auto v = widest_vector(tv, row_major, {2, 1, 0});
  ASSERT_TRUE(v);
  EXPECT_EQ(v->values, 2);
  EXPECT_EQ(v->bytes, 4);
  EXPECT_EQ(v->method, "algebra");
  auto r = banks_of(tv, row_major, {2, 2, 0});
  ASSERT_EQ(r.accesses.size(), 4u);
  for (auto const& a : r.accesses) {
    EXPECT_EQ(a.wavefronts, 2);
    EXPECT_EQ(a.ideal, 1);
  }
  // Every element of the 16 x 16 tile is held exactly once.
  auto o = ownership(tv, 256);
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->exact());
}
#endif

TEST(Classic, ReplicatedAndIdleThreadsAreNamed) {
  // 64 threads over a 32-element tile with a stride-0 thread mode: every element twice, threads
  // t and t + 32 alike; a block of 96 leaves 32 idle.
  auto o = ownership(L("((32,2),1):((1,0),0)"), 32, 96);
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->exact());
  EXPECT_EQ(o->max_owners, 2);
  EXPECT_EQ(o->replicated, 32);
  ASSERT_EQ(o->replica_groups.size(), 32u);
  EXPECT_EQ(o->replica_groups[5], (std::vector<Int>{5, 37}));
  ASSERT_EQ(o->idle_threads.size(), 32u);
  EXPECT_EQ(o->idle_threads.front(), 64);
  ASSERT_EQ(o->stride0_modes.size(), 1u);
  EXPECT_NE(o->stride0_modes[0].find("thread mode 2:0"), std::string::npos) << o->stride0_modes[0];
  // A tile larger than the layout's image: the rest is named as not covered.
  auto holes = ownership(L("(32,1):(1,0)"), 40);
  ASSERT_TRUE(holes);
  EXPECT_EQ(holes->uncovered, (std::vector<Int>{32, 33, 34, 35, 36, 37, 38, 39}));
}

}  // namespace
}  // namespace catlayout::analysis
