// Tensor-core fragment layouts: list, show, validate on the present GPU (exit 3 without one) or
// on the CPU simulator, and turn validate reports into golden vectors.
#include <iostream>

#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/check.hpp"
#include "catlayout/gpu/validate.hpp"
#include "gpu_show.hpp"
#endif
#include "command.hpp"

namespace catlayout::cli {

#ifdef CATLAYOUT_HAVE_GPU
// 0 all confirmed (or skipped for the architecture), 1 a mismatch or a failed kernel, 2 a filter
// that matches nothing or an unwritable report, 3 no GPU.
int validate_exit(Result<gpu::Validation> const& v) {
  if (!v) return report_error(v.error());
  if (v->no_gpu) {
    std::cout << *v->no_gpu << "\n";
    return 3;
  }
  return v->failed() ? 1 : 0;
}

// `gpu check [NAME] [OPERAND] LAYOUT`: NAME and OPERAND (or a shared-memory layout's NAME) compare
// with one entry; otherwise the closest entries, restricted to the operand or instruction given.
// 0 equal (nearest: some entry is equal), 1 differs, 2 bad input.
int check_main(Command const& c, Args const& a) {
  if (a.pos.empty() || a.pos.size() > 3) return usage_error(c, "expected [NAME] [OPERAND] LAYOUT");
  auto top = bounded_option(a, "--top", 1, 1000, 5);
  if (!top) return report_error(top.error());
  auto r = gpu::check_args(a.pos, static_cast<std::size_t>(*top));
  if (!r) return report_error(r.error());
  std::cout << r->text;
  return r->equal ? 0 : 1;
}
#endif

std::vector<Command> gpu_commands() {
#ifndef CATLAYOUT_HAVE_GPU
  return {};
#else
  Command l{"gpu list", "gpu list [--vectors FILE]",
            "every catalogued instruction x operand and wgmma shared-memory layout, with its sources of "
            "confirmation (ptx-formula, cutlass, hardware) from the committed vectors",
            "catlayout gpu list", {{"--vectors", 1}}, nullptr};
  l.run = [](Args const& a) {
    std::string v = a.has("--vectors") ? a.value("--vectors") : CATLAYOUT_VECTORS_DIR "/gpu/h200-fragments.json";
    auto r = gpu_list(v, std::cout);
    return r ? 0 : report_error(r.error());
  };
  Command v{"gpu validate", "gpu validate [--instr NAME]... [--json FILE] [--simulate] [--sample K]",
            "probe the GPU: instruction x operand -> confirmed / MISMATCH (exit 3 without a GPU; --simulate: "
            "the same plan on the CPU simulator; --sample K: every K-th selected instruction and layout)",
            "catlayout gpu validate --simulate --instr ldmatrix.x4",
            {{"--instr", 1}, {"--json", 1}, {"--simulate", 0}, {"--sample", 1}}, nullptr};
  v.run = [](Args const& a) {
    std::vector<std::string> instr;
    if (a.has("--instr")) instr = a.opt.at("--instr");
    instr.insert(instr.end(), a.pos.begin(), a.pos.end());
    auto every = bounded_option(a, "--sample", 1, 1000000, 1);
    if (!every) return report_error(every.error());
    return validate_exit(gpu::validate(instr, a.has("--json") ? a.value("--json") : "", std::cout, std::cerr,
                                       a.has("--simulate"), static_cast<std::size_t>(*every)));
  };
  Command s{"gpu show", "gpu show NAME [A|B|C|src|dst]",
            "an instruction's TV layouts and their (thread, value) -> (row, col) tables, or a shared-memory layout",
            "catlayout gpu show mma.m16n8k16.f32.f16.f16.f32 C", {}, nullptr};
  s.run = [s](Args const& a) {
    if (a.pos.empty() || a.pos.size() > 2) return usage_error(s, "expected NAME and optionally an operand");
    auto r = gpu_show(a.pos[0], a.pos.size() == 2 ? a.pos[1] : "", std::cout);
    return r ? 0 : report_error(r.error());
  };
  Command x{"gpu vectors", "gpu vectors [--cutlass RESULTS.json] REPORT.json... OUT.json",
            "turn validate reports (one device) into mma.fragment / wgmma.smem_layout golden vectors",
            "catlayout gpu vectors report.json frag.json", {{"--cutlass", 1}}, nullptr};
  x.run = [x](Args const& a) {
    if (a.pos.size() < 2) return usage_error(x, "expected REPORT.json... and OUT.json");
    std::vector<std::string> reports(a.pos.begin(), a.pos.end() - 1);
    auto r = gpu::write_vectors(reports, a.pos.back(), a.has("--cutlass") ? a.value("--cutlass") : "");
    if (!r) return report_error(r.error());
    std::cout << *r << "\n";
    return 0;
  };
  Command y{"gpu verify", "gpu verify [--vectors OUT.json] [--cutlass RESULTS.json] REPORT.json...",
            "re-decode every row of validate reports from the raw words the device wrote, independently of the "
            "run's verdicts, and (--vectors) rebuild the golden vectors from them; exit 1 when a row does not verify",
            "catlayout gpu validate --simulate --instr ldmatrix.x1 --json r.json && catlayout gpu verify r.json", {{"--vectors", 1}, {"--cutlass", 1}}, nullptr};
  y.run = [y](Args const& a) {
    if (a.pos.empty()) return usage_error(y, "expected REPORT.json...");
    auto r = gpu::verify(a.pos, std::cout, a.has("--vectors") ? a.value("--vectors") : "",
                         a.has("--cutlass") ? a.value("--cutlass") : "");
    if (!r) return report_error(r.error());
    return r->ok() ? 0 : 1;
  };
  Command c{"gpu check", "gpu check [NAME] [OPERAND] LAYOUT [--top N]",
            "is LAYOUT (a TV layout (thread, value) -> tile offset, any notation) NAME's OPERAND fragment? equal, or "
            "the first (thread, value) that differs; without NAME or OPERAND the closest catalogued entries",
            "catlayout gpu check mma.m16n8k16.f32.f16.f16.f32 C '((4,8),(2,2)):((32,1),(16,8))'", {{"--top", 1}},
            nullptr};
  c.run = [c](Args const& a) { return check_main(c, a); };
  return {l, v, s, c, x, y};
#endif
}

}  // namespace catlayout::cli
