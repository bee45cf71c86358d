#pragma once
// CuTe's maps between coordinates and indices (include/cute/stride.hpp: crd2idx, idx2crd,
// crd2crd), hierarchical as CuTe's: an integer against a tuple shape is split colexicographically,
// a tuple against a tuple is taken mode by mode (equal ranks at every tuple level). Entries of
// coordinates and indices are not negative here (CuTe divides them with C++'s truncation).
#include "catlayout/core/checked.hpp"
#include "catlayout/core/compact.hpp"
#include "catlayout/core/int_tuple.hpp"

namespace catlayout {

namespace detail {

inline Result<void> crd_nonnegative(IntTuple const& t, std::string_view op, std::string_view what) {
  for (Int v : t.values())
    if (v < 0) return fail(ErrorKind::invalid_input, op, ": the ", what, " ", to_string(t), " has a negative entry");
  return {};
}

inline Result<void> crd_same_rank(IntTuple const& a, IntTuple const& b, std::string_view op) {
  if (a.rank() != b.rank())
    return fail(ErrorKind::invalid_input, op, ": mismatched ranks ", to_string(a), " and ", to_string(b));
  return {};
}

inline std::unexpected<Error> crd_tuple_vs_integer(IntTuple const& c, IntTuple const& s, std::string_view op) {
  return fail(ErrorKind::invalid_input, op, ": the tuple ", to_string(c), " against the integer ", to_string(s),
              " (CuTe: Invalid parameters)");
}

// cute/stride.hpp:60 crd2idx: c*d for integers; per mode for tuples; an integer against a tuple
// divmod by each mode's size, the last mode taking the rest. pre: coord >= 0 entrywise.
inline Result<Int> crd2idx_walk(IntTuple const& c, IntTuple const& s, IntTuple const& d) {
  if (s.is_leaf() != d.is_leaf() || s.rank() != d.rank())
    return fail(ErrorKind::invalid_input, "crd2idx: the stride ", to_string(d), " is not congruent to the shape ", to_string(s));
  if (s.is_leaf()) {
    if (!c.is_leaf()) return crd_tuple_vs_integer(c, s, "crd2idx");
    return checked_mul(c.value(), d.value(), "crd2idx");
  }
  Int sum = 0;
  if (!c.is_leaf()) {
    CL_CHECK(crd_same_rank(c, s, "crd2idx"));
    for (std::size_t i = 0; i < s.rank(); ++i) {
      CL_TRY(t, crd2idx_walk(c.mode(i), s.mode(i), d.mode(i)));
      CL_TRY(u, checked_add(sum, t, "crd2idx"));
      sum = u;
    }
    return sum;
  }
  Int rest = c.value();
  for (std::size_t i = 0; i < s.rank(); ++i) {
    Int here = rest;
    if (i + 1 < s.rank()) {
      CL_TRY(n, product(s.mode(i)));
      here = rest % n;
      rest /= n;
    }
    CL_TRY(t, crd2idx_walk(IntTuple(here), s.mode(i), d.mode(i)));
    CL_TRY(u, checked_add(sum, t, "crd2idx"));
    sum = u;
  }
  return sum;
}

// cute/stride.hpp:185 idx2crd: (i / d) % s for integers (0 for a shape 1); per mode for a tuple
// index; the same index into every mode of a tuple shape, an integer stride there starting CuTe's
// compact_col_major. pre: idx >= 0 entrywise.
inline Result<IntTuple> idx2crd_walk(IntTuple const& i, IntTuple const& s, IntTuple const& d) {
  if (s.is_leaf()) {
    if (!i.is_leaf()) return crd_tuple_vs_integer(i, s, "idx2crd");
    if (!d.is_leaf())
      return fail(ErrorKind::invalid_input, "idx2crd: the stride ", to_string(d), " is not congruent to the shape ", to_string(s));
    if (s.value() == 1) return IntTuple(Int{0});
    if (d.value() <= 0)
      return fail(ErrorKind::invalid_input, "idx2crd: divides the index by the stride ", d.value(),
                  " of the shape ", s.value(), " (a positive stride is needed)");
    return IntTuple((i.value() / d.value()) % s.value());
  }
  IntTuple strides = d;
  if (d.is_leaf()) {
    if (!i.is_leaf()) return fail(ErrorKind::invalid_input, "idx2crd: the tuple index ", to_string(i), " against the integer stride ", to_string(d));
    CL_TRY(cs, compact_major(s, Major::left, d.value()));
    strides = std::move(cs);
  } else if (d.rank() != s.rank()) {
    return fail(ErrorKind::invalid_input, "idx2crd: mismatched ranks of the shape ", to_string(s), " and the stride ", to_string(d));
  }
  if (!i.is_leaf()) CL_CHECK(crd_same_rank(i, s, "idx2crd"));
  std::vector<IntTuple> modes;
  for (std::size_t k = 0; k < s.rank(); ++k) {
    CL_TRY(m, idx2crd_walk(i.is_leaf() ? i : i.mode(k), s.mode(k), strides.mode(k)));
    modes.push_back(std::move(m));
  }
  return IntTuple(modes);
}

// cute/stride.hpp:228 idx2crd(i, s): the colexicographic split, the last mode of every level
// taking the rest (CuTe's crd2idx against basis strides).
inline Result<IntTuple> idx2crd_colex(IntTuple const& i, IntTuple const& s) {
  if (s.is_leaf()) {
    if (!i.is_leaf()) return crd_tuple_vs_integer(i, s, "idx2crd");
    return i;
  }
  std::vector<IntTuple> modes;
  if (!i.is_leaf()) {
    CL_CHECK(crd_same_rank(i, s, "idx2crd"));
    for (std::size_t k = 0; k < s.rank(); ++k) {
      CL_TRY(m, idx2crd_colex(i.mode(k), s.mode(k)));
      modes.push_back(std::move(m));
    }
    return IntTuple(modes);
  }
  Int rest = i.value();
  for (std::size_t k = 0; k < s.rank(); ++k) {
    Int here = rest;
    if (k + 1 < s.rank()) {
      CL_TRY(n, product(s.mode(k)));
      here = rest % n;
      rest /= n;
    }
    CL_TRY(m, idx2crd_colex(IntTuple(here), s.mode(k)));
    modes.push_back(std::move(m));
  }
  return IntTuple(modes);
}

// The colexicographic strides of a shape, size-1 entries included: (1, s0, s0*s1, ...) in the
// shape's nesting (CuTe's Horner sum in crd2idx(c, s) weighs every entry so).
inline Result<IntTuple> prefix_products(IntTuple const& shape) {
  std::vector<Int> d;
  Int p = 1;
  for (Int s : shape.values()) {
    d.push_back(p);
    CL_TRY(q, checked_mul(p, s, "crd2idx"));
    p = q;
  }
  return IntTuple::with_profile(shape, d);
}

}  // namespace detail

// cute/stride.hpp:102 crd2idx(coord, shape, stride). pre (else invalid_input): stride congruent to
// shape; a tuple coordinate has the rank of the shape at its level; entries of coord not negative.
inline Result<Int> crd2idx(IntTuple const& coord, IntTuple const& shape, IntTuple const& stride) {
  CL_CHECK(detail::crd_nonnegative(coord, "crd2idx", "coordinate"));
  return detail::crd2idx_walk(coord, shape, stride);
}

// cute/stride.hpp:152 crd2idx(coord, shape): the colexicographic index, Horner's sum over the
// flat coordinate; the same as the strides (1, s0, s0*s1, ...) (an integer is its own index).
inline Result<Int> crd2idx(IntTuple const& coord, IntTuple const& shape) {
  if (coord.is_leaf()) {
    CL_CHECK(detail::crd_nonnegative(coord, "crd2idx", "coordinate"));
    return coord.value();
  }
  CL_TRY(d, detail::prefix_products(shape));
  return crd2idx(coord, shape, d);
}

// cute/stride.hpp:185 idx2crd(idx, shape, stride): each leaf (idx / d) % s; an integer stride
// against a tuple shape starts compact_col_major there.
inline Result<IntTuple> idx2crd(IntTuple const& idx, IntTuple const& shape, IntTuple const& stride) {
  CL_CHECK(detail::crd_nonnegative(idx, "idx2crd", "index"));
  return detail::idx2crd_walk(idx, shape, stride);
}

// cute/stride.hpp:228 idx2crd(idx, shape): colexicographic, the last mode unbounded
// (idx2crd(16, (3,(2,3))) = (1,(1,2))).
inline Result<IntTuple> idx2crd(IntTuple const& idx, IntTuple const& shape) {
  CL_CHECK(detail::crd_nonnegative(idx, "idx2crd", "index"));
  return detail::idx2crd_colex(idx, shape);
}

// cute/stride.hpp:256 crd2crd(coord, src, dst): mode by mode where all three are tuples, else
// idx2crd(crd2idx(coord, src), dst).
inline Result<IntTuple> crd2crd(IntTuple const& coord, IntTuple const& src, IntTuple const& dst) {
  if (!coord.is_leaf() && !src.is_leaf() && !dst.is_leaf()) {
    CL_CHECK(detail::crd_same_rank(coord, src, "crd2crd"));
    CL_CHECK(detail::crd_same_rank(coord, dst, "crd2crd"));
    std::vector<IntTuple> modes;
    for (std::size_t k = 0; k < coord.rank(); ++k) {
      CL_TRY(m, crd2crd(coord.mode(k), src.mode(k), dst.mode(k)));
      modes.push_back(std::move(m));
    }
    return IntTuple(modes);
  }
  CL_TRY(i, crd2idx(coord, src));
  return idx2crd(IntTuple(i), dst);
}

}  // namespace catlayout
