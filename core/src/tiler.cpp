// Tilers: the layout a divide or product uses for one, and CuTe's by-mode rule.
#include "catlayout/core/tiler.hpp"

#include "catlayout/core/text.hpp"

namespace catlayout {

Layout const& divisor_layout(Tiler const& t) {
  static const Layout unit;  // 1:0
  if (t.integer && t.layout->size() == 1) return unit;
  return *t.layout;
}

Result<Layout> apply_tiler(Layout const& a, Tiler const& b, TilerOp op, WholeOp whole, Convention c) {
  if (b.is_layout()) return whole(a, divisor_layout(b), c);
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  IntTuple s, d;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    if (i < b.modes.size()) {
      CL_TRY(m, op(a.mode(i), b.modes[i], c));
      s.push_back(m.shape());
      d.push_back(m.stride());
    } else {
      s.push_back(a.shape().mode(i));
      d.push_back(a.stride().mode(i));
    }
  }
  return Layout::make(std::move(s), std::move(d));
}

}  // namespace catlayout
