#include "catlayout/core/product.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/structural.hpp"
#include "layout_access.hpp"

namespace catlayout {

static Result<Layout> product_by_layout(Layout const& a, Layout const& b) {
  CL_TRY(n, checked_mul(a.size(), cosize(b), "size(A)*cosize(B)"));
  auto c = complement(a, n);
  if (!c)  // Def. 2.3.9.1 asks for comp(A, size(A) cosize(B)): without it the product is inadmissible
    return fail(ErrorKind::inadmissible, "the product of ", to_string(a), " and ", to_string(b), " needs comp(A, ", n,
                "): ", c.error().message);
  auto cb = composition(*c, b);
  if (!cb)
    return fail(cb.error().kind, "the product of ", to_string(a), " and ", to_string(b), " composes comp(A, ", n,
                ") = ", to_string(*c), " with B: ", cb.error().message);
  return make_layout({a, *cb});
}

Result<Layout> logical_product(Layout const& a, Tiler const& b) {
  return apply_tiler(a, b, logical_product, product_by_layout);
}

Result<Layout> zipped_product(Layout const& a, Tiler const& b) {
  CL_TRY(p, logical_product(a, b));
  return zip2_by(p, b);
}

Result<Layout> tiled_product(Layout const& a, Tiler const& b) {
  CL_TRY(z, zipped_product(a, b));
  return unpack_modes(z, false, true);
}

Result<Layout> flat_product(Layout const& a, Tiler const& b) {
  CL_TRY(z, zipped_product(a, b));
  return unpack_modes(z, true, true);
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
  if (second.rank() != first.rank() || (second.shape().is_leaf() && first.rank() > 1))
    return fail(ErrorKind::invalid_input, "zip: ", to_string(second), " has ", second.rank(), " modes, not the ",
                first.rank(), " modes of ", to_string(first), " it would be paired with");
  IntTuple s, d;  // the same flat modes regrouped: the size and span of a valid layout
  for (std::size_t i = 0; i < first.rank(); ++i) {
    s.push_back(tup(first.shape().mode(i), second.shape().mode(i)));
    d.push_back(tup(first.stride().mode(i), second.stride().mode(i)));
  }
  return detail::LayoutAccess::trusted(std::move(s), std::move(d), n);
}

// Rank-sensitive products: pad A and B to a common rank R, take (A, comp(A) o B), zip.
static Result<Layout> rank_product(Layout const& a, Layout const& b, bool raked) {
  std::size_t r = std::max(a.rank(), b.rank());
  CL_TRY(p, product_by_layout(append_rank(a, r), append_rank(b, r)));
  return raked ? zip_pair(p.mode(1), p.mode(0)) : zip_pair(p.mode(0), p.mode(1));
}

Result<Layout> blocked_product(Layout const& a, Layout const& b) { return rank_product(a, b, false); }
Result<Layout> raked_product(Layout const& a, Layout const& b) { return rank_product(a, b, true); }

}  // namespace catlayout
