// The streaming check_file (a scanner over the text, a fast path for plain core-op cases, one
// small DOM per other case) against check_document on the whole file's DOM: every outcome
// (id, op, match, detail, tags, skipped) and every error must be the same.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <random>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "../src/fast_case.hpp"
#include "../src/fast_categorical.hpp"
#include "catlayout/wire/json_scan.hpp"
#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"

using namespace catlayout;
using namespace catlayout::wire;  // the JSON forms of the values
using namespace catlayout::conformance;

namespace {

std::string read_text(std::string const& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// check_file as it was: the whole file as one DOM.
Result<std::vector<CaseOutcome>> check_by_dom(std::string const& path, CheckOptions const& opt) {
  std::string text = read_text(path);
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (Json::exception const& e) {
    return fail(ErrorKind::invalid_input, path, ": not valid JSON: ", e.what());
  }
  return check_document(doc, path, opt);
}

// The option sets each document is checked under: the first with check_file's default threads
// (one per hardware thread, for a file of more than one chunk of cases), the last two on one
// thread (each case checked as the scanner finds it) and on three (the cases delimited first,
// then checked in chunks, whatever this machine has).
std::vector<CheckOptions> option_sets() {
  std::vector<CheckOptions> v(7);
  v[1].only_op = "composition";
  v[2].only_op = "(malformed)";
  v[3].skip_tags = {"cute_wrong", "t1"};
  v[4].convention = Convention::categorical;
  v[5].threads = 1;
  v[6].threads = 3;
  return v;
}

void expect_same_outcomes(std::string const& path, std::string const& what, std::vector<CheckOptions> const& sets) {
  for (auto const& opt : sets) {
    auto streamed = check_file(path, opt);
    auto dom = check_by_dom(path, opt);
    ASSERT_EQ(streamed.has_value(), dom.has_value())
        << what << ": " << (streamed ? dom.error().what() : streamed.error().what());
    if (!streamed) {
      EXPECT_EQ(streamed.error().what(), dom.error().what()) << what;
      continue;
    }
    ASSERT_EQ(streamed->size(), dom->size()) << what;
    for (std::size_t i = 0; i < dom->size(); ++i) {
      auto const& s = (*streamed)[i];
      auto const& d = (*dom)[i];
      std::string where = what + " outcome " + std::to_string(i) + " (" + d.id + ")";
      EXPECT_EQ(s.file.str(), d.file.str()) << where;
      EXPECT_EQ(s.id, d.id) << where;
      EXPECT_EQ(s.op, d.op) << where;
      EXPECT_EQ(s.match, d.match) << where << ": " << d.detail;
      EXPECT_EQ(s.detail, d.detail) << where;
      EXPECT_EQ(s.tags, d.tags) << where;
      EXPECT_EQ(s.skipped, d.skipped) << where;
    }
  }
}

void expect_same_outcomes(std::string const& path, std::string const& what, bool every_option_set = true) {
  auto sets = option_sets();
  if (!every_option_set) sets.resize(1);
  expect_same_outcomes(path, what, sets);
}

// A document written to a temporary file, checked both ways.
void expect_same_on_text(std::string const& text, std::string const& what,
                         std::vector<CheckOptions> const& sets = option_sets()) {
  // ctest runs each test as its own process, two at a time: the file is this test's and this
  // process's alone, or one test reads a file the other is rewriting.
  std::string path = ::testing::TempDir() + "/stream-check-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" +
                     std::to_string(::getpid()) + ".json";
  {
    std::ofstream f(path, std::ios::binary);
    f << text;
  }
  expect_same_outcomes(path, what, sets);
  std::remove(path.c_str());
}

// `count` random mutations of base, each checked both ways: a byte erased, inserted or replaced
// (from alphabet), and with `cut` also the text cut short.
void expect_same_on_mutations(std::string const& base, std::string const& alphabet, unsigned seed, int count, bool cut,
                              std::string const& what, std::vector<CheckOptions> const& sets = option_sets()) {
  std::mt19937 rng(seed);
  for (int k = 0; k < count; ++k) {
    std::string t = base;
    std::size_t at = rng() % t.size();
    char c = alphabet[rng() % alphabet.size()];
    switch (rng() % (cut ? 4 : 3)) {
      case 0: t.erase(at, 1); break;
      case 1: t.insert(t.begin() + static_cast<std::ptrdiff_t>(at), c); break;
      case 3: t.resize(at); break;
      default: t[at] = c;
    }
    expect_same_on_text(t, what + "mutation " + std::to_string(k) + " at " + std::to_string(at), sets);
    if (::testing::Test::HasFailure()) break;
  }
}

std::string doc_of(std::string const& cases) {
  return R"({"schema": "catlayout.vectors/1", "cases": [)" + cases + "]}";
}

}  // namespace

TEST(StreamCheck, SameOutcomesOnEveryVectorFile) {
  int files = 0;
  for (auto const& e : std::filesystem::recursive_directory_iterator(CATLAYOUT_VECTORS_DIR)) {
    if (e.path().extension() != ".json") continue;
    // The GPU ops take the DOM path either way, and h200-fragments costs seconds a run: the
    // default options only there.
    bool gpu = e.path().parent_path().filename() == "gpu";
    expect_same_outcomes(e.path().string(), e.path().string(), !gpu);
    ++files;
  }
  EXPECT_GE(files, 10);
#ifdef CATLAYOUT_SHARED_DIR
  expect_same_outcomes(std::string(CATLAYOUT_SHARED_DIR) + "/conformance/seed-examples.json", "shared seed examples");
#endif
}

// A mixed document as the benchmark's: exporter cases of core, categorical and refinement ops,
// interleaved.
TEST(StreamCheck, SameOutcomesOnAMixedExportedDocument) {
  std::vector<Json> per_op;
  for (std::string op : {"composition", "complement", "coalesce", "logical_divide", "logical_product", "zipped_divide",
                         "tiled_product", "blocked_product", "raked_product", "flat_divide", "right_inverse",
                         "left_inverse", "nest.compose", "mutual_refinement", "layout.to_nest", "evaluate",
                         "nest.coalesce", "nest.complement", "nest.logical_divide", "nest.logical_product",
                         "nest.to_layout"}) {
    ExportOptions opt;
    opt.seed = 7;
    opt.count = 60;
    auto d = export_op(op, opt);
    if (d) per_op.push_back((*d)["cases"]);
  }
  ASSERT_GE(per_op.size(), 10u);
  Json cases = Json::array();
  for (std::size_t i = 0; i < 80; ++i)
    for (auto const& c : per_op)
      if (i < c.size()) cases.push_back(c[i]);
  Json doc = {{"schema", "catlayout.vectors/1"}, {"cases", cases}};
  expect_same_on_text(doc.dump(), "mixed export (compact)");
  expect_same_on_text(doc.dump(2), "mixed export (indented)");
}

// Documents made to go wrong, each checked both ways.
TEST(StreamCheck, SameOutcomesOnTrickyDocuments) {
  std::string const L = R"({"shape": [2, [1, 6]], "stride": [1, [6, 2]]})";
  // Morphisms f, g and g o f (nest.compose [f, g]).
  std::string const F = R"({"codomain": [2, 1, 5], "domain": [1, [5, 2], 5], "map": [2, 3, 1, 0]})";
  std::string const G = R"({"codomain": [5, 2, 1], "domain": [2, 1, 5], "map": [2, 3, 1]})";
  std::string const FG = R"({"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0]})";
  std::vector<std::pair<std::string, std::string>> docs = {
      {"plain", doc_of(R"({"id": "a", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}})")},
      {"keys in odd order", R"({"cases": [{"expect": {"stride": 1, "shape": 12}, "args": [)" + L +
                                R"(], "tags": ["t2"], "op": "coalesce", "id": "b"}], "source": "x", "schema": "catlayout.vectors/1"})"},
      {"duplicate op", doc_of(R"({"id": "d", "op": "composition", "op": "coalesce", "args": [)" + L +
                              R"(], "expect": {"shape": 12, "stride": 1}})")},
      {"duplicate expect", doc_of(R"({"id": "d", "op": "coalesce", "args": [)" + L +
                                  R"(], "expect": {"shape": 12, "stride": 1}, "expect": {"shape": 3, "stride": 1}})")},
      {"duplicate shape", doc_of(R"({"id": "d", "op": "coalesce", "args": [{"shape": 4, "shape": 2, "stride": 1}],
                                     "expect": {"shape": 2, "stride": 1}})")},
      {"duplicate cases", R"({"schema": "catlayout.vectors/1", "cases": [7], "cases": []})"},
      {"duplicate schema", R"({"schema": "x", "schema": "catlayout.vectors/1", "cases": []})"},
      {"escaped id, op and tag", doc_of(R"({"id": "a\"b\u00e9\ud83d\ude00", "op": "co\u0061lesce", "args": [)" + L +
                                        R"(], "expect": {"shape": 12, "stride": 1}, "tags": ["t\u0031"]})")},
      {"escaped key", doc_of(R"({"id": "k", "o\u0070": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}})")},
      {"escaped top-level key", R"({"schema": "catlayout.vectors/1", "c\u0061ses": []})"},
      {"escaped schema", R"({"schema": "catlayout.vectors\/1", "cases": []})"},
      {"floats in shapes", doc_of(R"({"id": "f1", "op": "coalesce", "args": [{"shape": [2.0, 3], "stride": [1, 2]}],
                                     "expect": {"shape": 6, "stride": 1}},
                                    {"id": "f2", "op": "coalesce", "args": [{"shape": [2, 3], "stride": [1, 2]}],
                                     "expect": {"shape": 6.0, "stride": 1}},
                                    {"id": "f3", "op": "coalesce", "args": [{"shape": [2, 3], "stride": [1, 2]}],
                                     "expect": {"shape": 6e0, "stride": 1e0}},
                                    {"id": "f4", "op": "composition", "args": [{"shape": 8, "stride": 1}, 4.5],
                                     "expect": {"error": "invalid_input"}})")},
      {"repeated ids", doc_of(R"({"id": "r", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}},
                                 {"id": "s", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}},
                                 {"id": "\u0072", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}})")},
      {"provenance with floats", doc_of(R"({"id": "p", "op": "coalesce", "args": [)" + L +
                                        R"(], "expect": {"shape": 12, "stride": 1, "confirmed_on": [0.5], "sources": 1e3}})")},
      {"unknown op", doc_of(R"({"id": "u", "op": "no.such.op", "args": [], "expect": 1})")},
      {"other engines", doc_of(R"({"id": "m", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [[2, 3]]}},
                                  {"id": "e", "op": "evaluate", "args": [{"shape": 4, "stride": 2}], "expect": [0, 2, 4, 6]})")},
      {"malformed cases", doc_of(R"(7, "x", null, [], {}, {"id": "n", "op": 3, "args": [], "expect": 1},
                                   {"id": "na", "op": "coalesce", "expect": 1}, {"op": "coalesce", "args": []},
                                   {"id": 5, "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}},
                                   {"id": ["x"], "op": "composition"})")},
      {"bad args", doc_of(R"({"id": "b0", "op": "coalesce", "args": {}, "expect": 1},
                            {"id": "b1", "op": "composition", "args": [)" + L + R"(], "expect": 1},
                            {"id": "b2", "op": "complement", "args": [)" + L + R"(, 24, 3], "expect": 1},
                            {"id": "b3", "op": "coalesce", "args": [)" + L + R"(, [1, 1]], "expect": {"shape": [2, 6], "stride": [1, 2]}},
                            {"id": "b4", "op": "complement", "args": [{"shape": 4, "stride": 2}, 24], "expect": {"shape": [2, 3], "stride": [1, 8]}},
                            {"id": "b5", "op": "right_inverse", "args": [{"shape": 0, "stride": 1}], "expect": {"error": "invalid_input"}},
                            {"id": "b6", "op": "left_inverse", "args": [{"shape": [2, 3], "stride": 1}], "expect": {"error": "invalid_input"}},
                            {"id": "b7", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, 0], "expect": {"error": "invalid_input"}},
                            {"id": "b8", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, []], "expect": {"error": "invalid_input"}},
                            {"id": "b9", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {"tiler": []}], "expect": {"error": "invalid_input"}},
                            {"id": "b10", "op": "blocked_product", "args": [{"shape": 2, "stride": 1}, 3], "expect": {"error": "invalid_input"}},
                            {"id": "b11", "op": "coalesce", "args": [{"shape": 4, "stride": 1, "extra": 0}], "expect": {"shape": 4, "stride": 1}},
                            {"id": "b12", "op": "coalesce", "args": [{"shape": 4}], "expect": {"error": "invalid_input"}})")},
      {"tilers", doc_of(R"({"id": "t0", "op": "logical_divide", "args": [{"shape": [4, 6], "stride": [1, 4]}, [2, 3]], "expect": {"shape": [[2, 2], [3, 2]], "stride": [[1, 2], [4, 12]]}},
                          {"id": "t1", "op": "zipped_divide", "args": [{"shape": [4, 6], "stride": [1, 4]}, {"tiler": [2, {"shape": 3, "stride": 2}]}], "expect": {"shape": 0, "stride": 0}},
                          {"id": "t2", "op": "composition", "args": [{"shape": [4, 6], "stride": [1, 4]}, {"tiler": [[2], 3]}], "expect": {"shape": 0, "stride": 0}},
                          {"id": "t3", "op": "composition", "args": [{"shape": 24, "stride": 1}, 6], "expect": {"shape": 6, "stride": 1}},
                          {"id": "t4", "op": "logical_product", "args": [{"shape": 2, "stride": 1}, {"shape": 3, "stride": 1, "tiler": [4]}], "expect": {"shape": 0, "stride": 0}})")},
      {"categorical ops", doc_of(R"({"id": "n0", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": )" + FG + R"(},
                                   {"id": "n1", "op": "nest.compose", "args": [{"map": [2, 3, 1, 0], "codomain": [2, 1, 5], "domain": [1, [5, 2], 5]}, )" + G +
                                R"(], "expect": {"sources": ["x"], "map": [3, 1, 2, 0], "domain": [1, [5, 2], 5], "codomain": [5, 2, 1], "confirmed_on": "y"}},
                                   {"id": "n2", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 1]}},
                                   {"id": "n3", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, 5, 2, 5], "map": [3, 1, 2, 0]}},
                                   {"id": "n4", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0], "note": 1}},
                                   {"id": "n5", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3.0, 1, 2, 0]}},
                                   {"id": "n6", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2]}},
                                   {"id": "n7", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5]}},
                                   {"id": "n8", "op": "nest.compose", "args": [)" + F + ", " + F + R"(], "expect": {"error": "inadmissible"}},
                                   {"id": "n9", "op": "nest.compose", "args": [)" + F + ", " + F + R"(], "expect": {"error": "not_tractable"}},
                                   {"id": "n10", "op": "nest.compose", "args": [)" + F + ", " + G + R"(], "expect": {"error": "inadmissible"}},
                                   {"id": "n11", "op": "nest.logical_divide", "args": [{"codomain": [2, 2, 2, 1], "domain": [2, 1, 2], "map": [3, 4, 2]}, {"codomain": [2, 1, 2], "domain": 2, "map": [1]}],
                                    "expect": {"codomain": [2, 2, 2, 1], "domain": [2, [1, 2]], "map": [3, 4, 2]}},
                                   {"id": "n12", "op": "nest.logical_divide", "args": [{"codomain": [3, 5, 3, 2, 2], "domain": [2, [3, 5]], "map": [5, 3, 2]}, {"codomain": [2, [3, 5]], "domain": 4, "map": [0]}],
                                    "expect": {"error": "not_complementable"}},
                                   {"id": "n13", "op": "nest.logical_divide", "args": [{"shape": [4, 4], "stride": [1, 4]}, {"shape": [2, 2], "stride": [1, 2]}], "expect": {"error": "invalid_input"}},
                                   {"id": "n14", "op": "layout.to_nest", "args": [{"shape": 1, "stride": 0}], "expect": {"codomain": [], "domain": 1, "map": [0]}},
                                   {"id": "n15", "op": "layout.to_nest", "args": [{"shape": [3, 2], "stride": [1, 4]}], "expect": {"error": "not_tractable"}},
                                   {"id": "n16", "op": "layout.to_nest", "args": [{"shape": [3, 2], "stride": [1, 4]}], "expect": {"codomain": [], "domain": 1, "map": [0]}},
                                   {"id": "n17", "op": "mutual_refinement", "args": [[8, 8], [3, 8, 8]], "expect": {"error": "not_refinable"}},
                                   {"id": "n18", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"second": [[2, 3]], "first": [2, 3]}},
                                   {"id": "n19", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [2, 3]}},
                                   {"id": "n20", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3]}},
                                   {"id": "n21", "op": "mutual_refinement", "args": [[2, 0], [6]], "expect": {"error": "invalid_input"}},
                                   {"id": "n22", "op": "nest.coalesce", "args": [)" + F + R"(], "expect": )" + F + R"(},
                                   {"id": "n23", "op": "nest.complement", "args": [)" + F + R"(], "expect": )" + F + R"(},
                                   {"id": "n24", "op": "nest.to_layout", "args": [)" + F + R"(], "expect": {"shape": [1, [5, 2], 5], "stride": [0, [1, 5], 2]}},
                                   {"id": "n25", "op": "nest.logical_product", "args": [)" + G + ", " + G + R"(], "expect": )" + G + R"(},
                                   {"id": "n26", "op": "nest.to_nest", "args": [)" + F + R"(], "expect": )" + F + "}")},
      {"malformed morphisms", doc_of(R"({"id": "m0", "op": "nest.compose", "args": [3, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m1", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m2", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": 1}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m3", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [2]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m4", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [-1]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m5", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [1.0]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m6", "op": "nest.compose", "args": [{"domain": 2.0, "codomain": 2, "map": [1]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m7", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [1], "map": [1]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m8", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "m\u0061p": [1]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m9", "op": "nest.compose", "args": [{"domain": [2, 1], "codomain": 2, "map": [1]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m10", "op": "nest.compose", "args": [{"domain": 2, "codomain": 4, "map": [1], "name": "x"}, {"domain": 4, "codomain": 4, "map": [1]}],
                                        "expect": {"domain": 2, "codomain": 4, "map": [1]}},
                                       {"id": "m11", "op": "nest.compose", "args": [)" + F + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m12", "op": "nest.compose", "args": {}, "expect": {"error": "invalid_input"}},
                                       {"id": "m13", "op": "nest.compose", "args": [)" + F + R"(, [1, "x"]], "expect": {"error": "invalid_input"}},
                                       {"id": "m14", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [3, "x"]}, )" + G + R"(], "expect": {"error": "invalid_input"}},
                                       {"id": "m15", "op": "nest.coalesce", "args": [{"domain": 9223372036854775808, "codomain": 2, "map": [1]}], "expect": {"error": "invalid_input"}},
                                       {"id": "m16", "op": "nest.coalesce", "args": [{"domain": [2, 3], "codomain": [2, 3], "map": [1, 9223372036854775808]}], "expect": {"error": "invalid_input"}},
                                       {"id": "m17", "op": "nest.coalesce", "args": [{"domain": [2, 3], "codomain": [2, 3], "map": [2, 2]}], "expect": {"error": "invalid_input"}},
                                       {"id": "m18", "op": "mutual_refinement", "args": [[2, 3]], "expect": {"error": "invalid_input"}},
                                       {"id": "m19", "op": "mutual_refinement", "args": [[2, 3], [6.0]], "expect": {"error": "invalid_input"}},
                                       {"id": "m20", "op": "layout.to_nest", "args": [{"shape": 4}], "expect": {"error": "invalid_input"}},
                                       {"id": "m21", "op": "nest.compose", "args": [{"map": [1], "codomain": 2, "domain": 2, "sources": [{"x": []}]}, {"domain": 2, "codomain": 2, "map": [1]}],
                                        "expect": {"domain": 2, "codomain": 2, "map": [1], "sources": ["a"]}},
                                       {"id": "m22", "op": "nest.compose", "args": [3, {"domain": 2, "codomain": 2, "map": [1], "note": null}], "expect": {"error": "invalid_input", "note": [1, {}]}},
                                       {"id": "m23", "op": "nest.compose", "args": [{"domain": 2, "codomain": 2, "map": [1]}, {"domain": 2, "codomain": 2, "map": [1]}],
                                        "expect": {"domain": 2, "codomain": 2, "map": [1], "map": [1]}},
                                       {"id": "m24", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [[2, 3]], "confirmed_on": "x"}},
                                       {"id": "m25", "op": "nest.coalesce", "args": [{"domain": 2, "codomain": 2, "map": []}], "expect": {"error": "invalid_input"}},
                                       {"id": "m26", "op": "nest.coalesce", "args": [{"domain": [], "codomain": 2, "map": []}], "expect": {"domain": [], "codomain": 2, "map": []}})")},
      {"invalid: bad literal in a morphism's other member", doc_of(R"({"id": "a", "op": "nest.coalesce", "args": [{"domain": 2, "codomain": 2, "map": [1], "note": tru}], "expect": {"domain": 2, "codomain": 2, "map": [1]}})")},
      {"invalid: trailing comma in a map", doc_of(R"({"id": "a", "op": "nest.coalesce", "args": [{"domain": 2, "codomain": 2, "map": [1,]}], "expect": {"domain": 2, "codomain": 2, "map": [1]}})")},
      {"invalid: a bad second argument after a bad first", doc_of(R"({"id": "a", "op": "nest.compose", "args": [3, {"domain": tru}], "expect": {"error": "invalid_input"}})")},
      {"invalid: a bad map that is not an array", doc_of(R"({"id": "a", "op": "nest.coalesce", "args": [{"domain": 2, "codomain": 2, "map": {"a": 1,}}], "expect": {"error": "invalid_input"}})")},
      {"invalid: control character in a key of an error's expect", doc_of("{\"id\": \"a\", \"op\": \"nest.compose\", \"args\": [3, {\"domain\": 2, \"codomain\": 2, \"map\": [1]}], \"expect\": {\"error\": \"invalid_input\", \"a\tb\": 1}}")},
      {"invalid: bad UTF-8 in a key of a morphism", doc_of("{\"id\": \"a\", \"op\": \"nest.coalesce\", \"args\": [{\"domain\": 2, \"codomain\": 2, \"map\": [1], \"\xc3\x28\": 1}], \"expect\": {\"domain\": 2, \"codomain\": 2, \"map\": [1]}}")},
      {"invalid: trailing comma in a refinement's provenance", doc_of(R"({"id": "a", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [[2, 3]], "sources": [1,]}})")},
      {"valid: raw UTF-8 in a key of a morphism", doc_of("{\"id\": \"a\", \"op\": \"nest.coalesce\", \"args\": [{\"domain\": 2, \"codomain\": 2, \"map\": [1], \"\xc3\xa9\": 1}], \"expect\": {\"domain\": 2, \"codomain\": 2, \"map\": [1]}}")},
      {"one-pass readers", doc_of(R"({"id": "r0", "op": "coalesce", "args": [{"shape": [], "stride": []}], "expect": {"shape": 1, "stride": 0}},
                                   {"id": "r1", "op": "coalesce", "args": [{"shape": [[]], "stride": [[]]}], "expect": {"shape": [], "stride": []}},
                                   {"id": "r2", "op": "coalesce", "args": [{"shape": [2, [3, []]], "stride": [1, [2, []]]}], "expect": {"shape": 6, "stride": 1}},
                                   {"id": "r3", "op": "coalesce", "args": [{"shape": 1, "stride": 9223372036854775807}], "expect": {"shape": 1, "stride": 0}},
                                   {"id": "r4", "op": "coalesce", "args": [{"shape": 1, "stride": -9223372036854775808}], "expect": {"shape": 1, "stride": 0}},
                                   {"id": "r5", "op": "coalesce", "args": [{"shape": 1, "stride": 9223372036854775808}], "expect": {"shape": 1, "stride": 0}},
                                   {"id": "r6", "op": "coalesce", "args": [{"shape": 2, "stride": 123456789012345678}], "expect": {"shape": 2, "stride": 123456789012345678}},
                                   {"id": "r7", "op": "coalesce", "args": [{"shape": 2, "stride": -1234567890123456789}], "expect": {"shape": 2, "stride": -1234567890123456789}},
                                   {"id": "r8", "op": "coalesce", "args": [{"shape": 2, "stride": 1234567890123456789}], "expect": {"shape": 2, "stride": 1234567890123456788}},
                                   {"id": "r9", "op": "coalesce", "args": [{"shape": [2, 2], "stride": [-0, 1]}], "expect": {"shape": [2, 2], "stride": [0, 1]}},
                                   {"id": "r10", "op": "coalesce", "args": [{"shape": [2, 3], "stride": [1, [2]]}], "expect": {"error": "invalid_input"}},
                                   {"id": "r11", "op": "coalesce", "args": [{"stride": [[1, 2], 4], "shape": [[2, 2], 4]}], "expect": {"shape": 16, "stride": 1}},
                                   {"id": "r12", "op": "coalesce", "args": [{"shape": [[2, 3], 4], "stride": [[1, 2], 6]}], "expect": {"shape": [2, 12], "stride": [1, 2]}},
                                   {"id": "r13", "op": "coalesce", "args": [{"shape": [[2, 2], 4], "stride": [[1, 2], 4]}, [[1, 1], 1]], "expect": {"shape": [4, 4], "stride": [1, 4]}},
                                   {"id": "r14", "op": "coalesce", "args": [{"shape": [[2, 2], 4], "stride": [[1, 2], 4]}, [[1, 1], 1], 3], "expect": {"shape": [4, 4], "stride": [1, 4]}},
                                   {"id": "r15", "op": "right_inverse", "args": [{"shape": 4, "stride": 1}, 1], "expect": {"shape": 4, "stride": 1}},
                                   {"id": "r16", "op": "complement", "args": [{"shape": 4, "stride": 1}, 24.0], "expect": {"shape": 6, "stride": 4}},
                                   {"id": "r17", "op": "complement", "args": [{"shape": 4, "stride": 1}, [24]], "expect": {"shape": 6, "stride": 4}},
                                   {"id": "r18", "op": "coalesce", "args": [{"shape": 4, "stride": 1, "shape": 4}], "expect": {"shape": 4, "stride": 1}},
                                   {"id": "r19", "op": "coalesce", "args": [{"sh\u0061pe": 4, "stride": 1}], "expect": {"shape": 4, "stride": 1}},
                                   {"id": "r20", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {"sources": [], "shape": 4, "stride": 1}},
                                   {"id": "r21", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {"shape": 4, "stride": 1, "sources": [], "sources": []}},
                                   {"id": "r22", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {"shape": 4, "stride": 1, "shape": 4}},
                                   {"id": "r23", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {"shape": 4}},
                                   {"id": "r24", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {}},
                                   {"id": "r25", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {"tiler": [2], "x": 1}], "expect": {"shape": [2, 4], "stride": [1, 2]}},
                                   {"id": "r26", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {"x": 1, "tiler": [2]}], "expect": {"shape": [2, 4], "stride": [1, 2]}},
                                   {"id": "r27", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {"tiler": [2]}], "expect": {"shape": [[2, 4]], "stride": [[1, 2]]}},
                                   {"id": "r28", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {"tiler": 2}], "expect": {"shape": [2, 4], "stride": [1, 2]}},
                                   {"id": "r29", "op": "logical_divide", "args": [{"shape": 8, "stride": 1}, {}], "expect": {"error": "invalid_input"}},
                                   {"id": "r30", "op": "logical_divide", "args": [{"shape": [8, 4], "stride": [1, 8]}, [2, [2]]], "expect": {"error": "invalid_input"}},
                                   {"id": "r31", "op": "blocked_product", "args": [{"shape": 2, "stride": 1}, {"shape": 3, "stride": 1}, 1], "expect": {"shape": [2, 3], "stride": [1, 2]}},
                                   {"id": "r32", "op": "coalesce", "args": [{"shape": )" + std::string(16, '[') + "4" + std::string(16, ']') +
                                R"(, "stride": )" + std::string(16, '[') + "1" + std::string(16, ']') + R"(}], "expect": {"shape": 4, "stride": 1}},
                                   {"id": "r33", "op": "coalesce", "args": [{"shape": )" + std::string(17, '[') + "4" + std::string(17, ']') +
                                R"(, "stride": )" + std::string(17, '[') + "1" + std::string(17, ']') + R"(}], "expect": {"shape": 4, "stride": 1}},
                                   {"id": "r34", "op": "coalesce", "args": [{"shape": [2, 2], "stride": [1, 2]}], "expect": {"shape": )" + std::string(16, '[') + "4" +
                                std::string(16, ']') + R"(, "stride": 1}},
                                   {"id": "r35", "op": "coalesce", "args": [ { "shape" : [ [ 2 , 2 ] , 4 ] , "stride" : [ [ 1 , 2 ] , 4 ] } , [ [ 1 , 1 ] , 1 ] ] , "expect" : { "shape" : [ 4 , 4 ] , "stride" : [ 1 , 4 ] } })")},
      {"wrong expect", doc_of(R"({"id": "w0", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": [4, 3], "stride": [1, 5]}},
                                {"id": "w1", "op": "coalesce", "args": [)" + L + R"(], "expect": {"error": "inadmissible"}},
                                {"id": "w2", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"shape": 4, "stride": 1}], "expect": {"error": "not_tractable"}},
                                {"id": "w3", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"shape": 4, "stride": 1}], "expect": {"shape": 4, "stride": 1}},
                                {"id": "w4", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"shape": 4, "stride": 1}], "expect": {"error": "inadmissible", "note": "x"}},
                                {"id": "w5", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "note": "x"}},
                                {"id": "w6", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "confirmed_on": "sm90", "sources": ["a"]}},
                                {"id": "w7", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": [12], "stride": [1]}},
                                {"id": "w8", "op": "coalesce", "args": [)" + L + R"(], "expect": 12},
                                {"id": "w9", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "error": "invalid_input"}},
                                {"id": "w10", "op": "coalesce", "args": [)" + L + R"(], "expect": {"error": "inv\u0061lid_input"}})")},
      {"functional match", doc_of(R"({"id": "fn", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": [3, 4], "stride": [1, 3]}})")},
      {"skip tags", doc_of(R"({"id": "s0", "op": "complement", "args": [{"shape": [3, 5], "stride": [1, 7]}, 60], "expect": {"shape": [2, 2], "stride": [3, 35]}, "tags": ["outside_categorical", "x"]},
                             {"id": "s1", "op": "composition", "args": [{"shape": [4, 6], "stride": [2, 3]}, {"shape": 6, "stride": 3}], "expect": {"error": "inadmissible"}, "tags": ["cute_wrong"]},
                             {"id": "s2", "op": "no.such.op", "args": 0, "expect": 0, "tags": ["t1"]},
                             {"id": "s3", "op": "coalesce", "args": [], "expect": 0, "tags": "t1"},
                             {"id": "s4", "op": "coalesce", "args": [], "expect": 0, "tags": ["t1", 3]},
                             {"id": "s5", "op": "coalesce", "args": [], "expect": 0, "tags": []})")},
      {"invalid: truncated", R"({"schema": "catlayout.vectors/1", "cases": [{"id": "a", "op": "coalesce", "args": [)"},
      {"invalid: trailing comma", doc_of(R"({"id": "a", "op": "coalesce", "args": [1,], "expect": 1})")},
      {"invalid: garbage after", doc_of("") + " x"},
      {"invalid: trailing comma at the top", R"({"schema": "catlayout.vectors/1", "cases": [],})"},
      {"invalid: trailing comma in cases", doc_of(R"({"id": "a", "op": "coalesce", "args": [], "expect": 1},)")},
      {"invalid: trailing comma in a case", doc_of(R"({"id": "a", "op": "coalesce", "args": [], "expect": 1,})")},
      {"invalid: missing comma", doc_of(R"({"id": "a" "op": "coalesce", "args": [], "expect": 1})")},
      {"invalid: missing colon", R"({"schema" "catlayout.vectors/1", "cases": []})"},
      {"invalid: two objects", doc_of("") + doc_of("")},
      {"invalid: unclosed string", R"({"schema": "catlayout.vectors/1, "cases": []})"},
      {"invalid: bad UTF-8", doc_of("{\"id\": \"a\xc3\x28\", \"op\": \"coalesce\", \"args\": [], \"expect\": 1}")},
      {"invalid: overlong UTF-8", doc_of("{\"id\": \"a\xc0\xaf\", \"op\": \"coalesce\", \"args\": [], \"expect\": 1}")},
      {"invalid: lone surrogate", doc_of(R"({"id": "a\udc00", "op": "coalesce", "args": [], "expect": 1})")},
      {"invalid: unpaired high surrogate", doc_of(R"({"id": "a\ud800x", "op": "coalesce", "args": [], "expect": 1})")},
      {"invalid: control character", doc_of("{\"id\": \"a\tb\", \"op\": \"coalesce\", \"args\": [], \"expect\": 1}")},
      {"invalid: number overflow", doc_of(R"({"id": "a", "op": "coalesce", "args": [], "expect": 1e999})")},
      {"invalid: leading zero", doc_of(R"({"id": "a", "op": "coalesce", "args": [01], "expect": 1})")},
      {"invalid: leading zero in a layout", doc_of(R"({"id": "a", "op": "coalesce", "args": [{"shape": 04, "stride": 1}], "expect": {"shape": 4, "stride": 1}})")},
      {"invalid: bad literal in an error's expect", doc_of(R"({"id": "a", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"shape": 4, "stride": 1}], "expect": {"error": "inadmissible", "note": tru}})")},
      {"invalid: trailing comma in provenance", doc_of(R"({"id": "a", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "sources": [1,]}})")},
      {"invalid: trailing comma after the args", doc_of(R"({"id": "a", "op": "complement", "args": [{"shape": 4, "stride": 1}, 24,], "expect": {"shape": 6, "stride": 4}})")},
      {"invalid: control character in args", doc_of("{\"id\": \"a\", \"op\": \"coalesce\", \"args\": [{\"shape\": 4, \"stride\": 1, \"n\": \"a\tb\"}], \"expect\": {\"shape\": 4, \"stride\": 1}}")},
      {"invalid: bad value in a filtered case", doc_of(R"({"id": "a", "op": "coalesce", "args": [{"shape": 4, "stride": 1}, nul], "expect": 1, "tags": ["t1"]})")},
      {"invalid: nothing for args", doc_of(R"({"id": "a", "op": "coalesce", "args": , "expect": 1})")},
      {"nesting limit in args", doc_of(R"({"id": "a", "op": "coalesce", "args": )" + std::string(255, '[') + std::string(255, ']') + R"(, "expect": 1})")},
      {"past the nesting limit in args", doc_of(R"({"id": "a", "op": "coalesce", "args": )" + std::string(256, '[') + std::string(256, ']') + R"(, "expect": 1})")},
      {"past the nesting limit in provenance", doc_of(R"({"id": "a", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "sources": )" +
                                                      std::string(255, '[') + std::string(255, ']') + "}}")},
      {"nesting limit in provenance", doc_of(R"({"id": "a", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1, "sources": )" +
                                             std::string(254, '[') + std::string(254, ']') + "}}")},
      {"invalid: empty", ""},
      {"valid: byte-order mark", "\xEF\xBB\xBF" + doc_of("")},
      {"valid: raw UTF-8", doc_of("{\"id\": \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\", \"op\": \"coalesce\", \"args\": [" + L +
                                  "], \"expect\": {\"shape\": 12, \"stride\": 1}}")},
      {"valid: deep note", doc_of(R"({"id": "deep", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}, "note": )" +
                                  std::string(300, '[') + std::string(300, ']') + "}")},
      {"valid: huge float", doc_of(R"({"id": "hf", "op": "coalesce", "args": [], "expect": 1e300, "note": -123456789012345678901234567890})")},
      {"header: wrong schema", R"({"schema": "catlayout.vectors/2", "cases": []})"},
      {"header: schema not a string", R"({"schema": 1, "cases": []})"},
      {"header: no schema", R"({"cases": []})"},
      {"header: cases not an array", R"({"schema": "catlayout.vectors/1", "cases": {}})"},
      {"header: no cases", R"({"schema": "catlayout.vectors/1"})"},
      {"header: not an object", R"([{"schema": "catlayout.vectors/1", "cases": []}])"},
      {"header: empty object", "{}"},
      {"empty cases", doc_of("")},
      {"whitespace everywhere", "\n\t {\r\n \"schema\" \n:\t\"catlayout.vectors/1\" ,\n \"cases\"\n:\n[\n {\n\"op\"\n:\n\"coalesce\"\n,\n"
                                "\"args\" : [ { \"shape\" : [ 2 , [ 1 , 6 ] ] , \"stride\" : [ 1 , [ 6 , 2 ] ] } ] ,\n"
                                "\"expect\" :\r\n { \"stride\" : 1 , \"shape\" : 12 } , \"id\" : \"ws\" , \"tags\" : [ \"t1\" , \"t2\" ] \n}\n ,\n"
                                "{ } , [ ] \n]\n}\n\n"},
      {"integers past int64", doc_of(R"({"id": "i0", "op": "coalesce", "args": [{"shape": 9223372036854775808, "stride": 1}], "expect": {"error": "invalid_input"}},
                                       {"id": "i1", "op": "coalesce", "args": [{"shape": 4, "stride": -1}], "expect": {"shape": 4, "stride": 18446744073709551615}},
                                       {"id": "i2", "op": "coalesce", "args": [{"shape": 4, "stride": -9223372036854775809}], "expect": {"error": "invalid_input"}},
                                       {"id": "i3", "op": "complement", "args": [{"shape": 4, "stride": 1}, 99999999999999999999999], "expect": {"error": "invalid_input"}},
                                       {"id": "i4", "op": "coalesce", "args": [{"shape": 4611686018427387904, "stride": 1}], "expect": {"shape": 4611686018427387904, "stride": 1}},
                                       {"id": "i5", "op": "coalesce", "args": [{"shape": [4611686018427387904, 4], "stride": [1, 4611686018427387904]}], "expect": {"error": "invalid_input"}},
                                       {"id": "i6", "op": "coalesce", "args": [{"shape": -0, "stride": 1}], "expect": {"error": "invalid_input"}})")},
  };
  for (auto const& [what, text] : docs) expect_same_on_text(text, what);
}

// One-byte mutations of a small document (deleted, inserted or replaced with a character that
// matters to JSON): whatever the scanner makes of the result, the outcomes are nlohmann's.
TEST(StreamCheck, SameOutcomesOnMutatedDocuments) {
  std::string const base = doc_of(
      R"({"id": "a", "op": "coalesce", "args": [{"shape": [2, [1, 6]], "stride": [1, [6, 2]]}], "expect": {"shape": 12, "stride": 1}},
         {"id": "b", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"tiler": [4, {"shape": 2, "stride": 1}]}], "expect": {"error": "inadmissible"}, "tags": ["t1"]},
         {"id": "c", "op": "complement", "args": [{"shape": 4, "stride": 2}, 24], "expect": {"shape": [2, 3], "stride": [1, 8]}},
         {"id": "d", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [[2, 3]]}},
         {"id": "e", "op": "nest.compose", "args": [{"codomain": [2, 1, 5], "domain": [1, [5, 2], 5], "map": [2, 3, 1, 0]},
          {"codomain": [5, 2, 1], "domain": [2, 1, 5], "map": [2, 3, 1]}], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0]}})");
  std::string const alphabet = std::string("{}[],:\"\\ \n0123456789-+.eEux") + '\x80' + '\xc3' + '\0';
  expect_same_on_mutations(base, alphabet, 2024, 400, false, "");
}

// Every prefix of a document, as a file cut off anywhere (inside a string, an escape, a number, a
// case's args): the scanner must stop at the end of the text and leave it to nlohmann, whose
// refusal is the answer. Under the sanitizer suite, a read past the end of the text fails here.
TEST(StreamCheck, SameOutcomesOnEveryPrefix) {
  std::string const base = doc_of(
      R"({"id": "p\u00e9", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"tiler": [4, {"shape": 2, "stride": 1}]}], "expect": {"error": "inadmissible"}, "tags": ["t1"]},
         {"id": "q", "op": "logical_divide", "args": [{"shape": [[4, 2], [8, 2]], "stride": [[32, 16], [2, 1]]}, {"shape": [4, 8], "stride": [8, 1]}], "expect": {"shape": [[4, [8, 2]], [2, 2]], "stride": [[32, [2, 1]], [16, 4]]}},
         {"id": "r", "op": "nest.compose", "args": [{"codomain": [2, 1, 5], "domain": [1, [5, 2], 5], "map": [2, 3, 1, 0]},
          {"codomain": [5, 2, 1], "domain": [2, 1, 5], "map": [2, 3, 1]}], "expect": {"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0]}, "note": "a \"quoted\" [bracket]"},
         {"id": "s", "op": "coalesce", "args": ["a\"b\\", {"shape": 4, "stride": 1}], "expect": {"error": "invalid_input", "x": "\\"}})");
  for (std::size_t n = 0; n < base.size(); ++n) {
    expect_same_on_text(base.substr(0, n), "prefix of " + std::to_string(n) + " bytes");
    if (::testing::Test::HasFailure()) break;
  }
}

// The fast path answers the plain cases itself (the tests above would pass through the DOM
// path alone): the scanner accepts valid text and refuses invalid text, and exact matches of
// core ops are found from the text.
// The same on a document of many chunks of cases, so that the cases are delimited before they
// are validated and checked on several threads: a mutation anywhere (a quote or a bracket that
// moves every later extent, a case cut short, garbage between cases) must give what the DOM
// gives, and so must a cut at any point.
TEST(StreamCheck, SameOutcomesOnMutatedDocumentsOfManyChunks) {
  std::string const cases[] = {
      R"({"id": "a#", "op": "coalesce", "args": [{"shape": [2, [1, 6]], "stride": [1, [6, 2]]}], "expect": {"shape": 12, "stride": 1}})",
      R"({"id": "b#", "op": "composition", "args": [{"shape": [3, 2], "stride": [1, 4]}, {"tiler": [4, {"shape": 2, "stride": 1}]}], "expect": {"error": "inadmissible"}, "tags": ["t1"]})",
      R"({"id": "c#", "op": "complement", "args": [{"shape": 4, "stride": 2}, 24], "expect": {"shape": [2, 3], "stride": [1, 8]}, "note": "a \"]\\"})",
      R"({"id": "d#", "op": "mutual_refinement", "args": [[2, 3], [6]], "expect": {"first": [2, 3], "second": [[2, 3]]}})",
      R"({"id": "e#", "op": "coalesce", "args": [{"shape": 4, "stride": 1}], "expect": {"shape": 4, "stride": 2}})"};
  std::string body;
  for (int i = 0; i < 300; ++i) {
    std::string c = cases[i % 5];
    c.replace(c.find('#'), 1, std::to_string(i));
    body += (i ? ",\n" : "") + c;
  }
  std::string const base = doc_of(body);
  std::vector<CheckOptions> sets(2);
  sets[0].threads = 3;
  sets[1].threads = 2;
  sets[1].skip_tags = {"t1"};
  expect_same_on_text(base, "many chunks", sets);
  // Scalars among the cases: delimited up to the next separator, then refused where the value ends
  // short of it, as nlohmann refuses them.
  for (std::string scalar : {"7", "truex", "12x", "nul", "\"s\"x", "-"}) {
    std::string t = base;
    t.insert(t.find(R"({"id": "a200")"), scalar + ", ");
    expect_same_on_text(t, "many chunks, scalar " + scalar, sets);
  }
  expect_same_on_mutations(base, "{}[],:\"\\ x0", 17, 120, true, "many chunks, ", sets);
}

TEST(StreamCheck, FastPathAnswersPlainCases) {
  auto skips = [](std::string_view s) {
    char const* e = wire::scan::skip_value(s.data(), s.data() + s.size());
    return e == s.data() + s.size();
  };
  EXPECT_TRUE(skips(R"({"a": [1, -2.5e3, "x\u00e9\n", true, false, null, {}], "b": []})"));
  EXPECT_FALSE(skips(R"({"a": 1,})"));
  EXPECT_FALSE(skips(R"("\ud800")"));
  EXPECT_FALSE(skips("1e400"));
  EXPECT_FALSE(skips(std::string(300, '[') + std::string(300, ']')));  // left to nlohmann
  std::string const L = R"({"shape": [2, [1, 6]], "stride": [1, [6, 2]]})";
  std::string const text =
      R"({"id": "a", "op": "coalesce", "args": [)" + L + R"(], "expect": {"shape": 12, "stride": 1}, "tags": ["x"]})";
  std::array<wire::scan::Member, 8> m;
  std::size_t n = 0;
  bool plain = false;
  ASSERT_EQ(wire::scan::skip_object(text.data(), text.data() + text.size(), m, &n, &plain), text.data() + text.size());
  ASSERT_TRUE(plain);
  auto c = fast::read_case(std::span(m.data(), n));  // views into text
  ASSERT_TRUE(c);
  EXPECT_EQ(c->op, "coalesce");
  EXPECT_EQ(c->id, "a");
  EXPECT_EQ(c->tags, std::vector<std::string>{"x"});
  EXPECT_TRUE(fast::exact_core_case("coalesce", "[" + L + "]", R"({"shape": 12, "stride": 1})", Convention::cute));
  EXPECT_FALSE(fast::exact_core_case("coalesce", "[" + L + "]", R"({"shape": [3, 4], "stride": [1, 3]})", Convention::cute));
  EXPECT_TRUE(fast::exact_core_case("composition", R"([{"shape": [3, 2], "stride": [1, 4]}, {"shape": 4, "stride": 1}])",
                                    R"({"error": "inadmissible"})", Convention::cute));
  EXPECT_TRUE(fast::exact_core_case("logical_divide", R"([{"shape": [4, 6], "stride": [1, 4]}, [2, 3]])",
                                    R"({"shape": [[2, 2], [3, 2]], "stride": [[1, 2], [4, 12]]})", Convention::cute));
  EXPECT_FALSE(fast::exact_core_case("nest.compose", "[]", "{}", Convention::cute));
}

// skip_valid (which delimits the cases and each case's args and expect, 64 bytes a block) ends
// every valid value where skip_value does: strings with brackets, escapes and quotes at every
// offset of a block, long strings that run on into the next block, nesting deeper than a block
// holds brackets, text after the value.
TEST(StreamCheck, SkipValidEndsWhereSkipValueDoes) {
  std::mt19937 rng(7);
  std::vector<std::string> const atoms = {"1", "-23", "4.5e1", "true", "null", "\"\"", "\"a[b]{c}\"", "\"x\\\"]\"",
                                          "\"\\\\\"", "\"" + std::string(40, 'k') + "\"", "\"}}]]\"", "\"\\u005d\""};
  auto value = [&](auto&& self, int depth) -> std::string {
    if (depth > 70 || rng() % 3 == 0) return atoms[rng() % atoms.size()];
    bool object = rng() % 2;
    std::string out(1, object ? '{' : '[');
    for (std::size_t i = 0, n = rng() % 4; i < n; ++i) {
      if (i) out += rng() % 2 ? "," : " ,  ";
      if (object) out += "\"" + std::string(rng() % 20, 'q') + (rng() % 2 ? "]\"" : "\"") + ":";
      out += self(self, depth + (rng() % 8 == 0 ? 8 : 1));
    }
    return out + (object ? '}' : ']');
  };
  for (int k = 0; k < 3000; ++k) {
    std::string v = value(value, 0);
    if (k % 50 == 0) v = std::string(80, '[') + v + std::string(80, ']');  // past 64 deep
    std::string text = v + ", \"after\": [1, {\"x\": \"]\"}]}";
    char const* b = text.data();
    char const* e = b + text.size();
    ASSERT_EQ(wire::scan::skip_value(b, e), b + v.size()) << v;
    ASSERT_EQ(wire::scan::skip_valid(b, e), b + v.size()) << v;
  }
}

// skip_valid runs on args and expect before they are validated, so on any text it must stop at
// or before end: a string whose last byte is a backslash (fuzz_stream's first finding) stepped
// past end and read on until a quote. Each prefix of these values is cut off at `end`, with quotes
// and brackets after it in the same buffer, which a read past end would find.
TEST(StreamCheck, SkipValidNeverStepsPastEnd) {
  std::string const values[] = {
      R"("ab\"cd\\")", R"(["x", "y\\", "z"])", R"({"k": ["a\"", [1, 2], "\\"]})",
      "[" + std::string(40, ' ') + R"("long string with \" and \\ inside, past sixteen bytes"])",
      R"([[[[[[[[[[[[[[[[["\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\"]]]]]]]]]]]]]]]]])"};
  std::string const tail = R"(""]]}}"]}")";
  for (auto const& v : values)
    for (std::size_t cut = 1; cut <= v.size(); ++cut) {
      std::string buffer = v.substr(0, cut) + tail;
      char const* b = buffer.data();
      char const* e = b + cut;
      char const* r = wire::scan::skip_valid(b, e);
      ASSERT_TRUE(r >= b && r <= e) << v.substr(0, cut) << ": ended " << (r - e) << " bytes past end";
    }
  // check_file on the two minimized fuzz findings: nlohmann's refusal, as the DOM path words it.
  expect_same_on_text(R"({"cases":[{"args":"\)", "escape at the end of an args string");
  expect_same_on_text(R"({"cases":[{"args":["\)", "escape at the end of a string in args");
}

// The categorical ops' exact matches are found from the text too, where their engines are built.
TEST(StreamCheck, FastPathAnswersCategoricalCases) {
  std::string const f = R"({"codomain": [2, 1, 5], "domain": [1, [5, 2], 5], "map": [2, 3, 1, 0]})";
  std::string const g = R"({"map": [2, 3, 1], "codomain": [5, 2, 1], "domain": [2, 1, 5]})";
  std::string const fg = R"({"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0]})";
  std::string const fg_wrong = R"({"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 1]})";
#ifdef CATLAYOUT_HAVE_CATEGORIES
  bool const categories = true;
#else
  bool const categories = false;
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
  bool const algorithms = true;
#else
  bool const algorithms = false;
#endif
  EXPECT_EQ(fast::exact_categorical_case("nest.compose", "[" + f + ", " + g + "]", fg), categories);
  EXPECT_EQ(fast::exact_categorical_case("nest.compose", "[" + f + ", " + f + "]", R"({"error": "inadmissible"})"),
            categories);
  EXPECT_EQ(fast::exact_categorical_case("nest.compose", "[3, " + g + "]", R"({"error": "invalid_input"})"), categories);
  EXPECT_EQ(fast::exact_categorical_case("layout.to_nest", R"([{"shape": 1, "stride": 0}])",
                                         R"({"codomain": [], "domain": 1, "map": [0]})"),
            categories);
  EXPECT_EQ(fast::exact_categorical_case("mutual_refinement", "[[2, 3], [6]]", R"({"first": [2, 3], "second": [[2, 3]]})"),
            algorithms);
  EXPECT_EQ(fast::exact_categorical_case("mutual_refinement", "[[8, 8], [3, 8, 8]]", R"({"error": "not_refinable"})"),
            algorithms);
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[" + f + ", " + g + "]", fg_wrong));
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[" + f + ", " + g + "]", R"({"error": "inadmissible"})"));
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[" + f + "]", R"({"error": "invalid_input"})"));
  EXPECT_FALSE(fast::exact_categorical_case("mutual_refinement", "[[2, 3], [6]]", R"({"first": [2, 3], "second": [2, 3]})"));
  EXPECT_FALSE(fast::exact_categorical_case("composition", "[]", "{}"));
  // Strict: an exact match reads args and expect whole, so text that is not valid JSON is never
  // one (the checker asks before validating them).
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[3, {\"domain\": tru}]", R"({"error": "invalid_input"})"));
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[" + f + ", " + g + "]",
                                            R"({"codomain": [5, 2, 1], "domain": [1, [5, 2], 5], "map": [3, 1, 2, 0], "sources": [1,]})"));
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[" + f + ", " + g + "] ", fg));
  EXPECT_FALSE(fast::exact_categorical_case("nest.compose", "[3, " + g + "]", "{\"error\": \"invalid_input\", \"\x01\": 1}"));
  EXPECT_FALSE(fast::exact_categorical_case("mutual_refinement", "[[2, 3], [6],]", R"({"first": [2, 3], "second": [[2, 3]]})"));
  EXPECT_EQ(fast::exact_categorical_case("nest.compose", "[3, " + g + "]", R"({"error": "invalid_input", "note": [{}]})"), categories);
}
