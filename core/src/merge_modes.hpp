#pragma once
// Core-internal: the merge of CuTe's bw_coalesce (Def. 2.3.5.x's coalesce: size-1 modes vanish,
// s_i:d_i joins the mode s:d to its right when s_i * d_i == d), over any stride type.
#include <algorithm>
#include <cstddef>
#include <span>

#include "catlayout/core/int_tuple.hpp"

namespace catlayout::detail {

// CuTe's bw_coalesce: skip size-1 modes, replace an initial size-1 mode, merge s_i:d_i with the mode
// s:d to its right when follows(s_i, d_i, d), otherwise keep both. pre: shape non-empty; the last
// mode's size is last_shape. Walked front to back, which gives the same modes (a run of merged
// modes s_i..s_j has d_{k+1} = s_k d_k, so the run's first stride times its size so far is the next
// stride exactly when its last mode's is), and writes each finished mode in place: no reversal,
// no value stored and read back.
template <class Shapes, class Strides, class OutShapes, class OutStrides, class Follows>
void merge_back(Shapes const& shape, Strides const& stride, Int last_shape, OutShapes& out_shape,
                OutStrides& out_stride, Follows follows) {
  out_shape.clear();
  out_stride.clear();
  std::size_t n = shape.size();
  Int cs = n == 1 ? last_shape : shape[0];
  auto cd = stride[0];
  for (std::size_t k = 1; k < n; ++k) {
    Int s = k + 1 == n ? last_shape : shape[k];
    auto const& d = stride[k];
    if (s == 1) continue;
    if (cs == 1) {
      cs = s;
      cd = d;
    } else if (follows(cs, cd, d)) {
      cs *= s;  // the merged size divides size(L) (or the placeholder times it): no overflow
    } else {
      out_shape.push_back(cs);
      out_stride.push_back(cd);
      cs = s;
      cd = d;
    }
  }
  out_shape.push_back(cs);
  out_stride.push_back(cd);
}

// Integer strides: s:d is followed by next when s d == next (in 128 bits: no wrap can fake it).
inline bool int_follows(Int s, Int d, Int next) { return static_cast<__int128>(s) * d == next; }

// CuTe's coalesce over integer strides (Def. 2.3.3.1): size-1 modes vanish, and a layout of size
// 1 is 1:0. Into any containers (a FlatLayout's, or fixed arrays of at least shape.size() entries).
template <class OutShapes, class OutStrides>
void coalesce_flat_into(std::span<Int const> shape, std::span<Int const> stride, OutShapes& out_shape,
                        OutStrides& out_stride) {
  if (!shape.empty()) merge_back(shape, stride, shape.back(), out_shape, out_stride, int_follows);
  if (shape.empty() || (out_shape.size() == 1 && out_shape[0] == 1)) {
    out_shape.clear();  // 1:0, as every size-1 layout
    out_stride.clear();
    out_shape.push_back(1);
    out_stride.push_back(0);
  }
}

// CuTe's coalesce over integer strides, keeping the extension (coalesce_x): a trailing size-1 mode
// still carries the stride of the extension, held with a placeholder size that cannot be replaced
// (CuTe uses 2 as well; it is never read). Into any containers (a Draft's, or fixed arrays).
template <class OutShapes, class OutStrides>
[[gnu::always_inline]] inline void coalesce_extended_into(std::span<Int const> s, std::span<Int const> d,
                                                         OutShapes& out_shape, OutStrides& out_stride) {
  if (s.empty()) return;
  merge_back(s, d, s.back() == 1 ? 2 : s.back(), out_shape, out_stride, int_follows);
}

}  // namespace catlayout::detail
