#pragma once
// Tiled MMAs and copies as data, for the CUTLASS cross-check (conformance/oracle/cutlass_tiled.py):
// each TV layout tabulated in the catalogue's order, entry t + T * v for (thread t, value v).
#include "catlayout/wire/layout_json.hpp"
#include "catlayout/gpu/tiled.hpp"

namespace catlayout::wire {

// {"layout": "(...):(...)", "rows", "cols", "threads", "values", "table": [...]}
Json tv_json(Layout const& tv, std::array<Int, 2> tile);
Json tiled_mma_json(gpu::TiledMma const& mma);    // {"kind": "mma", "atom", "threads", "tile": [M,N,K], "A", "B", "C"}
Json tiled_copy_json(gpu::TiledCopy const& copy); // {"kind": "copy", "threads", "tile": [rows,cols], "TV"}

}  // namespace catlayout::wire
