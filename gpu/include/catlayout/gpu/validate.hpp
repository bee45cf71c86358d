#pragma once
// The fragment catalogue's commands as library calls: each writes its report to `out` and
// returns a value or an error; the `catlayout gpu ...` commands (cli/gpu.cpp) and the stand-alone
// probe (cli/probe/) read the arguments and pick the exit status.
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/gpu/report.hpp"

namespace catlayout::gpu {

struct Validation {
  std::optional<std::string> no_gpu;  // "no GPU: ..." (none present, or built without CUDA): nothing ran
  std::vector<ResultRow> rows;        // instruction x operand -> confirmed / MISMATCH / error / skipped
  std::vector<RawObservation> raw{};  // what the device wrote, by subject (rows' `raw` index into it)
  bool failed() const;                // a mismatch or a failed kernel
};

// The rows of one subject decoded from the batches `run` answers: each operand of an instruction
// (confirmed / MISMATCH, or error for all when a batch fails), or a shared-memory layout read as `op`.
std::vector<ResultRow> observe_rows(Instruction const& ins, Runner const& run);
ResultRow observe_smem_row(SmemLayout const& s, Operand op, Runner const& run);

// Runs the probe on the present GPU (or, on_simulator, the same plan against the CPU simulator,
// probe.hpp) and prints instruction x operand -> confirmed / MISMATCH (with the first offending
// (thread, value)), then each wgmma shared-memory layout read as A and as B; json_out ("" = none):
// the report (report.hpp). instr_filter: substrings of catalogue names, or "^prefix" (empty: all).
// sample_every = K keeps every K-th selected instruction and every K-th selected shared-memory
// layout, first included, in catalogue order (a quick end-to-end run; 1: all).
// invalid_input for a filter that matches nothing, a sample_every of 0, or an unwritable report.
Result<Validation> validate(std::vector<std::string> const& instr_filter, std::string const& json_out,
                            std::ostream& out, std::ostream& log, bool on_simulator = false,
                            std::size_t sample_every = 1);

// The sources of confirmation a vectors file records: "instruction/operand" -> its sources, and
// "PROVENANCE on DEVICE" of its first case ("none" without a file). vectors_path "" = no file;
// invalid_input for an unreadable one.
struct VectorSources {
  std::map<std::string, std::vector<std::string>> by_entry;
  std::string observed = "none";
};
Result<VectorSources> vector_sources(std::string const& vectors_path);

// Validate reports of one device, merged -> `mma.fragment` / `wgmma.smem_layout` golden vectors
// at out_path. cutlass_path ("" = none): the CUTLASS cross-check's --json results, whose
// {"instruction", "operand", "status": "agree"} entries (shared-memory atoms: operand null) add
// the source "cutlass".
// Returns a line naming the cases written and their provenance (report.hpp: hardware, simulator or
// hardware-unverified).
Result<std::string> write_vectors(std::vector<std::string> const& report_paths, std::string const& out_path,
                                  std::string const& cutlass_path = "");

// Reports of one device read as one: results concatenated, each row keeping its own report's date
// (observed_at) and raw-words index (shifted past the earlier reports' raw_observations).
// invalid_input for an unreadable file or reports of different devices.
Result<Json> merge_reports(std::vector<std::string> const& report_paths);

// `catlayout gpu verify`: every row of the reports re-decoded from the raw words the device wrote,
// with nothing taken from the run's own verdicts or tables: the plan is rebuilt from the catalogue,
// each batch's inputs must be the recorded ones (sha256), and the decoded map is judged again and
// compared with the row's status and observed table. Prints one line per row and a summary to out;
// vectors_out ("" = none): the vectors rebuilt from the verified reports.
struct Verification {
  Int rows = 0;          // rows of the reports with an observation
  Int agree = 0;         // re-decoded to the report's status and table
  Int not_recorded = 0;  // rows without raw words (schema /1, or skipped / failed kernels)
  std::vector<std::string> disagree;  // "instruction operand: why", the first few
  std::string provenance;
  bool ok() const { return disagree.empty() && not_recorded == 0 && agree == rows; }
};
Result<Verification> verify(std::vector<std::string> const& report_paths, std::ostream& out,
                            std::string const& vectors_out = "", std::string const& cutlass_path = "");

}  // namespace catlayout::gpu
