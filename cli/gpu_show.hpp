#pragma once
// The text of `catlayout gpu show` and `catlayout gpu list`, shared with catlayout-gpu-probe's
// `show` (cli/probe), which links the gpu room alone.
#include <ostream>
#include <string>

#include "catlayout/core/error.hpp"

namespace catlayout::cli {

// The TV layout in CuTe notation and its table (thread, value) -> (row, col); operand "" shows
// every catalogued operand. NAME may be a shared-memory layout (wgmma.smem...): its atom,
// descriptor strides and offset table. invalid_input for an unknown instruction or operand.
Result<void> gpu_show(std::string const& name, std::string const& operand, std::ostream& out);

// Every instruction x operand and shared-memory layout x operand, with its sources of
// confirmation read from a vectors file (vectors_path; "" = the catalogue's own ptx-formula only)
// and its layout. invalid_input for an unreadable vectors file.
Result<void> gpu_list(std::string const& vectors_path, std::ostream& out);

}  // namespace catlayout::cli
