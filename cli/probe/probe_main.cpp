// catlayout-gpu-probe: the gpu commands as a small stand-alone tool, for gpu/run-prebuilt.sh on
// a GPU machine (no other project binary travels there; it links catlayout::gpu_validate only).
//   catlayout-gpu-probe validate [--simulate] [--json FILE] [--sample K] [INSTR-SUBSTRING...]
//   catlayout-gpu-probe show INSTR [A|B|C]
//   catlayout-gpu-probe vectors [--cutlass RESULTS] REPORT... OUT
//   catlayout-gpu-probe ptx KERNEL|all         a kernel's PTX module (all: every one, as files here)
//   catlayout-gpu-probe catalogue [OUT]      the catalogue as JSON (catlayout.gpu-catalogue/1)
//   catlayout-gpu-probe tiled mma|copy|copy_A|copy_B|copy_C ARGS... [--data KEY LAYOUT]...
//                                            a tiled MMA / copy's TV layouts (and each thread's
//                                            partition of a data layout) as JSON
//                                            (tiled_words.hpp)
// Exit status as `catlayout gpu`: 0 ok, 1 a mismatch, 2 usage or input error, 3 no GPU.
#include <charconv>
#include <fstream>
#include <iostream>

#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"
#include "catlayout/wire/catalogue_json.hpp"
#include "../gpu_show.hpp"
#include "tiled_words.hpp"

namespace {

int report(catlayout::Error const& e) {
  std::cerr << "catlayout-gpu-probe: " << e.what() << "\n";
  return 2;
}

int validate(std::vector<std::string> const& args) {
  std::vector<std::string> filter;
  std::string json;
  bool simulate = false;
  std::size_t every = 1;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--json" && i + 1 < args.size()) json = args[++i];
    else if (args[i] == "--simulate") simulate = true;
    else if (args[i] == "--sample" && i + 1 < args.size()) {
      std::string const& k = args[++i];
      auto [end, ec] = std::from_chars(k.data(), k.data() + k.size(), every);
      if (ec != std::errc{} || end != k.data() + k.size())
        return report({catlayout::ErrorKind::invalid_input, "--sample takes a count (every K-th subject), not '" + k + "'"});
    } else filter.push_back(args[i]);
  }
  auto v = catlayout::gpu::validate(filter, json, std::cout, std::cerr, simulate, every);
  if (!v) return report(v.error());
  if (v->no_gpu) {
    std::cout << *v->no_gpu << "\n";
    return 3;
  }
  return v->failed() ? 1 : 0;
}

int catalogue(std::vector<std::string> const& args) {
  auto text = catlayout::wire::catalogue_json().dump() + "\n";
  if (args.size() == 1) {
    std::cout << text;
    return 0;
  }
  std::ofstream f(args[1]);
  f << text;
  if (!f) return report({catlayout::ErrorKind::invalid_input, "cannot write " + args[1]});
  return 0;
}

int ptx(std::string const& which) {  // one kernel's PTX module, or "all" into the current folder
  using namespace catlayout::gpu;
  std::vector<std::string> names = which == "all" ? all_kernels() : std::vector<std::string>{which};
  for (auto const& n : names) {
    auto k = kernel_spec(n);
    if (!k) return report(k.error());
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

int vectors(std::vector<std::string> const& args) {  // vectors [--cutlass FILE] REPORT... OUT
  std::string cutlass;
  std::vector<std::string> files;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--cutlass" && i + 1 < args.size()) cutlass = args[++i];
    else files.push_back(args[i]);
  }
  if (files.size() < 2) return report({catlayout::ErrorKind::invalid_input, "vectors needs REPORT... OUT"});
  std::string out = files.back();
  files.pop_back();
  auto r = catlayout::gpu::write_vectors(files, out, cutlass);
  if (!r) return report(r.error());
  std::cout << *r << "\n";
  return 0;
}

int verify(std::vector<std::string> const& args) {  // verify REPORT...
  auto r = catlayout::gpu::verify(std::vector<std::string>(args.begin() + 1, args.end()), std::cout);
  if (!r) return report(r.error());
  return r->ok() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string cmd = args.empty() ? "" : args[0];
  if (cmd == "validate") return validate(args);
  if (cmd == "show" && (args.size() == 2 || args.size() == 3)) {
    auto r = catlayout::cli::gpu_show(args[1], args.size() > 2 ? args[2] : "", std::cout);
    return r ? 0 : report(r.error());
  }
  if (cmd == "catalogue" && args.size() <= 2) return catalogue(args);
  if (cmd == "ptx" && args.size() == 2) return ptx(args[1]);
  if (cmd == "tiled") {
    auto j = catlayout::cli::tiled_command(std::vector<std::string>(args.begin() + 1, args.end()));
    if (!j) return report(j.error());
    std::cout << j->dump() << "\n";
    return 0;
  }
  if (cmd == "vectors" && args.size() >= 3) return vectors(args);
  if (cmd == "verify" && args.size() >= 2) return verify(args);
  std::cerr << "usage: catlayout-gpu-probe validate [--simulate] [--json FILE] [--sample K] [INSTR...] | show INSTR [A|B|C] | "
               "vectors [--cutlass FILE] REPORT... OUT | verify REPORT... | catalogue [OUT] | ptx KERNEL|all | "
               "tiled mma|copy_A|copy_B|copy_C INSTR ATOM_LAYOUT [PERM_M PERM_N PERM_K] | tiled copy THR VAL; "
               "tiled ... [--data A|B|C|TV LAYOUT]...\n";
  return 2;
}
