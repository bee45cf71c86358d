#pragma once
// Refinements (paper §3.2.5): S' refines S when each flat entry s_i of S is replaced in S' by a
// nested tuple S'_i = mode_i(S', S) of size s_i (core's refines / relative_modes).
// Morphisms move along refinements without changing their realization.
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.2.5: the pullback f': S' -> T' of f: S -> T along a refinement T' of T: S'_i = T'_alpha(i)
// when alpha(i) != *, s_i otherwise, and alpha' sends S'_i onto T'_alpha(i) entry by entry.
// inadmissible unless T' refines T. |f'| = |f|, so Phi_{L_f'} = Phi_{L_f}.
Result<NestMorphism> pullback(NestMorphism const& f, IntTuple const& refined_codomain);
// §3.2.5: the pushforward g': S' -> T' of g: S -> T along a refinement S' of S: T'_j = S'_i when
// j = alpha(i), t_j otherwise. inadmissible unless S' refines S. |g'| = |g|.
Result<NestMorphism> pushforward(NestMorphism const& g, IntTuple const& refined_domain);

}  // namespace catlayout::categories
