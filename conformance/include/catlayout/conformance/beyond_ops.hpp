#pragma once
// The vector ops on layouts beyond integer strides, coord.*, swizzle.*, linear.*
// (docs/beyond-integers.md), and random arguments for them (the exporter).
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/json_beyond.hpp"

namespace catlayout::conformance {

// The ops of docs/beyond-integers.md, sorted.
std::vector<std::string> beyond_ops();
// Run one op on its args (a JSON array); `path` names args in error messages ("$.cases[3].args").
// invalid_input for an unknown op or malformed args; algebra errors as their kinds
// (not_representable is inadmissible, message "not_representable: ...").
Result<Json> run_beyond_op(std::string_view op, Json const& args, std::string const& path);
// `count` argument arrays for op (deterministic in g), small enough to tabulate; some are
// meant to fail (inadmissible compositions, colliding bits, singular maps).
std::vector<Json> random_beyond_args(std::string const& op, std::mt19937_64& g, int count);

}  // namespace catlayout::conformance
