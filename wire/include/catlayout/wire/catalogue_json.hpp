#pragma once
// The catalogue as data (`catlayout.gpu-catalogue/1`), for other tools (the CUTLASS cross-check).
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire {

// {"schema": "catlayout.gpu-catalogue/1", "instructions": [{name, kind, ptx, arch, M, N, K, fragments:
// [{operand, elem, bits, rows, cols, threads, values, tv_layout, ptx_section, offsets}]}], "smem_layouts":
// [{name, elem_bits, major, swizzle, rows, cols, layout, ptx_section, offsets}]}; offsets tabulate the
// function: index t + threads * v (fragments), mn + rows * k (shared-memory atoms).
Json catalogue_json();

}  // namespace catlayout::wire
