#pragma once
// CuTe shape_div (include/cute/int_tuple.hpp:371-404): "dividing out" an integer from a shape,
// from the left (docs/definitions.md shape_div). Tuple / tuple: mode by mode, the ranks equal
// (CuTe's static_assert "Mismatched ranks"); tuple / integer: each mode divided by what is left of
// the integer, which is then divided by that mode; integer / tuple: by the tuple's product;
// integer / integer: ceil(a / b), where a divides b or b divides a (CuTe's static_assert
// "Divisibility Condition" on static integers).
#include "catlayout/core/checked.hpp"
#include "catlayout/core/int_tuple.hpp"

namespace catlayout {

namespace detail {

inline Result<Int> shape_div_int(Int a, Int b) {
  if (a <= 0 || b <= 0) return fail(ErrorKind::invalid_input, "shape_div: ", a, " / ", b, " needs positive extents");
  if (a % b != 0 && b % a != 0)
    return fail(ErrorKind::inadmissible, "shape_div: divisibility condition: neither of ", a, " and ", b, " divides the other");
  return a / b + (a % b != 0 ? 1 : 0);  // ceil(a / b) without a + b - 1 (no overflow)
}

}  // namespace detail

inline Result<IntTuple> shape_div(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf()) {
    CL_TRY(n, product(b));
    CL_TRY(q, detail::shape_div_int(a.value(), n));
    return IntTuple(q);
  }
  std::vector<IntTuple> modes;
  if (!b.is_leaf()) {
    if (a.rank() != b.rank())
      return fail(ErrorKind::invalid_input, "shape_div: mismatched ranks: ", to_string(a), " has rank ", a.rank(), ", ",
                  to_string(b), " has rank ", b.rank());
    for (std::size_t k = 0; k < a.rank(); ++k) {
      CL_TRY(m, shape_div(a.mode(k), b.mode(k)));
      modes.push_back(std::move(m));
    }
    return IntTuple(modes);
  }
  IntTuple rest = b;  // what is left of the integer after the modes before
  for (std::size_t k = 0; k < a.rank(); ++k) {
    IntTuple const mode = a.mode(k);
    CL_TRY(m, shape_div(mode, rest));
    CL_TRY(r, shape_div(rest, mode));
    modes.push_back(std::move(m));
    rest = std::move(r);
  }
  return IntTuple(modes);
}

}  // namespace catlayout
