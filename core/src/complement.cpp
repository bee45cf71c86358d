#include "catlayout/core/complement.hpp"

#include <algorithm>
#include <numeric>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"

namespace catlayout {

Layout filter(Layout const& a) {
  auto f = flat_modes(a);
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.stride[i] == 0) f.shape[i] = 1;
  if (f.shape.empty()) return Layout();
  return coalesce(*from_flat(f));
}

// CuTe's ceil_div of a shape by an integer, mode by mode, then its product.
static Int ceil_div_shape(IntTuple const& target, Int d) {
  Int result = 1, rest = d;
  for (Int t : target.values()) {
    result *= ceil_div(t, rest);  // each factor <= t: bounded by size(target)
    rest = ceil_div(rest, t);
  }
  return result;
}

Result<Layout> complement(Layout const& a, IntTuple const& cotarget) {
  for (Int t : cotarget.values())
    if (t < 1) return fail(ErrorKind::invalid_input, "complement target ", to_string(cotarget), " is not positive");
  CL_CHECK(product(cotarget));
  auto f = flat_modes(filter(a));
  if (f.stride.size() == 1 && f.stride[0] == 0) {  // A is constant: the complement is all of [0, N)
    CL_TRY(n, product(cotarget));
    return n == 1 ? Layout() : *Layout::make(n, 1);
  }
  // Sort the modes by stride (stable: the first minimum first, as CuTe).
  SmallVec<std::uint32_t, 8> idx(f.shape.size(), 0);
  std::iota(idx.begin(), idx.end(), 0u);
  std::stable_sort(idx.begin(), idx.end(), [&](auto x, auto y) { return f.stride[x] < f.stride[y]; });
  Ints rs, rd{1};
  Int reach = 1;  // the extent covered so far: s_i * d_i of the previous sorted mode
  for (std::size_t k = 0; k < idx.size(); ++k) {
    Int s = f.shape[idx[k]], d = f.stride[idx[k]];
    if (d < 0)
      return fail(ErrorKind::not_complementable, "mode ", s, ":", d, " of ", to_string(a),
                  " has a negative stride; complements are defined for non-negative strides");
    if (d < reach)
      return fail(ErrorKind::not_complementable, "mode ", s, ":", d, " of ", to_string(a), " overlaps the modes below it,",
                  " which reach ", reach, " (the layout is not injective or its modes interleave)");
    if (d % reach != 0)
      return fail(ErrorKind::not_complementable, "stride ", d, " of mode ", s, ":", d, " of ", to_string(a),
                  " is not a multiple of ", reach, ", the extent of the modes below it");
    rs.push_back(d / reach);
    CL_TRY(next, checked_mul(d, s, "complement extent"));
    reach = next;
    rd.push_back(reach);
  }
  rd.pop_back();  // the last extent strides the rest mode
  Int rest_shape = ceil_div_shape(cotarget, reach);
  rs.push_back(rest_shape);
  rd.push_back(rest_shape == 1 ? 0 : reach);
  CL_TRY(r, from_flat({rs, rd}));
  return coalesce(r);
}

Result<Layout> complement(Layout const& a, Int n) {
  if (n < 1) return fail(ErrorKind::invalid_input, "complement target N = ", n, " is not positive");
  return complement(a, IntTuple(n));
}

Result<Layout> complement(Layout const& a) { return complement(a, IntTuple(cosize(filter(a)))); }

}  // namespace catlayout
