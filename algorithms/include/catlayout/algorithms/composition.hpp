#pragma once
// The categorical composition algorithm (paper §4.1.3, Algorithm 4.1.2; §4.1.5 for rational
// entries). Paper order: B o A applies A first, so B o A here is core's composition(B, A) (CuTe's
// composition(outer, inner)). The result is coal(L_{g' o f'}, shape(A)): A's nesting, each mode coalesced.
#include <string>

#include "catlayout/algorithms/mutual_refinement.hpp"

namespace catlayout::algorithms {

// Each step of Algorithm 4.1.2, for explanations and the CLI.
struct CompositionTrace {
  std::string f;              // f_A : S -> T as "S -> T via alpha"
  std::string g;              // g : U -> V, the standard representation of coal(B)
  IntTuple t, u;              // codomain of f_A; domain of g (= shape(coal(B)))
  IntTuple t_refined, u_refined;  // the mutual refinement (T', U') of Algorithm 4.1.1
  Layout encoded;             // C = L_{g' o f'}; shape(C) refines shape(A)
  Layout result;              // B o A = coal(C, shape(A))
};

// Algorithm 4.1.2 (paper B o A); pre: A and B tractable (else not_tractable), (T, U) mutually
// refinable (else not_refinable: A's image must fit inside B's domain [0, size(B))).
// post: result(i) == B(A(i)) for all i < size(A); shape(result) refines shape(A).
Result<Layout> categorical_composition(Layout const& a, Layout const& b);
Result<CompositionTrace> categorical_composition_trace(Layout const& a, Layout const& b);

// Algorithm 4.1.2 again, run on the categories engine (catlayout::categories: standard_representation,
// pullback, pushforward, compose, to_layout) instead of this room's own flat morphisms: a second
// implementation to cross-check. Size-1 modes of A get stride 0 first (no function; §3.1.2 filter).
// invalid_input when catlayout was built without categories/.
Result<Layout> nest_composition(Layout const& a, Layout const& b);

// §4.1.5: the same algorithm with V's entries in Q, so B may be any layout (its standard
// representation needs no divisibility; negative strides give negative entries, an extension of the
// paper's Q>0); pre: A tractable, (T, U) mutually refinable. post: as categorical_composition.
Result<Layout> rational_composition(Layout const& a, Layout const& b);
Result<CompositionTrace> rational_composition_trace(Layout const& a, Layout const& b);

// The layout whose function is B's CuTe-extended function (last flat mode unbounded, as core's
// composition reads its outer layout) on [0, n): the modes of coalesce_extended(B) up to the first
// prefix product P_k >= n, the last cut to n / P_{k-1}. pre: P_{k-1} | n (else inadmissible: no layout
// has that restriction), n >= 1. Algorithm 4.1.2 on (A, extended_prefix(B, size(T))) is how the
// categorical algorithm reproduces CuTe's truncated and extended composites.
Result<Layout> extended_prefix(Layout const& b, Int n);

// size(T) for A's standard representation: the largest d*s over A's modes of shape > 1, stride != 0.
Int codomain_extent(Layout const& a);

}  // namespace catlayout::algorithms
