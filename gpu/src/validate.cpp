// Probe every selected instruction on the present GPU (`catlayout gpu validate`).
#include "catlayout/gpu/validate.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <thread>
#include <fstream>
#include <iomanip>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/report.hpp"

namespace catlayout::gpu {

namespace {

bool selected(std::string const& name, std::vector<std::string> const& filter) {
  if (filter.empty()) return true;
  for (auto const& f : filter)
    if (f.starts_with("^") ? name.starts_with(f.substr(1)) : name.find(f) != std::string::npos) return true;
  return false;
}

// Every k-th element, the first included, in order.
template <class T>
void keep_every(std::vector<T>& v, std::size_t k) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < v.size(); i += k) v[n++] = v[i];
  v.resize(n);
}

// The kernels are PTX for sm_90a: the probe runs on the sm_90a family (compute capability 9.x).
// Entries for newer architectures (sm100a, sm120a) have no kernel: CPU-checked only.
std::string unsupported(Instruction const& ins, device::Info const& info) {
  if (!probe_runs(ins)) return "no probe kernel for " + ins.arch + " (CPU-checked only)";
  if (info.major != 9) return "the probe's kernels are built for sm_90a (compute capability 9.x)";
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

bool Validation::failed() const {
  for (auto const& r : rows)
    if (r.status == "MISMATCH" || r.status == "error") return true;
  return false;
}

Result<Validation> validate(std::vector<std::string> const& instr_filter, std::string const& json_out,
                            std::ostream& out, std::ostream& log, bool on_simulator, std::size_t sample_every) {
  if (sample_every == 0) return fail(ErrorKind::invalid_input, "sample every 0th subject: the sample step must be at least 1");
  std::vector<Instruction const*> chosen;
  for (auto const& i : catalogue())
    if (selected(i.name, instr_filter)) chosen.push_back(&i);
  std::vector<SmemLayout const*> layouts;
  for (auto const& s : smem_layouts())
    if (selected(s.name, instr_filter)) layouts.push_back(&s);
  if (chosen.empty() && layouts.empty()) return fail(ErrorKind::invalid_input, "no catalogued instruction matches the filter");
  keep_every(chosen, sample_every);
  keep_every(layouts, sample_every);
  device::Info info{"CPU simulator (PTX ISA formulas)", "none", 9, 0};
  info.simulated = on_simulator;
  if (!on_simulator)
    if (std::string why = device::query(info); !why.empty()) return Validation{why, {}};
  Runner runner = [on_simulator](device::Batch& b) { return on_simulator ? simulate(b) : device::run(b); };
  out << "GPU: " << info.name << " (sm_" << info.major << info.minor << "), driver " << info.driver << "\n";
  // JIT-compile every kernel up front, in parallel (the driver caches nothing across machines).
  std::vector<std::string> kernels;
  for (auto const& k : all_kernels()) {
    std::string ins = k.substr(0, k.rfind('/'));
    bool want = std::any_of(chosen.begin(), chosen.end(), [&](Instruction const* i) { return i->name == ins; });
    for (auto const* s : layouts) want = want || smem_probe_instruction(s->elem_bits).name == ins;
    if (want) kernels.push_back(k);
  }
  auto t0 = std::chrono::steady_clock::now();
  if (on_simulator) kernels.clear();
  else if (std::string e = device::prepare(kernels, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
      !e.empty())
    log << "JIT: " << e << "\n";  // the failing kernel's runs report it again below
  out << "JIT-compiled " << kernels.size() << " kernels in "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s\n";
  std::vector<ResultRow> rows;
  std::vector<RawObservation> raw;
  // Each subject's batches are recorded as the device answered them, with its start time and duration.
  auto observed = [&](std::string const& subject, std::optional<Operand> op, auto&& run_rows) {
    RawObservation o{subject, op, {}};
    std::string at = utc_now();
    auto t = std::chrono::steady_clock::now();
    std::vector<ResultRow> got = run_rows(recording(runner, o.batches));
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    for (auto& r : got) {
      r.observed_at = at;
      r.seconds = seconds;
      if (!o.batches.empty()) r.raw = raw.size();
      rows.push_back(std::move(r));
    }
    if (!o.batches.empty()) raw.push_back(std::move(o));
  };
  for (Instruction const* ins : chosen) {
    if (std::string why = unsupported(*ins, info); !why.empty()) {
      for (auto const& f : ins->fragments) rows.push_back({ins->name, f.operand, "skipped", why, std::nullopt, std::nullopt});
      continue;
    }
    observed(ins->name, std::nullopt, [&](Runner const& run) { return observe_rows(*ins, run); });
  }
  for (SmemLayout const* s : layouts) {
    if (info.major != 9) {
      for (Operand op : {Operand::A, Operand::B}) rows.push_back({s->name, op, "skipped", "needs sm_90a", std::nullopt, std::nullopt});
      continue;
    }
    for (Operand op : {Operand::A, Operand::B})
      observed(s->name, op, [&](Runner const& run) { return std::vector<ResultRow>{observe_smem_row(*s, op, run)}; });
  }
  for (auto const& r : rows) {
    out << std::left << std::setw(38) << r.instruction << " " << operand_name(r.operand) << "  " << r.status;
    if (!r.message.empty()) out << "  " << r.message;
    out << "\n";
  }
  if (!json_out.empty()) {
    std::ofstream f(json_out);
    f << report_json(info, utc_now(), rows, raw).dump() << "\n";
    if (!f) return fail(ErrorKind::invalid_input, "cannot write ", json_out);
    out << "report: " << json_out << "\n";
  }
  return Validation{std::nullopt, std::move(rows), std::move(raw)};
}

}  // namespace catlayout::gpu
