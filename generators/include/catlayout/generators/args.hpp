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

// ---- one function per op: the op rows hold them ----

// Layout operations of core.
Args evaluate_args(Rng& g);             // evaluate: [A], any layout
Args coalesce_args(Rng& g);             // coalesce: [A] or [A, a profile of some of A's modes, the others 1]
Args composition_args(Rng& g);          // composition: [A (nested compact or any), a tiler for A]
Args complement_args(Rng& g);           // complement: [A] or [A, a size near a multiple of cosize(A)]
Args logical_divide_args(Rng& g);       // logical_divide: [A (nested compact or any), a tiler for A]
Args zipped_divide_args(Rng& g);        // zipped_divide: as logical_divide
Args tiled_divide_args(Rng& g);         // tiled_divide: as logical_divide
Args flat_divide_args(Rng& g);          // flat_divide: as logical_divide
Args logical_product_args(Rng& g);      // logical_product: [A (nested compact or tractable), a tiler for A]
Args zipped_product_args(Rng& g);       // zipped_product: as logical_product
Args tiled_product_args(Rng& g);        // tiled_product: as logical_product
Args flat_product_args(Rng& g);         // flat_product: as logical_product
Args blocked_product_args(Rng& g);      // blocked_product: [a nested compact block, a nested compact or tractable B]
Args raked_product_args(Rng& g);        // raked_product: as blocked_product
Args right_inverse_args(Rng& g);        // right_inverse: [A], nested compact or tractable
Args left_inverse_args(Rng& g);         // left_inverse: as right_inverse
Args layout_to_nest_args(Rng& g);       // layout.to_nest: [A], tractable mostly, else any
Args mutual_refinement_args(Rng& g);    // mutual_refinement: [S, T], nested shapes (T often splits S's leaves)

// Operations on coordinate, swizzled and F2-linear layouts.
Args coord_identity_args(Rng& g);       // coord.identity: [a shape]
Args coord_evaluate_args(Rng& g);       // coord.evaluate: [an identity layout or a coordinate layout]
Args coord_coalesce_args(Rng& g);       // coord.coalesce: [an identity layout or a coordinate layout]
Args coord_composition_args(Rng& g);    // coord.composition: [A, B], integer and coordinate layouts in four pairings
Args swizzle_evaluate_args(Rng& g);     // swizzle.evaluate: [a swizzle, 8 indices] or [a swizzled compact layout]
Args swizzle_composition_args(Rng& g);  // swizzle.composition: [a swizzled compact A, an integer B]
Args linear_from_layout_args(Rng& g);   // linear.from_layout: [a power-of-two layout, swizzled or not; 1 in 8 refused]
Args linear_to_layout_args(Rng& g);     // linear.to_layout: [a linear layout]
Args linear_compose_args(Rng& g);       // linear.compose: [F, H], linear layouts on the same number of bits
Args linear_inverse_args(Rng& g);       // linear.inverse: [a bijection mostly, else n bases of n bits]

// Operations of CuTe's layout API, with the kinds kernels use.
Args make_layout_args(Rng& g);              // make_layout: [a shape] or [a shape, a major]
Args make_ordered_layout_args(Rng& g);      // make_ordered_layout: [a shape, an order of its modes]
Args make_layout_like_args(Rng& g);         // make_layout_like: [a kernel layout]
Args tile_to_shape_args(Rng& g);            // tile_to_shape: [a GMMA atom or compact block, a shape] (+ an order)
Args local_tile_args(Rng& g);               // local_tile: [L, a by-mode tiler, a tile's coordinate] (+ a projection)
Args inner_partition_args(Rng& g);          // inner_partition: [L, a by-mode tiler, a tile's coordinate]
Args outer_partition_args(Rng& g);          // outer_partition: [L, a by-mode tiler, a coordinate inside a tile]
Args local_partition_args(Rng& g);          // local_partition: [L, a thread layout, a thread index]
Args upcast_args(Rng& g);                   // upcast: [a layout or GMMA atom, a factor 1..8]
Args downcast_args(Rng& g);                 // downcast: as upcast
Args recast_layout_args(Rng& g);            // recast_layout: [a layout or GMMA atom, an old and a new width in bits]
Args nullspace_args(Rng& g);                // nullspace: [a kernel layout with stride-0 modes, or swizzled compact]
Args coalesce_z_args(Rng& g);               // coalesce_z: [a kernel layout with size-1 modes]
Args layout_add_args(Rng& g);               // layout_add: [A, B], mostly of the same size
Args greatest_common_domain_args(Rng& g);   // greatest_common_domain: [two shapes]

// Operations with F2 layouts as operands.
Args f2_evaluate_args(Rng& g);     // evaluate: [an F2 layout]
Args f2_coalesce_args(Rng& g);     // coalesce: [an F2 layout]
Args f2_coalesce_z_args(Rng& g);   // coalesce_z: [an F2 layout with size-1 modes]
Args f2_composition_args(Rng& g);  // composition: [an F2 layout A, a layout B stepping through A]
Args f2_layout_add_args(Rng& g);   // layout_add: [A, B], F2 layouts of the same size
Args f2_nullspace_args(Rng& g);    // nullspace: [an F2 layout, half the time its last stride its first]

// ---- by op name: the F2 operands of the ops that take them (the exporter's f2:OP files) ----

// Arguments of an operation with F2 layouts as operands (evaluate, coalesce, coalesce_z,
// composition, layout_add, nullspace); empty for any other op.
Args f2_op_args(std::string const& op, Rng& g);

}  // namespace catlayout::generators
