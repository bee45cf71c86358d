#pragma once
// Core-internal: a stable sort of mode indices. Layouts have a handful of modes, for which
// insertion sort beats std::stable_sort, which also allocates a buffer on every call.
#include <cstdint>

#include "catlayout/core/small_vec.hpp"

namespace catlayout::detail {

// The indices 0..n-1 ordered by `less`, equal keys in index order, into idx (empty; any
// container with push_back and [], holding n entries).
template <class Less, class Indices>
void stable_order_into(std::size_t n, Less less, Indices& idx) {
  for (std::uint32_t i = 0; i < n; ++i) {
    std::size_t j = idx.size();
    idx.push_back(i);
    while (j > 0 && less(i, idx[j - 1])) {  // strictly less: equal keys keep their order
      idx[j] = idx[j - 1];
      --j;
    }
    idx[j] = i;
  }
}

template <class Less>
SmallVec<std::uint32_t, 8> stable_order(std::size_t n, Less less) {
  SmallVec<std::uint32_t, 8> idx;
  idx.reserve(n);
  stable_order_into(n, less, idx);
  return idx;
}

}  // namespace catlayout::detail
