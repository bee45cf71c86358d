#include "catlayout/core/product.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

static Result<Layout> product_by_layout(Layout const& a, Layout const& b) {
  CL_TRY(n, checked_mul(a.size(), cosize(b), "size(A)*cosize(B)"));
  auto c = complement(a, n);
  if (!c)
    return fail(c.error().kind, "the product of ", to_string(a), " and ", to_string(b), " needs comp(A, ", n,
                "): ", c.error().message);
  auto cb = composition(*c, b);
  if (!cb)
    return fail(cb.error().kind, "the product of ", to_string(a), " and ", to_string(b), " composes comp(A, ", n,
                ") = ", to_string(*c), " with B: ", cb.error().message);
  return make_layout({a, *cb});
}

Result<Layout> logical_product(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return product_by_layout(a, *b.layout);
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    if (i < b.modes.size()) {
      CL_TRY(m, logical_product(a.mode(i), b.modes[i]));
      modes.push_back(std::move(m));
    } else {
      modes.push_back(a.mode(i));
    }
  }
  return make_layout(modes);
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

// zip((A_0..A_r), (C_0..C_r)) = ((A_0,C_0), ..., (A_r,C_r)), or the reverse pairing.
static Result<Layout> rank_product(Layout const& a, Layout const& b, bool raked) {
  std::size_t r = std::max(a.rank(), b.rank());
  Layout pa = append_rank(a, r), pb = append_rank(b, r);
  CL_TRY(p, product_by_layout(pa, pb));
  Layout x = p.mode(0), y = p.mode(1);
  if (r == 1) return raked ? make_layout({y, x}) : make_layout({x, y});
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < r; ++i) {
    CL_TRY(m, raked ? make_layout({y.mode(i), x.mode(i)}) : make_layout({x.mode(i), y.mode(i)}));
    modes.push_back(std::move(m));
  }
  return make_layout(modes);
}

Result<Layout> blocked_product(Layout const& a, Layout const& b) { return rank_product(a, b, false); }
Result<Layout> raked_product(Layout const& a, Layout const& b) { return rank_product(a, b, true); }

}  // namespace catlayout
