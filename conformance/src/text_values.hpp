#pragma once
// Conformance-internal: int tuples, layouts and tilers read straight from JSON text that
// scan::skip_value has accepted, for the checker's fast path. Same meaning as core/src/json.cpp
// on the plain forms; nullopt means "not the plain form", never "invalid": the caller then takes
// the DOM path, whose readers give the error and its message. Plain means: integers that fit
// int64 (no fraction, exponent or overflow), objects with exactly the expected keys, shallow
// nesting, and a Layout::make that succeeds.
#include <optional>
#include <string_view>
#include <vector>

#include "catlayout/core/tiler.hpp"

namespace catlayout::conformance::text {

// The elements of the (scanned) array v, or nullopt if v is not an array.
std::optional<std::vector<std::string_view>> elements(std::string_view v);
std::optional<Int> read_int(std::string_view v);
std::optional<IntTuple> read_int_tuple(std::string_view v);
std::optional<std::vector<Int>> read_ints(std::string_view v);  // a flat array of integers
std::optional<Layout> read_layout(std::string_view v);  // {"shape": T, "stride": T}
std::optional<Tiler> read_tiler(std::string_view v);    // n, a layout, [tilers...] or {"tiler": [...]}

}  // namespace catlayout::conformance::text
