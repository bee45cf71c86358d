// `catlayout gpu show` and `catlayout gpu vectors`: catalogue-only entry points, no GPU needed.
#include <fstream>
#include <iomanip>
#include <map>

#include "catlayout/gpu/probe.hpp"

#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/sm100.hpp"
#include "catlayout/gpu/validate.hpp"

namespace catlayout::gpu {

namespace {

char const* tile_axes(Operand op) {
  switch (op) {
    case Operand::A: return "(m,k)";
    case Operand::B: return "(n,k)";
    case Operand::C: return "(m,n)";
    case Operand::E: return "(m,chunk of k)";
    case Operand::SFA: return "(m, k block)";
    case Operand::SFB: return "(n, k block)";
    default: return "(element e of a 16-byte row, row s)";
  }
}

std::string tile_axes(Instruction const& ins, Operand op) {
  if (ins.kind == Kind::tcgen05_ld || ins.kind == Kind::tcgen05_st)
    return "(TMEM lane from the warp's base lane, 32-bit TMEM column from the base column)";
  if (ins.kind == Kind::tcgen05_mma)
    return ins.M == 64 ? "(m,n); thread t = TMEM lane 32 (t / 16) + t % 16 (lanes in use), values: TMEM columns"
                       : "(m,n); thread t = TMEM lane t (t >= 128: the peer CTA's lane t - 128), values: TMEM columns";
  if (op == Operand::SFA) return "(m, k block); thread t = %laneid 4 (t / 2) + t % 2 (thread-id-a = 0), byte-id-a = 0";
  if (op == Operand::SFB) return "(n, k block); thread t = %laneid 4 t (thread-id-b = 0), byte-id-b = 0";
  return tile_axes(op);
}

// umma: a tcgen05 descriptor's atom (CPU only: no probe placement to print).
void show_smem(SmemLayout const& s, std::ostream& out, bool umma = false) {
  out << s.name << "   [" << (umma ? "tcgen05" : "wgmma") << " matrix descriptor, layout type "
      << swizzle_name(s.swizzle) << ", " << s.elem_bits << "-bit elements, " << major_name(s.major) << "-major"
      << (umma ? ", sm100a: not run on any device here" : "") << "]\n"
      << "  atom " << s.rows << " (MN) x " << s.cols << " (K), (mn,k) -> element offset\n"
      << "  from " << s.ptx_section << "\n"
      << "  layout: " << to_string(s.layout) << "\n";
  for (Operand op : {Operand::A, Operand::B}) {
    if (umma) break;
    Instruction const& probe = smem_probe_instruction(s.elem_bits);
    SmemPlacement pl = smem_placement(s, op == Operand::A ? probe.M : probe.N, probe.K);
    out << "  as " << operand_name(op) << " of " << probe.name << ": LBO " << pl.lbo << " B, SBO " << pl.sbo << " B, "
        << pl.k_blocks << " start-address step(s) of 32 B\n";
  }
  out << "  offsets, one row per mn:\n";
  for (Int mn = 0; mn < s.rows; ++mn) {
    out << "  " << std::setw(4) << mn << " |";
    for (Int k = 0; k < s.cols; ++k) out << std::setw(5) << s.at(mn, k);
    out << "\n";
  }
}

void show_fragment(Instruction const& ins, Fragment const& f, std::ostream& out) {
  out << ins.name << " " << operand_name(f.operand) << "   [" << ins.ptx << ", " << ins.arch << "]\n"
      << "  tile " << f.rows << "x" << f.cols << " " << tile_axes(ins, f.operand) << ", offset = row + " << f.rows
      << " * col; " << f.threads << " threads x " << f.values << " values of " << elem_name(f.elem) << " ("
      << f.per_reg() << " per " << (f.reg_words() == 2 ? "64" : "32") << "-bit register)\n"
      << "  from " << f.ptx_section << "\n"
      << "  TV layout: " << to_string(f.tv) << "\n";
  if (ins.kind == Kind::mma && f.threads == 8)
    out << "  threads of one quad-pair: thread t is %laneid (t % 4) + 16 (t / 4) + 4q in MMA computation q + 1\n";
  out << "  thread value  reg elem   row col\n";
  for (Int t = 0; t < f.threads; ++t)
    for (Int v = 0; v < f.values; ++v) {
      Coord c = f.layout_at(t, v);
      out << "  " << std::setw(6) << t << std::setw(6) << v << std::setw(5) << v / f.per_reg() << std::setw(5)
          << v % f.per_reg() << "  " << std::setw(4) << c.row << std::setw(4) << c.col << "\n";
    }
}

}  // namespace

Result<void> show(std::string const& name, std::string const& operand, std::ostream& out) {
  if (SmemLayout const* s = find_smem_layout(name)) {
    show_smem(*s, out);
    return {};
  }
  if (SmemLayout const* s = find_umma_smem_layout(name)) {
    show_smem(*s, out, true);
    return {};
  }
  Instruction const* ins = find_instruction(name);
  if (!ins)
    return fail(ErrorKind::invalid_input, "unknown instruction or shared-memory layout \"", name,
                "\" (`catlayout gpu list` lists them)");
  if (operand.empty() || operand == "all") {
    for (auto const& f : ins->fragments) show_fragment(*ins, f, out);
    return {};
  }
  auto op = parse_operand(operand);
  Fragment const* f = op ? ins->fragment(*op) : nullptr;
  if (!f) {
    std::string has;
    for (auto const& g : ins->fragments) has += " " + std::string(operand_name(g.operand));
    return fail(ErrorKind::invalid_input, ins->name, " has no catalogued operand \"", operand, "\"; it has:", has);
  }
  show_fragment(*ins, *f, out);
  return {};
}

namespace {

Result<Json> read_json(std::string const& path) {
  std::ifstream in(path);
  if (!in) return fail(ErrorKind::invalid_input, "cannot read ", path);
  Json j = Json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return fail(ErrorKind::invalid_input, path, ": not JSON");
  return j;
}

// key "instruction/operand" -> sources, from a vectors file's cases.
std::map<std::string, std::vector<std::string>> sources_of(Json const& vectors) {
  std::map<std::string, std::vector<std::string>> out;
  for (auto const& c : vectors.value("cases", Json::array())) {
    auto const& args = c.value("args", Json::array());
    if (args.size() != 2 || !args[0].is_string() || !args[1].is_string()) continue;
    std::vector<std::string> s;
    for (auto const& x : c["expect"].value("sources", Json::array()))
      if (x.is_string()) s.push_back(x.get<std::string>());
    out[args[0].get<std::string>() + "/" + args[1].get<std::string>()] = s;
  }
  return out;
}

std::string joined(std::vector<std::string> const& v) {
  std::string s;
  for (auto const& x : v) s += (s.empty() ? "" : "+") + x;
  return s;
}

}  // namespace

Result<void> list(std::string const& vectors_path, std::ostream& out) {
  std::map<std::string, std::vector<std::string>> sources;
  std::string observed = "none";
  if (!vectors_path.empty()) {
    CL_TRY(v, read_json(vectors_path));
    sources = sources_of(v);
    if (!v["cases"].empty()) observed = v.value("provenance", "hardware-unverified") + " on " + v["cases"][0]["expect"].value("confirmed_on", "?");
  }
  out << "# " << catalogue().size() << " instructions, " << smem_layouts().size()
      << " wgmma + " << umma_smem_layouts().size()
      << " tcgen05 shared-memory layouts; sources: ptx-formula (catalogue formula = layout, gpu_tests), cutlass (CuTe "
         "traits agree), hardware (a device with a UUID, raw words kept and re-decodable: gpu verify), "
         "hardware-unverified (a device's decoded tables, raw words not kept), simulator (the CPU simulator); "
         "vectors: "
      << observed << "\n";
  // no_hw: why no hardware confirms an entry (CPU-only architectures), said in its sources column.
  auto line = [&](std::string const& name, std::string const& kind, std::string const& arch, std::string const& op,
                  std::string const& layout, std::string const& no_hw = "") {
    auto it = sources.find(name + "/" + op);
    std::string src = it == sources.end() ? "ptx-formula" : joined(it->second);
    if (!no_hw.empty()) src += "; no hardware (" + no_hw + ")";
    out << std::left << std::setw(40) << name << std::setw(10) << kind << " " << std::setw(7) << arch << std::setw(4)
        << op << std::setw(34) << src << " " << layout << "\n";
  };
  for (auto const& ins : catalogue())
    for (auto const& f : ins.fragments)
      line(ins.name, std::string(kind_name(ins.kind)), ins.arch, std::string(operand_name(f.operand)), to_string(f.tv),
           no_hardware_reason(ins));
  for (auto const& s : smem_layouts())
    for (Operand op : {Operand::A, Operand::B})
      line(s.name, "smem", "sm90a", std::string(operand_name(op)), to_string(s.layout));
  for (auto const& s : umma_smem_layouts())
    for (Operand op : {Operand::A, Operand::B})
      line(s.name, "smem", "sm100a", std::string(operand_name(op)), to_string(s.layout),
           "sm100a: not run on any device here");
  return {};
}


Result<Json> merge_reports(std::vector<std::string> const& report_paths) {
  if (report_paths.empty()) return fail(ErrorKind::invalid_input, "no report given");
  Json report;
  for (auto const& path : report_paths) {
    CL_TRY(j, read_json(path));
    if (!j.is_object() || !j.contains("results") || !j["results"].is_array())
      return fail(ErrorKind::invalid_input, path, ": not a validate report (no array \"results\")");
    std::string date = j.value("date", "");
    std::size_t shift = report.is_null() ? 0 : report.value("raw_observations", Json::array()).size();
    for (auto& r : j["results"]) {
      if (!r.contains("observed_at") && !date.empty()) r["observed_at"] = date;
      if (r.contains("raw") && r["raw"].is_number_unsigned()) r["raw"] = r["raw"].get<std::size_t>() + shift;
    }
    if (report.is_null()) {
      report = std::move(j);
      continue;
    }
    if (j.value("device", Json{}) != report["device"] || j.value("schema", "") != report.value("schema", ""))
      return fail(ErrorKind::invalid_input, path, ": not a report of the same device and schema as ", report_paths[0]);
    for (auto& r : j["results"]) report["results"].push_back(std::move(r));
    for (auto& r : j.value("raw_observations", Json::array())) report["raw_observations"].push_back(std::move(r));
  }
  return report;
}

Result<std::string> write_vectors(std::vector<std::string> const& report_paths, std::string const& out_path,
                                  std::string const& cutlass_path) {
  if (report_paths.empty()) return fail(ErrorKind::invalid_input, "no report to turn into vectors");
  CL_TRY(report, merge_reports(report_paths));
  // The CUTLASS cross-check's results (conformance/oracle/cutlass_fragments.py --json): the keys it agrees on.
  std::vector<std::string> agree;
  if (!cutlass_path.empty()) {
    CL_TRY(j, read_json(cutlass_path));
    for (auto const& r : j.value("results", Json::array())) {
      if (r.value("status", "") != "agree") continue;
      if (!r.contains("instruction") || !r["instruction"].is_string()) continue;
      std::string name = r["instruction"].get<std::string>();
      if (r.contains("operand") && r["operand"].is_string()) name += "/" + r["operand"].get<std::string>();
      agree.push_back(name);  // a shared-memory atom (operand null) counts for both its operands
    }
  }
  auto vectors = vectors_from_report(report, agree);
  if (!vectors) return fail(vectors.error().kind, report_paths[0], ": ", vectors.error().message);
  std::ofstream out(out_path);
  out << vectors->dump() << "\n";
  if (!out) return fail(ErrorKind::invalid_input, "cannot write ", out_path);
  std::string source = (*vectors)["provenance"].get<std::string>();
  return str((*vectors)["cases"].size(), " cases written to ", out_path, ", source \"", source, "\"",
             source == "hardware"            ? " (a device with a UUID; raw words kept: `gpu verify` re-decodes them)"
             : source == "simulator"         ? " (the CPU simulator, not a device)"
                                             : " (a device's decoded tables without raw words: not re-decodable)");
}

}  // namespace catlayout::gpu
