#include "catlayout/algorithms/admissibility.hpp"

#include "catlayout/core/coalesce.hpp"

namespace catlayout::algorithms {
namespace {

using I128 = __int128;

// The division index of x against the prefix products P_0..P_p, or 0 when there is none.
std::size_t division_index(I128 x, std::vector<I128> const& p, bool extended) {
  std::size_t last = p.size() - 1;
  for (std::size_t k = 1; k <= last; ++k) {
    if (x % p[k - 1] != 0) continue;
    if (p[k] % x == 0 || (extended && k == last)) return k;
  }
  return 0;
}

std::string prefix_string(std::vector<I128> const& p) {
  std::string s = "(";
  for (std::size_t k = 0; k < p.size(); ++k) {
    s += k ? "," : "";
    s += std::to_string(static_cast<Int>(p[k]));
  }
  return s + ")";
}

}  // namespace

Result<void> admissible_for_composition(Layout const& a, Layout const& b, bool extended) {
  auto fa = flat_modes(a);
  // Extended: B's last flat mode is the unbounded one, so coalesce may not drop a trailing size-1 mode.
  auto fb = extended ? coalesce_extended(b) : flat_modes(coalesce(b));
  std::vector<I128> p{1};
  for (Int u : fb.shape) p.push_back(p.back() * u);
  struct Mode { I128 d, e; Int s; };
  std::vector<Mode> modes;
  for (std::size_t i = 0; i < fa.shape.size(); ++i) {
    Int s = fa.shape[i], d = fa.stride[i];
    if (s == 1 || d == 0) continue;  // constant modes: nothing to place
    if (d < 0)
      return fail(ErrorKind::inadmissible, "mode ", s, ":", d, " of A = ", to_string(a),
                  " has a negative stride: A(1) leaves B's domain");
    modes.push_back({d, I128(d) * s, s});
    std::string where = std::string(" of mode ") + std::to_string(s) + ":" + std::to_string(d) + " of A = " +
                        to_string(a) + " against the prefix products " + prefix_string(p) +
                        (extended ? " of B extended, " : " of coal(B), ") + "B = " + to_string(b);
    if (!division_index(d, p, extended))
      return fail(ErrorKind::inadmissible, "(a,b) the stride ", d, where,
                  " has no division index k with P_{k-1} | d and d | P_k");
    if (!division_index(I128(d) * s, p, extended))
      return fail(ErrorKind::inadmissible, "(c,d) the extent d*s = ", static_cast<Int>(I128(d) * s), where,
                  " has no division index l with P_{l-1} | d*s and d*s | P_l");
  }
  for (std::size_t i = 0; i < modes.size(); ++i)
    for (std::size_t j = i + 1; j < modes.size(); ++j)
      if (!(modes[i].e <= modes[j].d || modes[j].e <= modes[i].d))
        return fail(ErrorKind::inadmissible, "(e) the modes ", modes[i].s, ":", static_cast<Int>(modes[i].d), " and ",
                    modes[j].s, ":", static_cast<Int>(modes[j].d), " of A = ", to_string(a),
                    " cover overlapping intervals of B's domain");
  return {};
}

}  // namespace catlayout::algorithms
