#pragma once
// Entry points for the `catlayout` command (link catlayout::gpu_validate).
#include <ostream>
#include <string>
#include <vector>

namespace catlayout::gpu {

// `catlayout gpu validate [INSTR...] [--json FILE]`: runs the probe on the present GPU and prints
// instruction x operand -> confirmed / MISMATCH (with the first offending (thread, value)), then
// each wgmma shared-memory layout read as A and as B.
// instr_filter: substrings of catalogue names, instruction or shared-memory layout, or "^prefix"
// (empty: all). json_out: report path ("" = none).
// Returns 0 all confirmed (or skipped for the architecture), 1 a mismatch or a failed kernel,
// 2 a filter that matches nothing or an unwritable report, 3 "no GPU: ..." (none present, or
// built without CUDA).
// on_simulator: the same plan against the CPU simulator (probe.hpp), for testing the whole run.
int gpu_validate_main(std::vector<std::string> const& instr_filter, std::string const& json_out, std::ostream& out,
                      std::ostream& err, bool on_simulator = false);

// `catlayout gpu show NAME [A|B|C|src|dst]`: the TV layout in CuTe notation and its table
// (thread, value) -> (row, col); operand "" shows every catalogued operand. NAME may be a
// shared-memory layout (wgmma.smem...): its atom, descriptor strides and offset table. Returns 0, or 2
// (message on err) for an unknown instruction or operand. Defined in catlayout::gpu.
int gpu_show_main(std::string const& name, std::string const& operand, std::ostream& out, std::ostream& err);

// `catlayout gpu list`: every instruction x operand and shared-memory layout x operand, with its
// sources of confirmation read from a vectors file (vectors_path; "" = the catalogue's own
// ptx-formula only) and its layout. Returns 0, or 2 for an unreadable vectors file.
int gpu_list_main(std::string const& vectors_path, std::ostream& out, std::ostream& err);

// `catlayout gpu vectors REPORT OUT`: a validate report -> `mma.fragment` golden vectors.
// Returns 0, or 2 with the reason on err. Defined in catlayout::gpu.
int gpu_vectors_main(std::string const& report_path, std::string const& out_path, std::ostream& err);
// Several reports of one device merged; cutlass_path ("" = none): the CUTLASS cross-check's --json
// results, whose {"instruction", "operand", "status": "agree"} entries (shared-memory atoms: operand
// null) add the source "cutlass".
int gpu_vectors_main(std::vector<std::string> const& report_paths, std::string const& out_path,
                     std::string const& cutlass_path, std::ostream& err);

}  // namespace catlayout::gpu
