#include "catlayout/core/swizzle_layout.hpp"

#include <bit>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/inverse.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/product.hpp"

namespace catlayout {

Result<Swizzle> make_swizzle(Int y, Int z) {
  auto why = [&](auto const&... what) {
    return fail(ErrorKind::inadmissible, "make_swizzle<", y, ",", z, ">: ", what...);
  };
  if (y < 0 || z < 0 || y > Int{UINT32_MAX} || z > Int{UINT32_MAX})
    return why("CuTe's masks are 32-bit unsigned integers");
  auto uy = static_cast<std::uint32_t>(y), uz = static_cast<std::uint32_t>(z);
  int by = std::popcount(uy), bz = std::popcount(uz);
  if (by != bz) return why("Y has ", by, " bits and Z has ", bz, " (CuTe: \"Number of bits in Y and Z don't match\")");
  int ty = std::countr_zero(uy), tz = std::countr_zero(uz);  // 32 for 0, as CuTe's countr_zero
  auto sw = Swizzle::make(by, std::min(ty, tz) % 32, ty - tz);
  if (!sw) return why(sw.error().message);
  if ((y | z) != (sw->yyy_mask() | sw->zzz_mask()))
    return why("Y | Z = ", y | z, " is not the masks of ", to_string(*sw), " (", sw->yyy_mask() | sw->zzz_mask(),
               "): each must be a run of contiguous bits");
  return *sw;
}

namespace {

Result<void> small_enough(Int size, std::string const& what) {
  if (size > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, what, ": size ", size, " is too large to check by tabulation (limit ",
                limits::max_tabulate, ")");
  return {};
}

// CuTe's swizzle for A o sw: make_swizzle<A(yyy_mask), A(zzz_mask)> (A extended past its size).
Result<Swizzle> swizzle_after(Layout const& a, Swizzle const& b) {
  CL_TRY(y, a.extended(b.yyy_mask()));
  CL_TRY(z, a.extended(b.zzz_mask()));
  return make_swizzle(y, z);
}

// R(i) == want(i) for i in [0, n), else CuTe's answer R is not the operation's function.
template <class Got, class Want>
Result<void> agrees(Int n, Got got, Want want, std::string const& what, std::string const& definition) {
  CL_CHECK(small_enough(n, what));
  for (Int i = 0; i < n; ++i) {
    CL_TRY(g, got(i));
    CL_TRY(w, want(i));
    if (g != w)
      return cute_misses(fail(ErrorKind::inadmissible, what, " is not ", definition, ": at i = ", i, " CuTe's layout gives ",
                              g, ", but the definition gives ", w));
  }
  return {};
}

// Layout o ComposedLayout as CuTe computes it, unchecked.
Result<ComposedLayout> compose_raw(Layout const& a, ComposedLayout const& b) {
  if (b.offset != 0)
    return fail(ErrorKind::invalid_input, "composition(", to_string(a), ", ", to_string(b), "): B's offset is ", b.offset,
                ", and CuTe requires 0 (\"Require offset == 0.\")");
  CL_TRY(sw, swizzle_after(a, b.sw));
  CL_TRY(inner, composition(a, b.layout));
  return ComposedLayout{sw, 0, std::move(inner)};
}

// One swizzle with the function of outer o inner, CuTe's composition(Swizzle, Swizzle) (same shift:
// the masks XOR), kept only where the functions agree on the bits both touch.
Result<Swizzle> merged(Swizzle const& outer, Swizzle const& inner, std::string const& what) {
  auto nested = [&] {
    return fail(ErrorKind::not_representable, what, ": CuTe's answer nests two swizzles, ", to_string(outer), " o ",
                to_string(inner), ", which are not one swizzle; catlayout's composed layout holds one");
  };
  if (outer.shift != inner.shift && !outer.is_identity() && !inner.is_identity()) return nested();
  auto sw = make_swizzle(outer.yyy_mask() ^ inner.yyy_mask(), outer.zzz_mask() ^ inner.zzz_mask());
  if (!sw) return nested();
  int bits = std::max(outer.span_bits(), inner.span_bits());
  for (Int x = 0; x < (Int{1} << bits); ++x)
    if ((*sw)(x) != outer(inner(x))) return nested();
  return *sw;
}

}  // namespace

Result<ComposedLayout> composition(Layout const& a, Swizzle const& b) {
  CL_TRY(sw, swizzle_after(a, b));
  ComposedLayout r{sw, 0, a};
  CL_CHECK(agrees(
      a.size(), [&](Int i) -> Result<Int> { return sw(a(i)); }, [&](Int i) { return odd_extended(a, b(i)); },
      str("composition(", to_string(a), ", ", to_string(b), ") = ", to_string(r)), "A o B"));
  return r;
}

Result<ComposedLayout> composition(Layout const& a, ComposedLayout const& b) {
  CL_TRY(r, compose_raw(a, b));
  CL_CHECK(agrees(
      b.size(), [&](Int i) { return evaluate(r, i); },
      [&](Int i) -> Result<Int> {
        CL_TRY(x, evaluate(b, i));
        return odd_extended(a, x);
      },
      str("composition(", to_string(a), ", ", to_string(b), ") = ", to_string(r)), "A o B"));
  return r;
}

Result<ComposedLayout> composition(ComposedLayout const& a, ComposedLayout const& b) {
  std::string what = str("composition(", to_string(a), ", ", to_string(b), ")");
  CL_TRY(mid, compose_raw(a.layout, b));
  ComposedLayout r{a.sw, a.offset, std::move(mid.layout)};
  if (!mid.sw.is_identity()) {
    if (a.offset != 0)
      return fail(ErrorKind::not_representable, what, ": CuTe's answer is ", to_string(a.sw), " o ", a.offset, " o ",
                  to_string(mid.sw), " o 0 o ", to_string(r.layout),
                  ", two swizzles with an offset between them; catlayout's composed layout holds one swizzle");
    CL_TRY(sw, merged(a.sw, mid.sw, what));
    r.sw = sw;
  }
  CL_CHECK(agrees(
      b.size(), [&](Int i) { return evaluate(r, i); },
      [&](Int i) -> Result<Int> {
        CL_TRY(x, evaluate(b, i));
        CL_TRY(y, odd_extended(a.layout, x));
        CL_TRY(z, checked_add(a.offset, y, "offset"));
        return a.sw(z);
      },
      what + " = " + to_string(r), "A o B"));
  return r;
}

namespace {

template <class Inverse>
Result<ComposedLayout> swizzled_inverse(ComposedLayout const& c, Inverse inverse, bool right) {
  char const* name = right ? "right_inverse" : "left_inverse";
  std::string what = str(name, "(", to_string(c), ")");
  if (c.offset != 0)
    return fail(ErrorKind::not_representable, what, ": CuTe's answer is ", name, "(", to_string(c.layout), ") o ",
                -c.offset, " o ", to_string(c.sw),
                ", a layout after a swizzle; catlayout's composed layout is a swizzle after a layout");
  CL_TRY(inv, inverse(c.layout));
  CL_TRY(sw, swizzle_after(inv, c.sw));  // CuTe: composition(inverse(L), sw)
  ComposedLayout r{sw, 0, std::move(inv)};
  what += " = " + to_string(r);
  if (right) {  // C(R(i)) == i on R's domain
    CL_CHECK(agrees(
        r.size(),
        [&](Int i) -> Result<Int> {
          CL_TRY(x, evaluate(r, i));
          if (x < 0 || x >= c.size())
            return cute_misses(fail(ErrorKind::inadmissible, what, " is not a right inverse: R(", i, ") = ", x,
                                    " lies outside the domain [0, ", c.size(), ") of C"));
          return evaluate(c, x);
        },
        [](Int i) -> Result<Int> { return i; }, what, "a right inverse, C(R(i)) == i"));
  } else {  // CuTe's contract (cute/layout.hpp left_inverse, "quasi-inverse"): C(R(C(i))) == C(i) on C's
            // domain, R and C evaluated as CuTe evaluates a layout past its size (the last mode runs on)
    CL_CHECK(agrees(
        c.size(),
        [&](Int i) -> Result<Int> {
          CL_TRY(x, evaluate(c, i));
          if (x < 0)
            return cute_misses(fail(ErrorKind::inadmissible, what, " is not a quasi-inverse: C(", i, ") = ", x,
                                    " is negative, outside every layout's domain"));
          CL_TRY(y, evaluate_extended(r, x));
          if (y < 0)
            return cute_misses(fail(ErrorKind::inadmissible, what, " is not a quasi-inverse: R(C(", i, ")) = R(", x,
                                    ") = ", y, " is negative, outside C's domain"));
          return evaluate_extended(c, y);
        },
        [&](Int i) -> Result<Int> { return evaluate(c, i); }, what, "a quasi-inverse, C(R(C(i))) == C(i)"));
  }
  return r;
}

}  // namespace

Result<ComposedLayout> right_inverse(ComposedLayout const& c) {
  return swizzled_inverse(c, [](Layout const& l) -> Result<Layout> { return right_inverse(l); }, true);
}

Result<ComposedLayout> left_inverse(ComposedLayout const& c) {
  return swizzled_inverse(c, [](Layout const& l) { return left_inverse(l); }, false);
}

Result<ComposedLayout> tile_to_shape(ComposedLayout const& block, IntTuple const& shape, Order const& order,
                                     Convention c) {
  CL_TRY(l, tile_to_shape(block.layout, shape, order, c));
  return ComposedLayout{block.sw, block.offset, std::move(l)};
}

}  // namespace catlayout
