#pragma once
// Representability (core/represent.hpp decides whether a table is a layout function) applied to a
// composition core rejects: is the composite function itself a layout (blog "Tiling Is Function
// Composition": [0,1,2,4] is not, [0,1,4,5] is (2,2):(1,4))?
#include <optional>
#include <span>
#include <vector>

#include "catlayout/core/represent.hpp"

namespace catlayout::algorithms {

// What each engine says about the CuTe composite A o B (A(B(i)), A extended past size(A), odd on
// negative arguments).
struct CompositionExplanation {
  Result<Layout> core;                       // core composition(A, B)
  Result<Layout> categorical;                // Algorithm 4.1.2 as paper's A o B: categorical_composition(B, A)
  Result<Layout> rational;                   // §4.1.5: rational_composition(B, A), A any layout
  std::optional<std::vector<Int>> table;     // [A(B(0)), ...], with A(-x) = -A(x)
  std::optional<Layout> representable;       // the canonical layout of the table, if it is one
  std::string reason;                        // one sentence reconciling the verdicts
};

// pre: size(B) <= limits::max_tabulate (else invalid_input).
Result<CompositionExplanation> explain_composition(Layout const& a, Layout const& b);

}  // namespace catlayout::algorithms
