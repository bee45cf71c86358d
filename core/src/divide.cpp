#include "catlayout/core/divide.hpp"

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/structural.hpp"
#include "cute_composition.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"
#include "merge_modes.hpp"

namespace catlayout {

static Result<Layout> divisor_pair(Layout const& a, Layout const& b, Convention conv) {
  // CuTe's cotarget is shape(coalesce(A)): its flat entries, without building the layout.
  auto coal = coalesce_flat(flat_modes(a));
  auto c = complement(b, std::span<Int const>(coal.shape), conv);
  if (!c)  // Def. 2.3.8.1 asks for comp(B, size(A)): without it the division is inadmissible
    return fail(ErrorKind::inadmissible, "dividing ", to_string(a), " by ", to_string(b), ": the tiler has no complement: ",
                c.error().message);
  return Layout::make(tup(b.shape(), c->shape()), tup(b.stride(), c->stride()));
}

static Result<Layout> divide_by_layout(Layout const& a, Layout const& b, Convention conv) {
  CL_TRY(bc, divisor_pair(a, b, conv));
  return composition(a, bc);
}

Result<Layout> detail::divisor_pair(Layout const& a, Layout const& b) {
  return catlayout::divisor_pair(a, b, Convention::cute);
}

static Result<Layout> cute_divide_by_layout(Layout const& a, Layout const& b, Convention conv) {
  CL_TRY(bc, divisor_pair(a, b, conv));
  return detail::cute_composition(a, bc);
}

static Result<Layout> cute_divide_modes(Layout const& a, Tiler const& b, Convention c) {
  return apply_tiler(a, b, cute_divide_modes, cute_divide_by_layout, c);
}

Result<Layout> detail::cute_logical_divide(Layout const& a, Tiler const& b) {
  return cute_divide_modes(a, b, Convention::cute);
}

// Def. 2.3.8.1 step by step: each intermediate a Layout, each failure named.
Result<Layout> detail::logical_divide_checked(Layout const& a, Tiler const& b, Convention c) {
  return apply_tiler(a, b, logical_divide_checked, divide_by_layout, c);
}

// Def. 2.3.8.1 on drafts: the halves of A o (B, comp(B, shape(coalesce(A)))), as divide_by_layout.
// Flat: the containers of coalesce(A) and C (FixedFlat where A and B have at most fixed_modes
// flat modes); C's word alike.
template <class Flat, class CWord>
static bool divide_halves(detail::View const& a, Layout const& b, Convention conv, detail::Draft& first,
                          detail::Draft& second) {
  Flat coal, c;
  Int size_c;  // checked again below, with B: (B, C) must be a layout
  detail::coalesce_flat_into(a.shape, a.stride, coal.shape, coal.stride);
  bool complemented = b.flat_shape().size() == 1
                          ? detail::complement_one_mode_into(b.flat_shape()[0], b.flat_stride()[0], coal.shape, c)
                          : detail::complement_into(b.flat_shape(), b.flat_stride(), coal.shape, conv, c, size_c);
  if (!complemented) return false;
  // (B, C) must be a layout, as Layout::make checks it there (a long word: the checked path).
  Int span = 0, size = b.size();
  size_c = 1;
  if (!detail::accumulate_valid(c.shape, c.stride, span, size_c) || __builtin_mul_overflow(size, size_c, &size) ||
      !detail::accumulate_valid(b.flat_shape(), b.flat_stride(), span, size) ||
      b.shape().word().size() + c.shape.size() + 4 > 2 * limits::max_depth)
    return false;
  CWord c_word;  // C as a leaf or a flat tuple
  if (c.shape.size() > 1) c_word.push_back(IntTuple::open_token);
  for (std::size_t i = 0; i < c.shape.size(); ++i) c_word.push_back(IntTuple::leaf_token);
  if (c.shape.size() > 1) c_word.push_back(IntTuple::close_token);
  // coalesce_x differs from coalesce only where a trailing size-1 mode carries the extension.
  if (a.shape.empty() || a.shape.back() == 1) {
    coal.shape.clear();
    coal.stride.clear();
    detail::coalesce_extended_into(a.shape, a.stride, coal.shape, coal.stride);
  }
  auto st = detail::compose_state(coal);
  return detail::compose_modes(coal, detail::view(b), st, first) &&
         detail::compose_modes(coal, {c.shape, c.stride, {c_word.data(), c_word.size()}}, st, second) &&
         detail::compose_holds(coal, st);
}

static bool divide_whole_into(detail::View const& a, Layout const& b, Convention conv, detail::Draft& first,
                              detail::Draft& second, Int* proven) {
  if (proven != nullptr) *proven = 0;  // the result's entries are walked
  if (a.shape.size() <= detail::fixed_modes && b.flat_shape().size() <= detail::fixed_modes)
    return divide_halves<detail::FixedFlat, detail::FixedVec<std::uint8_t, detail::fixed_modes + 3>>(a, b, conv, first,
                                                                                                      second);
  return divide_halves<FlatLayout, IntTuple::Word>(a, b, conv, first, second);
}

Result<Layout> logical_divide(Layout const& a, Tiler const& b, Convention c) {
  return detail::tiled<divide_whole_into, detail::logical_divide_checked>(a, b, c);
}

namespace {
// The two halves zip2_by gathers, as shape and stride tuples.
struct Halves {
  IntTuple first_shape, first_stride, second_shape, second_stride;
};

Result<Halves> zip2_halves(IntTuple const& s, IntTuple const& d, Tiler const& guide) {
  if (guide.is_layout()) {
    if (s.rank() != 2 || s.is_leaf())
      return fail(ErrorKind::invalid_input, "zip2_by: expected a rank-2 mode, found ", to_string(s), ":",
                  to_string(d));
    return Halves{s.mode(0), d.mode(0), s.mode(1), d.mode(1)};
  }
  if (s.is_leaf() || s.rank() < guide.modes.size())
    return fail(ErrorKind::invalid_input, "zip2_by: ", to_string(s), ":", to_string(d),
                " has fewer modes than the tiler ", to_string(guide));
  Halves h;
  for (std::size_t i = 0; i < guide.modes.size(); ++i) {
    CL_TRY(z, zip2_halves(s.mode(i), d.mode(i), guide.modes[i]));
    h.first_shape.push_back(z.first_shape);
    h.first_stride.push_back(z.first_stride);
    h.second_shape.push_back(z.second_shape);
    h.second_stride.push_back(z.second_stride);
  }
  for (std::size_t i = guide.modes.size(); i < s.rank(); ++i) {
    h.second_shape.push_back(s.mode(i));
    h.second_stride.push_back(d.mode(i));
  }
  return h;
}
}  // namespace

// zip2_by and unpack_modes regroup the modes of a valid layout: same flat modes, same size.
Result<Layout> zip2_by(Layout const& l, Tiler const& guide) {
  CL_TRY(h, zip2_halves(l.shape(), l.stride(), guide));
  return detail::LayoutAccess::trusted(tup(h.first_shape, h.second_shape), tup(h.first_stride, h.second_stride),
                                       l.size());
}

Result<Layout> unpack_modes(Layout const& l, bool first, bool second) {
  if (l.shape().is_leaf() || l.rank() != 2)
    return fail(ErrorKind::invalid_input, "unpack: expected a rank-2 layout, found ", to_string(l));
  IntTuple s, d;
  for (std::size_t i = 0; i < 2; ++i) {
    IntTuple ms = l.shape().mode(i), md = l.stride().mode(i);
    bool unpack = i == 0 ? first : second;
    if (unpack && !ms.is_leaf() && ms.rank() > 1) {  // CuTe slices a rank-1 mode with one _: kept whole
      for (std::size_t j = 0; j < ms.rank(); ++j) {
        s.push_back(ms.mode(j));
        d.push_back(md.mode(j));
      }
    } else {
      s.push_back(ms);
      d.push_back(md);
    }
  }
  return detail::LayoutAccess::trusted(std::move(s), std::move(d), l.size());
}

Result<Layout> arrange(Result<Layout> const& logical, Tiler const& b, Arrangement how) {
  if (!logical) return logical;
  CL_TRY(z, zip2_by(*logical, b));
  if (how == Arrangement::zipped) return z;
  return unpack_modes(z, how == Arrangement::flat, true);
}

static Result<Layout> arranged_divide(Layout const& a, Tiler const& b, Convention c, Arrangement how) {
  return detail::arranged<divide_whole_into, detail::logical_divide_checked>(a, b, c, how);
}

Result<Layout> zipped_divide(Layout const& a, Tiler const& b, Convention c) {
  return arranged_divide(a, b, c, Arrangement::zipped);
}
Result<Layout> tiled_divide(Layout const& a, Tiler const& b, Convention c) {
  return arranged_divide(a, b, c, Arrangement::tiled);
}
Result<Layout> flat_divide(Layout const& a, Tiler const& b, Convention c) {
  return arranged_divide(a, b, c, Arrangement::flat);
}

}  // namespace catlayout
