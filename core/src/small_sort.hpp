#pragma once
// Core-internal: sorts of mode indices, stable and in CuTe's exchange order. Layouts have a
// handful of modes, for which insertion sort beats std::stable_sort, which also allocates a
// buffer on every call.
#include <cstdint>
#include <utility>

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

// The indices 0..n-1 ordered by `less` as CuTe's exchange sort orders them (cute/int_tuple.hpp,
// detail::SortByKey, behind right_inverse and left_inverse): for each position i, every later
// index that is strictly less is swapped in. Equal keys do not keep their order: strides
// (2,2,1) give 2,1,0. Where equal strides meet (a layout that is not injective), the inverses
// pick the same mode as CuTe.
template <class Less, class Indices>
void exchange_order_into(std::size_t n, Less less, Indices& idx) {
  for (std::uint32_t i = 0; i < n; ++i) idx.push_back(i);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (less(idx[j], idx[i])) std::swap(idx[i], idx[j]);
}

template <class Less>
SmallVec<std::uint32_t, 8> stable_order(std::size_t n, Less less) {
  SmallVec<std::uint32_t, 8> idx;
  idx.reserve(n);
  stable_order_into(n, less, idx);
  return idx;
}

}  // namespace catlayout::detail
