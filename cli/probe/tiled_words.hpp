#pragma once
// catlayout-gpu-probe's `tiled` command (the words after "tiled"):
//   mma INSTR ATOM_LAYOUT [PERM_M PERM_N PERM_K]       make_tiled_mma
//   copy THR VAL                                        make_tiled_copy
//   copy_A|copy_B|copy_C INSTR ATOM_LAYOUT [PERM...]    make_tiled_copy_A/B/C
// A layout is CuTe notation, or a bare shape (column-major); a permutation entry is a layout, an
// integer n (n:1) or _ (absent).
// Any number of `--data KEY LAYOUT` (KEY: A, B, C of a tiled MMA, TV of a tiled copy) adds
// "partitions": [{"key", "data", "offsets": [[partition(tv, data, t).at(v) for v] for t]}], in the
// order given; {"key", "data", "error"} where partition refuses (gpu/tiled_spec.hpp).
// The answer: wire/tiled_json.hpp's form of the tiled MMA or copy, with the partitions.
#include <string>
#include <vector>

#include "catlayout/wire/layout_json.hpp"

namespace catlayout::cli {

using wire::Json;

Result<Json> tiled_command(std::vector<std::string> const& words);

}  // namespace catlayout::cli
