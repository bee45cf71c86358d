#include "catlayout/core/inverse.hpp"

#include <algorithm>
#include <numeric>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/composition.hpp"
#include "draft.hpp"
#include "layout_access.hpp"
#include "small_sort.hpp"

namespace catlayout {
namespace {

struct Sorted {
  FlatLayout f;
  Ints preprod;                     // exclusive prefix products of the shape
  SmallVec<std::uint32_t, 8> order;  // mode indices by increasing stride (stable)
};

Sorted sorted_view(Layout const& l) {
  Sorted s;
  detail::coalesce_into(l.flat_shape(), l.flat_stride(), s.f);
  s.preprod.push_back(1);
  for (std::size_t i = 0; i + 1 < s.f.shape.size(); ++i) s.preprod.push_back(s.preprod.back() * s.f.shape[i]);
  s.order = detail::stable_order(s.f.shape.size(), [&](auto x, auto y) { return s.f.stride[x] < s.f.stride[y]; });
  return s;
}

// coalesce(r) as a Layout; nothing when r is not a layout (Def. 2.3.1.1).
std::optional<Layout> coalesced(FlatLayout const& r) {
  auto size = detail::valid_size(r.shape, r.stride);
  if (!size) return std::nullopt;
  FlatLayout c;
  detail::coalesce_into(r.shape, r.stride, c);  // same function, same size and span
  return detail::LayoutAccess::trusted_flat(c.shape, c.stride, *size);
}

}  // namespace

Layout right_inverse(Layout const& l) {
  auto s = sorted_view(l);
  FlatLayout r{{1}, {0}};
  Int next = 1;  // the next offset the inverse must reach
  for (auto i : s.order) {
    if (s.f.stride[i] != next) continue;
    r.shape.push_back(s.f.shape[i]);
    r.stride.push_back(s.preprod[i]);
    next = s.f.shape[i] * s.f.stride[i];  // an offset of L plus one stride: bounded by the span
  }
  return *coalesced(r);  // shapes of L's modes, strides their prefix products: within size(L)
}

Result<Layout> left_inverse(Layout const& l) {
  auto s = sorted_view(l);
  FlatLayout r{{}, {0}};
  Int covered = 1;  // size of the inverse built so far
  for (auto i : s.order) {
    Int d = s.f.stride[i];
    if (d == 0) continue;
    if (d < 0)
      return fail(ErrorKind::inadmissible, "left inverse: stride ", d, " of ", to_string(l),
                  " is negative; the inverse would need a negative shape");
    if (d % covered != 0)
      return fail(ErrorKind::inadmissible, "left inverse divisibility: stride ", d, " of ", to_string(l),
                  " is not a multiple of ", covered, ", the stride below it");
    r.shape.push_back(d / covered);
    r.stride.push_back(s.preprod[i]);
    covered = d;
  }
  r.shape.push_back(s.f.shape[s.order.back()]);
  if (auto inv = coalesced(r)) return std::move(*inv);
  CL_TRY(inv, from_flat(r));  // names the overflow
  return coalesce(inv);
}

static Result<Layout> common_of(Layout const& a, Layout const& b, Layout& inv_b) {
  inv_b = right_inverse(b);
  CL_TRY(c, composition(a, inv_b));
  return coalesce(c);
}

Result<Layout> max_common_layout(Layout const& a, Layout const& b) {
  Layout inv_b;
  CL_TRY(common, common_of(a, b, inv_b));
  Layout m0 = common.mode(0);
  if (m0.stride() == IntTuple(1)) return composition(inv_b, m0);
  return Layout();
}

Result<Int> max_common_vector(Layout const& a, Layout const& b) {
  Layout inv_b;
  CL_TRY(common, common_of(a, b, inv_b));
  Layout m0 = common.mode(0);
  if (m0.stride() == IntTuple(1)) return m0.size();
  return Int{1};
}

}  // namespace catlayout
