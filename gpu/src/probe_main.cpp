// catlayout-gpu-probe: the gpu entry points as a small stand-alone tool, for
// gpu/run-prebuilt.sh on a GPU machine (no other project binary travels there).
//   catlayout-gpu-probe validate [--json FILE] [INSTR-SUBSTRING...]
//   catlayout-gpu-probe show INSTR [A|B|C]
//   catlayout-gpu-probe vectors [--cutlass RESULTS] REPORT... OUT
//   catlayout-gpu-probe ptx KERNEL|all         a kernel's PTX module (all: every one, as files here)
//   catlayout-gpu-probe catalogue [OUT]      the catalogue as JSON (catlayout.gpu-catalogue/1)
#include <fstream>
#include <iostream>

#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/report.hpp"

#include "catlayout/gpu/validate.hpp"

int main(int argc, char** argv) {
  using namespace catlayout::gpu;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "validate") {
    std::vector<std::string> filter;
    std::string json;
    bool simulate = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] == "--json" && i + 1 < args.size()) json = args[++i];
      else if (args[i] == "--simulate") simulate = true;
      else filter.push_back(args[i]);
    }
    return gpu_validate_main(filter, json, std::cout, std::cerr, simulate);
  }
  if (args.size() >= 2 && args[0] == "show") return gpu_show_main(args[1], args.size() > 2 ? args[2] : "", std::cout, std::cerr);
  if (!args.empty() && args[0] == "catalogue" && args.size() <= 2) {
    if (args.size() == 1) {
      std::cout << catalogue_json().dump() << "\n";
      return 0;
    }
    std::ofstream f(args[1]);
    f << catalogue_json().dump() << "\n";
    if (!f) {
      std::cerr << "cannot write " << args[1] << "\n";
      return 2;
    }
    return 0;
  }
  if (args.size() == 2 && args[0] == "ptx") {  // one kernel's PTX module, or "all" into the current folder
    std::vector<std::string> names = args[1] == "all" ? all_kernels() : std::vector<std::string>{args[1]};
    for (auto const& n : names) {
      auto k = kernel_spec(n);
      if (!k) {
        std::cerr << k.error().what() << "\n";
        return 2;
      }
      if (names.size() == 1) {
        std::cout << k->ptx;
        continue;
      }
      std::string file = n;
      for (char& c : file)
        if (c == '/') c = '@';
      std::ofstream(file + ".ptx") << k->ptx;
    }
    return 0;
  }
  if (args.size() >= 3 && args[0] == "vectors") {  // vectors [--cutlass FILE] REPORT... OUT
    std::string cutlass;
    std::vector<std::string> files;
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] == "--cutlass" && i + 1 < args.size()) cutlass = args[++i];
      else files.push_back(args[i]);
    }
    if (files.size() < 2) return std::cerr << "vectors needs REPORT... OUT\n", 2;
    std::string out = files.back();
    files.pop_back();
    return gpu_vectors_main(files, out, cutlass, std::cerr);
  }
  std::cerr << "usage: catlayout-gpu-probe validate [--simulate] [--json FILE] [INSTR...] | show INSTR [A|B|C] | vectors [--cutlass FILE] REPORT... OUT | catalogue [OUT] | ptx KERNEL|all\n";
  return 2;
}
