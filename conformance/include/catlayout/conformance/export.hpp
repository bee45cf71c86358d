#pragma once
// The golden-vector exporter: random and corner cases per op, each computed by the engines and
// confirmed by an independent witness (tabulation, the other engine) before it is written.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "catlayout/wire/layout_json.hpp"

namespace catlayout::conformance {

using wire::Json;

struct ExportOptions {
  std::string out_dir;
  std::uint64_t seed = 1;
  int count = 200;              // random cases per op (corner cases come on top)
  std::vector<std::string> ops; // empty: every op this build knows
  bool force = false;           // overwrite files whose content differs
};

// docs/vector-format.md's `tags` for a case and catlayout's result on it: outside_categorical, cute_wrong.
Json case_tags(std::string const& op, Json const& args, Result<Json> const& result);
// `doc` with every case's tags recomputed from catlayout's result (other tags kept, `expect`
// untouched): how a vector file from elsewhere (CuTe's answers) gets the format's tags.
Result<Json> retag_document(Json doc, std::string const& file);
// The cases of one op as a catlayout.vectors/1 document; an engine disagreement is an error.
Result<Json> export_op(std::string const& op, ExportOptions const& opt);
// Writes DIR/<op>.json for each op atomically (temporary file, then rename).
Result<std::vector<std::string>> export_vectors(ExportOptions const& opt, std::ostream& log);
// Atomic write; refuses to replace different content unless force.
Result<void> write_atomically(std::string const& path, std::string const& content, bool force);

}  // namespace catlayout::conformance
