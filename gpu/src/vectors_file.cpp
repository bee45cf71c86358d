// Validate reports and golden-vector files: reports of one device merged, turned into vectors,
// and the sources of confirmation a vectors file records per entry.
#include <fstream>
#include <map>

#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"

namespace catlayout::gpu {

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

}  // namespace

Result<VectorSources> vector_sources(std::string const& vectors_path) {
  VectorSources out;
  if (vectors_path.empty()) return out;
  CL_TRY(v, read_json(vectors_path));
  out.by_entry = sources_of(v);
  if (!v["cases"].empty())
    out.observed = v.value("provenance", "hardware-unverified") + " on " + v["cases"][0]["expect"].value("confirmed_on", "?");
  return out;
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
