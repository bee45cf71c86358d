#pragma once
// The checker's op mutual_refinement (Algorithm 4.1.1): args [T, U] -> {"first": T', "second": U'}.
#include <string>

#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire {

Result<Json> run_mutual_refinement(Json const& args, std::string const& path);

}  // namespace catlayout::wire
