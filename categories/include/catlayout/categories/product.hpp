#pragma once
// Products (paper §3.1.5.8, §3.2.6.6): repeat f along g, which indexes the complement of f.
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.1.5.8: f and g are product admissible: f complementable and codomain(g) = domain(f^c).
bool is_product_admissible(TupleMorphism const& f, TupleMorphism const& g);
bool is_product_admissible(NestMorphism const& f, NestMorphism const& g);
// §3.1.5.8: f (x)flat g = f * (f^c o g); not_complementable unless f is, inadmissible unless
// codomain(g) = domain(f^c). L_{f (x) g} = L_f (x)flat L_g.
Result<TupleMorphism> flat_product(TupleMorphism const& f, TupleMorphism const& g);
// §3.2.6.6: f (x) g = (f, f^c o g); pre as flat_product. L_{f (x) g} = L_f (x) L_g.
Result<NestMorphism> logical_product(NestMorphism const& f, NestMorphism const& g);

}  // namespace catlayout::categories
