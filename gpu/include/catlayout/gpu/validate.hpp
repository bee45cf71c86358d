#pragma once
// Entry points for the `catlayout` command (link catlayout::gpu_validate).
#include <ostream>
#include <string>
#include <vector>

namespace catlayout::gpu {

// `catlayout gpu validate [INSTR...] [--json FILE]`: runs the probe on the present GPU and prints
// instruction x operand -> confirmed / MISMATCH (with the first offending (thread, value)).
// instr_filter: substrings of catalogue names (empty: all). json_out: report path ("" = none).
// Returns 0 all confirmed (or skipped for the architecture), 1 a mismatch or a failed kernel,
// 2 a filter that matches nothing or an unwritable report, 3 "no GPU: ..." (none present, or
// built without CUDA).
int gpu_validate_main(std::vector<std::string> const& instr_filter, std::string const& json_out, std::ostream& out,
                      std::ostream& err);

// `catlayout gpu show INSTR [A|B|C]`: the TV layout in CuTe notation and its table
// (thread, value) -> (row, col). operand "" shows every catalogued operand. Returns 0, or 2
// (message on err) for an unknown instruction or operand. Defined in catlayout::gpu.
int gpu_show_main(std::string const& name, std::string const& operand, std::ostream& out, std::ostream& err);

// `catlayout gpu vectors REPORT OUT`: a validate report -> `mma.fragment` golden vectors.
// Returns 0, or 2 with the reason on err. Defined in catlayout::gpu.
int gpu_vectors_main(std::string const& report_path, std::string const& out_path, std::ostream& err);

}  // namespace catlayout::gpu
