#pragma once
// The catalogue as conformance ops (gpu/README.md, "Vector ops"), for the vector checker:
//   mma.fragment      [instruction, operand]  -> {"tv_layout", "table" | "table_digest"}
//   wgmma.smem_layout [layout name, "A"|"B"]  -> {"layout", "operand_rows", "operand_k", "descriptor",
//                                                 "probe", "offsets"}
// A vector's "confirmed_on" and "sources" are provenance: the checker does not compare them.
#include <string>
#include <vector>

#include "catlayout/core/json.hpp"

namespace catlayout::gpu {

std::vector<std::string> const& gpu_ops();
// Error (invalid_input) naming `path` for an unknown instruction, layout or operand.
Result<Json> run_gpu_op(std::string const& op, Json const& args, std::string const& path);

}  // namespace catlayout::gpu
