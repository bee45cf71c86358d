#pragma once
// JSON for the validation report and for golden vectors of the op `mma.fragment`
// (gpu/README.md documents both; SCHEMA.md's other ops are unchanged).
#include <optional>

#include "catlayout/core/json.hpp"
#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/observe.hpp"

namespace catlayout::gpu {

// One line of the validation table: instruction x operand.
struct ResultRow {
  std::string instruction;
  Operand operand;
  std::string status;   // "confirmed", "MISMATCH", "skipped", "error"
  std::string message;  // the first offending slot, the skip reason, or the error
  std::optional<ObservedMap> observed;
};

// {"tv_layout": {"shape","stride"}, "table": [[thread, value, row, col], ...]} of the catalogue.
Json fragment_json(Fragment const& f);
Json table_json(ObservedMap const& m);

// {"schema": "catlayout.gpu-validate/1", "device": {...}, "date": ..., "results": [...]}.
Json report_json(device::Info const& info, std::string const& date, std::vector<ResultRow> const& rows);

// The confirmed results of a report as a `catlayout.vectors/1` document of `mma.fragment` cases.
// Error (invalid_input, naming the JSON path) when the report is malformed or disagrees with itself.
Result<Json> vectors_from_report(Json const& report);

}  // namespace catlayout::gpu
