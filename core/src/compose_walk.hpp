#pragma once
// Core-internal: CuTe's composition walk for one integral mode n:r of B through coalesce(A),
// over any stride type D of A (integers, or the basis strides of coordinate layouts): one
// algorithm for composition.cpp and coord_layout.cpp. Not installed.
#include <optional>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/layout.hpp"

namespace catlayout::detail {

// Appends the modes of A o n:r to (rs, rd), A given by its coalesced flat shape and strides (any
// indexable containers). `used`: per mode of A, the largest coordinate B's modes reach there
// together (the no-carry check). `missed`: the first failed condition CuTe does not check; the walk
// goes on with CuTe's checks only, so a refusal can tell whether CuTe would have answered
// (Error::cute_answers). `a_text()` names coalesce(A) in messages, on the error path only;
// `times(k, d)` is k * d, checked. A has >= 1 mode, r != 0.
// A(-x) = -A(x) (docs/representation.md): a negative r with n > 1 gives -(A o n:|r|).
template <class AS, class AD, class Used, class Text, class Times, class RS, class RD>
Result<void> compose_walk(AS const& shape, AD const& stride, Int n, Int r, Used& used, std::optional<Error>& missed,
                          Text const& a_text, Times const& times, RS& rs, RD& rd, bool cute_checks_stride = true) {
  if (shape.size() == 1) {  // one (unbounded) mode s:d, so A(j r) = j r d for every integer j
    CL_TRY(d, times(r, stride[0]));
    rs.push_back(n);
    rd.push_back(std::move(d));
    return {};
  }
  if (r < 0 && n > 1) {
    if (r == INT64_MIN) return fail(ErrorKind::invalid_input, "overflow: B's stride ", r, " has no int64 negation");
    std::size_t first = rd.size();
    bool missed_before = missed.has_value();
    auto context = [&] {
      return str("B's stride ", r, " is negative: with A(-x) = -A(x), A o ", n, ":", r, " = -(A o ", n, ":", -r, "), and ");
    };
    // CuTe checks shape divisibility for either sign, stride divisibility for positive strides only.
    auto pos = compose_walk(shape, stride, n, -r, used, missed, a_text, times, rs, rd, false);
    if (!pos) return in_context(pos.error(), context());
    if (!missed_before && missed) missed->message.insert(0, context());
    for (std::size_t k = first; k < rd.size(); ++k) {
      CL_TRY(d, times(-1, rd[k]));
      rd[k] = std::move(d);
    }
    return {};
  }
  std::size_t first = rs.size();
  Int rest_shape = n, rest_stride = r;
  for (std::size_t i = 0; i + 1 < shape.size(); ++i) {
    Int cs = shape[i];
    Int ar = rest_stride < 0 ? -rest_stride : rest_stride;
    // CuTe's stride divisibility condition.
    if (!(rest_stride < cs || (rest_stride > 0 ? mod_nonneg(rest_stride, cs) : rest_stride % cs) == 0)) {
      auto e = fail(ErrorKind::inadmissible, "stride divisibility: the stride ", rest_stride, " left of B's stride ", r,
                    " is neither a multiple of nor less than the shape ", cs, " of mode ", i, " of ", a_text());
      if (cute_checks_stride) return e;
      if (!missed) missed = e.error();
    }
    // A unit stride (B's stride 1, or what is left of it past a mode) takes modes of A whole:
    // the common case of a tile, without its divisions.
    Int next_shape = ar == 1 ? cs : ceil_div(cs, ar);
    Int next_stride = ar == 1 ? rest_stride : ceil_div(ar, cs) * signum(rest_stride);
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      continue;
    }
    Int new_shape = std::min(next_shape, rest_shape);
    // CuTe's shape divisibility condition.
    if (mod_nonneg(rest_shape, new_shape) != 0)
      return fail(ErrorKind::inadmissible, "shape divisibility: ", new_shape, " elements fit in mode ", i, " of ",
                  a_text(), " but do not divide the remaining shape ", rest_shape, " of B's mode ", n, ":", r);
    // Stepping past this mode needs the stride to divide the mode's shape, else the walk
    // skews (CuTe misses this check: (4,6):(2,3) o 6:3).
    if (new_shape < rest_shape && ar != 1 && mod_nonneg(cs, ar) != 0 && !missed)
      missed = Error{ErrorKind::inadmissible, str("stride divisibility: B's stride ", ar, " does not divide the shape ",
                                                     cs, " of mode ", i, " of ", a_text(), ", yet B's mode ", n, ":", r,
                                                     " runs past it")};
    CL_TRY(d, times(rest_stride, stride[i]));
    rs.push_back(new_shape);
    rd.push_back(std::move(d));
    used[i] += (new_shape - 1) * ar;  // < cs each: the sum over B's rank stays small
    rest_shape = div_nonneg(rest_shape, new_shape);  // exact (checked above): the mode's size stays n
    rest_stride = next_stride;
  }
  CL_TRY(last, times(rest_stride, stride.back()));
  if (rs.size() == first || rest_shape != 1) {
    rs.push_back(rest_shape);
    rd.push_back(std::move(last));
  }
  return {};
}

}  // namespace catlayout::detail
