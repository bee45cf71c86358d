#pragma once
// The category Tuple (paper §3.1.1, Def. 3.1.1.13): objects are flat tuples of positive
// integers, a morphism f: S -> T lies over a tractable alpha: <m>_* -> <n>_* with
// s_i = t_alpha(i) whenever alpha(i) != *. Construction validates, so an invalid f cannot exist.
#include <vector>

#include "catlayout/categories/fin.hpp"

namespace catlayout::categories {

class TupleMorphism {
 public:
  // Def. 3.1.1.13; pre: positive entries, map.size() == S.size(), entries <= T.size(), alpha
  // tractable, s_i = t_alpha(i), size(S) and size(T) within int64 (invalid_input otherwise).
  static Result<TupleMorphism> make(std::vector<Int> domain, std::vector<Int> codomain, std::vector<Point> map);
  static Result<TupleMorphism> make(std::vector<Int> domain, std::vector<Int> codomain, FinMap alpha);
  // §3.1.1: id_S; pre: positive entries.
  static Result<TupleMorphism> identity(std::vector<Int> s);

  std::vector<Int> const& domain() const { return domain_; }
  std::vector<Int> const& codomain() const { return codomain_; }
  FinMap const& map() const { return alpha_; }
  Point alpha(Point i) const { return alpha_(i); }

  bool operator==(TupleMorphism const&) const = default;

 private:
  TupleMorphism(std::vector<Int> s, std::vector<Int> t, FinMap a)
      : domain_(std::move(s)), codomain_(std::move(t)), alpha_(std::move(a)) {}
  std::vector<Int> domain_, codomain_;
  FinMap alpha_;
};

// §3.1.1: size(S) and cosize(f) = size(T), products that make() has checked to fit in int64.
Int size(TupleMorphism const& f);
Int cosize(TupleMorphism const& f);

// §3.1.1: g o f, first f then g; pre: codomain(f) == domain(g) (inadmissible).
Result<TupleMorphism> compose(TupleMorphism const& g, TupleMorphism const& f);
// §3.1.5.1: f (+) g: S * U -> T * V.
Result<TupleMorphism> sum(TupleMorphism const& f, TupleMorphism const& g);
// Def. 3.1.5.32: f and g have the same codomain and alpha, beta meet only in *.
bool disjoint_images(TupleMorphism const& f, TupleMorphism const& g);
// §3.1.5.5: f * g: S * U -> T; pre: same codomain and disjoint images (inadmissible).
Result<TupleMorphism> concat(TupleMorphism const& f, TupleMorphism const& g);
// §3.1.1: f is an isomorphism of Tuple iff alpha is a bijection.
bool is_isomorphism(TupleMorphism const& f);

}  // namespace catlayout::categories
