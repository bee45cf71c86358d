#include "catlayout/core/compact.hpp"
#include "catlayout/core/composition.hpp"
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
  CL_TRY(product, blocked_product(padded, tiles, c));
  if (refines(product.shape(), shape)) return product;  // CuTe compatible(trg_shape, shape(result))
  // CuTe's @post compatible(trg_shape, shape(result)) fails (docs/definitions.md tile_to_shape):
  // CuTe's function, the blocked product's, in the target's shape, R o make_layout(trg_shape).
  CL_TRY(strides, compact_major(shape, Major::left));
  CL_TRY(target, Layout::make(shape, strides));
  return composition(product, target);
}

}  // namespace catlayout
