#include "catlayout/categories/encoding.hpp"

#include <algorithm>
#include <optional>

#include "catlayout/core/checked.hpp"
#include "valid.hpp"

namespace catlayout::categories {
namespace {

// d_i = t_1 ... t_{alpha(i)-1}, or 0 when alpha(i) = *; partial products of size(T) fit.
std::vector<Int> strides(TupleMorphism const& f) {
  std::vector<Int> before(f.codomain().size() + 1, 1);  // before[j-1] = t_1 ... t_{j-1}
  for (std::size_t j = 1; j < f.codomain().size(); ++j) before[j] = before[j - 1] * f.codomain()[j - 1];
  std::vector<Int> d;
  for (Point i = 1; i <= f.domain().size(); ++i) d.push_back(f.alpha(i) == star ? 0 : before[f.alpha(i) - 1]);
  return d;
}

// The modes with nonzero stride, stably sorted by (stride, shape): the order of Construction 3.1.2.5.
// Ties in stride put size-1 modes first, the only order in which s_i d_i | d_{i+1} can hold.
std::vector<std::size_t> sorted_nonzero(FlatLayout const& l) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < l.shape.size(); ++i)
    if (l.stride[i] != 0) idx.push_back(i);
  std::ranges::stable_sort(idx, [&](std::size_t a, std::size_t b) {
    return std::pair(l.stride[a], l.shape[a]) < std::pair(l.stride[b], l.shape[b]);
  });
  return idx;
}

// Why no morphism encodes l, or nothing when one does (§2.1.8 on the unsqueezed sort).
std::optional<Error> obstruction(FlatLayout const& l) {
  for (std::size_t i = 0; i < l.shape.size(); ++i)
    if (l.stride[i] < 0)
      return Error{ErrorKind::not_tractable,
                   str("stride ", l.stride[i], " of flat mode ", i + 1, " is negative; no morphism encodes it")};
  auto idx = sorted_nonzero(l);
  for (std::size_t k = 0; k + 1 < idx.size(); ++k) {
    auto a = idx[k], b = idx[k + 1];
    __int128 reach = static_cast<__int128>(l.shape[a]) * l.stride[a];
    if (l.stride[b] % reach != 0)
      return Error{ErrorKind::not_tractable,
                   str("sorted by stride, mode ", l.shape[a], ":", l.stride[a], " reaches ", l.shape[a], "*", l.stride[a],
                       ", which does not divide the next stride ", l.stride[b], " (mode ", l.shape[b], ":", l.stride[b], ")")};
  }
  return std::nullopt;
}

}  // namespace

Layout to_layout(TupleMorphism const& f) {
  auto d = strides(f);
  return detail::valid(Layout::make(IntTuple::flat(f.domain()), IntTuple::flat(d)));
}

Layout to_layout(NestMorphism const& f) {
  auto d = detail::valid(substitute(strides(f.flat()), profile(f.domain())));
  return detail::valid(Layout::make(f.domain(), std::move(d)));
}

bool is_encodable(Layout const& l) { return !obstruction(flat_modes(l)).has_value(); }

Result<TupleMorphism> flat_standard_representation(Layout const& l) {
  auto flat = flat_modes(l);
  if (auto why = obstruction(flat)) return std::unexpected(*why);
  std::vector<Int> t;
  std::vector<Point> alpha(flat.shape.size(), star);  // stride 0 goes to *
  Int reached = 1;                                     // t_1 ... t_n so far: the stride of the next entry
  for (std::size_t i : sorted_nonzero(flat)) {
    Int gap = flat.stride[i] / reached;  // an unused entry fills the distance; 1 is left out
    if (gap > 1) t.push_back(gap);
    t.push_back(flat.shape[i]);
    alpha[i] = t.size();
    CL_TRY(next, checked_mul(flat.stride[i], flat.shape[i], "cosize of the standard representation"));
    reached = next;
  }
  return TupleMorphism::make(flat.shape.to_vector(), std::move(t), std::move(alpha));
}

Result<NestMorphism> standard_representation(Layout const& l) {
  CL_TRY(flat, flat_standard_representation(l));
  IntTuple t = IntTuple::flat(flat.codomain());  // read before flat moves in
  return NestMorphism::make(l.shape(), std::move(t), std::move(flat));
}

bool is_standard_form(TupleMorphism const& f) {
  auto const& t = f.codomain();
  std::vector<bool> used(t.size() + 2, false);
  for (Point j : f.map().values()) used[j] = true;
  for (std::size_t j = 1; j <= t.size(); ++j)
    if (!used[j] && (t[j - 1] == 1 || j == t.size() || !used[j + 1])) return false;
  auto d = strides(f);
  auto const& s = f.domain();
  for (Point i = 1; i <= s.size(); ++i)
    for (Point k = i + 1; k <= s.size(); ++k)  // equal modes keep their order, as the stable sort does
      if (f.alpha(i) != star && f.alpha(k) != star && f.alpha(i) > f.alpha(k) && d[i - 1] == d[k - 1] &&
          s[i - 1] == s[k - 1])
        return false;
  return true;
}

bool is_standard_form(NestMorphism const& f) {
  return is_standard_form(f.flat()) && !f.codomain().is_leaf() && depth(f.codomain()) <= 1;
}

bool is_non_degenerate(TupleMorphism const& f) {
  for (Point i = 1; i <= f.domain().size(); ++i)
    if (f.domain()[i - 1] == 1 && f.alpha(i) != star) return false;
  return true;
}

bool is_non_degenerate(NestMorphism const& f) { return is_non_degenerate(f.flat()); }

}  // namespace catlayout::categories
