#pragma once
// Core-internal: the merge of CuTe's bw_coalesce (Def. 2.3.5.x's coalesce: size-1 modes vanish,
// s_i:d_i joins the mode s:d to its right when s_i * d_i == d), over any stride type.
#include <algorithm>
#include <cstddef>

#include "catlayout/core/int_tuple.hpp"

namespace catlayout::detail {

// Back to front: skip size-1 modes, replace an initial size-1 mode, merge s_i:d_i into s:d when
// follows(s_i, d_i, d), otherwise start a new mode. pre: shape non-empty. Built back to front,
// then reversed in place: shifting the result to the front instead would read scalar stores with
// vector loads, which the CPU cannot forward.
template <class Shapes, class Strides, class OutShapes, class OutStrides, class Follows>
void merge_back(Shapes const& shape, Strides const& stride, Int last_shape, OutShapes& out_shape,
                OutStrides& out_stride, Follows follows) {
  out_shape.clear();
  out_stride.clear();
  Int cs = last_shape;
  auto cd = stride[stride.size() - 1];
  for (std::size_t k = shape.size() - 1; k-- > 0;) {
    Int s = shape[k];
    auto const& d = stride[k];
    if (s == 1) continue;
    if (cs == 1) {
      cs = s;
      cd = d;
    } else if (follows(s, d, cd)) {
      cs *= s;  // the merged size divides size(L): no overflow
      cd = d;
    } else {
      out_shape.push_back(cs);
      out_stride.push_back(cd);
      cs = s;
      cd = d;
    }
  }
  out_shape.push_back(cs);
  out_stride.push_back(cd);
  std::reverse(out_shape.begin(), out_shape.end());
  std::reverse(out_stride.begin(), out_stride.end());
}

}  // namespace catlayout::detail
