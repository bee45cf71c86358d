// fuzz_vectors: the catlayout.vectors/1 reader and checker (conformance/check.hpp) on arbitrary
// JSON. check_document must never crash, throw or hit UB: a malformed document is an error value,
// a malformed or failing case a failed CaseOutcome.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "catlayout/conformance/check.hpp"
#include "common.hpp"

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace catlayout;
using namespace catlayout::wire;  // the JSON forms of the values
  Json doc = Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return 0;
  conformance::CheckOptions opt;
  auto r = conformance::check_document(doc, "fuzz.json", opt);
  if (!r) {
    FUZZ_REQUIRE(!r.error().message.empty(), "document error with an empty message");
    return 0;
  }
  for (auto const& o : *r) FUZZ_REQUIRE(o.match != conformance::Match::fail || !o.detail.empty(), "failure without detail");
  // The summary and the JSON report must be producible for any outcome set.
  std::ostringstream os;
  conformance::print_summary(*r, os);
  // The CLI writes this report with dump(), which throws on invalid UTF-8: it must be valid
  // (regressions/fuzz_vectors/report-json-split-utf8.json; fixed in check.cpp's brief()).
  (void)conformance::report_json(*r).dump();
  return 0;
}
