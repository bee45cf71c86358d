#pragma once
// Conformance-internal: the schema's JSON of the seeded generators' arguments
// (catlayout/proofs/seeded_args.hpp), for the exporter's random cases.
#include "catlayout/core/json.hpp"
#include "catlayout/proofs/seeded_args.hpp"

namespace catlayout::conformance {

Json arg_json(proofs::seeded::Arg const& a);
// An argument array; empty when the generator has no arguments for the op.
Json args_json(proofs::seeded::Args const& args);

}  // namespace catlayout::conformance
