#pragma once
// CuTe coshape (include/cute/layout.hpp, coshape): the extent of a layout's codomain, with the
// strides taken absolute: |L|(size(L) - 1) + 1, entry by entry. An integer for integer strides
// (then it is CuTe's cosize with absolute strides); a coordinate for coordinate strides, one entry
// per mode of the codomain (coshape(make_identity_layout(S)) = S). CuTe's "@post size(coshape(a))
// == cosize(a)" holds where the strides are not negative.
#include "catlayout/core/checked.hpp"
#include "catlayout/core/coord_layout.hpp"

namespace catlayout {

// |L|(size-1) + 1 = sum_k (s_k - 1)|d_k| + 1; overflow-checked.
inline Result<Int> coshape(Layout const& l) {
  auto s = l.shape().values(), d = l.stride().values();
  Int last = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    CL_TRY(term, checked_mul(s[k] - 1, d[k] < 0 ? -d[k] : d[k], "coshape"));
    CL_TRY(sum, checked_add(last, term, "coshape"));
    last = sum;
  }
  return checked_add(last, 1, "coshape");
}

// The same over basis strides: each codomain entry's extent, laid out as L's codomain.
inline Result<IntTuple> coshape(CoordLayout const& l) {
  auto f = flat_modes(l);
  SparseCoord last;
  for (std::size_t k = 0; k < f.shape.size(); ++k) {
    Int scale = f.stride[k].scale < 0 ? -f.stride[k].scale : f.stride[k].scale;
    CL_TRY(term, checked_mul(f.shape[k] - 1, scale, "coshape"));
    CL_TRY(sum, checked_add(last[f.stride[k].path], term, "coshape"));
    last[f.stride[k].path] = sum;
  }
  struct PlusOne {
    Result<IntTuple> operator()(IntTuple const& t) const {
      if (t.is_leaf()) {
        CL_TRY(v, checked_add(t.value(), 1, "coshape"));
        return IntTuple(v);
      }
      std::vector<IntTuple> modes;
      for (std::size_t i = 0; i < t.rank(); ++i) {
        CL_TRY(m, (*this)(t.mode(i)));
        modes.push_back(std::move(m));
      }
      return IntTuple(std::move(modes));
    }
  };
  return PlusOne{}(l.shape_coord(last));
}

}  // namespace catlayout
