#pragma once
// Exact int64 arithmetic: an overflow is an error naming the operation, never a wrap.
#include "catlayout/core/error.hpp"

namespace catlayout {

inline Result<Int> checked_mul(Int a, Int b, std::string_view what = "product") {
  Int r;
  if (__builtin_mul_overflow(a, b, &r))
    return fail(ErrorKind::invalid_input, "overflow: ", what, " ", a, " * ", b, " exceeds the int64 range");
  return r;
}

inline Result<Int> checked_add(Int a, Int b, std::string_view what = "sum") {
  Int r;
  if (__builtin_add_overflow(a, b, &r))
    return fail(ErrorKind::invalid_input, "overflow: ", what, " ", a, " + ", b, " exceeds the int64 range");
  return r;
}

// |a| without the INT64_MIN trap.
inline Result<Int> checked_abs(Int a) {
  if (a == INT64_MIN) return fail(ErrorKind::invalid_input, "overflow: |", a, "| exceeds the int64 range");
  return a < 0 ? -a : a;
}

// a / b and a % b for a >= 0, b > 0. Layout arithmetic mostly fits 32 bits, and a 32-bit
// division costs a fraction of a 64-bit one on x86: composition is dominated by divisions.
inline Int div_nonneg(Int a, Int b) {
  if (((a | b) >> 32) == 0) return static_cast<Int>(static_cast<std::uint32_t>(a) / static_cast<std::uint32_t>(b));
  return a / b;
}
inline Int mod_nonneg(Int a, Int b) {
  if (((a | b) >> 32) == 0) return static_cast<Int>(static_cast<std::uint32_t>(a) % static_cast<std::uint32_t>(b));
  return a % b;
}
inline Int ceil_div(Int a, Int b) {  // a >= 0, b > 0; no a + b - 1 overflow
  if (((a | b) >> 32) == 0) {
    auto x = static_cast<std::uint32_t>(a), y = static_cast<std::uint32_t>(b);
    return static_cast<Int>(x / y + (x % y != 0));
  }
  return a / b + (a % b != 0);
}
inline Int signum(Int a) { return (a > 0) - (a < 0); }

}  // namespace catlayout
