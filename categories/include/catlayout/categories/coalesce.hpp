#pragma once
// Squeeze, sort and coalesce of morphisms (paper §3.1.5.2-3.1.5.4, §3.2.6.2).
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.1.5.2: drop every s_i = 1 and t_j = 1, renumbering alpha. L_{squeeze f} = squeeze(L_f).
TupleMorphism squeeze(TupleMorphism const& f);
// §3.1.5.3: the *-modes first (by size, stably), then the others in the order of alpha.
bool is_sorted(TupleMorphism const& f);
// §3.1.5.3: sort(f) = f o g for the permutation g: S_sigma -> S making it sorted; L_{sort f} = sort(L_f).
TupleMorphism sort(TupleMorphism const& f);
// §3.1.5.4: no s_i = 1, and adjacent modes are neither both * nor alpha(i+1) = alpha(i) + 1
// across only entries 1 (Prop. 3.1.5.24: iff L_f is coalesced).
bool is_coalesced(TupleMorphism const& f);
// §3.1.5.4: coal(f): squeeze, then merge adjacent *-modes and runs alpha(i+1) = alpha(i) + 1
// in the domain and the matching runs in the codomain. L_{coal f} = coal(L_f).
TupleMorphism coalesce(TupleMorphism const& f);
// §3.2.6.2, CuTe's variant: coal(f^flat) with domain 1 (map *) when nothing is left, the bare
// integer when one mode is left, a flat tuple otherwise; codomain flat. L_{coal f} = coalesce(L_f).
NestMorphism coalesce(NestMorphism const& f);

}  // namespace catlayout::categories
