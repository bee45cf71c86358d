#pragma once
// Conformance-internal: the schema's JSON of the seeded generators' arguments
// (catlayout/generators/args.hpp), for the exporter's random cases.
#include "catlayout/wire/layout_json.hpp"
#include "catlayout/generators/args.hpp"

namespace catlayout::conformance {

using wire::Json;

// A composed layout's form: always {"swizzle", "offset", "layout"} (the stride-kind ops), or a
// plain layout where the swizzle is the identity and the offset 0 (CuTe's layout API ops).
enum class ComposedForm { always, layout_when_plain };
Json arg_json(generators::Arg const& a, ComposedForm form = ComposedForm::always);
// An argument array; empty when the generator has no arguments for the op.
Json args_json(generators::Args const& args, ComposedForm form = ComposedForm::always);

}  // namespace catlayout::conformance
