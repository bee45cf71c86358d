#include "catlayout/gpu/report.hpp"

#include <algorithm>
#include <cstdio>

namespace catlayout::gpu {

// A fragment's TV layout in the report: the {"shape", "stride"} form of docs/vector-format.md. gpu sits below
// the wire room (whose layout_json.hpp reads and writes the form for the checker), so the report
// writes its one layout field itself; a report's layout is compared as written, never read back.
static Json tuple_json(IntTuple const& t) {
  if (t.is_leaf()) return t.value();
  Json a = Json::array();
  for (std::size_t i = 0; i < t.rank(); ++i) a.push_back(tuple_json(t.mode(i)));
  return a;
}
static Json tv_layout_json(Layout const& l) { return {{"shape", tuple_json(l.shape())}, {"stride", tuple_json(l.stride())}}; }

Json table_json(ObservedMap const& m) {
  Json t = Json::array();
  for (auto const& r : table(m)) t.push_back({r[0], r[1], r[2], r[3]});
  return t;
}

std::string table_digest(ObservedMap const& m) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
  for (auto const& r : table(m))
    for (char c : str(r[0], ",", r[1], ",", r[2], ",", r[3], ";")) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ull;
    }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

Json fragment_json(Fragment const& f) { return {{"tv_layout", tv_layout_json(f.tv)}, {"table", table_json(expected_map(f))}}; }

Json report_json(device::Info const& info, std::string const& date, std::vector<ResultRow> const& rows,
                 std::vector<RawObservation> const& raw) {
  Json results = Json::array();
  for (auto const& r : rows) {
    Json j = {{"instruction", r.instruction}, {"operand", std::string(operand_name(r.operand))},
              {"status", r.status}, {"message", r.message}};
    if (r.raw) j["raw"] = *r.raw;
    if (!r.observed_at.empty()) j["observed_at"] = r.observed_at, j["seconds"] = r.seconds;
    if (SmemLayout const* s = find_smem_layout(r.instruction)) {
      Instruction const& probe = smem_probe_instruction(s->elem_bits);
      j["ptx"] = probe.ptx;
      j["arch"] = probe.arch;
      j["ptx_section"] = s->ptx_section;
      j["layout"] = to_string(s->layout);
      if (r.placement)
        j["descriptor"] = {{"lbo", r.placement->lbo}, {"sbo", r.placement->sbo},
                           {"layout_type", r.placement->layout_type}, {"k_blocks", r.placement->k_blocks}};
    } else if (Instruction const* ins = find_instruction(r.instruction)) {
      j["ptx"] = ins->ptx;
      j["arch"] = ins->arch;
      if (Fragment const* f = ins->fragment(r.operand)) {
        j["ptx_section"] = f->ptx_section;
        j["tv_layout"] = tv_layout_json(f->tv);
      }
    }
    if (r.observed) {
      j["observed_digest"] = table_digest(*r.observed);
      // Whole tables where they are small or disagree; a confirmed large table is its layout's.
      if (r.status != "confirmed" || r.observed->threads * r.observed->values <= kTableLimit)
        j["observed"] = table_json(*r.observed);
    }
    results.push_back(std::move(j));
  }
  Json raw_json = Json::array();
  for (auto const& o : raw) {
    Json batches = Json::array();
    for (auto const& b : o.batches) batches.push_back(raw_batch_json(b));
    raw_json.push_back({{"subject", o.subject},
                        {"operand", o.operand ? Json(std::string(operand_name(*o.operand))) : Json()},
                        {"batches", std::move(batches)}});
  }
  return {{"schema", "catlayout.gpu-validate/2"},
          {"device",
           {{"name", info.name},
            {"driver", info.driver},
            {"compute_capability", std::to_string(info.major) + "." + std::to_string(info.minor)},
            {"uuid", info.uuid},
            {"cuda_driver", info.cuda_driver},
            {"cuda_runtime", info.cuda_runtime},
            {"simulated", info.simulated}}},
          {"date", date},
          {"results", std::move(results)},
          {"raw_observations", std::move(raw_json)}};
}

std::string provenance(Json const& report) {
  Json const& d = report.value("device", Json::object());
  if (d.value("simulated", false) || d.value("name", "").starts_with("CPU simulator")) return "simulator";
  bool has_raw = report.value("schema", "") == "catlayout.gpu-validate/2" && report.contains("raw_observations");
  if (has_raw && d.value("uuid", "").starts_with("GPU-")) return "hardware";
  return "hardware-unverified";
}

namespace {

Result<std::string> string_at(Json const& j, std::string const& key, std::string const& path) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_string())
    return fail(ErrorKind::invalid_input, path, ".", key, ": expected a string");
  return j[key].get<std::string>();
}

// The observed table must be the catalogue's layout tabulated: a report is evidence only for it.
Result<Json> checked_table(Json const& j, Fragment const& f, std::string const& path) {
  if (!j.is_array() || j.size() != static_cast<std::size_t>(f.threads * f.values))
    return fail(ErrorKind::invalid_input, path, ": expected ", f.threads * f.values, " rows [thread, value, row, col]");
  for (std::size_t i = 0; i < j.size(); ++i) {
    auto const& r = j[i];
    if (!r.is_array() || r.size() != 4 || !r[0].is_number_integer() || !r[1].is_number_integer() ||
        !r[2].is_number_integer() || !r[3].is_number_integer())
      return fail(ErrorKind::invalid_input, path, "[", i, "]: expected [thread, value, row, col]");
    Int t = r[0].get<Int>(), v = r[1].get<Int>();
    if (t < 0 || t >= f.threads || v < 0 || v >= f.values)
      return fail(ErrorKind::invalid_input, path, "[", i, "]: (thread ", t, ", value ", v, ") out of range");
    Coord c{r[2].get<Int>(), r[3].get<Int>()};
    if (c != f.layout_at(t, v))
      return fail(ErrorKind::invalid_input, path, "[", i, "]: marked confirmed but (thread ", t, ", value ", v,
                  ") is ", to_string(c), ", the layout says ", to_string(f.layout_at(t, v)));
  }
  return j;
}

}  // namespace

Json smem_vector_json(SmemLayout const& s, Operand op) {
  Instruction const& probe = smem_probe_instruction(s.elem_bits);
  Int rows = op == Operand::A ? probe.M : probe.N;
  SmemPlacement pl = smem_placement(s, rows, probe.K);
  Json offsets = Json::array();
  for (Int k = 0; k < probe.K * pl.k_blocks; ++k)
    for (Int row = 0; row < rows; ++row) offsets.push_back(smem_element(s, pl, row, k));
  return Json{{"layout", to_string(s.layout)},
              {"operand_rows", rows},
              {"operand_k", probe.K * pl.k_blocks},
              {"descriptor", {{"lbo", pl.lbo}, {"sbo", pl.sbo}, {"layout_type", pl.layout_type}, {"k_blocks", pl.k_blocks}}},
              {"probe", probe.name},
              {"offsets", std::move(offsets)}};
}

Json fragment_vector_json(Fragment const& f) {
  Json j = {{"tv_layout", tv_layout_json(f.tv)}};
  ObservedMap const want = expected_map(f);
  if (f.threads * f.values <= kTableLimit) j["table"] = table_json(want);
  else j["table_digest"] = table_digest(want);
  return j;
}

Result<Json> smem_case(Json const& r, SmemLayout const& s, std::string const& op_name, std::string const& path) {
  auto op = parse_operand(op_name);
  if (!op || (*op != Operand::A && *op != Operand::B))
    return fail(ErrorKind::invalid_input, path, ".operand: expected A or B, found ", op_name);
  if (!r.contains("descriptor") || !r["descriptor"].is_object())
    return fail(ErrorKind::invalid_input, path, ".descriptor: missing");
  Instruction const& probe = smem_probe_instruction(s.elem_bits);
  Int rows = *op == Operand::A ? probe.M : probe.N;
  SmemPlacement pl = smem_placement(s, rows, probe.K);
  Json const& d = r["descriptor"];
  if (d.value("lbo", Int{-1}) != pl.lbo || d.value("sbo", Int{-1}) != pl.sbo || d.value("k_blocks", Int{-1}) != pl.k_blocks)
    return fail(ErrorKind::invalid_input, path, ".descriptor: not the placement this catalogue uses (lbo ", pl.lbo,
                ", sbo ", pl.sbo, ", k_blocks ", pl.k_blocks, ")");
  // Observed (row, k) -> (row', k') must be the identity: the image is read as the layout says.
  ObservedMap identity(rows, probe.K * pl.k_blocks);
  for (Int k = 0; k < identity.values; ++k)
    for (Int row = 0; row < rows; ++row) identity.set(row, k, {row, k});
  if (r.contains("observed")) {
    if (!r["observed"].is_array() || r["observed"].size() != static_cast<std::size_t>(rows * identity.values))
      return fail(ErrorKind::invalid_input, path, ".observed: expected ", rows * identity.values, " rows");
    for (std::size_t i = 0; i < r["observed"].size(); ++i) {
      auto const& x = r["observed"][i];
      if (!x.is_array() || x.size() != 4 || x[0] != x[2] || x[1] != x[3])
        return fail(ErrorKind::invalid_input, path, ".observed[", i, "]: marked confirmed but not read in place");
    }
  } else if (r.value("observed_digest", "") != table_digest(identity)) {
    return fail(ErrorKind::invalid_input, path, ".observed_digest: not the digest of reading in place");
  }
  return smem_vector_json(s, *op);
}

namespace {

// A "hardware" row's raw words: the entry it names exists, is its subject's, and every batch inflates
// to its sha256. checked: the entries already checked.
Result<void> check_raw(Json const& report, Json const& row, std::string const& instr, std::string const& path,
                       std::vector<bool>& checked) {
  if (!row.contains("raw") || !row["raw"].is_number_unsigned())
    return fail(ErrorKind::invalid_input, path, ".raw: a hardware row needs the index of its raw words");
  auto i = row["raw"].get<std::size_t>();
  Json const& all = report["raw_observations"];
  if (!all.is_array() || i >= all.size())
    return fail(ErrorKind::invalid_input, path, ".raw: ", i, " is not an entry of $.raw_observations");
  std::string at = str("$.raw_observations[", i, "]");
  if (all[i].value("subject", "") != instr)
    return fail(ErrorKind::invalid_input, at, ".subject: ", all[i].value("subject", "(missing)"), " is not ", instr);
  if (checked.size() < all.size()) checked.resize(all.size(), false);
  if (checked[i]) return {};
  Json const& batches = all[i].value("batches", Json::array());
  if (batches.empty()) return fail(ErrorKind::invalid_input, at, ".batches: no batch recorded");
  for (std::size_t b = 0; b < batches.size(); ++b) {
    CL_TRY(x, raw_batch_from_json(batches[b], str(at, ".batches[", b, "]")));
    (void)x;
  }
  checked[i] = true;
  return {};
}

}  // namespace

Result<Json> vectors_from_report(Json const& report, std::vector<std::string> const& cutlass_agree) {
  std::string schema = report.is_object() ? report.value("schema", "") : "";
  if (schema != "catlayout.gpu-validate/1" && schema != "catlayout.gpu-validate/2")
    return fail(ErrorKind::invalid_input, "$.schema: expected \"catlayout.gpu-validate/2\" (or /1)");
  if (!report.contains("device") || !report.contains("results") || !report["results"].is_array())
    return fail(ErrorKind::invalid_input, "$: expected \"device\" and an array \"results\"");
  CL_TRY(name, string_at(report["device"], "name", "$.device"));
  CL_TRY(driver, string_at(report["device"], "driver", "$.device"));
  CL_TRY(date, string_at(report, "date", "$"));
  std::string const source = provenance(report);
  std::string device = name + (source == "hardware" ? " " + report["device"]["uuid"].get<std::string>() : "") +
                       ", driver " + driver;
  std::vector<bool> raw_checked;

  Json cases = Json::array();
  auto const& results = report["results"];
  for (std::size_t i = 0; i < results.size(); ++i) {
    std::string path = str("$.results[", i, "]");
    auto const& r = results[i];
    CL_TRY(status, string_at(r, "status", path));
    if (status != "confirmed") continue;
    CL_TRY(instr, string_at(r, "instruction", path));
    CL_TRY(op_name, string_at(r, "operand", path));
    if (source == "hardware") CL_CHECK(check_raw(report, r, instr, path, raw_checked));
    // A row's own time; merged reports of schema /1 carry their report's date in each row.
    std::string const confirmed_on = device + ", " + r.value("observed_at", date);
    Json sources = {"ptx-formula", source};
    std::string key = instr + "/" + op_name;
    if (std::find(cutlass_agree.begin(), cutlass_agree.end(), key) != cutlass_agree.end() ||
        std::find(cutlass_agree.begin(), cutlass_agree.end(), instr) != cutlass_agree.end())
      sources.push_back("cutlass");
    if (SmemLayout const* s = find_smem_layout(instr)) {
      CL_TRY(expect, smem_case(r, *s, op_name, path));
      expect["confirmed_on"] = confirmed_on;
      expect["sources"] = sources;
      cases.push_back({{"id", "wgmma.smem_layout/" + key}, {"op", "wgmma.smem_layout"}, {"args", {instr, op_name}},
                       {"expect", std::move(expect)}});
      continue;
    }
    Instruction const* ins = find_instruction(instr);
    auto op = parse_operand(op_name);
    Fragment const* f = ins && op ? ins->fragment(*op) : nullptr;
    if (!f) return fail(ErrorKind::invalid_input, path, ": no catalogued fragment ", instr, " ", op_name);
    if (!r.contains("tv_layout")) return fail(ErrorKind::invalid_input, path, ".tv_layout: missing");
    if (r["tv_layout"] != tv_layout_json(f->tv))
      return fail(ErrorKind::invalid_input, path, ".tv_layout: ", r["tv_layout"].dump(), " is not the catalogue's ",
                  to_string(f->tv));
    Json expect = fragment_vector_json(*f);
    ObservedMap const want = expected_map(*f);
    if (r.contains("observed")) {
      CL_TRY(tab, checked_table(r["observed"], *f, path + ".observed"));
      (void)tab;
    } else if (r.value("observed_digest", "") != table_digest(want)) {
      return fail(ErrorKind::invalid_input, path, ".observed_digest: ", r.value("observed_digest", "(missing)"),
                  " is not the digest of the layout's table, ", table_digest(want));
    }
    cases.push_back({{"id", "mma.fragment/" + instr + "/" + op_name},
                     {"op", "mma.fragment"},
                     {"args", {instr, op_name}},
                     {"expect", [&] {
                        expect["confirmed_on"] = confirmed_on;
                        expect["sources"] = sources;
                        return expect;
                      }()}});
  }
  return Json{{"schema", "catlayout.vectors/1"},
              {"source", "catlayout gpu validate: fragment maps observed on " + device + ", " + date + " (" + source +
                             "; see gpu/README.md, ops mma.fragment and wgmma.smem_layout)"},
              {"provenance", source},
              {"cases", std::move(cases)}};
}

}  // namespace catlayout::gpu
