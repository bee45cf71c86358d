// catlayout-gpu-probe: the gpu entry points as a small stand-alone tool, for
// gpu/run-on-device.sh and for use before the `catlayout` command wires them in.
//   catlayout-gpu-probe validate [--json FILE] [INSTR-SUBSTRING...]
//   catlayout-gpu-probe show INSTR [A|B|C]
//   catlayout-gpu-probe vectors REPORT OUT
#include <iostream>

#include "catlayout/gpu/validate.hpp"

int main(int argc, char** argv) {
  using namespace catlayout::gpu;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "validate") {
    std::vector<std::string> filter;
    std::string json;
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] == "--json" && i + 1 < args.size()) json = args[++i];
      else filter.push_back(args[i]);
    }
    return gpu_validate_main(filter, json, std::cout, std::cerr);
  }
  if (args.size() >= 2 && args[0] == "show") return gpu_show_main(args[1], args.size() > 2 ? args[2] : "", std::cout, std::cerr);
  if (args.size() == 3 && args[0] == "vectors") return gpu_vectors_main(args[1], args[2], std::cerr);
  std::cerr << "usage: catlayout-gpu-probe validate [--json FILE] [INSTR...] | show INSTR [A|B|C] | vectors REPORT OUT\n";
  return 2;
}
