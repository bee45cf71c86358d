#pragma once
// Wire-internal: reading an op's argument array, for the rows of the op table.
#include <string>

#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire::detail {

// The JSON path of argument i: "$.cases[3].args" -> "$.cases[3].args[1]".
inline std::string at(std::string const& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

// invalid_input unless args is an array of lo to hi entries, naming the path and what it found.
inline Result<void> arity(Json const& args, std::string const& path, std::size_t lo, std::size_t hi) {
  if (!args.is_array() || args.size() < lo || args.size() > hi)
    return fail(ErrorKind::invalid_input, "expected ", lo == hi ? std::to_string(lo) : str(lo, " to ", hi),
                " arguments at ", path, ", found ", args.is_array() ? std::to_string(args.size()) : args.type_name());
  return {};
}

}  // namespace catlayout::wire::detail
