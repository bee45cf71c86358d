// `catlayout prove` with tiny bounds: totals, shards, JSON, merge, usage errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "catlayout/wire/layout_json.hpp"
#include "catlayout/proofs/prove.hpp"

namespace catlayout::proofs {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

struct ProveRun {
  int rc;  // as the CLI: 0 no counterexample, 1 a counterexample, 2 an error
  std::string out, err;
};
ProveOptions tiny_options(std::vector<std::string> selected = {}) {
  ProveOptions o;
  o.bounds = {6, 2, 3};
  o.threads = 2;
  o.progress = false;
  o.selected = std::move(selected);
  return o;
}
ProveRun prove(ProveOptions const& o) {
  std::ostringstream out, err;
  auto r = proofs::prove(o, out, err);
  if (!r) return {2, out.str(), r.error().message};
  return {*r ? 1 : 0, out.str(), err.str()};
}
std::uint64_t total(std::string const& out, std::string const& key) {
  auto p = out.find(key + ": ");
  EXPECT_NE(p, std::string::npos) << out;
  return p == std::string::npos ? 0 : std::stoull(out.substr(p + key.size() + 2));
}

TEST(Prove, TinyBoundsAllPropertiesHold) {
  auto r = prove(tiny_options());
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_GT(total(r.out, "cases checked"), 10000u);
  EXPECT_EQ(total(r.out, "counterexamples"), 0u) << r.out;
  EXPECT_NE(r.out.find("composition.function"), std::string::npos);
}

TEST(Prove, CountsAreExact) {
  // size <= 4, rank 1, strides 0..1, no size-1 modes: 1:0, 1:1, and 2..4 with two strides = 8.
  ProveOptions o = tiny_options({"composition.function", "coalesce.idempotent"});
  o.bounds = {4, 1, 1};
  o.threads = 1;
  auto r = prove(o);
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("composition.function  64 cases checked"), std::string::npos) << r.out;
  // unary: ():() and the 4 shapes (1..4) times 2 strides, all rank 1 (one nesting each).
  EXPECT_NE(r.out.find("coalesce.idempotent   9 cases checked"), std::string::npos) << r.out;
  EXPECT_EQ(total(r.out, "cases checked"), 73u);
}

TEST(Prove, ShardsPartitionAndMerge) {
  auto whole = prove(tiny_options({"composition"}));
  std::uint64_t sum = 0;
  std::vector<std::string> files;
  for (std::uint64_t i = 0; i < 3; ++i) {
    auto o = tiny_options({"composition"});
    o.shard = i;
    o.shards = 3;
    o.json = true;
    auto r = prove(o);
    ASSERT_EQ(r.rc, 0) << r.err;
    auto j = Json::parse(r.out);
    sum += j["cases_checked"].get<std::uint64_t>();
    files.push_back(::testing::TempDir() + "prove_shard" + std::to_string(i) + ".json");
    std::ofstream(files.back()) << r.out;
  }
  EXPECT_EQ(sum, total(whole.out, "cases checked"));
  std::ostringstream mout;
  auto mr = merge_results(files, false, mout);
  ASSERT_TRUE(mr) << mr.error().message;
  auto merged = ProveRun{*mr ? 1 : 0, mout.str(), ""};
  EXPECT_EQ(merged.rc, 0) << merged.err;
  EXPECT_EQ(total(merged.out, "cases checked"), sum) << merged.out;
  EXPECT_EQ(total(merged.out, "counterexamples"), 0u);
}

TEST(Prove, ErrorsNameTheProblem) {
  auto bad_shard = tiny_options();
  bad_shard.shard = 3;
  bad_shard.shards = 3;
  EXPECT_EQ(prove(bad_shard).rc, 2);
  auto none = prove(tiny_options({"no.such.property"}));
  EXPECT_EQ(none.rc, 2);
  EXPECT_NE(none.err.find("no property named 'no.such.property'"), std::string::npos) << none.err;
  auto names = select_properties({"complement"});
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::vector<std::string>{"complement.properties", "complement.unique"}));
  std::ostringstream out;
  auto m = merge_results({"/nonexistent/shard.json"}, false, out);
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("/nonexistent/shard.json"), std::string::npos);
}

}  // namespace
}  // namespace catlayout::proofs
