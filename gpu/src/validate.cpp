// `catlayout gpu validate`: probe every selected instruction on the present GPU.
#include "catlayout/gpu/validate.hpp"

#include <ctime>
#include <fstream>
#include <iomanip>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/report.hpp"

namespace catlayout::gpu {

namespace {

bool selected(std::string const& name, std::vector<std::string> const& filter) {
  if (filter.empty()) return true;
  for (auto const& f : filter)
    if (name.find(f) != std::string::npos) return true;
  return false;
}

// mma.sync needs compute capability >= 8.0; wgmma exactly the sm_90a family (9.x).
std::string unsupported(Instruction const& ins, device::Info const& info) {
  if (ins.arch == "sm80" && info.major < 8) return "needs sm_80 or newer";
  if (ins.arch == "sm90a" && info.major != 9) return "needs sm_90a (compute capability 9.x)";
  return "";
}

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

int gpu_validate_main(std::vector<std::string> const& instr_filter, std::string const& json_out, std::ostream& out,
                      std::ostream& err) {
  std::vector<Instruction const*> chosen;
  for (auto const& i : catalogue())
    if (selected(i.name, instr_filter)) chosen.push_back(&i);
  if (chosen.empty()) {
    err << "no catalogued instruction matches the filter\n";
    return 2;
  }
  device::Info info;
  if (std::string why = device::query(info); !why.empty()) {
    out << why << "\n";
    return 3;
  }
  out << "GPU: " << info.name << " (sm_" << info.major << info.minor << "), driver " << info.driver << "\n";
  std::vector<ResultRow> rows;
  for (Instruction const* ins : chosen) {
    if (std::string why = unsupported(*ins, info); !why.empty()) {
      for (auto const& f : ins->fragments) rows.push_back({ins->name, f.operand, "skipped", why, std::nullopt});
      continue;
    }
    auto obs = observe(*ins, [](device::Batch& b) { return device::run(b); });
    if (!obs) {
      for (auto const& f : ins->fragments)
        rows.push_back({ins->name, f.operand, "error", obs.error().message, std::nullopt});
      continue;
    }
    for (auto& o : obs->operands)
      rows.push_back({ins->name, o.operand, o.verdict.confirmed ? "confirmed" : "MISMATCH", o.verdict.message,
                      std::move(o.map)});
  }
  int rc = 0;
  for (auto const& r : rows) {
    out << std::left << std::setw(34) << r.instruction << " " << operand_name(r.operand) << "  " << r.status;
    if (!r.message.empty()) out << "  " << r.message;
    out << "\n";
    if (r.status == "MISMATCH" || r.status == "error") rc = 1;
  }
  if (!json_out.empty()) {
    std::ofstream f(json_out);
    f << report_json(info, utc_now(), rows).dump(1) << "\n";
    if (!f) {
      err << "cannot write " << json_out << "\n";
      return 2;
    }
    out << "report: " << json_out << "\n";
  }
  return rc;
}

}  // namespace catlayout::gpu
