#include "catlayout/core/complement.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"
#include "merge_modes.hpp"
#include "small_sort.hpp"

namespace catlayout {

// CuTe's filter on flat modes: stride-0 modes become size 1, then coalesce.
static FlatLayout filter_flat(Layout const& a) {
  auto f = flat_modes(a);
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.stride[i] == 0) f.shape[i] = 1;
  return coalesce_flat(f);
}

Layout filter(Layout const& a) {
  auto f = filter_flat(a);
  Int n = 1;
  for (Int s : f.shape) n *= s;  // a selection of a valid layout's modes: no overflow
  return detail::LayoutAccess::trusted_flat(f.shape, f.stride, n);
}

namespace {

// CuTe's ceil_div of a shape by an integer, mode by mode, then its product. An integer target (one
// mode) is one division, not the loop's two.
inline Int ceil_div_shape(std::span<Int const> target, Int d) {
  if (target.size() == 1) return ceil_div(target[0], d);
  Int result = 1, rest = d;
  for (Int t : target) {
    result *= ceil_div(t, rest);  // each factor <= t: bounded by size(target)
    rest = ceil_div(rest, t);
  }
  return result;
}

Result<Int> cotarget_size(std::span<Int const> cotarget) {
  Int n = 1;
  for (Int t : cotarget) {
    if (t < 1)
      return fail(ErrorKind::invalid_input, "complement target ", to_string(IntTuple::flat(cotarget)), " is not positive");
    if (__builtin_mul_overflow(n, t, &n))
      return fail(ErrorKind::invalid_input, "overflow: the complement target ", to_string(IntTuple::flat(cotarget)),
                  " has a size past the int64 range");
  }
  return n;
}

// The fold over filter(A)'s modes sorted by stride: the complement's modes below the rest.
struct Fold {
  FlatLayout modes;    // d_i / reach_{i-1} : reach_{i-1}, for each sorted mode
  Int reach = 1;       // s_m d_m of the last sorted mode (1 when A is constant)
  std::string remainder;  // the first stride that is not a multiple of the extent below it
};

Result<Fold> fold_sorted(Layout const& a) {
  auto f = filter_flat(a);
  Fold out;
  if (f.shape.size() == 1 && f.shape[0] == 1) return out;  // A is constant: nothing to fold
  // Sorted by stride (stable: the first minimum first, as CuTe).
  auto idx = detail::stable_order(f.shape.size(), [&](auto x, auto y) { return f.stride[x] < f.stride[y]; });
  for (std::size_t k = 0; k < idx.size(); ++k) {
    Int s = f.shape[idx[k]], d = f.stride[idx[k]];
    // CuTe would fold a negative stride into a negative shape: no layout at all.
    if (d < 0)
      return fail(ErrorKind::not_complementable, "mode ", s, ":", d, " of ", to_string(a),
                  " has a negative stride; complements are defined for non-negative strides");
    // A quotient of 0 is CuTe's static_assert "Non-injective Layout detected in complement".
    if (d < out.reach)
      return fail(ErrorKind::not_complementable, "mode ", s, ":", d, " of ", to_string(a), " overlaps the modes below it,",
                  " which reach ", out.reach, " (the layout is not injective or its modes interleave)");
    if (d % out.reach != 0 && out.remainder.empty())
      out.remainder = str("stride ", d, " of mode ", s, ":", d, " of ", to_string(a), " is not a multiple of ",
                          out.reach, ", the extent of the modes below it (Prop. 2.1.6.21)");
    out.modes.shape.push_back(d / out.reach);  // floor division, as CuTe
    out.modes.stride.push_back(out.reach);
    CL_TRY(next, checked_mul(d, s, "complement extent"));
    out.reach = next;
  }
  return out;
}

}  // namespace

// comp(s:d, N) of a one-mode layout, without the filter, the sort and the coalescing: the fold has
// one mode d:1 and reach sd, the rest mode is ceil(N/sd):sd (CuTe's ceil_div by N's modes), and
// the pair, coalesced, is written to out (leaf / open / close, as a Draft). False where the general
// path fails or would build a message (d < 0, an overflow). n: the product of N's modes (>= 1).
template <class Out>
static bool complement_one_mode(Int s, Int d, std::span<Int const> cotarget, Int n, Out& out, Int& size) {
  if (d < 0) return false;
  if (d == 0 || s == 1) {  // A is constant: all of [0, N)
    out.leaf(n, n == 1 ? 0 : 1);
    size = n;
    return true;
  }
  Int reach, rest, span;
  if (__builtin_mul_overflow(s, d, &reach)) return false;
  rest = ceil_div_shape(cotarget, reach);
  // Def. 2.3.1.1: span (d-1)*1 + (rest-1)*reach and size d*rest inside int64.
  if (__builtin_mul_overflow(rest - 1, reach, &span) || __builtin_add_overflow(span, d - 1, &span) ||
      __builtin_mul_overflow(d, rest, &size))
    return false;
  if (rest == 1) {  // d:1 alone (1:0 for a unit d)
    out.leaf(d, d == 1 ? 0 : 1);
  } else if (d == 1) {  // the unit mode coalesces away
    out.leaf(rest, reach);
  } else {  // (d, rest):(1, sd); d*1 != sd for s > 1, so the two never merge
    out.open();
    out.leaf(d, 1);
    out.leaf(rest, reach);
    out.close();
  }
  return true;
}

// The same into flat modes (the nesting dropped), for the divides' one-mode tilers: a FlatLayout
// or fixed arrays.
template <class Flat>
static bool complement_one_mode_flat(Int s, Int d, std::span<Int const> cotarget, Flat& out) {
  struct Leaves {
    Flat& f;
    void leaf(Int m, Int e) {
      f.shape.push_back(m);
      f.stride.push_back(e);
    }
    void open() {}
    void close() {}
  } flat{out};
  Int n = 1, size;
  for (Int t : cotarget) {
    if (t < 1 || __builtin_mul_overflow(n, t, &n)) return false;
  }
  out.shape.clear();
  out.stride.clear();
  return complement_one_mode(s, d, cotarget, n, flat, size);
}

bool detail::complement_one_mode_into(Int s, Int d, std::span<Int const> cotarget, FlatLayout& out) {
  return complement_one_mode_flat(s, d, cotarget, out);
}

bool detail::complement_one_mode_into(Int s, Int d, std::span<Int const> cotarget, FixedFlat& out) {
  return complement_one_mode_flat(s, d, cotarget, out);
}

// The fold and the rest mode in one pass over A's filtered, sorted modes, with no message built:
// false wherever complement_checked below fails (or would build a message). Flat: the containers of
// the result and of the sorted modes (a FlatLayout, or FixedFlat for at most fixed_modes modes of A:
// the fold has at most A's modes, the rest mode adds one).
//
// CuTe's filter coalesces A before sorting; here A's modes of shape 1 or stride 0 are only dropped.
// Coalescing merges s:d with s':sd, whose fold mode is then sd/sd = 1 at the same reach, so it is
// the same fold once modes of shape 1 are dropped; and two modes that would interleave or tie fail
// either way. The result needs no coalescing either: fold mode q_i:r_{i-1} reaches q_i r_{i-1} <= d_i
// < r_i (shape >= 2 after the filter), so no two kept modes merge; dropping modes of shape 1 is all
// of it, and nothing left is 1:0 (CuTe's coalesce of a size-1 layout).
template <class Flat>
[[gnu::always_inline]] static inline bool complement_flat(std::span<Int const> shape, std::span<Int const> stride,
                                                          std::span<Int const> cotarget, Convention c, Flat& out,
                                                          Int& size) {
  Int n = 1;
  for (Int t : cotarget) {
    if (t < 1 || __builtin_mul_overflow(n, t, &n)) return false;
  }
  Flat f;  // filter(A)'s modes, sorted by stride as they come (insertion: stable, the first minimum first)
  for (std::size_t i = 0; i < shape.size(); ++i) {
    Int s = shape[i], d = stride[i];
    if (s == 1 || d == 0) continue;
    std::size_t j = f.shape.size();
    f.shape.push_back(s);
    f.stride.push_back(d);
    for (; j > 0 && d < f.stride[j - 1]; --j) {
      f.shape[j] = f.shape[j - 1];
      f.stride[j] = f.stride[j - 1];
    }
    f.shape[j] = s;
    f.stride[j] = d;
  }
  out.shape.clear();
  out.stride.clear();
  Int reach = 1;
  size = 1;
  for (std::size_t j = 0; j < f.shape.size(); ++j) {
    Int s = f.shape[j], d = f.stride[j];
    if (d < reach) return false;  // negative, or overlapping the modes below (fold_sorted says which)
    Int q = div_nonneg(d, reach);  // floor division, as CuTe
    if (c == Convention::categorical && q * reach != d) return false;
    if (q != 1) {
      out.shape.push_back(q);
      out.stride.push_back(reach);
      size *= q;  // the q_i telescope below the final reach (q_i r_{i-1} <= d_i < r_i): no overflow
    }
    if (__builtin_mul_overflow(d, s, &reach)) return false;
  }
  Int rest = ceil_div_shape(cotarget, reach);
  if (rest != 1 || out.shape.empty()) {
    out.shape.push_back(rest);
    out.stride.push_back(rest == 1 ? 0 : reach);
  }
  // Def. 2.3.1.1 on the result. Each fold mode's span (q_i - 1) r_{i-1} < r_i, and the reaches at
  // least double (d_i >= r_{i-1}, s_i >= 2), so the fold spans less than 2 reach; the rest mode
  // adds (rest - 1) reach. A reach past 2^61 is left to the step-by-step path.
  Int span;
  return reach <= Int{1} << 61 && !__builtin_mul_overflow(rest - 1, reach, &span) &&
         !__builtin_add_overflow(span, 2 * reach, &span) && !__builtin_mul_overflow(size, rest, &size);
}

bool detail::complement_into(std::span<Int const> shape, std::span<Int const> stride, std::span<Int const> cotarget,
                             Convention c, FlatLayout& out, Int& size) {
  return complement_flat<FlatLayout>(shape, stride, cotarget, c, out, size);
}

bool detail::complement_into(std::span<Int const> shape, std::span<Int const> stride, std::span<Int const> cotarget,
                             Convention c, FixedFlat& out, Int& size) {
  return complement_flat<FixedFlat>(shape, stride, cotarget, c, out, size);
}

// The same step by step, naming the failed condition.
Result<Layout> detail::complement_checked(Layout const& a, std::span<Int const> cotarget, Convention c) {
  CL_TRY(n, cotarget_size(cotarget));
  CL_TRY(fold, fold_sorted(a));
  if (c == Convention::categorical && !fold.remainder.empty())
    return fail(ErrorKind::not_complementable, fold.remainder, "; so it has no complement in the categorical sense");
  if (fold.modes.shape.empty())  // A is constant: the complement is all of [0, N)
    return n == 1 ? Layout() : detail::LayoutAccess::trusted(n, 1, n);
  auto& r = fold.modes;
  Int rest_shape = ceil_div_shape(cotarget, fold.reach);
  r.shape.push_back(rest_shape);
  r.stride.push_back(rest_shape == 1 ? 0 : fold.reach);
  auto cc = coalesce_flat(r);  // same function, same span: validate the shorter form
  if (cc.shape.size() == 1) return Layout::make(cc.shape[0], cc.stride[0]);
  return Layout::make(IntTuple::flat(cc.shape), IntTuple::flat(cc.stride));
}

// Any A: the flat pipeline, else the step-by-step definition. Its own function (not inlined): its
// frame would otherwise be set up on the one-mode path's every call too.
[[gnu::noinline]] static Result<Layout> complement_of_modes(Layout const& a, std::span<Int const> cotarget,
                                                           Convention c) {
  Int size;
  if (a.flat_shape().size() <= detail::fixed_modes) {
    detail::FixedFlat out;  // its arrays reach past what a tuple keeps inline: copied in fixed-size moves
    static_assert(detail::fixed_modes + 1 >= Ints::inline_capacity);
    if (complement_flat(a.flat_shape(), a.flat_stride(), cotarget, c, out, size))  // inline here: one call less
      return detail::LayoutAccess::trusted_flat_result(detail::LayoutAccess::from_padded(), out.shape, out.stride, size);
  } else {
    FlatLayout out;
    if (detail::complement_into(a.flat_shape(), a.flat_stride(), cotarget, c, out, size))
      return detail::LayoutAccess::trusted_flat(out.shape, out.stride, size);
  }
  return detail::complement_checked(a, cotarget, c);
}

Result<Layout> complement(Layout const& a, std::span<Int const> cotarget, Convention c) {
  if (a.flat_shape().size() == 1 && cotarget.size() == 1 && cotarget[0] >= 1) {  // a rank-1 A and an integer N
    struct Pair {  // at most two modes: a draft in fixed arrays, built straight into the Result
      Int shape[2], stride[2];
      std::uint8_t word[4];
      std::uint32_t modes = 0, tokens = 0;
      void leaf(Int s, Int d) {
        shape[modes] = s;
        stride[modes++] = d;
        word[tokens++] = IntTuple::leaf_token;
      }
      void open() { word[tokens++] = IntTuple::open_token; }
      void close() { word[tokens++] = IntTuple::close_token; }
    } one;
    Int size;
    if (complement_one_mode(a.flat_shape()[0], a.flat_stride()[0], cotarget, cotarget[0], one, size))
      return Result<Layout>(std::in_place, detail::LayoutAccess::checked(), std::span<Int const>(one.shape, one.modes),
                            std::span<Int const>(one.stride, one.modes),
                            std::span<std::uint8_t const>(one.word, one.tokens), one.modes, size);
  }
  return complement_of_modes(a, cotarget, c);
}

Result<Layout> complement(Layout const& a, IntTuple const& cotarget, Convention c) {
  return complement(a, cotarget.values(), c);
}

Result<Layout> complement(Layout const& a, Int n, Convention c) {
  if (n < 1) return fail(ErrorKind::invalid_input, "complement target N = ", n, " is not positive");
  if (a.flat_shape().size() != 1) return complement_of_modes(a, std::span<Int const>(&n, 1), c);  // one frame less
  return complement(a, std::span<Int const>(&n, 1), c);
}

Result<Layout> complement(Layout const& a, Convention c) { return complement(a, cosize(filter(a)), c); }

Complementability complementability(Layout const& a, std::span<Int const> cotarget) {
  auto fold = fold_sorted(a);
  if (!fold) return {false, false, fold.error().message};
  if (!fold->remainder.empty()) return {false, false, fold->remainder};
  auto n = cotarget_size(cotarget);
  if (!n) return {true, false, n.error().message};
  if (*n % fold->reach != 0)  // Def. 2.1.6.24
    return {true, false, str("N = ", *n, " is not a multiple of ", fold->reach, ", the extent of ", to_string(a),
                             " (Def. 2.1.6.24)")};
  return {true, true, {}};
}

Complementability complementability(Layout const& a, Int n) {
  return complementability(a, std::span<Int const>(&n, 1));
}

}  // namespace catlayout
