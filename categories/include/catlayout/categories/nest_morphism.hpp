#pragma once
// The category Nest (paper §3.2.1, Def. 3.2.1.1): objects are nested tuples, a morphism
// f: S -> T is a Tuple morphism f^flat: S^flat -> T^flat remembering the nestings of S and T.
#include "catlayout/categories/tuple_morphism.hpp"
#include "catlayout/core/int_tuple.hpp"

namespace catlayout::categories {

class NestMorphism {
 public:
  // Def. 3.2.1.1; pre: as TupleMorphism::make on the flattenings (invalid_input otherwise).
  static Result<NestMorphism> make(IntTuple domain, IntTuple codomain, std::vector<Point> map);
  // Def. 3.2.1.1: a Tuple morphism with nestings S, T of its domain and codomain (taken by value:
  // a caller that is done with its morphism moves it in instead of copying three vectors).
  static Result<NestMorphism> make(IntTuple domain, IntTuple codomain, TupleMorphism flat);
  // §3.2.3: id_S.
  static Result<NestMorphism> identity(IntTuple s);

  IntTuple const& domain() const { return domain_; }
  IntTuple const& codomain() const { return codomain_; }
  FinMap const& map() const { return flat_.map(); }
  Point alpha(Point i) const { return flat_.alpha(i); }  // on flat indices
  TupleMorphism const& flat() const { return flat_; }

  bool operator==(NestMorphism const&) const = default;

 private:
  NestMorphism(IntTuple s, IntTuple t, TupleMorphism f)
      : domain_(std::move(s)), codomain_(std::move(t)), flat_(std::move(f)) {}
  IntTuple domain_, codomain_;
  TupleMorphism flat_;
};

// §3.2.1: size(S) and cosize(f) = size(T).
Int size(NestMorphism const& f);    // size(S)
Int cosize(NestMorphism const& f);  // size(T)

// §3.2.1: f^flat: S^flat -> T^flat.
TupleMorphism flatten(NestMorphism const& f);
// §3.2.1: a Tuple morphism seen in Nest (flat tuples as depth-1 nested tuples).
NestMorphism to_nest(TupleMorphism const& f);

// §3.2.1: g o f, first f then g; pre: codomain(f) == domain(g) as nested tuples (inadmissible).
Result<NestMorphism> compose(NestMorphism const& g, NestMorphism const& f);
// §3.2.6.1: (f, g): (S, U) -> T; pre: same codomain, disjoint images (inadmissible).
Result<NestMorphism> concat(NestMorphism const& f, NestMorphism const& g);
// §3.2.6.1: (f_1, ..., f_k); pre: k >= 1, same codomain, pairwise disjoint images (inadmissible).
Result<NestMorphism> concat(std::vector<NestMorphism> const& fs);
// §3.2.1: f is an isomorphism of Nest iff f^flat is one of Tuple.
bool is_isomorphism(NestMorphism const& f);

}  // namespace catlayout::categories
