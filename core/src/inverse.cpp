#include "catlayout/core/inverse.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/composition.hpp"
#include "cute_composition.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"
#include "merge_modes.hpp"
#include "small_sort.hpp"

namespace catlayout {
namespace {

// L coalesced, its modes ordered by stride: Flat and Order are core's containers, or fixed arrays
// where L has at most fixed_modes flat modes (coalescing adds none; an inverse adds one at most).
template <class Flat, class Order>
struct Sorted {
  Flat f;
  decltype(Flat::shape) preprod;  // exclusive prefix products of the shape
  Order order;                    // mode indices by increasing stride, ties as CuTe's sort leaves them
  explicit Sorted(Layout const& l) {
    detail::coalesce_flat_into(l.flat_shape(), l.flat_stride(), f.shape, f.stride);
    preprod.push_back(1);
    for (std::size_t i = 0; i + 1 < f.shape.size(); ++i) preprod.push_back(preprod[i] * f.shape[i]);
    detail::exchange_order_into(f.shape.size(), [&](auto x, auto y) { return f.stride[x] < f.stride[y]; }, order);
  }
};

using FixedSorted = Sorted<detail::FixedFlat, detail::FixedOrder>;
using GrownSorted = Sorted<FlatLayout, detail::GrownOrder>;

// Writes coalesce(r), size(r) given (r a layout: Def. 2.3.1.1), into a layout's parts
// (LayoutAccess::flat_in_place): same function, same size and span.
template <class Flat>
auto coalesce_fill(Flat const& r, Int size) {
  return [&r, size](Ints& s, Ints& d) {
    detail::coalesce_flat_into(r.shape, r.stride, s, d);
    return size;
  };
}

// CuTe's right_inverse: L's modes whose strides chain from 1 (each the extent of the one
// before), each with its prefix product as stride.
template <class S>
Layout right_inverse_of(Layout const& l) {
  S s(l);
  decltype(s.f) r;
  r.shape.push_back(1);
  r.stride.push_back(0);
  Int next = 1, size = 1;  // the next offset the inverse must reach; the inverse's size
  for (std::size_t j = 0; j < s.order.size(); ++j) {
    auto i = s.order[j];
    if (s.f.stride[i] != next) continue;
    r.shape.push_back(s.f.shape[i]);
    r.stride.push_back(s.preprod[i]);
    size *= s.f.shape[i];                  // distinct modes of L: divides size(L)
    next = s.f.shape[i] * s.f.stride[i];  // an offset of L plus one stride: bounded by the span
  }
  // Shapes of L's modes, strides their prefix products: within size(L).
  return detail::LayoutAccess::flat_in_place(std::nullopt, coalesce_fill(r, size));
}

// `overlap`: whether, sorted by stride, a mode's stride is below the extent s * d of the mode before
// it (then L is not injective, and CuTe's construction is checked by its contract).
template <class S>
Result<Layout> left_inverse_of(Layout const& l, bool& overlap) {
  S s(l);
  decltype(s.f) r;
  r.stride.push_back(0);
  Int covered = 1;  // size of the inverse built so far
  Int reach = 0;    // s * d of the mode before (saturated at INT64_MAX)
  for (std::size_t j = 0; j < s.order.size(); ++j) {
    auto i = s.order[j];
    Int d = s.f.stride[i];
    if (d == 0) continue;
    overlap = overlap || d < reach;
    if (__builtin_mul_overflow(s.f.shape[i], d, &reach)) reach = INT64_MAX;  // past int64: no stride is beyond it
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
  if (s.order.size() == 0) __builtin_unreachable();  // coalescing leaves a mode (GCC cannot see it)
  r.shape.push_back(s.f.shape[s.order.back()]);
  if (auto size = detail::valid_size(r.shape, r.stride))
    return detail::LayoutAccess::flat_in_place_result(std::nullopt, coalesce_fill(r, *size));
  FlatLayout past;  // size(R) past int64 (d_last s_last, where L's span stops at d_last (s_last - 1))
  for (std::size_t k = 0; k < r.shape.size(); ++k) {
    past.shape.push_back(r.shape[k]);
    past.stride.push_back(r.stride[k]);
  }
  CL_TRY(inv, from_flat(past));  // names the overflow
  return coalesce(inv);
}

}  // namespace

Layout right_inverse(Layout const& l) {
  if (l.flat_shape().size() <= detail::fixed_modes) return right_inverse_of<FixedSorted>(l);
  return right_inverse_of<GrownSorted>(l);
}

namespace {

// The largest layout whose quasi-inverse contract is tabulated.
constexpr Int max_checked = Int{1} << 24;

}  // namespace

Int right_inverse_breaks(Layout const& l, Layout const& r) {
  for (Int i = 0; i < r.size(); ++i) {
    Int k = r(i);
    if (k < 0 || k >= l.size() || l(k) != i) return i;
  }
  return -1;
}

Int quasi_inverse_breaks(Layout const& l, Layout const& r) {
  for (Int i = 0; i < l.size(); ++i) {
    auto j = odd_extended(r, l(i));
    auto back = j ? odd_extended(l, *j) : j;
    if (!back || *back != l(i)) return i;
  }
  return -1;
}

// CuTe's construction can break its own quasi-inverse contract where modes overlap: inadmissible
// there, CuTe's answer named (vectors: cute_wrong).
Result<Layout> left_inverse(Layout const& l) {
  bool overlap = false;
  auto r = l.flat_shape().size() <= detail::fixed_modes ? left_inverse_of<FixedSorted>(l, overlap)
                                                        : left_inverse_of<GrownSorted>(l, overlap);
  if (!r || !overlap) return r;
  if (l.size() > max_checked)
    return fail(ErrorKind::invalid_input, "left inverse of ", to_string(l), ": its modes overlap and its ", l.size(),
                " elements are more than catlayout tabulates (", max_checked, ") to check CuTe's answer");
  if (Int i = quasi_inverse_breaks(l, *r); i >= 0) {
    auto e = fail(ErrorKind::inadmissible, "left inverse: CuTe's ", to_string(*r), " of ", to_string(l),
                  " is not a quasi-inverse (its modes overlap): L(R(L(", i, "))) != L(", i, ") = ", l(i));
    e.error().cute_answers = true;
    return e;
  }
  return r;
}

// The first mode of coalesce(a o right_inverse(b)) (CuTe layout.hpp:1387, :1413): CuTe's N and R
// are read off it. Where a o right_inverse(b) is no layout, CuTe composes all the same (the error
// says so: cute_returns) and reads its own layout (detail::cute_composition); that answer is kept
// where it meets the definition (common_size_breaks), else the error stands with CuTe's N named.
struct CommonMode {
  Layout inv_b, mode0;
  std::optional<Error> refused;  // a o right_inverse(b) is no layout; mode0 is from CuTe's layout
};

static Result<CommonMode> common_mode(Layout const& a, Layout const& b) {
  CommonMode c{right_inverse(b), Layout(), std::nullopt};
  auto composed = composition(a, c.inv_b);
  if (!composed) {
    if (!composed.error().cute_returns()) return std::unexpected(composed.error());
    c.refused = composed.error();
    composed = detail::cute_composition(a, c.inv_b);
    if (!composed) return std::unexpected(*c.refused);
  }
  c.mode0 = coalesce(*composed).mode(0);
  return c;
}

static Int common_size(Layout const& mode0) { return mode0.stride() == IntTuple(1) ? mode0.size() : 1; }

// Def. (docs/definitions.md max_common_vector): a(inv(j)) == j for j < n (the @post), and n is
// maximal: n == size(inv), or a(inv(n)) != n (n = 1 where already a(inv(1)) != 1). The first j
// that breaks it, or -1; tabulated, so at most max_checked elements.
static Result<Int> common_size_breaks(Layout const& a, Layout const& inv, Int n) {
  if (n > max_checked)
    return fail(ErrorKind::invalid_input, "CuTe's common vector of ", n, " elements is more than catlayout tabulates (",
                max_checked, ") to check it");
  for (Int j = 1; j <= n && j < inv.size(); ++j) {
    CL_TRY(v, a.extended(inv(j)));
    if ((v == j) != (j < n)) return j;
  }
  return Int{-1};
}

static Result<Int> checked_common_size(Layout const& a, CommonMode const& c, Int n) {
  if (!c.refused) return n;
  CL_TRY(j, common_size_breaks(a, c.inv_b, n));
  if (j < 0) return n;
  Error e = *c.refused;
  e.message += str("; CuTe's common vector of this layout, ", n, " elements, is not the longest run with a(",
                   "right_inverse(b)(j)) == j: it ", j < n ? "breaks" : "continues", " at j = ", j);
  return std::unexpected(std::move(e));
}

Result<Layout> max_common_layout(Layout const& a, Layout const& b) {
  CL_TRY(c, common_mode(a, b));
  CL_CHECK(checked_common_size(a, c, common_size(c.mode0)));
  if (c.mode0.stride() == IntTuple(1)) return composition(c.inv_b, c.mode0);  // N:1
  return Layout();
}

Result<Int> max_common_vector(Layout const& a, Layout const& b) {
  CL_TRY(c, common_mode(a, b));
  return checked_common_size(a, c, common_size(c.mode0));
}

}  // namespace catlayout
