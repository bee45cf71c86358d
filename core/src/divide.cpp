#include "catlayout/core/divide.hpp"

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

static Result<Layout> divide_by_layout(Layout const& a, Layout const& b) {
  auto c = complement(b, coalesce(a).shape());
  if (!c)  // Def. 2.3.8.1 asks for comp(B, size(A)): without it the division is inadmissible
    return fail(ErrorKind::inadmissible, "dividing ", to_string(a), " by ", to_string(b), ": the tiler has no complement: ",
                c.error().message);
  CL_TRY(bc, make_layout({b, *c}));
  return composition(a, bc);
}

Result<Layout> logical_divide(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return divide_by_layout(a, divisor_layout(b));
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    if (i < b.modes.size()) {
      CL_TRY(m, logical_divide(a.mode(i), b.modes[i]));
      modes.push_back(std::move(m));
    } else {
      modes.push_back(a.mode(i));
    }
  }
  return make_layout(modes);
}

namespace {
struct Split {
  std::vector<Layout> first, second;
};

Result<Split> zip2_split(Layout const& l, Tiler const& guide) {
  if (guide.is_layout()) {
    if (l.rank() != 2 || l.shape().is_leaf())
      return fail(ErrorKind::invalid_input, "zip2_by: expected a rank-2 mode, found ", to_string(l));
    return Split{{l.mode(0)}, {l.mode(1)}};
  }
  if (l.shape().is_leaf() || l.rank() < guide.modes.size())
    return fail(ErrorKind::invalid_input, "zip2_by: ", to_string(l), " has fewer modes than the tiler ",
                to_string(guide));
  std::vector<Layout> firsts, seconds;
  for (std::size_t i = 0; i < guide.modes.size(); ++i) {
    CL_TRY(z, zip2_by(l.mode(i), guide.modes[i]));
    firsts.push_back(z.mode(0));
    seconds.push_back(z.mode(1));
  }
  for (std::size_t i = guide.modes.size(); i < l.rank(); ++i) seconds.push_back(l.mode(i));
  CL_TRY(f, make_layout(firsts));
  CL_TRY(s, make_layout(seconds));
  return Split{{f}, {s}};
}
}  // namespace

Result<Layout> zip2_by(Layout const& l, Tiler const& guide) {
  CL_TRY(sp, zip2_split(l, guide));
  return make_layout({sp.first[0], sp.second[0]});
}

Result<Layout> unpack_modes(Layout const& l, bool first, bool second) {
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < 2; ++i) {
    Layout m = l.mode(i);
    bool unpack = i == 0 ? first : second;
    if (unpack && !m.shape().is_leaf() && m.rank() > 1) {  // CuTe slices a rank-1 mode with one _: kept whole
      for (std::size_t j = 0; j < m.rank(); ++j) modes.push_back(m.mode(j));
    } else {
      modes.push_back(m);
    }
  }
  return make_layout(modes);
}

Result<Layout> zipped_divide(Layout const& a, Tiler const& b) {
  CL_TRY(d, logical_divide(a, b));
  return zip2_by(d, b);
}

Result<Layout> tiled_divide(Layout const& a, Tiler const& b) {
  CL_TRY(z, zipped_divide(a, b));
  return unpack_modes(z, false, true);
}

Result<Layout> flat_divide(Layout const& a, Tiler const& b) {
  CL_TRY(z, zipped_divide(a, b));
  return unpack_modes(z, true, true);
}

}  // namespace catlayout
