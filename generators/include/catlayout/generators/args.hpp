#pragma once
// Seeded arguments of the schema's operations, as typed values: the exporter's random cases
// (conformance writes them in the schema's JSON). Deterministic in the generator: the committed
// vectors were drawn with these.
#include <string>
#include <variant>
#include <vector>

#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {

// One argument of an operation.
using Arg = std::variant<Int, IntTuple, Layout, Tiler, ComposedLayout, CoordLayout, F2Layout, LinearLayout, Swizzle,
                         Major, SliceCoord, Projection>;
using Args = std::vector<Arg>;

// Arguments of a layout operation of core (coalesce, composition, complement, the divides and
// products, the inverses, layout.to_nest, mutual_refinement); empty for any other op.
Args layout_op_args(std::string const& op, Rng& g);
// Arguments of an operation on coordinate, swizzled or F2-linear layouts (coord.*, swizzle.*,
// linear.*); empty for any other op.
Args stride_op_args(std::string const& op, Rng& g);
// Arguments of an operation of CuTe's layout API (make_layout, make_ordered_layout, make_layout_like,
// tile_to_shape, local_tile, inner_partition, outer_partition, local_partition, upcast, downcast,
// recast_layout, nullspace, coalesce_z, layout_add, greatest_common_domain), with the kinds kernels
// use; empty for any other op.
Args cute_api_op_args(std::string const& op, Rng& g);
// Arguments of an operation with F2 layouts as operands (evaluate, coalesce, coalesce_z,
// composition, layout_add, nullspace); empty for any other op.
Args f2_op_args(std::string const& op, Rng& g);

}  // namespace catlayout::generators
