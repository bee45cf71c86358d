#pragma once
// The rank-2 view that every picture of a layout draws, as CuTe's print_layout does:
// mode 0 indexes the rows, modes 1.. together index the columns (read as one index,
// colexicographically), so cell (r, c) is domain index r + rows * c.
// CuTe's print_layout static_asserts rank 2; catlayout draws a rank-1 layout (and ():()) as
// one row, so that a 1-D layout reads left to right on the terminal (README.md).
//
// Every kind of layout draws on that grid of its domain (one renderer for all): a swizzled layout
// Sw<B,M,S> o k o L shows sw(k + L(r, c)) on L's grid (CuTe's print_layout of a ComposedLayout:
// layout(m,n) is the composed function), a coordinate layout its coordinates as labels.
#include <cstddef>
#include <string>
#include <vector>

#include "catlayout/core/layout.hpp"
#include "catlayout/core/notation.hpp"

namespace catlayout::viz {

// Pictures are for eyes: past this many cells a renderer answers invalid_input instead of
// producing megabytes of SVG (the algebra itself has no such limit).
inline constexpr Int max_cells = Int{1} << 16;

struct GridView {
  Int rows = 1, cols = 1;
  // offsets[r + rows * c] = L(r, c): colexicographic, as the domain. For a coordinate layout, the
  // rank of the coordinate L(r, c) among the layout's values in colexicographic order (what the
  // colour scale reads: equal coordinates look alike).
  std::vector<Int> offsets;
  std::vector<std::string> labels;  // the cell texts of a coordinate layout ("(1,2)"); else empty
  Int at(Int r, Int c) const { return offsets[static_cast<std::size_t>(r + rows * c)]; }
  std::string label(Int r, Int c) const {
    return labels.empty() ? std::to_string(at(r, c)) : labels[static_cast<std::size_t>(r + rows * c)];
  }
};

// rows = size(mode 0) for rank >= 2 (else 1), cols = size / rows; pre: size <= max_cells.
Result<GridView> grid_view(Layout const& l);
// The same grid of the layout's shape, with its function's values: L(i), sw(k + L(i)) for
// Sw<B,M,S> o k o L, or the coordinate L(i) (labels, and keys ranking them); `notation` writes
// the layout in the error for one too large to draw.
Result<GridView> grid_view(AnyLayout const& l, Notation notation = Notation::catlayout);

}  // namespace catlayout::viz
