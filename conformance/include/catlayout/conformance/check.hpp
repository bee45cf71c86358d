#pragma once
// The vector checker: runs every case of catlayout.vectors/1 files and classifies each as
// exact / functional / fail, as docs/vector-format.md defines.
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::conformance {

using wire::Json;

enum class Match { exact, functional, fail };
std::string_view match_name(Match m);

// The name of the file an outcome came from. Every outcome of a file shares one copy of it, so
// an outcome costs no allocation for a long path; it reads as the std::string it holds.
class FileName {
 public:
  FileName() = default;
  FileName(std::string name)  // NOLINT: implicit, as the std::string it replaces
      : name_(std::make_shared<std::string const>(std::move(name))) {}
  std::string const& str() const;
  operator std::string const&() const { return str(); }  // NOLINT
  friend bool operator==(FileName const& a, FileName const& b) { return a.str() == b.str(); }

 private:
  std::shared_ptr<std::string const> name_;  // null: no file (""), as classify's outcomes
};

struct CaseOutcome {
  FileName file;
  std::string id, op;
  Match match = Match::fail;
  std::string detail;             // why it failed, or what differed in form
  std::vector<std::string> tags;  // the case's `tags` (docs/vector-format.md), known or not
  bool skipped = false;           // not run: a tag the options skip
};

struct CheckOptions {
  std::optional<std::string> only_op;  // --only OP
  std::vector<std::string> skip_tags;  // --skip-tag T: cases carrying T are reported as skipped
  // --strict: the categorical convention; cases tagged outside_categorical or strict_differs are skipped, as
  // docs/vector-format.md allows a strictly categorical implementation.
  Convention convention = Convention::cute;
  // --threads N: how many threads check the cases of one file (0: one per hardware thread). The
  // outcomes come in the file's order whatever the number; a file of few cases is checked on the
  // calling thread alone.
  unsigned threads = 0;
};

// Classify one result against its expectation (exposed for the exporter and tests).
CaseOutcome classify(std::string_view op, Json const& expect, Result<Json> const& got);
// docs/vector-format.md's document shape: an object with "schema": "catlayout.vectors/1" and a "cases" array.
Result<void> check_header(Json const& doc, std::string const& file);
// A malformed document is an error naming the file and the JSON path; a malformed case is a failed case.
Result<std::vector<CaseOutcome>> check_document(Json const& doc, std::string const& file, CheckOptions const& opt);
// Streaming: no DOM of the whole file unless its text is not valid JSON (then nlohmann's message).
Result<std::vector<CaseOutcome>> check_file(std::string const& path, CheckOptions const& opt);

// The per-op table and the closing line `N passed, M failed`.
void print_summary(std::vector<CaseOutcome> const& outcomes, std::ostream& out, bool show_failures = true);
Json report_json(std::vector<CaseOutcome> const& outcomes);

}  // namespace catlayout::conformance
