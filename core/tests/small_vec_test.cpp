// SmallVec keeps a pointer to its values (its own inline buffer, or a heap block past N): every
// copy and move must point at its own storage. Each case mutates one side and checks the other.
#include <gtest/gtest.h>

#include <numeric>
#include <utility>

#include "catlayout/core/small_vec.hpp"

using catlayout::SmallVec;
using V = SmallVec<long, 4>;

namespace {
V iota(std::size_t n, long from) {
  V v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(from + static_cast<long>(i));
  return v;
}
bool holds(V const& v, std::size_t n, long from) {
  if (v.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (v[i] != from + static_cast<long>(i)) return false;
  return true;
}
}  // namespace

TEST(SmallVec, CopiesAndMovesOwnTheirValues) {
  for (std::size_t n : {0u, 1u, 4u, 5u, 9u}) {  // empty, inline, full inline, just past N, heap
    V a = iota(n, 10);
    V copy(a);
    ASSERT_TRUE(holds(copy, n, 10)) << n;
    if (n > 0) copy[0] = -1;
    copy.push_back(99);  // may move a full inline copy to the heap
    EXPECT_TRUE(holds(a, n, 10)) << "a copy of " << n << " values shares the source's storage";

    V moved(std::move(a));
    ASSERT_TRUE(holds(moved, n, 10)) << n;
    a.clear();  // a moved-from vector is empty and usable
    for (long x : {1L, 2L, 3L, 4L, 5L, 6L}) a.push_back(x);
    EXPECT_TRUE(holds(moved, n, 10)) << "a move of " << n << " values shares the source's storage";
    EXPECT_TRUE(holds(a, 6, 1));

    V assigned = iota(7, 0);  // assignment over a heap vector, and over an inline one
    assigned = moved;
    V small = iota(2, 0);
    small = moved;
    if (n > 0) moved[0] = -5;
    EXPECT_TRUE(holds(assigned, n, 10)) << n;
    EXPECT_TRUE(holds(small, n, 10)) << n;

    V target = iota(3, 0);
    target = std::move(assigned);
    EXPECT_TRUE(holds(target, n, 10)) << n;
    target = target;  // self-assignment keeps the values
    EXPECT_TRUE(holds(target, n, 10)) << n;
  }
}

TEST(SmallVec, GrowsPastItsInlineCapacityAndBack) {
  V v = iota(4, 0);
  v.push_back(4);  // to the heap
  ASSERT_TRUE(holds(v, 5, 0));
  V w = iota(2, 7);
  v = std::move(w);  // a heap vector takes inline values: back to its own buffer
  ASSERT_TRUE(holds(v, 2, 7));
  for (long x = 9; x < 20; ++x) v.push_back(x);
  EXPECT_TRUE(holds(v, 13, 7));
}
