#pragma once
// The checker's ops are the wire's op table (catlayout/wire/ops.hpp): the same names here, for the
// checker's callers.
#include "catlayout/wire/ops.hpp"

namespace catlayout::conformance {

using wire::depends_on_convention;
using wire::is_known_op;
using wire::known_ops;
using wire::returns_layout;
using wire::run_op;

}  // namespace catlayout::conformance
