#include "catlayout/core/compact.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/product.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

// CuTe compatible(A, B): B's shape takes A's coordinates (an integer of A: the size of B's mode).
static bool compatible(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf()) {
    auto n = product(b);
    return n && *n == a.value();
  }
  if (b.is_leaf() || a.rank() != b.rank()) return false;
  for (std::size_t i = 0; i < a.rank(); ++i)
    if (!compatible(a.mode(i), b.mode(i))) return false;
  return true;
}

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
  if (compatible(shape, product.shape())) return product;
  // CuTe's @post compatible(trg_shape, shape(result)) fails (docs/definitions.md tile_to_shape):
  // CuTe's function, the blocked product's, in the target's shape, R o make_layout(trg_shape).
  CL_TRY(strides, compact_major(shape, Major::left));
  CL_TRY(target, Layout::make(shape, strides));
  return composition(product, target);
}

}  // namespace catlayout
