#pragma once
// Representability: is a finite table f: [0, n) -> Z the layout function of some layout? The answer is
// the canonical layout (core coalesce form, unique per function) or the reason none exists; and, for a
// composition core rejects, whether the composite function itself is a layout (blog "Tiling Is Function
// Composition": [0,1,2,4] is not, [0,1,4,5] is (2,2):(1,4)).
#include <optional>
#include <span>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout {

struct Representation {
  std::optional<Layout> layout;  // the coalesced layout with this function, when one exists
  std::string reason;            // why none exists (empty when one does)
};

// pre: table non-empty (else invalid_input). post: layout, if any, is coalesce(L) for every L with
// tabulate(L) == table. Greedy on the coalesced form; the argument is in representability.cpp.
Result<Representation> represent(std::span<Int const> table);

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

}  // namespace catlayout
