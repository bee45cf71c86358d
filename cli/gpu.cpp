// Tensor-core fragment layouts: validate on the present GPU (exit 3 without one), show, export.
#include <iostream>

#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/validate.hpp"
#endif
#include "command.hpp"

namespace catlayout::cli {

std::vector<Command> gpu_commands() {
#ifndef CATLAYOUT_HAVE_GPU
  return {};
#else
  Command v{"gpu validate", "gpu validate [--instr NAME]... [--json FILE]",
            "probe the GPU: instruction x operand -> confirmed / MISMATCH (exit 3 without a GPU)",
            "catlayout gpu validate --instr mma.m16n8k16.f32.f16.f16.f32 --json report.json", {{"--instr", 1}, {"--json", 1}},
            nullptr};
  v.run = [](Args const& a) {
    std::vector<std::string> instr;
    if (a.has("--instr")) instr = a.opt.at("--instr");
    instr.insert(instr.end(), a.pos.begin(), a.pos.end());
    return gpu::gpu_validate_main(instr, a.has("--json") ? a.value("--json") : "", std::cout, std::cerr);
  };
  Command s{"gpu show", "gpu show NAME A|B|C", "an instruction's TV layout and its (thread, value) -> (row, col) table",
            "catlayout gpu show mma.m16n8k16.f32.f16.f16.f32 C", {}, nullptr};
  s.run = [s](Args const& a) {
    if (a.pos.size() != 2) return usage_error(s, "expected NAME and an operand A, B or C");
    return gpu::gpu_show_main(a.pos[0], a.pos[1], std::cout, std::cerr);
  };
  Command x{"gpu vectors", "gpu vectors REPORT.json OUT.json",
            "turn a validate report into mma.fragment golden vectors", "catlayout gpu vectors report.json frag.json", {},
            nullptr};
  x.run = [x](Args const& a) {
    if (a.pos.size() != 2) return usage_error(x, "expected REPORT.json and OUT.json");
    return gpu::gpu_vectors_main(a.pos[0], a.pos[1], std::cerr);
  };
  return {v, s, x};
#endif
}

}  // namespace catlayout::cli
