#pragma once
// The JSON form of docs/vector-format.md: int tuples as integers or arrays,
// layouts as {"shape", "stride"}, tilers as {"tiler": [...]}. Readers name the JSON path.
#include <nlohmann/json.hpp>

#include "catlayout/core/tiler.hpp"

namespace catlayout::wire {

using Json = nlohmann::json;

Json to_json(IntTuple const& t);
Json to_json(Layout const& l);
Json to_json(Tiler const& t);
Json error_json(Error const& e);  // {"error": KIND}

Result<IntTuple> int_tuple_from_json(Json const& j, std::string const& path);
Result<Layout> layout_from_json(Json const& j, std::string const& path);
Result<Tiler> tiler_from_json(Json const& j, std::string const& path);  // layout, integer or {"tiler": [...]}
Result<Int> int_from_json(Json const& j, std::string const& path);

}  // namespace catlayout::wire
