#include "catlayout/core/compact.hpp"

#include <algorithm>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout {

std::string_view major_name(Major m) { return m == Major::left ? "LayoutLeft" : "LayoutRight"; }

Result<Order> parse_order(std::string_view text) {
  if (text == "LayoutLeft" || text == "GenColMajor") return Order(Major::left);
  if (text == "LayoutRight" || text == "GenRowMajor") return Order(Major::right);
  if (text.starts_with("Step<") && text.ends_with(">"))  // CuTe's Step<_1,_0>: the same tuple
    return parse_order(std::string("(") + std::string(text.substr(5, text.size() - 6)) + ")");
  CL_TRY(t, parse_int_tuple(text));
  return Order(std::move(t));
}

Result<IntTuple> compact_major(IntTuple const& shape, Major m, Int current) {
  auto s = shape.values();
  Ints d(s.size(), 0);
  // Left walks the flat entries first to last, right last to first: CuTe's fold and reverse fold
  // at every level visit the leaves in exactly these orders.
  for (std::size_t k = 0; k < s.size(); ++k) {
    std::size_t i = m == Major::left ? k : s.size() - 1 - k;
    if (s[i] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", s[i], " of ", to_string(shape), " is not positive");
    d[i] = s[i] == 1 ? 0 : current;  // CuTe: a static 1 gets stride 0
    CL_TRY(next, checked_mul(current, s[i], "compact stride"));
    current = next;
  }
  return IntTuple::with_profile(shape, d);
}

Result<IntTuple> compact_major(IntTuple const& shape, Major m, IntTuple const& current) {
  if (current.is_leaf()) return compact_major(shape, m, current.value());
  if (shape.is_leaf())
    return fail(ErrorKind::invalid_input, "compact_major: the tuple start ", to_string(current), " against the integer shape ",
                to_string(shape), " (CuTe: Invalid parameters)");
  if (shape.rank() != current.rank())
    return fail(ErrorKind::invalid_input, "compact_major: mismatched ranks of the shape ", to_string(shape), " and the start ",
                to_string(current));
  std::vector<IntTuple> modes;
  for (std::size_t i = 0; i < shape.rank(); ++i) {
    CL_TRY(d, compact_major(shape.mode(i), m, current.mode(i)));
    modes.push_back(std::move(d));
  }
  return IntTuple(modes);
}

namespace {

// The sub-shapes the order's leaves cover, with their order entries (CuTe product_like(shape, order)).
struct OrderedPart {
  IntTuple shape;
  Int order;
  Int size;
};

Result<void> collect_parts(IntTuple const& shape, IntTuple const& order, std::vector<OrderedPart>& parts) {
  if (order.is_leaf()) {
    CL_TRY(n, product(shape));
    parts.push_back({shape, order.value(), n});
    return {};
  }
  if (shape.is_leaf() || shape.rank() != order.rank())
    return fail(ErrorKind::invalid_input, "order ", to_string(order), " (rank ", order.rank(), ") does not match shape ",
                to_string(shape), shape.is_leaf() ? " (an integer)" : str(" (rank ", shape.rank(), ")"),
                ": an order is congruent to a coarsening of the shape");
  for (std::size_t i = 0; i < order.rank(); ++i) CL_CHECK(collect_parts(shape.mode(i), order.mode(i), parts));
  return {};
}

// The strides for one order leaf's sub-shape, in the shape's nesting, leaf `next` onwards.
IntTuple place(IntTuple const& shape, IntTuple const& order, std::vector<IntTuple> const& strides, std::size_t& next) {
  if (order.is_leaf()) return strides[next++];
  IntTuple out;
  for (std::size_t i = 0; i < order.rank(); ++i) out.push_back(place(shape.mode(i), order.mode(i), strides, next));
  return out;
}

// Two parts of more than one element with the same order entry start at the same stride: CuTe's
// layout is then not compact (make_ordered_layout((2,2),(0,0)) = (2,2):(1,1)), not what it promises.
Result<void> distinct(std::vector<OrderedPart> const& parts, ErrorKind kind, std::string const& what) {
  for (std::size_t a = 0; a < parts.size(); ++a)
    for (std::size_t b = a + 1; b < parts.size(); ++b)
      if (parts[a].size > 1 && parts[b].size > 1 && parts[a].order == parts[b].order)
        return cute_misses(fail(kind, what, ": the parts ", to_string(parts[a].shape), " and ", to_string(parts[b].shape),
                                " have the same order ", parts[a].order,
                                ", so CuTe starts both at one stride and the layout is not compact"));
  return {};
}

}  // namespace

Result<IntTuple> compact_order(IntTuple const& shape, Order const& order) {
  if (auto const* m = std::get_if<Major>(&order)) return compact_major(shape, *m);
  auto const& o = std::get<IntTuple>(order);
  std::vector<OrderedPart> parts;
  CL_CHECK(collect_parts(shape, o, parts));
  std::vector<IntTuple> strides;
  for (auto const& p : parts) {
    Int start = 1;  // the sizes of the parts ordered before this one
    for (auto const& q : parts)
      if (q.order < p.order) {
        CL_TRY(s, checked_mul(start, q.size, "compact stride"));
        start = s;
      }
    CL_TRY(d, compact_major(p.shape, Major::left, start));
    strides.push_back(std::move(d));
  }
  std::size_t next = 0;
  return place(shape, o, strides, next);
}

Result<Layout> make_layout(IntTuple const& shape, Major m) {
  CL_TRY(d, compact_major(shape, m));
  return Layout::make(shape, std::move(d));
}

Result<Layout> make_ordered_layout(IntTuple const& shape, Order const& order) {
  if (auto const* o = std::get_if<IntTuple>(&order)) {
    std::vector<OrderedPart> parts;
    CL_CHECK(collect_parts(shape, *o, parts));
    CL_CHECK(distinct(parts, ErrorKind::invalid_input,
                      str("make_ordered_layout(", to_string(shape), ", ", to_string(*o), ")")));
  }
  CL_TRY(d, compact_order(shape, order));
  return Layout::make(shape, std::move(d));
}

Result<Layout> make_layout_like(Layout const& l) {
  // CuTe filter_zeros(stride, shape): a stride-0 entry's shape counts as 1 (so it gets stride 0
  // and adds nothing to the others' starts); the strides themselves are the order.
  Ints s(l.flat_shape().begin(), l.flat_shape().end());
  auto d = l.flat_stride();
  for (std::size_t i = 0; i < s.size(); ++i)
    if (d[i] == 0) s[i] = 1;
  IntTuple counted = IntTuple::with_profile(l.shape(), s);
  std::vector<OrderedPart> parts;
  CL_CHECK(collect_parts(counted, l.stride(), parts));
  CL_CHECK(distinct(parts, ErrorKind::inadmissible, "make_layout_like(" + to_string(l) + ")"));
  CL_TRY(strides, compact_order(counted, Order(l.stride())));
  return Layout::make(l.shape(), std::move(strides));
}

}  // namespace catlayout
