#pragma once
// Conformance-internal: independent witnesses, for the exporter, of the vector ops
// of CuTe's constructors, partitioners and element-size changes and of the whitepaper's operations
// (docs/algebra.md), and of the operand kinds beyond integer layouts that the older ops take (their
// rows: the wire's op table).
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::conformance {

using wire::Json;


// `count` argument arrays for op with operands of another kind: "f2" (F2 layouts) for evaluate, coalesce,
// coalesce_z, composition, layout_add and nullspace; invalid_input for another pair.
Result<std::vector<Json>> random_kind_args(std::string const& kind, std::string const& op, std::mt19937_64& g,
                                           int count);
// The witness for an op whose operands are of another kind (F2 layouts): the definition tabulated with an
// evaluator of its own; nullopt where the operands are of the plain kinds.
std::optional<Result<void>> witness_other_kinds(std::string const& op, Json const& args, Json const& result);
// The operation's definition checked on its answer independently of how it was computed (tabulation):
// an error names the case's disagreement.
Result<void> witness_cute_api(std::string const& op, Json const& args, Json const& result);

}  // namespace catlayout::conformance
