#include "catlayout/core/coalesce.hpp"

#include <algorithm>

#include "layout_access.hpp"
#include "merge_modes.hpp"

namespace catlayout {

FlatLayout coalesce_flat(FlatLayout const& f) {
  FlatLayout out;
  detail::coalesce_flat_into(f.shape, f.stride, out.shape, out.stride);
  return out;
}

Layout coalesce(Layout const& l) {
  // Merging s1:d1 with s2:s1*d1 keeps the size and the span (s1 s2 - 1)|d1|: still valid. Each
  // entry of the result is a product of a run of L's entries other than 1, so all are powers of two
  // exactly when all of L's are. Written straight into the result: coalescing is a copy at most.
  return detail::LayoutAccess::flat_in_place(detail::LayoutAccess::pow2(l), [&, size = l.size()](Ints& s, Ints& d) {
    detail::coalesce_flat_into(l.flat_shape(), l.flat_stride(), s, d);
    return size;
  });
}

FlatLayout coalesce_extended(Layout const& l) {
  FlatLayout out;
  detail::coalesce_extended_into(l.flat_shape(), l.flat_stride(), out.shape, out.stride);
  return out;
}

// CuTe's by-mode rule for a target profile: a leaf applies `whole` to the layout, a tuple goes
// mode by mode, and the modes past the profile's rank stay as they are.
template <class Whole>
static Result<Layout> by_profile(Layout const& l, IntTuple const& p, Whole whole) {
  if (p.is_leaf()) return whole(l);
  if (p.rank() > l.rank())
    return fail(ErrorKind::invalid_input, "profile ", to_string(p), " has ", p.rank(), " modes but ", to_string(l),
                " has rank ", l.rank());
  IntTuple s, d;
  for (std::size_t i = 0; i < l.rank(); ++i) {
    Layout m = l.mode(i);
    if (i < p.rank()) {
      CL_TRY(c, by_profile(m, p.mode(i), whole));
      m = c;
    }
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return Layout::make(std::move(s), std::move(d));
}

Result<Layout> coalesce(Layout const& l, IntTuple const& p) {
  return by_profile(l, p, [](Layout const& m) -> Result<Layout> { return coalesce(m); });
}

Layout coalesce_z(Layout const& l) {
  auto s = l.flat_shape();
  if (s.empty()) return Layout();  // 1:0
  Ints cs, cd;
  detail::coalesce_extended_into(s, l.flat_stride(), cs, cd);
  if (s.back() == 1) cs.back() /= 2;  // coalesce_x's placeholder size 2 for a trailing size-1 mode
  return detail::LayoutAccess::trusted_flat(cs, cd, l.size());  // the merges keep size and span
}

Result<Layout> coalesce_z(Layout const& l, IntTuple const& p) {
  return by_profile(l, p, [](Layout const& m) -> Result<Layout> { return coalesce_z(m); });
}

static void relative_rec(Layout const& l, IntTuple const& coarse, IntTuple& s, IntTuple& d) {
  if (coarse.is_leaf()) {
    Layout c = coalesce(l);
    s.push_back(c.shape());
    d.push_back(c.stride());
    return;
  }
  IntTuple cs, cd;
  for (std::size_t i = 0; i < coarse.rank(); ++i) relative_rec(l.mode(i), coarse.mode(i), cs, cd);
  s.push_back(cs);
  d.push_back(cd);
}

Result<Layout> relative_coalesce(Layout const& l, IntTuple const& coarse) {
  if (!refines(l.shape(), coarse))
    return fail(ErrorKind::invalid_input, "shape ", to_string(l.shape()), " does not refine ", to_string(coarse));
  IntTuple s, d;
  relative_rec(l, coarse, s, d);
  return Layout::make(s.mode(0), d.mode(0));
}

}  // namespace catlayout
