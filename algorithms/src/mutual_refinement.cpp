#include "catlayout/algorithms/mutual_refinement.hpp"

namespace catlayout::algorithms {
namespace {

IntTuple mode_tuple(std::vector<Int> const& m) {
  if (m.size() == 1) return IntTuple(m[0]);
  return IntTuple(std::vector<IntTuple>(m.begin(), m.end()));
}

IntTuple substitute_at(std::vector<std::vector<Int>> const& modes, IntTuple const& p, std::size_t& pos) {
  if (p.is_leaf()) return mode_tuple(modes[pos++]);
  std::vector<IntTuple> c;
  for (auto const& x : p.children()) c.push_back(substitute_at(modes, x, pos));
  return IntTuple(std::move(c));
}

Result<std::vector<Int>> positive_entries(IntTuple const& t, char const* name) {
  auto v = flatten_values(t);
  for (Int x : v)
    if (x < 1) return fail(ErrorKind::invalid_input, name, " = ", to_string(t), " has the entry ", x, ", not positive");
  return v;
}

}  // namespace

Result<IntTuple> substitute_modes(std::vector<std::vector<Int>> const& modes, IntTuple const& p) {
  if (length(p) != modes.size())
    return fail(ErrorKind::invalid_input, "profile ", to_string(p), " has ", length(p), " entries, not ", modes.size());
  std::size_t pos = 0;
  return substitute_at(modes, p, pos);
}

// Algorithm 4.1.1, on the flattenings (Lemma 3.2.5.20: no loss of generality).
Result<MutualRefinement> mutual_refinement(IntTuple const& t, IntTuple const& u) {
  CL_TRY(x, positive_entries(t, "T"));
  CL_TRY(y, positive_entries(u, "U"));
  std::vector<std::vector<Int>> xr, yr;  // X', Y'
  std::vector<Int> xm, ym;               // X_mode, Y_mode
  std::size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (x[i] == y[j]) {  // x_i = y_j: both relative modes close
      xm.push_back(x[i]);
      xr.push_back(std::exchange(xm, {}));
      ym.push_back(y[j]);
      yr.push_back(std::exchange(ym, {}));
      ++i, ++j;
    } else if (y[j] % x[i] == 0) {  // x_i | y_j: x_i closes, y_j keeps y_j / x_i
      xm.push_back(x[i]);
      xr.push_back(std::exchange(xm, {}));
      ym.push_back(x[i]);
      y[j] /= x[i];
      ++i;
    } else if (x[i] % y[j] == 0) {  // y_j | x_i: y_j closes, x_i keeps x_i / y_j
      xm.push_back(y[j]);
      ym.push_back(y[j]);
      yr.push_back(std::exchange(ym, {}));
      x[i] /= y[j];
      ++j;
    } else {
      return fail(ErrorKind::not_refinable, "T = ", to_string(t), " and U = ", to_string(u),
                  " have no mutual refinement: what is left of entry ", i + 1, " of T (", x[i], ") and of entry ",
                  j + 1, " of U (", y[j], ") divide neither way");
    }
  }
  // Trailing 1s of T need no room in U: they join U's last relative mode (an extension).
  while (i < x.size() && x[i] == 1 && !yr.empty()) {  // here j == len(U)
    xm.push_back(1);
    xr.push_back(std::exchange(xm, {}));
    yr.back().push_back(1);
    ++i;
  }
  if (i < x.size()) {
    return fail(ErrorKind::not_refinable, "T = ", to_string(t), " and U = ", to_string(u),
                " have no mutual refinement: U runs out with entry ", i + 1, " of T (", x[i],
                " left) unmatched, so size(T) does not fit in size(U)");
  }
  if (!ym.empty()) {  // U's current entry closes with what is left of it
    ym.push_back(y[j]);
    yr.push_back(std::exchange(ym, {}));
    ++j;
  }
  for (; j < y.size(); ++j) yr.push_back({y[j]});
  MutualRefinement r;
  CL_TRY(first, substitute_modes(xr, profile(t)));
  CL_TRY(second, substitute_modes(yr, profile(u)));
  r.first = std::move(first);
  r.second = std::move(second);
  r.first_modes = std::move(xr);
  r.second_modes = std::move(yr);
  return r;
}

}  // namespace catlayout::algorithms
