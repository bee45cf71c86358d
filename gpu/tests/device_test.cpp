// The entry points, and the probe on real hardware when there is some (skipped visibly otherwise).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {
// "" when a GPU is present, else the reason (starting "no GPU: ").
std::string no_gpu(device::Info& info) { return device::query(info); }
}  // namespace

TEST(GpuProbe, HardwareAgreesWithTheCatalogue) {
  device::Info info;
  if (std::string why = no_gpu(info); !why.empty()) GTEST_SKIP() << why;
  for (auto const& ins : catalogue()) {
    if (!probe_runs(ins) || (ins.arch == "sm90a" && info.major != 9)) continue;
    auto obs = observe(ins, [](device::Batch& b) { return device::run(b); });
    ASSERT_TRUE(obs) << obs.error().what();
    for (auto const& o : obs->operands)
      EXPECT_TRUE(o.verdict.confirmed) << ins.name << " " << operand_name(o.operand) << ": " << o.verdict.message;
  }
}

TEST(Validate, WithoutAGpuSaysSoAndReturns3) {
  device::Info info;
  if (no_gpu(info).empty()) GTEST_SKIP() << "a GPU is present (" << info.name << "): covered by GpuProbe";
  std::ostringstream out, err;
  auto v = validate({}, "", out, err);
  ASSERT_TRUE(v) << v.error().what();
  ASSERT_TRUE(v->no_gpu);
  EXPECT_EQ(v->no_gpu->rfind("no GPU: ", 0), 0u) << *v->no_gpu;
  EXPECT_TRUE(v->rows.empty());
}

TEST(Validate, AFilterMatchingNothingIsAnError) {
  std::ostringstream out, err;
  auto v = validate({"m1n1k1"}, "", out, err);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(v.error().message.find("no catalogued instruction"), std::string::npos);
}

// --sample K: the subjects of the whole selection at positions 0, K, 2K, ..., instructions and
// shared-memory layouts each counted in their own order, every operand row of a kept subject.
TEST(Validate, SampleKeepsEveryKthSubject) {
  auto subjects = [](std::size_t every) {
    std::ostringstream out, err;
    auto v = validate({"ldmatrix", "wgmma.smem.16b"}, "", out, err, true, every);
    EXPECT_TRUE(v) << v.error().what();
    std::vector<std::string> names;
    if (v)
      for (auto const& r : v->rows)
        if (names.empty() || names.back() != r.instruction) names.push_back(r.instruction);
    return names;
  };
  std::vector<std::string> all = subjects(1), third = subjects(3);
  std::vector<std::string> ins, smem, want;
  for (auto const& n : all) (n.starts_with("ldmatrix") ? ins : smem).push_back(n);
  ASSERT_GE(ins.size(), 4u);
  ASSERT_GE(smem.size(), 4u);
  for (std::size_t i = 0; i < ins.size(); i += 3) want.push_back(ins[i]);
  for (std::size_t i = 0; i < smem.size(); i += 3) want.push_back(smem[i]);
  EXPECT_EQ(third, want);
  std::ostringstream out, err;
  auto zero = validate({"ldmatrix"}, "", out, err, true, 0);
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(zero.error().message.find("at least 1"), std::string::npos) << zero.error().message;
}

TEST(Vectors, ReportFileToVectorFile) {
  auto obs = observe_simulated(*find_instruction("mma.m16n8k32.s32.s4.s4.s32"));
  ASSERT_TRUE(obs);
  std::vector<ResultRow> rows;
  for (auto& o : obs->operands) rows.push_back({obs->instruction, o.operand, "confirmed", "", o.map});
  std::string in = ::testing::TempDir() + "gpu_report.json", out = ::testing::TempDir() + "gpu_vectors.json";
  std::ofstream(in) << report_json({"CPU simulator", "none", 0, 0}, "2025-01-01T00:00:00Z", rows).dump();
  auto written = write_vectors({in}, out);
  ASSERT_TRUE(written) << written.error().what();
  std::ifstream f(out);
  Json v = Json::parse(f);
  EXPECT_EQ(v["cases"].size(), 3u);
  auto missing = write_vectors({in + ".missing"}, out);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("cannot read " + in + ".missing"), std::string::npos);
  std::remove(in.c_str());
  std::remove(out.c_str());
}
