// Tilers: the layout a divide or product uses for one, and CuTe's by-mode rule.
#include "catlayout/core/tiler.hpp"

#include "catlayout/core/text.hpp"
#include "flat_pipeline.hpp"

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
      auto m = op(a.mode(i), b.modes[i], c);
      if (!m) {
        // CuTe computes every mode: a static_assert in a later one means it answers nothing at all.
        Error e = std::move(m.error());
        for (std::size_t j = i + 1; e.cute_returns() && j < b.modes.size(); ++j)
          if (auto later = op(a.mode(j), b.modes[j], c); !later && !later.error().cute_returns())
            e.cute_answers = e.cute_precondition = false;
        return std::unexpected(std::move(e));
      }
      s.push_back(m->shape());
      d.push_back(m->stride());
    } else {
      s.push_back(a.shape().mode(i));
      d.push_back(a.stride().mode(i));
    }
  }
  return Layout::make(std::move(s), std::move(d));
}

bool detail::tile_into(View const& a, Tiler const& b, Convention c, WholeInto whole, Draft& out) {
  if (b.is_layout()) {
    out.open();  // one mode of several: the caller walks the whole result
    if (!whole(a, divisor_layout(b), c, out, out, nullptr)) return false;
    out.close();
    return true;
  }
  bool ok = true;
  std::size_t i = 0;
  out.open();
  for_each_mode(a, [&](View const& m) {
    if (i < b.modes.size())
      ok = ok && tile_into(m, b.modes[i], c, whole, out);
    else
      out.append(m);
    ++i;
  });
  out.close();
  return ok && i >= b.modes.size();  // a tiler of more modes than A has: refused (the modes counted on the way)
}

// zip2_by (CuTe) of the logical form, written directly: a layout tiler's two modes go one to
// each half; a tuple tiler's modes gather their halves into one mode each, A's extra modes
// joining the second.
bool detail::zip_into(View const& a, Tiler const& b, Convention c, WholeInto whole, Draft& first, Draft& second) {
  if (b.is_layout()) return whole(a, divisor_layout(b), c, first, second, nullptr);  // as tile_into
  bool ok = true;
  std::size_t i = 0;
  first.open();
  second.open();
  for_each_mode(a, [&](View const& m) {
    if (i < b.modes.size())
      ok = ok && zip_into(m, b.modes[i], c, whole, first, second);
    else
      second.append(m);
    ++i;
  });
  first.close();
  second.close();
  return ok && i >= b.modes.size();  // as tile_into
}

bool detail::tiled_by_modes(Layout const& a, Tiler const& b, Convention c, WholeInto whole, Draft& out, Int& size,
                            std::size_t& rank) {
  if (a.flat_shape().empty() || !tile_into(view(a), b, c, whole, out)) return false;
  rank = a.rank();  // one mode per mode of A
  return walked_size(out, size);
}

bool detail::walked_size(Draft const& out, Int& size) {
  auto n = checked_size(out);
  if (n) size = *n;
  return n.has_value();
}

// One mode of the arrangement: kept whole, or its modes spliced in (unpack_modes); the number of
// modes it adds.
static std::size_t append_mode(detail::Draft& out, detail::Draft const& m, bool unpack) {
  detail::Word w(m.word.data(), m.word.size());
  std::size_t rank = unpack && w.size() > 1 ? detail::rank_of(w) : 1;
  if (rank < 2) {
    out.append(m);
    return 1;
  }
  out.shape.append(m.shape.data(), m.shape.size());
  out.stride.append(m.stride.data(), m.stride.size());
  out.word.append(w.data() + 1, w.size() - 2);  // without its outer brackets
  return rank;
}

bool detail::arrange_halves(Draft& out, Draft const& second, Int proven, Arrangement how, Int& size,
                            std::size_t& rank) {
  // The logical form's conditions on the same entries (out holds the first half's only); its depth
  // is left to the step-by-step path when its word is long enough to reach the limit (out's word
  // counts one bracket more than the first half's: a word one token short of it goes there too).
  if (!pair_size(out, second, size, proven)) return false;
  Word first(out.word.data() + 1, out.word.size() - 1);
  rank = how == Arrangement::flat && first.size() > 1 ? rank_of(first) : 1;
  if (rank >= 2) {  // unpack_modes: the first half's modes spliced in, without its outer brackets
    for (std::size_t k = 2; k + 1 < out.word.size(); ++k) out.word[k - 1] = out.word[k];
    out.word.n -= 2;
  }
  rank += append_mode(out, second, how != Arrangement::zipped);
  out.close();
  return !out.overflowed();
}

}  // namespace catlayout
