#include "catlayout/gpu/report.hpp"

namespace catlayout::gpu {

Json table_json(ObservedMap const& m) {
  Json t = Json::array();
  for (auto const& r : table(m)) t.push_back({r[0], r[1], r[2], r[3]});
  return t;
}

Json fragment_json(Fragment const& f) { return {{"tv_layout", to_json(f.tv)}, {"table", table_json(expected_map(f))}}; }

Json report_json(device::Info const& info, std::string const& date, std::vector<ResultRow> const& rows) {
  Json results = Json::array();
  for (auto const& r : rows) {
    Json j = {{"instruction", r.instruction}, {"operand", std::string(operand_name(r.operand))},
              {"status", r.status}, {"message", r.message}};
    if (Instruction const* ins = find_instruction(r.instruction)) {
      j["ptx"] = ins->ptx;
      j["arch"] = ins->arch;
      if (Fragment const* f = ins->fragment(r.operand)) {
        j["ptx_section"] = f->ptx_section;
        j["tv_layout"] = to_json(f->tv);
      }
    }
    if (r.observed) j["observed"] = table_json(*r.observed);
    results.push_back(std::move(j));
  }
  return {{"schema", "catlayout.gpu-validate/1"},
          {"device",
           {{"name", info.name},
            {"driver", info.driver},
            {"compute_capability", std::to_string(info.major) + "." + std::to_string(info.minor)}}},
          {"date", date},
          {"results", std::move(results)}};
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

Result<Json> vectors_from_report(Json const& report) {
  if (!report.is_object() || report.value("schema", "") != "catlayout.gpu-validate/1")
    return fail(ErrorKind::invalid_input, "$.schema: expected \"catlayout.gpu-validate/1\"");
  if (!report.contains("device") || !report.contains("results") || !report["results"].is_array())
    return fail(ErrorKind::invalid_input, "$: expected \"device\" and an array \"results\"");
  CL_TRY(name, string_at(report["device"], "name", "$.device"));
  CL_TRY(driver, string_at(report["device"], "driver", "$.device"));
  CL_TRY(date, string_at(report, "date", "$"));
  std::string confirmed_on = name + ", driver " + driver + ", " + date;

  Json cases = Json::array();
  auto const& results = report["results"];
  for (std::size_t i = 0; i < results.size(); ++i) {
    std::string path = str("$.results[", i, "]");
    auto const& r = results[i];
    CL_TRY(status, string_at(r, "status", path));
    if (status != "confirmed") continue;
    CL_TRY(instr, string_at(r, "instruction", path));
    CL_TRY(op_name, string_at(r, "operand", path));
    Instruction const* ins = find_instruction(instr);
    auto op = parse_operand(op_name);
    Fragment const* f = ins && op ? ins->fragment(*op) : nullptr;
    if (!f) return fail(ErrorKind::invalid_input, path, ": no catalogued fragment ", instr, " ", op_name);
    if (!r.contains("tv_layout")) return fail(ErrorKind::invalid_input, path, ".tv_layout: missing");
    CL_TRY(tv, layout_from_json(r["tv_layout"], path + ".tv_layout"));
    if (!(tv == f->tv))
      return fail(ErrorKind::invalid_input, path, ".tv_layout: ", to_string(tv), " is not the catalogue's ",
                  to_string(f->tv));
    if (!r.contains("observed")) return fail(ErrorKind::invalid_input, path, ".observed: missing");
    CL_TRY(tab, checked_table(r["observed"], *f, path + ".observed"));
    cases.push_back({{"id", "mma.fragment/" + instr + "/" + op_name},
                     {"op", "mma.fragment"},
                     {"args", {instr, op_name}},
                     {"expect", {{"tv_layout", to_json(tv)}, {"table", tab}, {"confirmed_on", confirmed_on}}}});
  }
  return Json{{"schema", "catlayout.vectors/1"},
              {"source", "catlayout gpu validate: fragment maps observed on " + confirmed_on +
                             " (see gpu/README.md, op mma.fragment)"},
              {"cases", std::move(cases)}};
}

}  // namespace catlayout::gpu
