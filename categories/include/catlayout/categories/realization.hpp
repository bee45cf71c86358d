#pragma once
// Realization (paper §3.1.4, §3.2.4): |f| = colex_T o F(f) o colex_S^{-1}, where F(f) sends a
// coordinate (x_1..x_m) of S to the coordinate y of T with y_alpha(i) = x_i and 0 elsewhere.
// Computed from that definition, not from L_f, so that |f| = Phi_{L_f} is a real check.
#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.1.4: |f|(x) for 0 <= x < size(S) (invalid_input outside), a value in [0, size(T)).
Result<Int> realize(TupleMorphism const& f, Int x);
// §3.1.4: [|f|(0), ..., |f|(size(S) - 1)]; pre: size(S) <= limits::max_tabulate.
Result<std::vector<Int>> tabulate(TupleMorphism const& f);
// §3.2.4: |f| = |f^flat|, and its tabulation.
Result<Int> realize(NestMorphism const& f, Int x);
Result<std::vector<Int>> tabulate(NestMorphism const& f);

}  // namespace catlayout::categories
