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

Result<ComposedChain> composition(ComposedLayout const& a, ComposedLayout const& b) {
  std::string what = str("composition(", to_string(a), ", ", to_string(b), ")");
  CL_TRY(mid, compose_raw(a.layout, b));  // L_A o B = Sw' o 0 o (L_A o L_B)
  ComposedChain inner = mid.sw.is_identity() ? chain_of(mid.layout) : chain_of(mid);
  ComposedChain r = nest(ComposedChain{{a.sw}, {}}, a.offset, inner);
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

template <class B>
Result<ComposedChain> chain_then(ComposedChain a, B const& b) {
  if (a.functions.empty()) return fail(ErrorKind::invalid_input, "an empty composed chain");
  if (auto* l = std::get_if<Layout>(&a.functions.back())) {
    CL_TRY(r, composition(*l, b));
    *l = std::move(r);
    return a;
  }
  Layout inner;  // CuTe composition(Swizzle, Layout) = Sw o _0 o B
  if constexpr (std::is_same_v<B, Layout>) {
    inner = b;
  } else {
    if (!b.is_layout())
      return fail(ErrorKind::invalid_input, "composition(", to_string(a), ", ", to_string(b),
                  "): right of a swizzle, CuTe composes with a layout, not a by-mode tiler");
    inner = *b.layout;
  }
  a.offsets.push_back(0);
  a.functions.emplace_back(std::move(inner));
  return a;
}

}  // namespace

Result<ComposedChain> composition(ComposedChain const& a, Layout const& b) { return chain_then(a, b); }
Result<ComposedChain> composition(ComposedChain const& a, Tiler const& b) { return chain_then(a, b); }

namespace {

// CuTe's inverse of sw o off o L (cute/swizzle_layout.hpp): composition(inverse(L), sw) for offset 0,
// else composition(inverse(L), -off, sw).
Result<ComposedChain> cute_inverse(ComposedLayout const& c, Layout inv) {
  if (c.offset == 0) {
    CL_TRY(sw, swizzle_after(inv, c.sw));
    return chain_of(ComposedLayout{sw, 0, std::move(inv)});
  }
  return ComposedChain{{std::move(inv), c.sw}, {-c.offset}};
}

// C(R(x)) == x at each domain point x of R (R's values inside C's domain).
Result<void> right_inverse_holds(ComposedLayout const& c, ComposedChain const& r, std::string const& what) {
  CL_CHECK(small_enough(r.size(), what));
  for (Int j = 0; j < r.size(); ++j) {
    CL_TRY(x, domain_point(r, j));
    CL_TRY(y, apply(r, x));
    if (y < 0 || y >= c.size())
      return cute_misses(fail(ErrorKind::inadmissible, what, " is not a right inverse: R(", x, ") = ", y,
                              " lies outside the domain [0, ", c.size(), ") of C"));
    CL_TRY(back, evaluate(c, y));
    if (back != x)
      return cute_misses(fail(ErrorKind::inadmissible, what, " is not a right inverse, C(R(x)) == x: at x = ", x,
                              " C(R(x)) = C(", y, ") = ", back));
  }
  return {};
}

// CuTe's contract (cute/layout.hpp left_inverse, "quasi-inverse"): C(R(C(i))) == C(i) on C's domain, R and
// C evaluated as CuTe evaluates a layout past its size (the last mode runs on).
Result<void> left_inverse_holds(ComposedLayout const& c, ComposedChain const& r, std::string const& what) {
  return agrees(
      c.size(),
      [&](Int i) -> Result<Int> {
        CL_TRY(x, evaluate(c, i));
        if (x < 0)
          return cute_misses(fail(ErrorKind::inadmissible, what, " is not a quasi-inverse: C(", i, ") = ", x,
                                  " is negative, outside every layout's domain"));
        CL_TRY(y, apply(r, x));
        if (y < 0)
          return cute_misses(fail(ErrorKind::inadmissible, what, " is not a quasi-inverse: R(C(", i, ")) = R(", x,
                                  ") = ", y, " is negative, outside C's domain"));
        return evaluate_extended(c, y);
      },
      [&](Int i) -> Result<Int> { return evaluate(c, i); }, what, "a quasi-inverse, C(R(C(i))) == C(i)");
}

}  // namespace

Result<ComposedChain> right_inverse(ComposedLayout const& c) {
  CL_TRY(r, cute_inverse(c, right_inverse(c.layout)));
  CL_CHECK(right_inverse_holds(c, r, str("right_inverse(", to_string(c), ") = ", to_string(r))));
  return r;
}

Result<ComposedChain> left_inverse(ComposedLayout const& c) {
  CL_TRY(inv, left_inverse(c.layout));
  CL_TRY(r, cute_inverse(c, std::move(inv)));
  CL_CHECK(left_inverse_holds(c, r, str("left_inverse(", to_string(c), ") = ", to_string(r))));
  return r;
}

Swizzle get_swizzle_portion(Layout const&) { return Swizzle{0, 4, 3}; }
Swizzle get_swizzle_portion(ComposedLayout const& c) { return c.sw; }

Result<Swizzle> get_swizzle_portion(ComposedChain const& c) {
  if (c.functions.size() < 2 || !std::holds_alternative<Swizzle>(c.functions.front()))
    return fail(ErrorKind::invalid_input, "get_swizzle_portion(", to_string(c),
                "): CuTe defines it for a composed layout whose outer function is a swizzle");
  return std::get<Swizzle>(c.functions.front());
}

Layout get_nonswizzle_portion(Layout const& l) { return l; }
Layout get_nonswizzle_portion(ComposedLayout const& c) { return c.layout; }

Result<ComposedChain> get_nonswizzle_portion(ComposedChain const& c) {
  if (c.functions.size() < 2 || !std::holds_alternative<Swizzle>(c.functions.front()))
    return fail(ErrorKind::invalid_input, "get_nonswizzle_portion(", to_string(c),
                "): CuTe defines it for a composed layout whose outer function is a swizzle");
  return make_chain({c.functions.begin() + 1, c.functions.end()}, {c.offsets.begin() + 1, c.offsets.end()});
}

Result<ComposedLayout> tile_to_shape(ComposedLayout const& block, IntTuple const& shape, Order const& order,
                                     Convention c) {
  CL_TRY(l, tile_to_shape(block.layout, shape, order, c));
  return ComposedLayout{block.sw, block.offset, std::move(l)};
}

}  // namespace catlayout
