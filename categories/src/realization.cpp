#include "catlayout/categories/realization.hpp"

#include "catlayout/core/limits.hpp"

namespace catlayout::categories {

Result<Int> realize(TupleMorphism const& f, Int x) {
  if (x < 0 || x >= size(f))
    return fail(ErrorKind::invalid_input, "|f| is defined on [0, ", size(f), "), not at ", x);
  auto const& s = f.domain();
  auto const& t = f.codomain();
  std::vector<Int> y(t.size(), 0);  // F(f)(colex_S^{-1}(x)): coordinate i moves to entry alpha(i)
  for (Point i = 1; i <= s.size(); ++i) {
    Int xi = x % s[i - 1];
    x /= s[i - 1];
    if (f.alpha(i) != star) y[f.alpha(i) - 1] = xi;
  }
  Int out = 0, weight = 1;  // colex_T(y); every partial sum stays below size(T), which fits
  for (std::size_t j = 0; j < t.size(); ++j) {
    out += y[j] * weight;
    if (j + 1 < t.size()) weight *= t[j];
  }
  return out;
}

Result<std::vector<Int>> tabulate(TupleMorphism const& f) {
  if (size(f) > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, "tabulating |f| needs ", size(f), " values, beyond the limit of ",
                limits::max_tabulate);
  std::vector<Int> out;
  out.reserve(static_cast<std::size_t>(size(f)));
  for (Int x = 0; x < size(f); ++x) out.push_back(*realize(f, x));
  return out;
}

Result<Int> realize(NestMorphism const& f, Int x) { return realize(f.flat(), x); }
Result<std::vector<Int>> tabulate(NestMorphism const& f) { return tabulate(f.flat()); }

}  // namespace catlayout::categories
