#include "catlayout/core/recast.hpp"

#include <bit>
#include <numeric>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {
namespace {

Result<void> positive(Int n, char const* what) {
  if (n < 1) return fail(ErrorKind::invalid_input, what, "<", n, ">: N must be at least 1");
  return {};
}

Int floor_div(Int a, Int b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// How many old coordinates of a mode of stride d make one new coordinate under upcast<N>.
Int group(Int d, Int n) {
  Int ad = d < 0 ? -d : d;
  return (d != 0 && ad < n) ? n / ad : 1;
}

// CuTe upcast<N>(shape, stride) per leaf, with its static_assert.
Result<Layout> upcast_formula(Layout const& l, Int n) {
  auto s = l.flat_shape(), d = l.flat_stride();
  Ints ns(s.begin(), s.end()), nd(d.begin(), d.end());
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (d[k] == 0) continue;  // CuTe: a static-0 stride is kept, shape and all
    CL_TRY(ad, checked_abs(d[k]));
    if (ad % n != 0 && n % ad != 0)
      return fail(ErrorKind::inadmissible, "upcast<", n, ">: the stride ", d[k], " of mode ", s[k], ":", d[k], " of ",
                  to_string(l), " and ", n, " do not divide one another (CuTe's divisibility condition)");
    ns[k] = ceil_div(s[k], ceil_div(n, ad));
    nd[k] = signum(d[k]) * ceil_div(ad, n);
  }
  return Layout::make(IntTuple::with_profile(l.shape(), ns), IntTuple::with_profile(l.stride(), nd));
}

// Sufficient for the upcast post-condition without a table: every contribution but one is a
// multiple of N, and that one (a positive stride below N, which divides N) floors mode by mode.
bool upcast_clearly_right(Layout const& l, Int n) {
  int small = 0;
  auto s = l.flat_shape(), d = l.flat_stride();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k] == 1 || d[k] == 0) continue;
    Int ad = d[k] < 0 ? -d[k] : d[k];
    if (ad >= n) continue;
    if (d[k] < 0 || ++small > 1) return false;
  }
  return true;
}

// The upcast post-condition, tabulated: old element c (at old(c)) lies in new element
// floor(old(c) / N), which must be the new layout's value at c's new coordinate. `old_at(i)` and
// `new_at(j)` evaluate the two sides (a layout, or a composed layout).
template <class Old, class New>
Result<void> check_upcast(Layout const& inner, Layout const& new_inner, Int n, Old old_at, New new_at,
                          std::string const& what) {
  if (inner.size() > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, what, ": size ", inner.size(), " is too large to check against the element-size",
                " meaning (limit ", limits::max_tabulate, ")");
  auto s = inner.flat_shape(), d = inner.flat_stride(), ns = new_inner.flat_shape();
  Ints crd(s.size(), 0);
  for (Int i = 0; i < inner.size(); ++i) {
    Int j = 0, scale = 1;
    for (std::size_t k = 0; k < s.size(); ++k) {
      j += crd[k] / group(d[k], n) * scale;
      scale *= ns[k];
    }
    CL_TRY(x, old_at(i));
    CL_TRY(y, new_at(j));
    if (floor_div(x, n) != y)
      return cute_misses(fail(ErrorKind::inadmissible, what, " is not the same memory in elements ", n,
                              " times larger: old element ", i, " lies at ", x, ", inside new element ", floor_div(x, n),
                              ", but CuTe's layout puts its group at ", y));
    for (std::size_t k = 0; k < s.size() && ++crd[k] == s[k]; ++k) crd[k] = 0;  // colexicographic odometer
  }
  return {};
}

// The downcast post-condition holds exactly when one flat mode has stride +-1 and it is +1.
Result<void> check_downcast(Layout const& l, Int n, std::string const& what) {
  if (n == 1) return {};
  auto s = l.flat_shape(), d = l.flat_stride();
  int units = 0;
  Int minus = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    units += d[k] == 1 || d[k] == -1;
    if (d[k] == -1) minus = s[k];
  }
  if (units > 1)
    return cute_misses(fail(ErrorKind::inadmissible, what, ": ", to_string(l), " has ", units,
                            " modes of stride +-1 and CuTe multiplies each by ", n,
                            ", so the result has ", n, "^", units, " times the elements, not ", n));
  if (minus != 0)
    return cute_misses(fail(ErrorKind::inadmissible, what, ": the mode ", minus, ":-1 of ", to_string(l),
                            " runs backwards, but its sub-elements run forwards: sub-element 1 of element 0 is at +1, ",
                            "while CuTe's mode ", minus * n, ":-1 puts index 1 at -1"));
  return {};
}

Result<int> log2_of(Int n, char const* what) {
  if (n < 1 || !std::has_single_bit(static_cast<std::uint64_t>(n)))
    return fail(ErrorKind::invalid_input, what, "<", n, "> of a swizzle: N must be a power of two");
  return std::countr_zero(static_cast<std::uint64_t>(n));
}

}  // namespace

Result<Layout> upcast(Layout const& l, Int n, Convention conv) {
  CL_CHECK(positive(n, "upcast"));
  CL_TRY(r, upcast_formula(l, n));
  if (conv == Convention::categorical && !upcast_clearly_right(l, n))
    CL_CHECK(check_upcast(
        l, r, n, [&](Int i) -> Result<Int> { return l(i); }, [&](Int j) -> Result<Int> { return r(j); },
        str("upcast<", n, ">(", to_string(l), ") = ", to_string(r))));
  return r;
}

Result<Layout> downcast(Layout const& l, Int n, Convention conv) {
  CL_CHECK(positive(n, "downcast"));
  auto s = l.flat_shape(), d = l.flat_stride();
  bool adjacent = false;
  for (Int x : d) adjacent |= x == 1;
  if (!adjacent)
    return fail(ErrorKind::inadmissible, "downcast<", n, ">(", to_string(l),
                "): no stride is 1, and CuTe's downcast requires adjacent elements");
  Ints ns(s.begin(), s.end()), nd(d.begin(), d.end());
  for (std::size_t k = 0; k < s.size(); ++k) {
    bool unit = d[k] == 1 || d[k] == -1;
    CL_TRY(v, checked_mul(unit ? s[k] : d[k], n, unit ? "shape" : "stride"));
    (unit ? ns[k] : nd[k]) = v;
  }
  CL_TRY(r, Layout::make(IntTuple::with_profile(l.shape(), ns), IntTuple::with_profile(l.stride(), nd)));
  if (conv == Convention::categorical) CL_CHECK(check_downcast(l, n, str("downcast<", n, ">(", to_string(l), ")")));
  return r;
}

Result<Swizzle> upcast(Swizzle const& s, Int n) {
  CL_TRY(k, log2_of(n, "upcast"));
  int m = s.base - k;
  if (m >= 0) return Swizzle::make(s.bits, m, s.shift);
  return Swizzle::make(std::max(s.bits + m, 0), 0, s.shift);  // the zzz bits below bit 0 are gone
}

Result<Swizzle> downcast(Swizzle const& s, Int n) {
  CL_TRY(k, log2_of(n, "downcast"));
  return Swizzle::make(s.bits, s.base + k, s.shift);
}

Result<ComposedLayout> upcast(ComposedLayout const& c, Int n, Convention conv) {
  CL_CHECK(positive(n, "upcast"));
  CL_TRY(sw, upcast(c.sw, n));
  if (c.offset % n != 0)
    return fail(ErrorKind::inadmissible, "upcast<", n, ">(", to_string(c), "): the offset ", c.offset,
                " is not a multiple of ", n);
  CL_TRY(l, upcast_formula(c.layout, n));
  ComposedLayout r{sw, c.offset / n, std::move(l)};
  bool clear = c.sw.base >= std::countr_zero(static_cast<std::uint64_t>(n)) && upcast_clearly_right(c.layout, n);
  if (conv == Convention::categorical && !clear)
    CL_CHECK(check_upcast(
        c.layout, r.layout, n, [&](Int i) { return evaluate(c, i); }, [&](Int j) { return evaluate(r, j); },
        str("upcast<", n, ">(", to_string(c), ") = ", to_string(r))));
  return r;
}

Result<ComposedLayout> downcast(ComposedLayout const& c, Int n, Convention conv) {
  CL_CHECK(positive(n, "downcast"));
  CL_TRY(sw, downcast(c.sw, n));
  CL_TRY(off, checked_mul(c.offset, n, "offset"));
  CL_TRY(l, downcast(c.layout, n, conv));  // the swizzle acts above bit log2 N: the inner check decides
  return ComposedLayout{sw, off, std::move(l)};
}

namespace {
template <class X>
Result<X> recast(X const& x, Int old_bits, Int new_bits, Convention conv) {
  if (old_bits < 1 || new_bits < 1)
    return fail(ErrorKind::invalid_input, "recast_layout: element sizes ", old_bits, " and ", new_bits,
                " bits must be positive");
  Int g = std::gcd(old_bits, new_bits), num = new_bits / g, den = old_bits / g;
  if (num == 1 && den == 1) return x;
  if (num == 1) return downcast(x, den, conv);
  if (den == 1) return upcast(x, num, conv);
  CL_TRY(up, upcast(x, num, conv));
  return downcast(up, den, conv);
}
}  // namespace

Result<Layout> recast_layout(Layout const& l, Int old_bits, Int new_bits, Convention conv) {
  return recast(l, old_bits, new_bits, conv);
}
Result<ComposedLayout> recast_layout(ComposedLayout const& c, Int old_bits, Int new_bits, Convention conv) {
  return recast(c, old_bits, new_bits, conv);
}

}  // namespace catlayout
