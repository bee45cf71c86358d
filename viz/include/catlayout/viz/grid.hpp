#pragma once
// The rank-2 view that every picture of a layout draws, as CuTe's print_layout does:
// mode 0 indexes the rows, modes 1.. together index the columns (read as one index,
// colexicographically), so cell (r, c) is domain index r + rows * c.
// CuTe's print_layout static_asserts rank 2; catlayout draws a rank-1 layout (and ():()) as
// one row, so that a 1-D layout reads left to right on the terminal (README.md).
#include <cstddef>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::viz {

// Pictures are for eyes: past this many cells a renderer answers invalid_input instead of
// producing megabytes of SVG (the algebra itself has no such limit).
inline constexpr Int max_cells = Int{1} << 16;

struct GridView {
  Int rows = 1, cols = 1;
  std::vector<Int> offsets;  // offsets[r + rows * c] = L(r, c): colexicographic, as the domain
  Int at(Int r, Int c) const { return offsets[static_cast<std::size_t>(r + rows * c)]; }
};

// rows = size(mode 0) for rank >= 2 (else 1), cols = size / rows; pre: size <= max_cells.
Result<GridView> grid_view(Layout const& l);

}  // namespace catlayout::viz
