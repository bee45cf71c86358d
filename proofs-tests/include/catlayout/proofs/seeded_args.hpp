#pragma once
// Seeded arguments of the schema's operations, as typed values: the exporter's random cases
// (conformance writes them in the schema's JSON). Deterministic in the generator: the committed
// vectors were drawn with these.
#include <string>
#include <variant>
#include <vector>

#include "catlayout/proofs/seeded.hpp"

namespace catlayout::proofs::seeded {

// One argument of an operation.
using Arg = std::variant<Int, IntTuple, Layout, Tiler, ComposedLayout, CoordLayout, F2Layout, LinearLayout, Swizzle>;
using Args = std::vector<Arg>;

// Arguments of a layout operation of core (coalesce, composition, complement, the divides and
// products, the inverses, layout.to_nest, mutual_refinement); empty for any other op.
Args layout_op_args(std::string const& op, Rng& g);
// Arguments of an operation on coordinate, swizzled or F2-linear layouts (coord.*, swizzle.*,
// linear.*); empty for any other op.
Args stride_op_args(std::string const& op, Rng& g);
// Arguments of an operation with F2 layouts as operands (evaluate, coalesce, coalesce_z,
// composition, layout_add, nullspace); empty for any other op.
Args f2_op_args(std::string const& op, Rng& g);

}  // namespace catlayout::proofs::seeded
