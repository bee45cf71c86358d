#include "catlayout/core/product.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/structural.hpp"
#include "cute_composition.hpp"
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

Result<Layout> logical_product(Layout const& a, Tiler const& b, Convention c) {
  return apply_tiler(a, b, logical_product, product_whole, c);
}

// CuTe's three arrangements by name, one delegation each (divide.cpp has the same three).
Result<Layout> zipped_product(Layout const& a, Tiler const& b, Convention c) {
  return arrange(logical_product(a, b, c), b, Arrangement::zipped);
}
Result<Layout> tiled_product(Layout const& a, Tiler const& b, Convention c) {
  return arrange(logical_product(a, b, c), b, Arrangement::tiled);
}
Result<Layout> flat_product(Layout const& a, Tiler const& b, Convention c) {
  return arrange(logical_product(a, b, c), b, Arrangement::flat);
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
static Result<Layout> rank_product(Layout const& a, Layout const& b, bool raked, Convention c) {
  std::size_t r = std::max(a.rank(), b.rank());
  auto zip = [raked](Layout const& p) { return raked ? zip_pair(p.mode(1), p.mode(0)) : zip_pair(p.mode(0), p.mode(1)); };
  auto p = product_by_layout(append_rank(a, r), append_rank(b, r), c, false);
  if (!p && p.error().cute_answers) {  // CuTe goes on to zip its layout: does that zip fail?
    auto cute = product_by_layout(append_rank(a, r), append_rank(b, r), c, true);
    if (cute && !zip(*cute) && !zip(*cute).error().cute_answers) p.error().cute_answers = false;
  }
  if (!p) return std::unexpected(std::move(p.error()));
  return zip(*p);
}

Result<Layout> blocked_product(Layout const& a, Layout const& b, Convention c) { return rank_product(a, b, false, c); }
Result<Layout> raked_product(Layout const& a, Layout const& b, Convention c) { return rank_product(a, b, true, c); }

}  // namespace catlayout
