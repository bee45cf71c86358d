// fuzz_stream: the streaming checker (check_file: the scanner, the strict readers and the fast
// paths of conformance/src) against the DOM checker (check_document on nlohmann's parse) on
// arbitrary bytes. The fast path may only ever answer what the DOM path answers: the same error
// for the document, or the same outcomes (id, op, match, detail, tags, skipped) in the same order.
// A text nlohmann refuses must be refused, with nlohmann's message.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "catlayout/conformance/check.hpp"
#include "common.hpp"

namespace {

using namespace catlayout;
using namespace catlayout::wire;  // the JSON forms of the values
using namespace catlayout::conformance;

// check_file reads a file: each input is written to one per-process file (tmpfs where there is one).
std::string const& scratch_path() {
  static std::string const path = [] {
    char const* dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    return std::string(dir) + "/catlayout-fuzz-stream-" + std::to_string(getpid()) + ".json";
  }();
  return path;
}

bool write_all(std::string const& path, std::uint8_t const* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

// The option sets of conformance/tests/stream_check_test.cpp; the input's length picks one
// besides the default, so every set is exercised without running five checks per input. The
// default (one thread per hardware thread) delimits the cases before checking them, on a machine
// of more than one; half the picks check them on one thread, each as the scanner finds it.
CheckOptions options(std::size_t pick) {
  CheckOptions o;
  if (pick / 5 % 2) o.threads = 1;
  switch (pick % 5) {
    case 1: o.only_op = "composition"; break;
    case 2: o.only_op = "(malformed)"; break;
    case 3: o.skip_tags = {"cute_wrong", "t1"}; break;
    case 4: o.convention = Convention::categorical; break;
    default: break;
  }
  return o;
}

void compare(std::uint8_t const* data, std::size_t size, CheckOptions const& opt) {
  std::string const& path = scratch_path();
  auto streamed = check_file(path, opt);
  Json doc = Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {  // nlohmann refuses the text: so must the streaming path
    FUZZ_REQUIRE(!streamed, "the streaming checker accepted text nlohmann refuses");
    FUZZ_REQUIRE(streamed.error().message.find(": not valid JSON: ") != std::string::npos,
                 "refused with another message: " + streamed.error().message);
    return;
  }
  auto dom = check_document(doc, path, opt);
  FUZZ_REQUIRE(streamed.has_value() == dom.has_value(),
               streamed ? "DOM: " + dom.error().message : "streamed: " + streamed.error().message);
  if (!dom) {
    FUZZ_REQUIRE(streamed.error().what() == dom.error().what(),
                 "errors differ: " + streamed.error().what() + " | " + dom.error().what());
    return;
  }
  FUZZ_REQUIRE(streamed->size() == dom->size(),
               std::to_string(streamed->size()) + " outcomes streamed, " + std::to_string(dom->size()) + " by DOM");
  for (std::size_t i = 0; i < dom->size(); ++i) {
    auto const& s = (*streamed)[i];
    auto const& d = (*dom)[i];
    std::string where = "outcome " + std::to_string(i) + " (" + d.id + ", " + d.op + "): ";
    FUZZ_REQUIRE(s.file.str() == d.file.str() && s.id == d.id && s.op == d.op, where + "streamed id " + s.id);
    FUZZ_REQUIRE(s.match == d.match, where + "streamed " + std::string(match_name(s.match)) + ", DOM " +
                                         std::string(match_name(d.match)) + ": " + d.detail);
    FUZZ_REQUIRE(s.detail == d.detail, where + "details differ: " + s.detail + " | " + d.detail);
    FUZZ_REQUIRE(s.tags == d.tags && s.skipped == d.skipped, where + "tags or skip differ");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  if (!write_all(scratch_path(), data, size)) return 0;
  compare(data, size, options(0));
  if (size % 5 != 0) compare(data, size, options(size));
  return 0;
}
