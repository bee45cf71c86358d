#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "catlayout/conformance/ops.hpp"

using namespace catlayout;
using namespace catlayout::wire;  // the JSON forms of the values
using namespace catlayout::conformance;

static Json L(char const* s, char const* d) { return Json{{"shape", Json::parse(s)}, {"stride", Json::parse(d)}}; }

TEST(Classify, ExactFunctionalAndFail) {
  auto got = run_op("coalesce", Json::array({L("[2,[1,6]]", "[1,[6,2]]")}), "$");
  ASSERT_TRUE(got);
  EXPECT_EQ(classify("coalesce", L("12", "1"), got).match, Match::exact);
  EXPECT_EQ(classify("coalesce", L("[3,4]", "[1,3]"), got).match, Match::functional);
  EXPECT_EQ(classify("coalesce", L("[4,3]", "[1,5]"), got).match, Match::fail);
  EXPECT_EQ(classify("coalesce", Json{{"error", "inadmissible"}}, got).match, Match::fail);
  auto bad = run_op("composition", Json::array({L("[3,2]", "[1,4]"), L("4", "1")}), "$");
  ASSERT_FALSE(bad);
  EXPECT_EQ(classify("composition", Json{{"error", "inadmissible"}}, bad).match, Match::exact);
  EXPECT_EQ(classify("composition", Json{{"error", "not_tractable"}}, bad).match, Match::fail);
}

// CuTe prints some answers as a composed layout with an identity swizzle, Sw<0,0,3> o 0 o L
// (upcast<16> of Sw<1,3,3> o (16,8):(1,16)); catlayout gives the plain L: the same function.
TEST(Classify, AnIdentitySwizzleIsThePlainLayoutsFunction) {
  auto got = run_op("upcast", Json::parse(R"([{"swizzle": [1, 3, 3], "offset": 0,
                                              "layout": {"shape": [16, 8], "stride": [1, 16]}}, 16])"), "$");
  ASSERT_TRUE(got) << got.error().what();
  EXPECT_EQ(*got, L("[1,8]", "[1,1]"));
  Json cute = {{"swizzle", Json::array({0, 0, 3})}, {"offset", 0}, {"layout", L("[1,8]", "[1,1]")}};
  EXPECT_EQ(classify("upcast", cute, got).match, Match::functional);
  Json other = {{"swizzle", Json::array({1, 0, 1})}, {"offset", 0}, {"layout", L("[1,8]", "[1,1]")}};
  EXPECT_EQ(classify("upcast", other, got).match, Match::fail);  // a swizzle that moves offsets is not
}

TEST(Classify, UnknownOpIsAFailureNotASkip) {
  Json doc = {{"schema", "catlayout.vectors/1"},
              {"cases", Json::array({{{"id", "x"}, {"op", "no.such.op"}, {"args", Json::array()}, {"expect", 1}}})}};
  auto r = check_document(doc, "mem.json", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].match, Match::fail);
  EXPECT_EQ((*r)[0].detail, "not implemented");
}

TEST(Check, MalformedInputNamesFileCaseAndPath) {
  EXPECT_FALSE(check_document(Json::array(), "f.json", {}));
  auto e = check_document(Json{{"schema", "other/1"}, {"cases", Json::array()}}, "f.json", {});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("f.json: $.schema"), std::string::npos);
  Json doc = {{"schema", "catlayout.vectors/1"},
              {"cases", Json::array({{{"id", "c7"},
                                      {"op", "composition"},
                                      {"args", Json::array({L("[3,2]", "[1,2.5]"), L("4", "1")})},
                                      {"expect", L("4", "1")}},
                                     7})}};
  auto r = check_document(doc, "f.json", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].match, Match::fail);
  EXPECT_NE((*r)[0].detail.find("$.cases[0].args[0].stride[1]"), std::string::npos) << (*r)[0].detail;
  EXPECT_NE((*r)[1].detail.find("$.cases[1]"), std::string::npos) << (*r)[1].detail;
  auto missing = check_file("/nonexistent/vectors.json", {});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("/nonexistent/vectors.json"), std::string::npos);
}

// Issue 53: one integer rule for args and expect (a number with a fraction or an exponent is not an
// integer, refused naming its path; provenance is not compared), and an id given twice refuses the file.
TEST(Check, NonIntegerNumbersAndRepeatedIds) {
  Json c = {{"id", "c0"}, {"op", "coalesce"}, {"args", Json::array({L("[2,2]", "[1,2]")})}, {"expect", L("4", "1")}};
  Json doc = {{"schema", "catlayout.vectors/1"}, {"cases", Json::array({c, c, c, c})}};
  doc["cases"][1]["id"] = "c1";
  doc["cases"][1]["expect"]["shape"] = 4.0;
  doc["cases"][2]["id"] = "c2";
  doc["cases"][2]["args"][0]["shape"][0] = 2.0;
  doc["cases"][3]["id"] = "c3";
  doc["cases"][3]["expect"]["confirmed_on"] = Json::array({0.5});
  auto r = check_document(doc, "f.json", {});
  ASSERT_TRUE(r) << r.error().what();
  ASSERT_EQ(r->size(), 4u);
  EXPECT_EQ((*r)[0].match, Match::exact);
  EXPECT_EQ((*r)[1].match, Match::fail);
  EXPECT_EQ((*r)[1].detail, "$.cases[1]: expected an integer at $.cases[1].expect.shape, found the non-integer number "
                            "4.0 (a JSON number with a fraction or an exponent is not an integer)");
  EXPECT_EQ((*r)[2].match, Match::fail);
  EXPECT_NE((*r)[2].detail.find("expected an integer at $.cases[2].args[0].shape[0], found the non-integer number 2.0"),
            std::string::npos) << (*r)[2].detail;
  EXPECT_EQ((*r)[3].match, Match::exact);
  doc["cases"][3]["id"] = "c1";
  auto dup = check_document(doc, "f.json", {});
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().message, "f.json: the case id \"c1\" at $.cases[3].id repeats the id at $.cases[1].id (an id "
                                 "names one case: give each case its own)");
  CheckOptions only;
  only.only_op = "evaluate";  // a repeated id is refused whatever --only leaves out
  EXPECT_FALSE(check_document(doc, "f.json", only));
}

// Every layout case of the seed examples passes (the categorical ops join when their engines exist).
TEST(Check, SeedExamplesLayoutOps) {
  auto r = check_file(std::string(CATLAYOUT_VECTORS_DIR) + "/seed-examples.json", {});
  ASSERT_TRUE(r) << r.error().what();
  int layout_cases = 0;
  for (auto const& o : *r) {
    bool categorical = o.op.starts_with("nest.") || o.op == "layout.to_nest" || o.op == "mutual_refinement";
    if (categorical && !is_known_op(o.op)) continue;
    if (!categorical) ++layout_cases;
    EXPECT_NE(o.match, Match::fail) << o.id << ": " << o.detail;
  }
  EXPECT_GE(layout_cases, 40);
}

// Hostile files: a 1 GB vector file is refused by its size before it is read.
TEST(Check, HugeFileIsRefusedBeforeReading) {
  std::string path = ::testing::TempDir() + "/huge-vectors.json";
  {
    std::ofstream f(path, std::ios::binary);
    f.seekp((1ll << 30) - 1);
    f.put('}');
  }
  auto r = check_file(path, {});
  std::remove(path.c_str());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("exceeds the limit"), std::string::npos) << r.error().message;
}

TEST(Check, NotJsonIsAnErrorNamingTheFile) {
  std::string path = ::testing::TempDir() + "/bad-vectors.json";
  std::ofstream(path) << "{\"schema\": \"catlayout.vectors/1\", \"cases\": [1, 2,";
  auto r = check_file(path, {});
  std::remove(path.c_str());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("not valid JSON"), std::string::npos);
  EXPECT_NE(r.error().message.find(path), std::string::npos);
}

// Fuzzing regressions (fuzz/regressions/): each once crashed or overflowed.
TEST(Check, FuzzRegressions) {
  auto doc1 = Json::parse(R"({"schema":"catlayout.vectors/1","cases":[{"args":[{"shape":4611686018427387904,"stride":1}],"expect":{"error":"invalid_input"},"id":"c","op":"complement"}]})");
  auto r1 = check_document(doc1, "regression.json", {});  // ceil_div(2^62, 2^62) once overflowed
  ASSERT_TRUE(r1);
  auto c = run_op("complement", Json::array({{{"shape", 4611686018427387904}, {"stride", 1}}}), "$");
  ASSERT_TRUE(c) << c.error().what();
  EXPECT_EQ(c->dump(), R"({"shape":1,"stride":0})");
  std::string e(150, 'x');
  for (int i = 0; i < 60; ++i) e += "\xc3\xa9";  // a long string of two-byte characters
  Json doc2 = {{"schema", "catlayout.vectors/1"},
               {"cases", Json::array({{{"id", "utf8"}, {"op", "coalesce"},
                                       {"args", Json::array({{{"shape", 2}, {"stride", 1}}})}, {"expect", e}}})}};
  auto r2 = check_document(doc2, "regression.json", {});
  ASSERT_TRUE(r2);
  EXPECT_EQ((*r2)[0].match, Match::fail);
  EXPECT_NO_THROW(report_json(*r2).dump(1, ' ', false, Json::error_handler_t::strict));
}

// The format's optional tags (docs/vector-format.md): read and counted, unknown ones ignored,
// skipped on request; a strictly categorical check skips outside_categorical and would fail it otherwise.
TEST(Check, TagsAreReadSkippedAndValidated) {
  Json outside = {{"id", "o"},
                  {"op", "complement"},
                  {"args", Json::array({L("[3,5]", "[1,7]"), 60})},
                  {"expect", L("[2,2]", "[3,35]")},
                  {"tags", Json::array({"outside_categorical", "someone_elses_tag"})}};
  Json wrong = {{"id", "w"},
                {"op", "composition"},
                {"args", Json::array({L("[4,6]", "[2,3]"), L("6", "3")})},
                {"expect", Json{{"error", "inadmissible"}}},
                {"tags", Json::array({"cute_wrong"})},
                {"note", "CuTe returns (2,3):(6,3)"}};
  Json doc = {{"schema", "catlayout.vectors/1"}, {"cases", Json::array({outside, wrong})}};
  auto r = check_document(doc, "t.json", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].match, Match::exact) << (*r)[0].detail;
  EXPECT_EQ((*r)[0].tags, (std::vector<std::string>{"outside_categorical", "someone_elses_tag"}));
  EXPECT_EQ((*r)[1].match, Match::exact) << (*r)[1].detail;
  CheckOptions strict;
  strict.convention = Convention::categorical;
  r = check_document(doc, "t.json", strict);
  ASSERT_TRUE(r);
  EXPECT_TRUE((*r)[0].skipped);
  EXPECT_FALSE((*r)[1].skipped);
  EXPECT_EQ((*r)[1].match, Match::exact);
  // Without the skip, the categorical convention fails the case: the tag is what tells them apart.
  doc["cases"][0].erase("tags");
  r = check_document(doc, "t.json", strict);
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)[0].match, Match::fail);
  EXPECT_NE((*r)[0].detail.find("not_complementable"), std::string::npos) << (*r)[0].detail;
  CheckOptions skip;
  skip.skip_tags = {"cute_wrong"};
  r = check_document(doc, "t.json", skip);
  ASSERT_TRUE(r);
  EXPECT_FALSE((*r)[0].skipped);
  EXPECT_TRUE((*r)[1].skipped);
  std::ostringstream summary;
  print_summary(*r, summary);
  EXPECT_NE(summary.str().find("skipped 1 cases tagged cute_wrong"), std::string::npos) << summary.str();
  EXPECT_NE(summary.str().find("1 passed, 0 failed"), std::string::npos) << summary.str();
  // Malformed tags name the case and the path.
  doc["cases"][1]["tags"] = Json::array({"cute_wrong", 3});
  r = check_document(doc, "t.json", {});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)[1].match, Match::fail);
  EXPECT_NE((*r)[1].detail.find("case w: $.cases[1].tags[1] is not a string"), std::string::npos) << (*r)[1].detail;
}

// The exporter's nullspace witness holds catlayout to CuTe's three @post lines (layout.hpp:1477-1480),
// as the engine answers: with negative strides CuTe's answer keeps only the stride-0 modes, and the
// kernel may be larger ((4,3,2):(11,-5,-11) sends index 13 to 0). Seed 20261209 draws that input; the
// old witness (the strict enumeration) stopped the export there.
// The cases the exporter writes for op at a seed; a witness that disagrees with the engine stops it.
static Result<Json> exported(std::string const& op, std::uint64_t seed, int count) {
  ExportOptions opt;
  opt.seed = seed;
  opt.count = count;
  return export_op(op, opt);
}

TEST(Export, NullspaceWitnessIsCuTesContract) {
  auto doc = exported("nullspace", 20261209, 200);
  ASSERT_TRUE(doc) << doc.error().what();
  bool seen = false;
  for (auto const& c : (*doc)["cases"])
    seen = seen || c["args"][0] == L("[4,3,2]", "[11,-5,-11]");
  EXPECT_TRUE(seen);
  auto got = run_op("nullspace", Json::array({L("[4,3,2]", "[11,-5,-11]")}), "$");
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, L("1", "0"));
}

// Where CuTe divides by zero (a thread layout's stride-0 mode in local_partition: get_flat_coord),
// catlayout's refusal says so and the exporter tags the case cute_crash; where the division does not
// compile (a tiler of more modes than the layout), that static_assert is CuTe's answer, untagged.
TEST(Export, LocalPartitionOnAStrideZeroThreadModeIsACuTeCrash) {
  Json args = Json::array({L("[32,32]", "[36,1]"), L("[8,4]", "[0,1]"), 1});
  auto r = run_op("local_partition", args, "$");
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().cute_crashes);
  auto tags = case_tags("local_partition", args, r);
  EXPECT_NE(std::find(tags.begin(), tags.end(), "cute_crash"), tags.end()) << tags.dump();
  for (Json wider : {Json::array({L("[2,15]", "[15,1]"), L("[1,2,4]", "[9,0,12]"), 31}),
                     Json::array({L("[12,4]", "[4,1]"), L("[2,4,3]", "[3,-3,9]"), 6})}) {
    auto w = run_op("local_partition", wider, "$");
    ASSERT_FALSE(w);
    EXPECT_FALSE(w.error().cute_returns() || w.error().cute_crashes) << w.error().what();
    EXPECT_NE(w.error().message.find("modes but"), std::string::npos) << w.error().what();
    EXPECT_TRUE(case_tags("local_partition", wider, w).empty());
  }
}

// max_common_vector's witness reads b.get_1d_coord as CuTe's right_inverse(b) (docs/definitions.md):
// (2,5):(3,1) sends indices 1 and 6 to 3, CuTe's inverse takes 6, and A = (2,2):(2,1) extended gives
// A(6) = 3, so CuTe's 5 is right. Seed 20261217 draws it; the old witness (b's first index) stopped there.
TEST(Export, MaxCommonVectorWitnessReadsCuTesRightInverse) {
  auto doc = exported("max_common_vector", 20261217, 300);
  ASSERT_TRUE(doc) << doc.error().what();
  auto got = run_op("max_common_vector", Json::array({L("[2,2]", "[2,1]"), L("[2,5]", "[3,1]")}), "$");
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, Json(5));
}

// Retagging replaces the tags catlayout decides (here complement((2):(2), 8) answers, no tag) and
// keeps the others: an oracle's cute_crash (catlayout knows some of CuTe's crashes, not all) and a
// tag it does not know.
TEST(Export, RetagReplacesDecidedTagsAndKeepsTheOracles) {
  Json doc = {{"cases", Json::array({Json{{"id", "a"},
                                           {"op", "complement"},
                                           {"args", Json::array({L("[2]", "[2]"), 8})},
                                           {"tags", Json::array({"cute_crash", "strict_differs", "cute_wrong", "mine"})}}})}};
  auto r = retag_document(doc, "t.json");
  ASSERT_TRUE(r) << r.error().what();
  EXPECT_EQ((*r)["cases"][0]["tags"], Json::array({"cute_crash", "mine"}));
  doc["cases"][0]["tags"] = Json::array({"outside_categorical"});
  r = retag_document(doc, "t.json");
  ASSERT_TRUE(r);
  EXPECT_FALSE((*r)["cases"][0].contains("tags"));
  doc["cases"][0].erase("op");
  r = retag_document(doc, "t.json");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("$.cases[0] is not a case with op and args"), std::string::npos) << r.error().what();
}

// An exported refusal where CuTe answers (or crashes) says why: its note starts with its tag and
// holds catlayout's message (make_ordered_layout: two parts of one order, CuTe's layout not compact).
TEST(Export, TaggedRefusalsCarryTheirReason) {
  auto doc = exported("make_ordered_layout", 20261220, 300);
  ASSERT_TRUE(doc) << doc.error().what();
  int tagged = 0;
  for (auto const& c : (*doc)["cases"]) {
    std::string tag;
    for (auto const& t : c.value("tags", Json::array()))
      if (t == "cute_wrong" || t == "cute_precondition" || t == "cute_crash") tag = t;
    if (tag.empty()) {
      EXPECT_FALSE(c.contains("note")) << c.dump();
      continue;
    }
    ASSERT_TRUE(c.contains("note")) << c.dump();
    std::string note = c["note"];
    EXPECT_EQ(note.rfind(tag + ": catlayout refuses: " + std::string(c["expect"]["error"]) + ": ", 0), 0u) << note;
    tagged += tag == "cute_wrong";
  }
  EXPECT_GT(tagged, 0);
}
