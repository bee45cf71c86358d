#pragma once
// CuTe's rearrangements of a layout's top-level modes (include/cute/layout.hpp: select, take,
// group, append, prepend, replace; each the tuple algorithm of cute/algorithm/tuple_algorithms.hpp
// on shape and stride at once). CuTe's template integers are arguments here; where CuTe's
// static_assert or an out-of-range get<I> stops the compile, the answer is invalid_input. A layout
// with an integer shape has rank 1, its mode 0 itself (CuTe's get<0>(int)).
#include <optional>
#include <vector>

#include "catlayout/core/limits.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

namespace detail {

inline std::vector<Layout> top_modes(Layout const& l) {
  std::vector<Layout> m;
  for (std::size_t i = 0; i < l.rank(); ++i) m.push_back(l.mode(i));
  return m;
}

inline Result<void> mode_in_range(Layout const& l, Int i, std::string_view op) {
  if (i < 0 || static_cast<std::size_t>(i) >= l.rank())
    return fail(ErrorKind::invalid_input, op, ": mode ", i, " of ", to_string(l), " is out of range [0, ", l.rank(), ")");
  return {};
}

// The answer's flat entries stay within what an int tuple may hold (limits::max_flat_modes): a
// select with many repeats or an append to a large rank is refused before it is built. `copies`
// modes of `each` flat entries, besides `kept` entries.
inline Result<void> flat_entries_within(Int copies, std::size_t each, std::size_t kept, std::string_view op) {
  auto const cap = static_cast<Int>(limits::max_flat_modes);
  if (copies > cap || copies * static_cast<Int>(each) + static_cast<Int>(kept) > cap)
    return fail(ErrorKind::invalid_input, op, ": the answer would have ", copies, " modes of ", each,
                " flat entries (besides ", kept, "), more than ", cap);
  return {};
}

}  // namespace detail

// cute/layout.hpp:521 select<I...>(L): the tuple (L_I0, L_I1, ...), in the order given, repeats allowed.
inline Result<Layout> select(Layout const& l, std::span<Int const> modes) {
  std::vector<Layout> out;
  CL_CHECK(detail::flat_entries_within(static_cast<Int>(modes.size()), l.flat_shape().size(), 0, "select"));
  for (Int i : modes) {
    CL_CHECK(detail::mode_in_range(l, i, "select"));
    out.push_back(l.mode(static_cast<std::size_t>(i)));
  }
  return make_layout(out);
}

// cute/layout.hpp:509 take<B,E>(L): the tuple of modes [B, E); CuTe's static_asserts "take: empty
// range error" (B < E) and "take: range out of bounds" (0 <= B, E <= rank).
inline Result<Layout> take(Layout const& l, Int b, Int e) {
  if (!(b < e)) return fail(ErrorKind::invalid_input, "take: empty range [", b, ", ", e, ")");
  if (b < 0 || e > static_cast<Int>(l.rank()))
    return fail(ErrorKind::invalid_input, "take: range [", b, ", ", e, ") out of bounds of rank ", l.rank());
  auto m = detail::top_modes(l);
  return make_layout(std::span<Layout const>(m).subspan(static_cast<std::size_t>(b), static_cast<std::size_t>(e - b)));
}

// cute/layout.hpp:1014 group<B,E>(L) (tuple_algorithms.hpp:753): modes [B, E) become one mode, a
// tuple of them (none inserted where B == E); E == -1 is the rank. pre: 0 <= B <= E <= rank.
inline Result<Layout> group_modes(Layout const& l, Int b, Int e) {
  Int r = static_cast<Int>(l.rank());
  if (e == -1) e = r;
  if (b < 0 || b > e || e > r)
    return fail(ErrorKind::invalid_input, "group_modes: range [", b, ", ", e, ") is not within the rank ", r);
  auto m = detail::top_modes(l);
  std::vector<Layout> out(m.begin(), m.begin() + b);
  if (b < e) {
    CL_TRY(g, make_layout(std::span<Layout const>(m).subspan(static_cast<std::size_t>(b), static_cast<std::size_t>(e - b))));
    out.push_back(std::move(g));
  }
  out.insert(out.end(), m.begin() + e, m.end());
  return make_layout(out);
}

// cute/layout.hpp:974 append(L, X): (L_0, ..., L_{r-1}, X) (an integer-shape L: (L, X)); with
// N (cute/layout.hpp:964, append<N>): X repeated until rank N; L itself where its rank is N
// (CuTe's static_assert N > rank otherwise).
inline Result<Layout> append(Layout const& l, Layout const& x, std::optional<Int> n = std::nullopt) {
  Int r = static_cast<Int>(l.rank());
  if (n && *n == r) return l;
  if (n && *n < r) return fail(ErrorKind::invalid_input, "append: rank ", *n, " is below the rank ", r, " of ", to_string(l));
  CL_CHECK(detail::flat_entries_within((n ? *n : r + 1) - r, x.flat_shape().size(), l.flat_shape().size(), "append"));
  auto m = detail::top_modes(l);
  for (Int k = r; k < (n ? *n : r + 1); ++k) m.push_back(x);
  return make_layout(m);
}

// cute/layout.hpp:994 prepend(L, X) and :984 prepend<N>: the same at the front.
inline Result<Layout> prepend(Layout const& l, Layout const& x, std::optional<Int> n = std::nullopt) {
  Int r = static_cast<Int>(l.rank());
  if (n && *n == r) return l;
  if (n && *n < r) return fail(ErrorKind::invalid_input, "prepend: rank ", *n, " is below the rank ", r, " of ", to_string(l));
  CL_CHECK(detail::flat_entries_within((n ? *n : r + 1) - r, x.flat_shape().size(), l.flat_shape().size(), "prepend"));
  std::vector<Layout> out(static_cast<std::size_t>((n ? *n : r + 1) - r), x);
  auto m = detail::top_modes(l);
  out.insert(out.end(), m.begin(), m.end());
  return make_layout(out);
}

// cute/layout.hpp:1004 replace<N>(L, X): mode N replaced by X; an integer-shape L with N == 0 is X.
inline Result<Layout> replace(Layout const& l, Int n, Layout const& x) {
  CL_CHECK(detail::mode_in_range(l, n, "replace"));
  if (l.shape().is_leaf()) return x;
  auto m = detail::top_modes(l);
  m[static_cast<std::size_t>(n)] = x;
  return make_layout(m);
}

}  // namespace catlayout
