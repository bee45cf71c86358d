#pragma once
// CuTe's partitioners at layout level (cute/tensor_impl.hpp inner_partition, outer_partition,
// local_tile, local_partition): the sub-tensor CuTe's tensor versions return is a sub-layout and an
// offset into the data, here SliceResult {layout, offset}. Each is a zipped divide (Def. 2.3.8.1 and
// CuTe's zipped_divide) followed by a slice (CuTe slice_and_offset) of its tile or rest mode.
#include <vector>

#include "catlayout/core/slice.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// CuTe's projection Step<_1,X,_1>: keep[i] is false where entry i is X (the mode is dropped).
struct Projection {
  std::vector<bool> keep;
};
std::string to_string(Projection const& p);  // (_1,X,_1)
// (_1,X,_1), (1,X,1) or CuTe's Step<_1,X,_1>; errors name the column.
Result<Projection> parse_projection(std::string_view text);

// CuTe dice(proj, x): the entries of x where the projection has no X, as a tuple. pre (else
// invalid_input): the projection has x's rank.
Result<Tiler> dice(Projection const& p, Tiler const& t);
Result<SliceCoord> dice(Projection const& p, SliceCoord const& c);
Result<Layout> dice(Projection const& p, Layout const& l);

// CuTe inner_partition(T, tiler, coord): zipped_divide(L, tiler) = ((tile), (rest)), sliced at
// (_, coord): the tile at `coord` of the rest (a tuple coord is padded with _ to the rest's rank;
// an integer indexes the rest mode as a whole, colexicographically).
Result<SliceResult> inner_partition(Layout const& l, Tiler const& tiler, SliceCoord const& coord);
// CuTe outer_partition(T, tiler, coord): the same sliced at (coord, _): element `coord` of every tile.
Result<SliceResult> outer_partition(Layout const& l, Tiler const& tiler, SliceCoord const& coord);
// CuTe local_tile(T, tiler, coord[, proj]) = inner_partition(T, dice(proj, tiler), dice(proj, coord)).
Result<SliceResult> local_tile(Layout const& l, Tiler const& tiler, SliceCoord const& coord);
Result<SliceResult> local_tile(Layout const& l, Tiler const& tiler, SliceCoord const& coord, Projection const& p);

// CuTe's get_flat_coord(idx) of a thread layout (cute/layout.hpp get_hier_coord, stride.hpp
// idx2crd): per flat mode (idx / d) % s (0 for a size-1 mode), then each top-level mode's coordinate
// as one colexicographic index; an integer for rank 1. pre (docs/definitions.md
// local_partition.pre.thread, CuTe's @post crd2idx(result) == idx, "Only valid for compact
// layouts"): idx is a thread of the layout at that coordinate, else invalid_input flagged
// cute_precondition (CuTe, unchecked, partitions for another thread); a mode s:0 with s > 1:
// invalid_input (CuTe divides by 0).
Result<SliceCoord> flat_coord_of(Layout const& tile, Int index);
// CuTe local_partition(T, tile, idx[, proj]) = outer_partition(T, product_each(shape(tile')),
// tile'.get_flat_coord(idx)) with tile' = dice(proj, tile): thread idx's elements of every tile.
// With a projection idx is a thread of the whole tile (its precondition is checked there) and
// only the kept modes' coordinates are used (idx2crd is per mode).
Result<SliceResult> local_partition(Layout const& l, Layout const& tile, Int index);
Result<SliceResult> local_partition(Layout const& l, Layout const& tile, Int index, Projection const& p);

}  // namespace catlayout
