#pragma once
// Tiled MMAs and copies as data, for the CUTLASS cross-check (conformance/oracle/cutlass_tiled.py):
// each TV layout tabulated in the catalogue's order, entry t + T * v for (thread t, value v).
#include <string>
#include <vector>

#include "catlayout/gpu/raw.hpp"
#include "catlayout/gpu/tiled.hpp"

namespace catlayout::gpu {

// {"layout": "(...):(...)", "rows", "cols", "threads", "values", "table": [...]}
Json tv_json(Layout const& tv, std::array<Int, 2> tile);
Json tiled_mma_json(TiledMma const& mma);    // {"kind": "mma", "atom", "threads", "tile": [M,N,K], "A", "B", "C"}
Json tiled_copy_json(TiledCopy const& copy); // {"kind": "copy", "threads", "tile": [rows,cols], "TV"}

// The probe's `tiled` command (args after the word "tiled"):
//   mma INSTR ATOM_LAYOUT [PERM_M PERM_N PERM_K]       make_tiled_mma
//   copy THR VAL                                        make_tiled_copy
//   copy_A|copy_B|copy_C INSTR ATOM_LAYOUT [PERM...]    make_tiled_copy_A/B/C
// A layout is CuTe notation, or a bare shape (column-major); a permutation entry is a layout, an
// integer n (n:1) or _ (absent).
// Any number of `--data KEY LAYOUT` (KEY: A, B, C of a tiled MMA, TV of a tiled copy) adds
// "partitions": [{"key", "data", "offsets": [[partition(tv, data, t).at(v) for v] for t]}], in the
// order given; {"key", "data", "error"} where partition refuses.
Result<Json> run_tiled(std::vector<std::string> const& args);

}  // namespace catlayout::gpu
