// `catlayout prove` with tiny bounds: totals, shards, JSON, merge, usage errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "catlayout/core/json.hpp"
#include "catlayout/proofs/prove.hpp"

namespace catlayout::proofs {
namespace {

struct Run {
  int rc;
  std::string out, err;
};
Run prove(std::vector<std::string> args) {
  std::ostringstream out, err;
  int rc = prove_main(args, out, err);
  return {rc, out.str(), err.str()};
}
std::uint64_t total(std::string const& out, std::string const& key) {
  auto p = out.find(key + ": ");
  EXPECT_NE(p, std::string::npos) << out;
  return p == std::string::npos ? 0 : std::stoull(out.substr(p + key.size() + 2));
}

std::vector<std::string> const tiny = {"--max-size", "6", "--max-rank", "2", "--max-stride", "3", "--threads", "2"};

TEST(Prove, TinyBoundsAllPropertiesHold) {
  auto r = prove(tiny);
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_GT(total(r.out, "cases checked"), 10000u);
  EXPECT_EQ(total(r.out, "counterexamples"), 0u) << r.out;
  EXPECT_NE(r.out.find("composition.function"), std::string::npos);
}

TEST(Prove, CountsAreExact) {
  // size <= 4, rank 1, strides 0..1, no size-1 modes: 1:0, 1:1, and 2..4 with two strides = 8.
  auto args = std::vector<std::string>{"--max-size", "4", "--max-rank", "1", "--max-stride", "1", "--threads", "1",
                                       "composition.function", "coalesce.idempotent"};
  auto r = prove(args);
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("composition.function  64 cases checked"), std::string::npos) << r.out;
  // unary: ():() and the 4 shapes (1..4) times 2 strides, all rank 1 (one nesting each).
  EXPECT_NE(r.out.find("coalesce.idempotent   9 cases checked"), std::string::npos) << r.out;
  EXPECT_EQ(total(r.out, "cases checked"), 73u);
}

TEST(Prove, ShardsPartitionAndMerge) {
  auto whole = prove([] { auto a = tiny; a.push_back("composition"); return a; }());
  std::uint64_t sum = 0;
  std::vector<std::string> files;
  for (int i = 0; i < 3; ++i) {
    auto a = tiny;
    a.insert(a.end(), {"--shard", std::to_string(i) + "/3", "--json", "composition"});
    auto r = prove(a);
    ASSERT_EQ(r.rc, 0) << r.err;
    auto j = Json::parse(r.out);
    sum += j["cases_checked"].get<std::uint64_t>();
    files.push_back(::testing::TempDir() + "prove_shard" + std::to_string(i) + ".json");
    std::ofstream(files.back()) << r.out;
  }
  EXPECT_EQ(sum, total(whole.out, "cases checked"));
  std::vector<std::string> m{"--merge"};
  m.insert(m.end(), files.begin(), files.end());
  auto merged = prove(m);
  EXPECT_EQ(merged.rc, 0) << merged.err;
  EXPECT_EQ(total(merged.out, "cases checked"), sum) << merged.out;
  EXPECT_EQ(total(merged.out, "counterexamples"), 0u);
}

TEST(Prove, UsageErrors) {
  EXPECT_EQ(prove({"--shard", "3/3"}).rc, 2);
  EXPECT_EQ(prove({"--max-size", "x"}).rc, 2);
  EXPECT_EQ(prove({"no.such.property"}).rc, 2);
  EXPECT_EQ(prove({"--frobnicate"}).rc, 2);
  auto l = prove({"--list"});
  EXPECT_EQ(l.rc, 0);
  EXPECT_NE(l.out.find("complement.unique"), std::string::npos);
}

}  // namespace
}  // namespace catlayout::proofs
