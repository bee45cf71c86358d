#pragma once
// Complements (paper §3.1.5.6, §3.2.6.3): g: U -> T is a complement of f: S -> T when f and g
// have disjoint images and f * g is an isomorphism; it exists iff alpha is injective.
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// Def. 3.1.5.45: f is complementable iff alpha is injective (no mode goes to *).
bool is_complementable(TupleMorphism const& f);
bool is_complementable(NestMorphism const& f);
// §3.1.5.6: g is a complement of f: same codomain, disjoint images, f * g an isomorphism.
bool is_complement(TupleMorphism const& g, TupleMorphism const& f);
// Construction 3.1.5.46: f^c: (t_j1, ..., t_jk) -> T, j1 < ... < jk the entries outside Image(alpha);
// not_complementable unless f is. coal(L_{f^c}) = comp(L_f, size(T)).
Result<TupleMorphism> complement(TupleMorphism const& f);
// §3.2.6.3: f^c with the flat tuple (t_j1, ..., t_jk) as domain and f's codomain T.
Result<NestMorphism> complement(NestMorphism const& f);

}  // namespace catlayout::categories
