#pragma once
// Representability: is a finite table f: [0, n) -> Z the layout function of some layout? The answer is
// the canonical layout (core coalesce form, unique per function) or the reason none exists. Used
// where an operation's answer is defined as a function and must be found as a layout (nullspace,
// layout_add) and by algorithms/representability.hpp.
#include <optional>
#include <span>
#include <string>

#include "catlayout/core/layout.hpp"

namespace catlayout {

struct Representation {
  std::optional<Layout> layout;  // the coalesced layout with this function, when one exists
  std::string reason;            // why none exists (empty when one does)
};

// pre: table non-empty (else invalid_input). post: layout, if any, is coalesce(L) for every L with
// tabulate(L) == table. Greedy on the coalesced form; the argument is in represent.cpp.
Result<Representation> represent(std::span<Int const> table);

}  // namespace catlayout
