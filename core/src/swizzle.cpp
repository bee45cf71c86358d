#include "catlayout/core/swizzle.hpp"

#include <algorithm>
#include <cstdlib>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {

Result<Swizzle> Swizzle::make(int b, int m, int s) {
  if (b < 0) return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: B = ", b, " is negative");
  if (m < 0) return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: M = ", m, " is negative");
  if (std::abs(s) < b)
    return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: |S| = ", std::abs(s),
                " is less than B = ", b, " (the yyy and zzz bit fields would overlap)");
  if (static_cast<long long>(m) + std::abs(static_cast<long long>(s)) + b > 62)
    return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: M + |S| + B = ",
                static_cast<long long>(m) + std::abs(static_cast<long long>(s)) + b, " exceeds 62 bits");
  return Swizzle{b, m, s};
}

Int Swizzle::yyy_mask() const { return ((Int{1} << bits) - 1) << (base + std::max(0, shift)); }
Int Swizzle::zzz_mask() const { return ((Int{1} << bits) - 1) << (base - std::min(0, shift)); }
int Swizzle::span_bits() const { return base + std::abs(shift) + bits; }

Int Swizzle::operator()(Int offset) const {
  auto y = static_cast<std::uint64_t>(offset & yyy_mask());  // non-negative, below 2^62
  auto moved = shift >= 0 ? y >> shift : y << -shift;         // CuTe shiftr: negative S shifts left
  return offset ^ static_cast<Int>(moved);
}

std::string to_string(Swizzle const& s) { return str("Sw<", s.bits, ",", s.base, ",", s.shift, ">"); }

bool is_plain(ComposedLayout const& c) { return c.sw.is_identity() && c.offset == 0; }

Result<Int> evaluate(ComposedLayout const& c, Int i) {
  CL_TRY(x, c.layout.at(i));
  CL_TRY(y, checked_add(c.offset, x, "offset"));
  return c.sw(y);
}

Result<Int> evaluate_extended(ComposedLayout const& c, Int i) {
  CL_TRY(x, c.layout.extended(i));
  CL_TRY(y, checked_add(c.offset, x, "offset"));
  return c.sw(y);
}

Result<ComposedLayout> composition(ComposedLayout const& a, Layout const& b) {
  CL_TRY(r, composition(a.layout, b));
  return ComposedLayout{a.sw, a.offset, std::move(r)};
}

Result<ComposedLayout> composition(ComposedLayout const& a, Tiler const& b) {
  CL_TRY(r, composition(a.layout, b));
  return ComposedLayout{a.sw, a.offset, std::move(r)};
}

std::string to_string(ComposedLayout const& c) {
  return to_string(c.sw) + " o " + std::to_string(c.offset) + " o " + to_string(c.layout);
}

}  // namespace catlayout
