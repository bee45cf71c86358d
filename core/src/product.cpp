#include "catlayout/core/product.hpp"

#include <array>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/structural.hpp"
#include "cute_composition.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"

namespace catlayout {

// as_cute: with CuTe's composition, to follow CuTe past a refusal (detail::cute_composition).
static Result<Layout> product_by_layout(Layout const& a, Layout const& b, Convention conv, bool as_cute) {
  CL_TRY(n, checked_mul(a.size(), cosize(b), "size(A)*cosize(B)"));
  auto c = complement(a, n, conv);
  if (!c)  // Def. 2.3.9.1 asks for comp(A, size(A) cosize(B)): without it the product is inadmissible
    return fail(ErrorKind::inadmissible, "the product of ", to_string(a), " and ", to_string(b), " needs comp(A, ", n,
                "): ", c.error().message);
  auto cb = as_cute ? detail::cute_composition(*c, b) : composition(*c, b);
  if (!cb)
    return in_context(cb.error(), str("the product of ", to_string(a), " and ", to_string(b), " composes comp(A, ", n,
                                      ") = ", to_string(*c), " with B: "));
  return make_layout({a, *cb});
}

static Result<Layout> product_whole(Layout const& a, Layout const& b, Convention conv) {
  return product_by_layout(a, b, conv, false);
}

Result<Layout> detail::logical_product_checked(Layout const& a, Tiler const& b, Convention c) {
  return apply_tiler(a, b, logical_product_checked, product_whole, c);
}

// Def. 2.3.9.1 on drafts: the halves A and comp(A, size(A) cosize(B)) o B, as product_by_layout.
// Flat: the containers of the complement (FixedFlat where A has at most fixed_modes flat modes).
// proven (where asked): the pair's size where its entries are valid by the argument below, else 0.
template <class Flat>
static bool product_halves_of(detail::View const& a, detail::View const& b, Int size_b, Int cosize_b, Convention conv,
                              detail::Draft& first, detail::Draft& second, Int* proven) {
  Int size_a = 1, n, size_c;
  for (Int s : a.shape) size_a *= s;  // A is a valid layout, or a mode of one (padded with 1s): it fits
  Flat c;  // coalesced, so its own coalesce_x: composition needs no second coalesce
  if (__builtin_mul_overflow(size_a, cosize_b, &n) ||
      !detail::complement_into(a.shape, a.stride, std::span<Int const>(&n, 1), conv, c, size_c))
    return false;
  first.append(a);
  auto st = detail::compose_state(c);
  if (!detail::compose_modes(c, b, st, second) || !detail::compose_holds(c, st)) return false;
  if (proven == nullptr) return true;
  // Def. 2.3.1.1 for (A, C o B), C = comp(A, n), without a walk of its entries. C's modes are the
  // fold of filter(A)'s modes s_i:d_i (shape > 1, stride > 0; A's other modes span nothing),
  // sorted by stride, d_i >= r_{i-1}, r_i = s_i d_i, r_0 = 1: q_i:r_{i-1} with q_i r_{i-1} <= d_i,
  // then R:r_m, whose R r_m complement_into kept inside int64. So span(A) + span(C) <=
  // sum (r_i - r_{i-1}) + (R - 1) r_m < R r_m. Where B's strides are all >= 0, so are C o B's
  // (C's are positive; a negative one, even on a mode of shape 1, could make INT64_MIN): its span
  // is its last value C(cosize(B) - 1), at most span(C) where cosize(B) <= size(C) (CuTe's floor
  // complement can leave it less). Its size is size(B).
  *proven = 0;
  for (Int d : b.stride)
    if (d < 0) return true;
  Int size;
  if (cosize_b <= size_c && !__builtin_mul_overflow(size_a, size_b, &size)) *proven = size;
  return true;
}

static bool product_halves(detail::View const& a, detail::View const& b, Int size_b, Int cosize_b, Convention conv,
                           detail::Draft& first, detail::Draft& second, Int* proven) {
  if (a.shape.size() <= detail::fixed_modes)
    return product_halves_of<detail::FixedFlat>(a, b, size_b, cosize_b, conv, first, second, proven);
  return product_halves_of<FlatLayout>(a, b, size_b, cosize_b, conv, first, second, proven);
}

static bool product_whole_into(detail::View const& a, Layout const& b, Convention conv, detail::Draft& first,
                               detail::Draft& second, Int* proven) {
  return product_halves(a, detail::view(b), b.size(), cosize(b), conv, first, second, proven);
}

Result<Layout> logical_product(Layout const& a, Tiler const& b, Convention c) {
  return detail::tiled<product_whole_into, detail::logical_product_checked>(a, b, c);
}

// CuTe's three arrangements by name, one delegation each (divide.cpp has the same three).
static Result<Layout> arranged_product(Layout const& a, Tiler const& b, Convention c, Arrangement how) {
  return detail::arranged<product_whole_into, detail::logical_product_checked>(a, b, c, how);
}
Result<Layout> zipped_product(Layout const& a, Tiler const& b, Convention c) {
  return arranged_product(a, b, c, Arrangement::zipped);
}
Result<Layout> tiled_product(Layout const& a, Tiler const& b, Convention c) {
  return arranged_product(a, b, c, Arrangement::tiled);
}
Result<Layout> flat_product(Layout const& a, Tiler const& b, Convention c) {
  return arranged_product(a, b, c, Arrangement::flat);
}

// CuTe's zip(first, second): ((first, second)) when first is one integral mode, else the
// transpose ((first_0, second_0), ..., (first_k, second_k)) over first's modes.
static Result<Layout> zip_pair(Layout const& first, Layout const& second) {
  CL_TRY(n, checked_mul(first.size(), second.size(), "size"));  // the size of the layout they came from
  if (first.shape().is_leaf())
    return detail::LayoutAccess::trusted(tup(tup(first.shape(), second.shape())),
                                         tup(tup(first.stride(), second.stride())), n);
  // Pairing needs equal ranks: CuTe's zip fails on fewer modes and silently drops extra ones
  // (blocked_product((4):(2), 4:1) would lose half of its elements); catlayout refuses both.
  if (second.rank() != first.rank() || (second.shape().is_leaf() && first.rank() > 1)) {
    auto e = fail(ErrorKind::inadmissible, "zip: ", to_string(second), " has ", second.rank(), " modes, not the ",
                  first.rank(), " modes of ", to_string(first), " it would be paired with");
    return second.rank() > first.rank() ? cute_misses(e) : e;
  }
  IntTuple s, d;  // the same flat modes regrouped: the size and span of a valid layout
  for (std::size_t i = 0; i < first.rank(); ++i) {
    s.push_back(tup(first.shape().mode(i), second.shape().mode(i)));
    d.push_back(tup(first.stride().mode(i), second.stride().mode(i)));
  }
  return detail::LayoutAccess::trusted(std::move(s), std::move(d), n);
}

// Rank-sensitive products: pad A and B to a common rank R, take (A, comp(A) o B), zip.
Result<Layout> detail::rank_product_checked(Layout const& a, Layout const& b, bool raked, Convention c) {
  std::size_t r = std::max(a.rank(), b.rank());
  auto zip = [raked](Layout const& p) { return raked ? zip_pair(p.mode(1), p.mode(0)) : zip_pair(p.mode(0), p.mode(1)); };
  auto p = product_by_layout(append_rank(a, r), append_rank(b, r), c, false);
  if (!p && p.error().cute_returns()) {  // CuTe goes on to zip its layout: does that zip fail?
    auto cute = product_by_layout(append_rank(a, r), append_rank(b, r), c, true);
    if (cute && !zip(*cute) && !zip(*cute).error().cute_returns())
      p.error().cute_answers = p.error().cute_precondition = false;
  }
  if (!p) return std::unexpected(std::move(p.error()));
  return zip(*p);
}

// append_rank(v, r) appended to d as one mode: wrapped, then padded with 1:0 modes.
static void append_padded(detail::Draft& d, detail::View const& v, std::size_t r) {
  std::size_t rank = detail::rank_of(v.word);
  if (rank >= r) return d.append(v);
  if (v.word.size() == 1) {
    d.open();
    d.append(v);
  } else {  // reopen the tuple
    d.shape.append(v.shape.data(), v.shape.size());
    d.stride.append(v.stride.data(), v.stride.size());
    d.word.append(v.word.data(), v.word.size() - 1);
  }
  for (; rank < r; ++rank) d.leaf(1, 0);
  d.close();
}

// zip_pair on views of a checked product, appended to out; false where zip_pair refuses.
static bool zip_pair_into(detail::View const& first, detail::View const& second, detail::Draft& out) {
  if (first.word.size() == 1) {
    out.open();
    out.open();
    out.append(first);
    out.append(second);
    out.close();
    out.close();
    return true;
  }
  std::size_t rank = detail::rank_of(first.word);
  std::array<detail::View, 16> rhs;  // more modes than that: the step-by-step path
  if (detail::rank_of(second.word) != rank || second.word.size() == 1 || rank > rhs.size()) return false;
  std::size_t i = 0;
  detail::for_each_mode(second, [&](detail::View const& m) { rhs[i++] = m; });
  i = 0;
  out.open();
  detail::for_each_mode(first, [&](detail::View const& m) {
    out.open();
    out.append(m);
    out.append(rhs[i++]);
    out.close();
  });
  out.close();
  return true;
}

// rank_product on drafts: (A', comp(A') o B') for A, B padded to a common rank, then zipped.
static bool rank_product_draft(Layout const& a, Layout const& b, bool raked, Convention c, detail::Draft& out,
                               Int& size) {
  std::size_t r = std::max(a.rank(), b.rank());
  if (a.flat_shape().empty()) return false;
  detail::Draft pa, pb, first, second;
  // A' and B': the operands themselves where they have rank r already (no copy), else padded.
  auto padded = [r](Layout const& l, detail::Draft& d) {
    if (l.rank() >= r) return detail::view(l);
    append_padded(d, detail::view(l), r);
    return d.view();
  };
  detail::View va = padded(a, pa), vb = padded(b, pb);
  Int proven = 0;
  if (pa.overflowed() || pb.overflowed() || !product_halves(va, vb, b.size(), cosize(b), c, first, second, &proven))
    return false;
  // make_layout's conditions on (A', comp(A') o B') (a long word: the checked path).
  if (!detail::pair_size(first, second, size, proven)) return false;
  // zip_pair's size check is the size of the product, checked above.
  return zip_pair_into((raked ? second : first).view(), (raked ? first : second).view(), out) &&
         !out.overflowed();
}

Result<Layout> blocked_product(Layout const& a, Layout const& b, Convention c) {
  detail::Draft out;
  Int size;
  if (rank_product_draft(a, b, false, c, out, size)) return detail::build(out, size);
  return detail::rank_product_checked(a, b, false, c);
}
Result<Layout> raked_product(Layout const& a, Layout const& b, Convention c) {
  detail::Draft out;
  Int size;
  if (rank_product_draft(a, b, true, c, out, size)) return detail::build(out, size);
  return detail::rank_product_checked(a, b, true, c);
}

}  // namespace catlayout
