// Layouts of up to 8 flat modes live inline (SmallVec), so the algebra on them never touches the
// heap. This binary replaces the global operator new to count allocations inside a window.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>

#include "catlayout/core.hpp"

namespace {
thread_local bool counting = false;
thread_local long allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
  if (counting) ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// The replaced operator new above is malloc, so free is its matching release (GCC's inliner sees
// only the names).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace catlayout {
namespace {

// The number of heap allocations f makes.
template <class F>
long allocations_of(F&& f) {
  allocations = 0;
  counting = true;
  f();
  counting = false;
  return allocations;
}

Layout L(char const* text) { return *parse_layout(text); }
Tiler T(char const* text) { return *parse_tiler(text); }

TEST(NoAllocation, TheAlgebraOnLayoutsOfUpToEightModes) {
  Layout tv = L("((4,8),(2,2)):((32,1),(16,8))");
  Layout eight = L("((2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128))");
  Layout tile = L("(16,8):(1,16)");
  Layout big = L("(128,64):(64,1)");
  Tiler by_mode = T("<16:1,8:1>");
  Tiler layout_tiler = T("(4,4):(1,32)");
  Tiler repeat = T("(2,3):(3,1)");
  Layout block = L("(2,3):(1,2)");
  EXPECT_EQ(allocations_of([&] { (void)coalesce(eight); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*composition(tile, tv); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*composition(big, by_mode); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*complement(tv, 1024); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*complement(eight, 512); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*logical_divide(big, by_mode); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*zipped_divide(big, by_mode); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*tiled_divide(big, layout_tiler); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*logical_product(tile, repeat); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*blocked_product(tile, block); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)right_inverse(tv); }), 0);
  EXPECT_EQ(allocations_of([&] { (void)*left_inverse(tv); }), 0);
  EXPECT_EQ(allocations_of([&] {
              Int sum = 0;
              for (Int i = 0; i < eight.size(); ++i) sum += eight(i);
              EXPECT_GT(sum, 0);
            }),
            0);
}

// The counter works: a layout past the inline capacity does allocate (so a zero above is real).
TEST(NoAllocation, NineModesAllocate) {
  Layout nine = L("(2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256)");
  EXPECT_GT(allocations_of([&] { (void)sort(nine); }), 0);
  EXPECT_GT(allocations_of([&] { Layout copy = nine; (void)copy; }), 0);
}

}  // namespace
}  // namespace catlayout
