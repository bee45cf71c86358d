#pragma once
// Which tile of A (/) B each cell of A's domain lies in: the rest-mode index j of
// zipped_divide(A, B) = ((tile), (rest)), for the element (i, j) that lands on the cell.
#include <string>
#include <vector>

#include "catlayout/core/notation.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout::viz {

struct TileMap {
  std::vector<Int> tile;  // tile[x] for domain index x of A (colexicographic); -1 if no tile covers x
  Int tile_size = 0;      // size of mode 0 of zipped_divide(A, B): cells per tile
  Int count = 0;          // size of mode 1: the number of tiles
  std::string tiler;      // to_string(B), for captions
};

// zipped_divide(A, B) tiles A's domain; pre: the division is admissible (its error otherwise)
// and size(A) <= max_cells. post: for every k < size(Z) with x = (B, B*)(k) < size(A):
// Z(k) == A(x) and tile[x] == k / tile_size.
Result<TileMap> tile_map(Layout const& a, Tiler const& b);
// The same for a swizzled layout Sw o k o L: L's tiles, since (Sw o k o L) / B = Sw o k o (L / B)
// (CuTe logical_divide of a ComposedLayout composes on the right) has the same domain. A
// coordinate layout has no divide in catlayout (docs/beyond-integers.md): invalid_input.
Result<TileMap> tile_map(AnyLayout const& a, Tiler const& b);

}  // namespace catlayout::viz
