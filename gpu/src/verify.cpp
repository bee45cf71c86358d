// `catlayout gpu verify`: a report's rows re-decoded from the raw words the device wrote (validate.hpp).
#include <iomanip>
#include <map>

#include "catlayout/gpu/raw.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"

namespace catlayout::gpu {

std::vector<ResultRow> observe_rows(Instruction const& ins, Runner const& run) {
  std::vector<ResultRow> rows;
  auto obs = observe(ins, run);
  if (!obs) {
    for (auto const& f : ins.fragments) rows.push_back({ins.name, f.operand, "error", obs.error().message, std::nullopt, std::nullopt});
    return rows;
  }
  for (auto& o : obs->operands)
    rows.push_back({ins.name, o.operand, o.verdict.confirmed ? "confirmed" : "MISMATCH", o.verdict.message,
                    std::move(o.map), std::nullopt});
  return rows;
}

ResultRow observe_smem_row(SmemLayout const& s, Operand op, Runner const& run) {
  auto obs = observe_smem(s, op, run);
  if (!obs) return {s.name, op, "error", obs.error().message, std::nullopt, std::nullopt};
  ResultRow r{s.name, op, obs->verdict.confirmed ? "confirmed" : "MISMATCH", obs->verdict.message, std::move(obs->map),
              std::nullopt};
  r.placement = obs->placement;
  return r;
}

namespace {

// The rows a recorded subject decodes to, replayed from its batches alone; "" or why not.
std::string replay(Json const& entry, std::string const& path, std::vector<ResultRow>& rows) {
  std::vector<RawBatch> batches;
  Json const& bs = entry.value("batches", Json::array());
  for (std::size_t b = 0; b < bs.size(); ++b) {
    auto x = raw_batch_from_json(bs[b], str(path, ".batches[", b, "]"));
    if (!x) return x.error().message;
    batches.push_back(std::move(*x));
  }
  std::size_t next = 0;
  Runner run = replaying(batches, next);
  std::string subject = entry.value("subject", "");
  if (SmemLayout const* s = find_smem_layout(subject)) {
    auto op = entry.contains("operand") && entry["operand"].is_string()
                  ? parse_operand(entry["operand"].get<std::string>()) : std::nullopt;
    if (!op || (*op != Operand::A && *op != Operand::B)) return path + ".operand: expected A or B";
    rows = {observe_smem_row(*s, *op, run)};
  } else if (Instruction const* ins = find_instruction(subject)) {
    rows = observe_rows(*ins, run);
  } else {
    return str(path, ".subject: ", subject, " is not in the catalogue");
  }
  if (next != batches.size()) return str(path, ": the plan used ", next, " of the ", batches.size(), " recorded batches");
  return "";
}

// "" when the re-decoded row says what the report's row says: its status and its observed table.
std::string same(Json const& row, ResultRow const& again) {
  if (row.value("status", "") != again.status)
    return str("the report says ", row.value("status", "?"), ", the raw words decode to ", again.status,
               again.message.empty() ? "" : " (" + again.message + ")");
  if (!again.observed) return "";
  if (row.contains("observed") && row["observed"] != table_json(*again.observed))
    return "the report's observed table is not what the raw words decode to";
  if (row.contains("observed_digest") && row["observed_digest"] != table_digest(*again.observed))
    return str("observed_digest ", row["observed_digest"].dump(), " is not the decoded table's ", table_digest(*again.observed));
  return "";
}

}  // namespace

Result<Verification> verify(std::vector<std::string> const& report_paths, std::ostream& out,
                            std::string const& vectors_out, std::string const& cutlass_path) {
  CL_TRY(report, merge_reports(report_paths));
  Verification v;
  v.provenance = provenance(report);
  Json const& raw = report.value("raw_observations", Json::array());
  std::map<std::size_t, std::pair<std::string, std::vector<ResultRow>>> decoded;  // raw index -> (why not, rows)
  auto const& results = report["results"];
  for (std::size_t i = 0; i < results.size(); ++i) {
    Json const& row = results[i];
    std::string status = row.value("status", "");
    if (status == "skipped") continue;
    ++v.rows;
    std::string name = row.value("instruction", "?") + " " + row.value("operand", "?");
    auto say = [&](std::string const& verdict, std::string const& why) {
      out << std::left << std::setw(10) << verdict << std::setw(44) << name << status << (why.empty() ? "" : "  " + why)
          << "\n";
    };
    if (!row.contains("raw") || !row["raw"].is_number_unsigned() || row["raw"].get<std::size_t>() >= raw.size()) {
      ++v.not_recorded;
      say("no-raw", "no raw words recorded: cannot be re-decoded");
      continue;
    }
    auto at = row["raw"].get<std::size_t>();
    auto it = decoded.find(at);
    if (it == decoded.end()) {
      std::vector<ResultRow> rows;
      std::string why = replay(raw[at], str("$.raw_observations[", at, "]"), rows);
      it = decoded.emplace(at, std::pair{why, std::move(rows)}).first;
    }
    auto const& [why, rows] = it->second;
    std::string problem = why;
    if (problem.empty()) {
      auto op = parse_operand(row.value("operand", ""));
      auto again = std::find_if(rows.begin(), rows.end(), [&](ResultRow const& r) {
        return op && r.operand == *op && r.instruction == row.value("instruction", "");
      });
      problem = again == rows.end() ? "the raw words decode to no row of this operand" : same(row, *again);
    }
    if (problem.empty()) {
      ++v.agree;
      say("verified", "");
    } else {
      if (v.disagree.size() < 20) v.disagree.push_back(name + ": " + problem);
      say("DIFFERS", problem);
    }
  }
  out << v.agree << " of " << v.rows << " rows re-decoded from the raw words to the report's verdict and table; "
      << v.not_recorded << " without raw words; " << (v.rows - v.agree - v.not_recorded) << " differ. Provenance: "
      << v.provenance << "\n";
  if (!vectors_out.empty()) {
    if (!v.ok()) return fail(ErrorKind::invalid_input, "not writing ", vectors_out, ": the reports did not verify");
    CL_TRY(line, write_vectors(report_paths, vectors_out, cutlass_path));
    out << line << "\n";
  }
  return v;
}

}  // namespace catlayout::gpu
