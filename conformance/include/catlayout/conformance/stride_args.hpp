#pragma once
// Random arguments for the vector ops on layouts beyond integer strides, coord.*, swizzle.*,
// linear.* (docs/beyond-integers.md; their rows: the wire's op table), for the exporter.
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/wire/strides_json.hpp"

namespace catlayout::conformance {

using wire::Json;

// `count` argument arrays for op (deterministic in g), small enough to tabulate; some are
// meant to fail (inadmissible compositions, colliding bits, singular maps).
std::vector<Json> random_stride_args(std::string const& op, std::mt19937_64& g, int count);

}  // namespace catlayout::conformance
