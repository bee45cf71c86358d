#include "catlayout/core/nullspace.hpp"

#include "catlayout/core/compact.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/represent.hpp"

namespace catlayout {

Layout nullspace_formula(Layout const& l) {
  auto s = l.flat_shape(), d = l.flat_stride();
  auto prefix = compact_major(IntTuple::flat(s), Major::left);  // a valid layout's shape: no overflow
  Ints ns, nd;
  for (std::size_t k = 0; k < s.size(); ++k)
    if (d[k] == 0) {
      ns.push_back(s[k]);
      nd.push_back(prefix->values()[k]);
    }
  if (ns.empty()) return Layout();  // CuTe: Layout<_1,_0>
  if (ns.size() == 1) return *Layout::make(ns[0], nd[0]);
  return *Layout::make(IntTuple::flat(ns), IntTuple::flat(nd));  // indices of the domain: within its size
}

namespace {

// The kernel {i : zero_at(i)} of a function on [0, size), tabulated, as a layout: `formula` when
// its table is the kernel (CuTe's answer), else the layout enumerating the kernel in order.
template <class ZeroAt>
Result<Layout> tabulated_kernel(Int size, ZeroAt zero_at, Layout const& formula, std::string const& what) {
  if (size > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, "nullspace(", what, "): size ", size, " is too large to tabulate its kernel",
                " (limit ", limits::max_tabulate, ")");
  std::vector<Int> kernel;
  for (Int i = 0; i < size; ++i) {
    CL_TRY(z, zero_at(i));
    if (z) kernel.push_back(i);
  }
  if (kernel.empty())
    return cute_misses(fail(ErrorKind::not_representable, "nullspace(", what,
                            "): no index maps to 0, and every layout maps index 0 to 0"));
  if (tabulate(formula) == kernel) return formula;
  CL_TRY(r, represent(kernel));
  if (!r.layout)
    return fail(ErrorKind::not_representable, "nullspace(", what, "): its kernel has ", kernel.size(),
                " indices and no layout enumerates them: ", r.reason);
  return *r.layout;
}

}  // namespace

Result<Layout> nullspace(Layout const& l, Convention c) {
  Layout formula = nullspace_formula(l);
  bool signed_strides = false;
  for (Int d : l.flat_stride()) signed_strides |= d < 0;
  // CuTe's contract, or non-negative terms: L(c) == 0 exactly where they all are
  if (c == Convention::cute || !signed_strides) return formula;
  return tabulated_kernel(l.size(), [&](Int i) -> Result<bool> { return l(i) == 0; }, formula, to_string(l));
}

Result<Layout> nullspace(ComposedLayout const& c, Convention conv) {
  if (is_plain(c) || c.offset == 0) return nullspace(c.layout, conv);  // sw(x) == 0 only at x == 0
  return tabulated_kernel(
      c.size(), [&](Int i) -> Result<bool> {
        CL_TRY(v, evaluate(c, i));
        return v == 0;
      },
      Layout(), to_string(c));
}

Result<Layout> nullspace(CoordLayout const& l, Convention c) {
  auto flat = flat_modes(l);
  Ints s(flat.shape.begin(), flat.shape.end()), d;
  bool negative = false;
  for (auto const& b : flat.stride) {
    d.push_back(b.is_zero_integer() ? 0 : 1);  // CuTe's test: a stride that is the integer 0
    // A zero-scale basis stride (0@p) is zero too, but not CuTe's integer 0: tabulate then as well.
    negative |= b.scale < 0 || (b.scale == 0 && !b.is_zero_integer());
  }
  CL_TRY(shadow, Layout::make(IntTuple::flat(s), IntTuple::flat(d)));
  Layout formula = nullspace_formula(shadow);
  if (c == Convention::cute || !negative) return formula;
  return tabulated_kernel(
      l.size(), [&](Int i) -> Result<bool> {
        CL_TRY(v, l.sparse_at(i));
        return v.empty();
      },
      formula, to_string(l));
}

}  // namespace catlayout
