#include "catlayout/core/complement.hpp"


#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "layout_access.hpp"
#include "small_sort.hpp"

namespace catlayout {

// CuTe's filter on flat modes: stride-0 modes become size 1, then coalesce.
static FlatLayout filter_flat(Layout const& a) {
  auto f = flat_modes(a);
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.stride[i] == 0) f.shape[i] = 1;
  return coalesce_flat(f);
}

Layout filter(Layout const& a) {
  auto f = filter_flat(a);
  Int n = 1;
  for (Int s : f.shape) n *= s;  // a selection of a valid layout's modes: no overflow
  return detail::LayoutAccess::trusted_flat(f.shape, f.stride, n);
}

// CuTe's ceil_div of a shape by an integer, mode by mode, then its product.
static Int ceil_div_shape(std::span<Int const> target, Int d) {
  Int result = 1, rest = d;
  for (Int t : target) {
    result *= ceil_div(t, rest);  // each factor <= t: bounded by size(target)
    rest = ceil_div(rest, t);
  }
  return result;
}

Result<Layout> complement(Layout const& a, std::span<Int const> cotarget) {
  Int n = 1;
  for (Int t : cotarget)
    if (t < 1 || __builtin_mul_overflow(n, t, &n)) {
      if (t < 1)
        return fail(ErrorKind::invalid_input, "complement target ", to_string(IntTuple::flat(cotarget)),
                    " is not positive");
      return fail(ErrorKind::invalid_input, "overflow: the complement target ", to_string(IntTuple::flat(cotarget)),
                  " has a size past the int64 range");
    }
  auto f = filter_flat(a);
  if (f.shape.size() == 1 && f.shape[0] == 1)  // A is constant: the complement is all of [0, N)
    return n == 1 ? Layout() : detail::LayoutAccess::trusted(n, 1, n);
  // Sort the modes by stride (stable: the first minimum first, as CuTe).
  auto idx = detail::stable_order(f.shape.size(), [&](auto x, auto y) { return f.stride[x] < f.stride[y]; });
  FlatLayout r{{}, {1}};
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
    r.shape.push_back(d / reach);
    CL_TRY(next, checked_mul(d, s, "complement extent"));
    reach = next;
    r.stride.push_back(reach);
  }
  r.stride.pop_back();  // the last extent strides the rest mode
  Int rest_shape = ceil_div_shape(cotarget, reach);
  r.shape.push_back(rest_shape);
  r.stride.push_back(rest_shape == 1 ? 0 : reach);
  auto c = coalesce_flat(r);  // same function, same span: validate the shorter form
  if (c.shape.size() == 1) return Layout::make(c.shape[0], c.stride[0]);
  return Layout::make(IntTuple::flat(c.shape), IntTuple::flat(c.stride));
}

Result<Layout> complement(Layout const& a, IntTuple const& cotarget) { return complement(a, cotarget.values()); }

Result<Layout> complement(Layout const& a, Int n) {
  if (n < 1) return fail(ErrorKind::invalid_input, "complement target N = ", n, " is not positive");
  return complement(a, std::span<Int const>(&n, 1));
}

Result<Layout> complement(Layout const& a) { return complement(a, IntTuple(cosize(filter(a)))); }

}  // namespace catlayout
