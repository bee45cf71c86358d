#include "morphism.hpp"

#include <algorithm>
#include <numeric>

namespace catlayout::algorithms::detail {

Result<FlatMorphism> standard_representation(FlatLayout const& l, bool integral, std::string_view name) {
  FlatMorphism f;
  f.domain = l.shape;
  f.map.assign(l.shape.size(), 0);
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < l.shape.size(); ++i)
    if (l.shape[i] != 1 && l.stride[i] != 0) idx.push_back(i);  // the rest go to *
  // Construction 3.1.2.5: sorted by (stride, shape), stable.
  std::stable_sort(idx.begin(), idx.end(), [&](auto a, auto b) {
    return std::pair(l.stride[a], l.shape[a]) < std::pair(l.stride[b], l.shape[b]);
  });
  Rational reach = 1;  // s_{k-1} d_{k-1}: the product of the codomain so far
  for (std::size_t i : idx) {
    Int s = l.shape[i], d = l.stride[i];
    if (integral && d < 0)
      return fail(ErrorKind::not_tractable, name, " has the mode ", s, ":", d,
                  " of negative stride; a tuple morphism encodes strides >= 0 only");
    Rational gap = Rational(d) / reach;
    if (integral && denominator(gap) != 1)
      return fail(ErrorKind::not_tractable, name, " is not tractable: the mode ", s, ":", d,
                  " sorted after modes reaching ", to_string(reach), " needs ", to_string(reach), " | ", d);
    if (gap != 1) f.codomain.push_back(gap);
    f.codomain.push_back(Rational(s));
    f.map[i] = f.codomain.size();
    reach = Rational(d) * s;
  }
  return f;
}

std::vector<Rational> encoded_strides(FlatMorphism const& f) {
  std::vector<Rational> before(f.codomain.size() + 1, Rational(1));
  for (std::size_t j = 0; j < f.codomain.size(); ++j) before[j + 1] = before[j] * f.codomain[j];
  std::vector<Rational> out;
  for (std::size_t a : f.map) out.push_back(a == 0 ? Rational(0) : before[a - 1]);
  return out;
}

std::string to_string(Rational const& q) { return q.str(); }

std::string codomain_string(FlatMorphism const& f) {
  std::string s = "(";
  for (std::size_t j = 0; j < f.codomain.size(); ++j) {
    s += j ? "," : "";
    s += to_string(f.codomain[j]);
  }
  return s + ")";
}

Result<Int> to_int(Rational const& q, std::string_view what) {
  if (denominator(q) != 1) return fail(ErrorKind::invalid_input, what, " ", to_string(q), " is not an integer");
  auto n = numerator(q);
  if (n > std::numeric_limits<Int>::max() || n < std::numeric_limits<Int>::min())
    return fail(ErrorKind::invalid_input, "overflow: ", what, " ", to_string(q), " exceeds the int64 range");
  return static_cast<Int>(n);
}

}  // namespace catlayout::algorithms::detail
