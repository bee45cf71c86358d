#include "catlayout/categories/coalesce.hpp"

#include <algorithm>

#include "valid.hpp"

namespace catlayout::categories {
namespace {

IntTuple flat_tuple(std::vector<Int> const& values) { return IntTuple(std::vector<IntTuple>(values.begin(), values.end())); }

// The sort key of a mode: *-modes first, ordered by size; then the others in the order of alpha.
std::pair<int, Int> sort_key(TupleMorphism const& f, Point i) {
  if (f.alpha(i) == star) return {0, f.domain()[i - 1]};
  return {1, static_cast<Int>(f.alpha(i))};
}

}  // namespace

TupleMorphism squeeze(TupleMorphism const& f) {
  std::vector<Point> renumber(f.codomain().size() + 1, star);  // old codomain index -> new
  std::vector<Int> t;
  for (std::size_t j = 1; j <= f.codomain().size(); ++j)
    if (f.codomain()[j - 1] != 1) {
      t.push_back(f.codomain()[j - 1]);
      renumber[j] = t.size();
    }
  std::vector<Int> s;
  std::vector<Point> alpha;
  for (Point i = 1; i <= f.domain().size(); ++i)
    if (f.domain()[i - 1] != 1) {  // then t_alpha(i) = s_i != 1 survives too
      s.push_back(f.domain()[i - 1]);
      alpha.push_back(renumber[f.alpha(i)]);
    }
  return detail::valid(TupleMorphism::make(std::move(s), std::move(t), std::move(alpha)));
}

bool is_sorted(TupleMorphism const& f) {
  for (Point i = 1; i < f.domain().size(); ++i)
    if (sort_key(f, i + 1) < sort_key(f, i)) return false;
  return true;
}

TupleMorphism sort(TupleMorphism const& f) {
  std::vector<Point> sigma(f.domain().size());
  for (std::size_t k = 0; k < sigma.size(); ++k) sigma[k] = k + 1;
  std::ranges::stable_sort(sigma, [&](Point a, Point b) { return sort_key(f, a) < sort_key(f, b); });
  std::vector<Int> permuted;
  for (Point i : sigma) permuted.push_back(f.domain()[i - 1]);
  // g: S_sigma -> S is the permutation; sort(f) = f o g.
  auto g = detail::valid(TupleMorphism::make(std::move(permuted), f.domain(), sigma));
  return detail::valid(compose(f, g));
}

bool is_coalesced(TupleMorphism const& f) {
  auto const& s = f.domain();
  auto const& t = f.codomain();
  if (std::ranges::find(s, 1) != s.end()) return false;
  for (Point i = 1; i < s.size(); ++i) {
    Point a = f.alpha(i), b = f.alpha(i + 1);
    if ((a == star) != (b == star)) continue;  // one of them is *
    if (a == star) return false;               // two *-modes merge
    if (a > b) continue;
    bool separated = false;  // some t_j > 1 strictly between: the strides do not chain
    for (Point j = a + 1; j < b; ++j) separated = separated || t[j - 1] > 1;
    if (!separated) return false;
  }
  return true;
}

TupleMorphism coalesce(TupleMorphism const& f) {
  auto g = squeeze(f);
  auto const& s = g.domain();
  auto const& t = g.codomain();
  // Domain classes: runs of *-modes, and runs alpha(i+1) = alpha(i) + 1.
  std::vector<std::size_t> first_of_class;
  for (Point i = 1; i <= s.size(); ++i) {
    bool joins = i > 1 && ((g.alpha(i - 1) == star && g.alpha(i) == star) ||
                           (g.alpha(i - 1) != star && g.alpha(i) == g.alpha(i - 1) + 1));
    if (!joins) first_of_class.push_back(i);
  }
  // Codomain classes: j ~ j+1 exactly when adjacent domain modes land on j and j+1.
  std::vector<bool> joins_previous(t.size() + 1, false);
  for (Point i = 1; i < s.size(); ++i)
    if (g.alpha(i) != star && g.alpha(i + 1) == g.alpha(i) + 1) joins_previous[g.alpha(i + 1)] = true;
  std::vector<Point> cls(t.size() + 1, star);
  std::vector<Int> new_t;
  for (Point j = 1; j <= t.size(); ++j) {
    if (joins_previous[j]) {
      new_t.back() *= t[j - 1];
    } else {
      new_t.push_back(t[j - 1]);
    }
    cls[j] = new_t.size();
  }
  std::vector<Int> new_s;
  std::vector<Point> alpha;
  for (std::size_t c = 0; c < first_of_class.size(); ++c) {
    Point end = c + 1 < first_of_class.size() ? first_of_class[c + 1] : s.size() + 1;
    Int p = 1;
    for (Point i = first_of_class[c]; i < end; ++i) p *= s[i - 1];
    new_s.push_back(p);
    alpha.push_back(cls[g.alpha(first_of_class[c])]);  // cls[*] = *
  }
  return detail::valid(TupleMorphism::make(std::move(new_s), std::move(new_t), std::move(alpha)));
}

NestMorphism coalesce(NestMorphism const& f) {
  auto c = coalesce(f.flat());
  auto t = flat_tuple(c.codomain());
  if (c.domain().empty())  // nothing left: CuTe's 1:0
    return detail::valid(NestMorphism::make(IntTuple(1), t, std::vector<Point>{star}));
  // The domain's nesting is read before c moves in (arguments are evaluated in no fixed order).
  IntTuple s = c.domain().size() == 1 ? IntTuple(c.domain()[0]) : flat_tuple(c.domain());  // one mode: CuTe's s:d
  return detail::valid(NestMorphism::make(std::move(s), std::move(t), std::move(c)));
}

}  // namespace catlayout::categories
