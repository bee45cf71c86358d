#pragma once
// CuTe's domain_offset(coord, L) (cute/layout.hpp:719; cute/layout_composed.hpp:349): L with its
// origin moved to a coordinate, as CuTe's domain_offset of a tensor moves a tensor's. A plain layout
// is kept and the offset L(coord) goes to the pointer; a swizzled layout Sw o k o L keeps the offset
// inside, before its swizzle ("For composed layout tensors the offset is accumulated in the layout
// itself while pointer is not updated"): Sw o (k + L(coord)) o L, the pointer's offset _0.
#include "catlayout/core/checked.hpp"
#include "catlayout/core/crd2idx.hpp"
#include "catlayout/core/slice.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// L(coord) is CuTe's layout(coord), crd2idx: an integer coordinate split colexicographically.
inline Result<SliceResult> domain_offset(IntTuple const& coord, Layout const& l) {
  CL_TRY(k, crd2idx(coord, l.shape(), l.stride()));
  return SliceResult(l, k);
}

inline Result<SliceResult> domain_offset(IntTuple const& coord, ComposedLayout const& c) {
  CL_TRY(k, crd2idx(coord, c.layout.shape(), c.layout.stride()));
  CL_TRY(inside, checked_add(c.offset, k, "domain_offset"));
  return SliceResult(c.layout, 0, c.sw, inside);
}

}  // namespace catlayout
