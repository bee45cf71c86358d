#pragma once
// One dispatcher from the schema's op names to the engines (../shared/conformance/SCHEMA.md):
// the checker, the exporter and the CLI all compute through it.
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/json.hpp"

namespace catlayout::conformance {

// The schema ops this build knows, in the order the checker prints them.
std::vector<std::string> const& known_ops();
bool is_known_op(std::string_view op);
// Ops whose results are layouts: a different form with the same function is a functional match.
bool returns_layout(std::string_view op);

// Run `op` on schema-JSON `args`; `path` names args in error messages ($.cases[3].args).
// `c` reaches the ops built on complement (complement, the divides and the products).
Result<Json> run_op(std::string_view op, Json const& args, std::string const& path, Convention c = Convention::cute);
// Whether `c` can change what `op` answers.
bool depends_on_convention(std::string_view op);

}  // namespace catlayout::conformance
