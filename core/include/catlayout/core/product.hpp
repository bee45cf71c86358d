#pragma once
// Logical product (paper Def. 2.3.9.1; CuTe logical_product) and CuTe's variants.
#include "catlayout/core/compact.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// Def. 2.3.9.1: A (x) B = (A, comp(A, size(A) cosize(B)) o B); by-mode for tilers.
Result<Layout> logical_product(Layout const& a, Tiler const& b, Convention c = Convention::cute);
Result<Layout> zipped_product(Layout const& a, Tiler const& b, Convention c = Convention::cute);
Result<Layout> tiled_product(Layout const& a, Tiler const& b, Convention c = Convention::cute);
Result<Layout> flat_product(Layout const& a, Tiler const& b, Convention c = Convention::cute);
// Rank-sensitive (CuTe): pad both to the larger rank, then zip (A_i, C_i) / (C_i, A_i).
Result<Layout> blocked_product(Layout const& a, Layout const& b, Convention c = Convention::cute);
Result<Layout> raked_product(Layout const& a, Layout const& b, Convention c = Convention::cute);

// CuTe tile_to_shape(block, shape, order): block repeated until it fills `shape`, the repeats
// laid out in `order` (default column-major): blocked_product(append<R>(block),
// make_ordered_layout(shape / block_shape, order)), R = rank(shape). pre (CuTe's static_asserts):
// rank(block) <= R (else invalid_input) and each mode's size of the block divides the size of the
// shape's mode (else inadmissible). post (CuTe's, which its own answer breaks where a target mode
// nests otherwise than the block's product: cute_wrong in the vectors): compatible(shape,
// shape(result)); there catlayout answers CuTe's function in the target's shape.
Result<Layout> tile_to_shape(Layout const& block, IntTuple const& shape, Order const& order = Major::left,
                             Convention c = Convention::cute);

}  // namespace catlayout
