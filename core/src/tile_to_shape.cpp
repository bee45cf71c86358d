#include "catlayout/core/product.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

// CuTe tile_to_shape (cute/layout.hpp), a rank-sensitive product named by its result's shape.
Result<Layout> tile_to_shape(Layout const& block, IntTuple const& shape, Order const& order, Convention c) {
  std::size_t r = shape.rank();
  if (block.rank() > r)
    return fail(ErrorKind::invalid_input, "tile_to_shape: block ", to_string(block), " has rank ", block.rank(),
                ", more than the rank ", r, " of the target shape ", to_string(shape));
  Layout padded = append_rank(block, r);
  Ints repeats;
  for (std::size_t i = 0; i < r; ++i) {
    CL_TRY(want, product(shape.is_leaf() ? shape : shape.mode(i)));
    CL_TRY(have, product(padded.shape().is_leaf() ? padded.shape() : padded.shape().mode(i)));
    if (want % have != 0)
      return fail(ErrorKind::inadmissible, "tile_to_shape: mode ", i, " of block ", to_string(block), " has size ", have,
                  ", which does not divide the size ", want, " of mode ", i, " of the target shape ", to_string(shape));
    repeats.push_back(want / have);
  }
  IntTuple grid = shape.is_leaf() ? IntTuple(repeats[0]) : IntTuple::flat(repeats);
  CL_TRY(tiles, make_ordered_layout(grid, order));
  return blocked_product(padded, tiles, c);
}

}  // namespace catlayout
