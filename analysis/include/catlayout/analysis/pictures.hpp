#pragma once
// Pictures of the analyses, drawn by viz/ (svg_cells, show_cells):
//  - the bank heat map: one row per phase of each warp instruction, one column per bank, each cell
//    the number of distinct 4-byte words that phase touches in that bank (red: served in that many
//    wavefronts);
//  - the ownership map: the tile read column-major as rows x (tile / rows), each element labelled
//    with its first owner T#/V#, coloured by thread, replicas marked xN, uncovered elements red.
#include "catlayout/analysis/banks.hpp"
#include "catlayout/analysis/ownership.hpp"
#include "catlayout/viz/cells.hpp"

namespace catlayout::analysis {

// At most max_rows phases are drawn (the first ones, warp-major).
Result<viz::CellGrid> bank_heatmap(BankReport const& r, MemoryAccess const& a, Int max_rows = 64);
// pre: rows divides the tile.
Result<viz::CellGrid> ownership_map(OwnershipReport const& r, Int rows);

}  // namespace catlayout::analysis
