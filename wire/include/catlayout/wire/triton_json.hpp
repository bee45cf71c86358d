#pragma once
// JSON form of Triton's linear layouts (core/named_linear.hpp; docs/beyond-integers.md, "Triton's
// linear layouts"): the input dimensions in order with their bases, the output dimensions in order
// with their sizes, as lists (a JSON object's keys have no order):
//   {"in_dims": [["register", [[0, 1], [8, 0]]], ["lane", [...]], ...], "out_dims": [["dim0", 16], ["dim1", 8]]}
#include <string>
#include <utility>
#include <vector>

#include "catlayout/core/named_linear.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire {

Json to_json(NamedLinearLayout const& f);
Result<NamedLinearLayout> named_linear_from_json(Json const& j, std::string const& path);
// [["lane", 32], ["warp", 4]]: named sizes (output dimensions, or a layout's domain split into inputs).
Result<std::vector<NamedDim>> named_dims_from_json(Json const& j, std::string const& path);
// [["register", 3], ["lane", 17]]: a value for each input dimension.
Result<std::vector<std::pair<std::string, Int>>> named_values_from_json(Json const& j, std::string const& path);

}  // namespace catlayout::wire
