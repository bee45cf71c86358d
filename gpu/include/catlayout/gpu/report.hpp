#pragma once
// JSON for the validation report and for golden vectors of the op `mma.fragment`
// (gpu/README.md documents both; docs/vector-format.md has the other ops).
#include <optional>

#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/observe.hpp"
#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/raw.hpp"

namespace catlayout::gpu {

// One line of the validation table: instruction x operand.
struct ResultRow {
  std::string instruction;
  Operand operand;
  std::string status;   // "confirmed", "MISMATCH", "skipped", "error"
  std::string message;  // the first offending slot, the skip reason, or the error
  std::optional<ObservedMap> observed;
  std::optional<SmemPlacement> placement{};  // shared-memory layout rows: the descriptor used
  std::optional<std::size_t> raw{};        // index of the batches it was decoded from (Validation::raw)
  std::string observed_at{};               // UTC time the observation started
  double seconds = 0;                      // how long the subject's batches took
};

// The batches one subject ran: an instruction (all its operands) or a shared-memory layout read as
// `operand`, in the order the plan ran them.
struct RawObservation {
  std::string subject;
  std::optional<Operand> operand;  // shared-memory layouts only
  std::vector<RawBatch> batches;
};

// {"tv_layout": {"shape","stride"}, "table": [[thread, value, row, col], ...]} of the catalogue.
Json fragment_json(Fragment const& f);
Json table_json(ObservedMap const& m);
// FNV-1a 64 (16 hex digits) of the table's text "t,v,row,col;" row after row, value-major:
// what a report or vector carries instead of a confirmed table of more than kTableLimit slots.
std::string table_digest(ObservedMap const& m);
constexpr Int kTableLimit = 1024;
// The expectations of the vector ops mma.fragment and wgmma.smem_layout (rows of the wire's op table) as
// the catalogue states them.
Json fragment_vector_json(Fragment const& f);
Json smem_vector_json(SmemLayout const& s, Operand op);

// {"schema": "catlayout.gpu-validate/2", "device": {name, driver, compute_capability, uuid, cuda_driver,
// cuda_runtime, simulated}, "date": ..., "results": [{..., "raw": index, "observed_at", "seconds"}],
// "raw_observations": [{"subject", "operand", "batches": [raw_batch_json...]}]}. Schema /1 (no raw
// words, no UUID) is still read.
Json report_json(device::Info const& info, std::string const& date, std::vector<ResultRow> const& rows,
                 std::vector<RawObservation> const& raw = {});

// Where a report's evidence comes from, for the vectors' `sources`:
//   "hardware"             a device with a UUID, and the raw words of the row's batches kept (schema /2);
//   "simulator"            the CPU simulator answered (device.simulated, or a /1 report of the simulator);
//   "hardware-unverified"  a device's decoded tables without its raw words (schema /1): not re-decodable.
std::string provenance(Json const& report);

// The confirmed results of a report as a `catlayout.vectors/1` document of `mma.fragment` and
// `wgmma.smem_layout` cases, each with the sources that agree: "ptx-formula" (the catalogue's
// formula, checked by gpu_tests), the report's provenance(), and "cutlass" for the keys
// "instruction/operand" (layout name for shared memory) in `cutlass_agree`.
// A "hardware" row's raw words must inflate to their sha256. confirmed_on: the device (name, UUID,
// driver) and the row's observed_at (a /1 report: its date).
// Error (invalid_input, naming the JSON path) when the report is malformed or disagrees with itself.
Result<Json> vectors_from_report(Json const& report, std::vector<std::string> const& cutlass_agree = {});

}  // namespace catlayout::gpu
