#pragma once
// Division (paper §3.1.5.7, §3.2.6.5): divide f by g, a morphism into the domain of f.
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.1.5.7: f /flat g = f o (g * g^c); pre: g complementable (not_complementable), then
// codomain(g) = domain(f) (inadmissible). coal(L_{f / g}) = coal(L_f /flat L_g).
Result<TupleMorphism> flat_divide(TupleMorphism const& f, TupleMorphism const& g);
// §3.2.6.5: f / g = f o (g, g^c); pre as flat_divide, codomain(g) = domain(f) as nested tuples.
Result<NestMorphism> logical_divide(NestMorphism const& f, NestMorphism const& g);

}  // namespace catlayout::categories
