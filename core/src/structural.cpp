#include "catlayout/core/structural.hpp"

#include <algorithm>
#include <numeric>

#include "layout_access.hpp"
#include "small_sort.hpp"

namespace catlayout {

Result<Layout> make_layout(std::span<Layout const> modes) {
  IntTuple s, d;
  for (auto const& m : modes) {
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return Layout::make(std::move(s), std::move(d));
}

Result<Layout> make_layout(std::initializer_list<Layout> modes) {
  return make_layout(std::span<Layout const>(modes.begin(), modes.size()));
}

// Sub-selections and reorderings of a valid layout's modes stay within its span; the size is
// recomputed (a selection's size divides the whole).
static Layout flat_layout(std::span<Int const> s, std::span<Int const> d) {
  Int n = 1;
  for (Int x : s) n *= x;
  return detail::LayoutAccess::trusted(IntTuple::flat(s), IntTuple::flat(d), n);
}

Result<Layout> flat_concat(Layout const& a, Layout const& b) {
  auto fa = flat_modes(a), fb = flat_modes(b);
  fa.shape.insert(fa.shape.end(), fb.shape.begin(), fb.shape.end());
  fa.stride.insert(fa.stride.end(), fb.stride.begin(), fb.stride.end());
  return Layout::make(IntTuple::flat(fa.shape), IntTuple::flat(fa.stride));
}

Layout flatten(Layout const& l) {
  if (l.shape().is_leaf()) return l;
  return flat_layout(l.flat_shape(), l.flat_stride());
}

static Layout keep_if(Layout const& l, bool (*keep)(Int s, Int d)) {
  auto f = flat_modes(l);
  Ints s, d;
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (keep(f.shape[i], f.stride[i])) {
      s.push_back(f.shape[i]);
      d.push_back(f.stride[i]);
    }
  return flat_layout(s, d);
}

Layout squeeze(Layout const& l) {
  return keep_if(l, [](Int s, Int) { return s != 1; });
}

Layout filter_zeros(Layout const& l) {
  return keep_if(l, [](Int, Int d) { return d != 0; });
}

Layout sort(Layout const& l) {
  auto f = flat_modes(l);
  auto idx = detail::stable_order(f.shape.size(), [&](std::uint32_t a, std::uint32_t b) {
    return f.stride[a] != f.stride[b] ? f.stride[a] < f.stride[b] : f.shape[a] < f.shape[b];
  });
  Ints s, d;
  for (auto i : idx) {
    s.push_back(f.shape[i]);
    d.push_back(f.stride[i]);
  }
  return flat_layout(s, d);
}

Result<Layout> restrict_modes(Layout const& l, std::vector<std::size_t> const& flat_indices) {
  auto f = flat_modes(l);
  Ints s, d;
  for (auto i : flat_indices) {
    if (i >= f.shape.size())
      return fail(ErrorKind::invalid_input, "mode index ", i, " is outside the ", f.shape.size(), " flat modes of ",
                  to_string(l));
    s.push_back(f.shape[i]);
    d.push_back(f.stride[i]);
  }
  // A repeated index can multiply the size and span past the original's: check again.
  return Layout::make(IntTuple::flat(s), IntTuple::flat(d));
}

Layout append_rank(Layout const& l, std::size_t rank) {
  if (l.rank() >= rank) return l;
  IntTuple s = wrap(l.shape()), d = wrap(l.stride());
  while (s.rank() < rank) {
    s.push_back(1);
    d.push_back(0);
  }
  return detail::LayoutAccess::trusted(std::move(s), std::move(d), l.size());
}

}  // namespace catlayout
