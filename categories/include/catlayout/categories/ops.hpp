#pragma once
// The schema's categorical ops (SCHEMA.md), one entry point for the CLI and the checker.
#include <string>
#include <string_view>

#include "catlayout/core/json.hpp"

namespace catlayout::categories {

// nest.compose [f, g] (g o f), nest.coalesce [f], nest.complement [f], nest.logical_divide [f, g],
// nest.logical_product [f, g], nest.to_layout [f], layout.to_nest [L]: the schema JSON result, or
// the Error whose kind SCHEMA.md expects. path names args in messages (e.g. "cases[3].args").
Result<Json> run_categorical_op(std::string_view op, Json const& args, std::string const& path);

}  // namespace catlayout::categories
