#pragma once
// The schema's morphism form {"domain": T, "codomain": T, "map": [a1..am]} (docs/vector-format.md), both
// ways. Readers name the JSON path of what they reject, as core's layout_from_json does.
#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire {

// docs/vector-format.md "morphism" (Def. 3.1.1.13 / 3.2.1.1 data): domain, codomain, map with 0 for *.
Json to_json(categories::TupleMorphism const& f);  // flat arrays
Json to_json(categories::NestMorphism const& f);

// docs/vector-format.md "morphism"; invalid_input naming the path (e.g. "args[0].map[2]").
Result<categories::NestMorphism> nest_morphism_from_json(Json const& j, std::string const& path);
// As above with flat arrays for domain and codomain.
Result<categories::TupleMorphism> tuple_morphism_from_json(Json const& j, std::string const& path);

}  // namespace catlayout::wire
