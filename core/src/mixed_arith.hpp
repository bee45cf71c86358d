#pragma once
// CuTe's integer arithmetic over static and run-time integers (cute/numeric/integral_constant.hpp),
// shared by the ports of CuTe's algorithms in mixed_algebra.cpp and mixed_coord.cpp: an internal
// header of core's sources.
#include <algorithm>
#include <string>
#include <vector>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/compact.hpp"
#include "catlayout/core/mixed.hpp"

namespace catlayout::mixed_detail {

// The run-time path's arithmetic reports overflow and division by zero by this exception, caught
// at each public function (`guarded`) and returned as an Error: the ported recursions stay as
// CuTe writes them, one expression per step, instead of a Result check after each operation.
struct Refused {
  Error error;
};

[[noreturn]] inline void refuse(ErrorKind kind, std::string message) { throw Refused{Error{kind, std::move(message)}}; }

template <class F>
inline auto guarded(F f) -> decltype(f()) {
  try {
    return f();
  } catch (Refused const& r) {
    return std::unexpected(r.error);
  }
}

using MI = MixedInt;
inline MI st(Int v) { return {v, true}; }  // a static integer, CuTe's Int<v>
inline bool is_constant(MI x, Int v) { return x.is_static && x.value == v; }

// cute/numeric/integral_constant.hpp: an operation of two static integers is static, one with a
// run-time integer is run-time, except a static 0 times (or divided by, or modulo) anything is the
// static 0 and anything modulo a static +-1 is the static 0.
inline MI mul(MI a, MI b) {
  if (is_constant(a, 0) || is_constant(b, 0)) return st(0);
  auto v = checked_mul(a.value, b.value);
  if (!v) refuse(ErrorKind::invalid_input, v.error().message);
  return {*v, a.is_static && b.is_static};
}
inline MI add(MI a, MI b) {
  auto v = checked_add(a.value, b.value);
  if (!v) refuse(ErrorKind::invalid_input, v.error().message);
  return {*v, a.is_static && b.is_static};
}
inline MI sub(MI a, MI b) {
  auto v = checked_add(a.value, -b.value);
  if (!v) refuse(ErrorKind::invalid_input, v.error().message);
  return {*v, a.is_static && b.is_static};
}
// C++'s truncating division, as CuTe's operator/ on integers.
inline MI div(MI a, MI b, char const* what) {
  if (is_constant(a, 0)) return st(0);
  if (b.value == 0) refuse(ErrorKind::inadmissible, std::string(what) + ": CuTe divides by zero here");
  return {a.value / b.value, a.is_static && b.is_static};
}
inline MI mod(MI a, MI b) {
  if (is_constant(a, 0) || is_constant(b, 1) || is_constant(b, -1)) return st(0);
  if (b.value == 0) refuse(ErrorKind::inadmissible, "CuTe takes a remainder modulo zero here");
  return {a.value % b.value, a.is_static && b.is_static};
}
inline MI min(MI a, MI b) { return {std::min(a.value, b.value), a.is_static && b.is_static}; }
inline MI abs(MI a) { return {a.value < 0 ? -a.value : a.value, a.is_static}; }
inline MI signum(MI a) { return {(a.value > 0) - (a.value < 0), a.is_static}; }
// cute/int_tuple.hpp ceil_div of integers: (a + b - _1) / b.
inline MI ceil_div(MI a, MI b) { return div(sub(add(a, b), st(1)), b, "ceil_div"); }
// `is_constant<true, decltype(a == b)>`: the comparison is static and holds.
inline bool statically_equal(MI a, MI b) { return a.is_static && b.is_static && a.value == b.value; }

using MT = MixedTuple;
inline MT tup(std::vector<MT> modes) { return MT::tuple(std::move(modes)); }

// cute/int_tuple.hpp product: _1 times each entry.
inline MI product(MT const& t) {
  MI p = st(1);
  for (auto v : flatten(t)) p = mul(p, v);
  return p;
}

// cute/stride.hpp detail::compact: a static 1 gets the static stride 0, every other extent the
// running stride, which it multiplies; LayoutLeft walks modes left to right, LayoutRight right to left.
inline MT compact_strides(MT const& shape, MI& current, Major major) {
  if (shape.is_leaf) {
    if (is_constant(shape.leaf, 1)) return st(0);
    MI d = current;
    current = mul(current, shape.leaf);
    return d;
  }
  std::vector<MT> modes(shape.modes.size());
  for (std::size_t k = 0; k < shape.modes.size(); ++k) {
    std::size_t i = major == Major::left ? k : shape.modes.size() - 1 - k;
    modes[i] = compact_strides(shape.modes[i], current, major);
  }
  return tup(std::move(modes));
}

}  // namespace catlayout::mixed_detail
