#pragma once
// Conformance-internal: the checker's fast path (fast_case.hpp) for the ops of the categorical
// engines: nest.* and layout.to_nest (categories) and mutual_refinement (algorithms). Their
// args are read straight from the case's text, the same engine functions run, and the result is
// compared with `expect` as text, so no nlohmann value is built. It answers only an exact match;
// anything else (an engine missing from this build included) is left to the DOM path.
#include <string_view>

#include "catlayout/wire/ops.hpp"

namespace catlayout::conformance::fast {

// True when `op` is one of these ops, its args read plainly and its result is exactly `expect`
// (the morphism, layout or refinement, or the error kind); false means "ask the DOM path".
// Strict, as exact_core_case is: when true, args and expect are valid JSON, read whole.
bool exact_categorical_case(std::string_view op, std::string_view args, std::string_view expect);
// The same with op's row of the op table already found (nullptr when op has none).
bool exact_categorical_case(wire::OpRow const* row, std::string_view op, std::string_view args, std::string_view expect);

}  // namespace catlayout::conformance::fast
