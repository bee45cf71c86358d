#pragma once
// Random arguments of an op, drawn by its row's generator (wire/ops.hpp's Typed::generate), in
// the JSON forms of the vectors, for the exporter.
#include <random>
#include <string>
#include <vector>

#include "catlayout/wire/layout_json.hpp"

namespace catlayout::conformance {

using wire::Json;

// `count` argument arrays for op (deterministic in g), small enough to tabulate; some are meant
// to fail (inadmissible compositions, colliding bits, singular maps). Empty when the op's row has
// no generator.
std::vector<Json> random_row_args(std::string const& op, std::mt19937_64& g, int count);

}  // namespace catlayout::conformance
