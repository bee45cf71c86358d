// The entry points, and the probe on real hardware when there is some (skipped visibly otherwise).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {
// "" when a GPU is present, else the reason (starting "no GPU: ").
std::string no_gpu(device::Info& info) { return device::query(info); }
}  // namespace

TEST(GpuProbe, HardwareAgreesWithTheCatalogue) {
  device::Info info;
  if (std::string why = no_gpu(info); !why.empty()) GTEST_SKIP() << why;
  for (auto const& ins : catalogue()) {
    if (ins.arch == "sm90a" && info.major != 9) continue;
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
  EXPECT_EQ(gpu_validate_main({}, "", out, err), 3);
  EXPECT_EQ(out.str().rfind("no GPU: ", 0), 0u) << out.str();
}

TEST(Validate, AFilterMatchingNothingReturns2) {
  std::ostringstream out, err;
  EXPECT_EQ(gpu_validate_main({"m1n1k1"}, "", out, err), 2);
  EXPECT_NE(err.str().find("no catalogued instruction"), std::string::npos);
}

TEST(Show, PrintsLayoutAndTable) {
  std::ostringstream out, err;
  ASSERT_EQ(gpu_show_main("mma.m16n8k8.f32.tf32.tf32.f32", "B", out, err), 0) << err.str();
  std::string s = out.str();
  EXPECT_NE(s.find("TV layout: ((4,8),2):((8,1),32)"), std::string::npos) << s;
  EXPECT_NE(s.find("tile 8x8 (n,k)"), std::string::npos) << s;
  EXPECT_NE(s.find("\n       5     1    1    0     1   5\n"), std::string::npos) << s;  // lane 5, b1: n=1, k=5
  std::ostringstream all;
  EXPECT_EQ(gpu_show_main("wgmma.m64n8k32.s32.s8.s8", "", all, err), 0);
  EXPECT_NE(all.str().find("wgmma.m64n8k32.s32.s8.s8 A"), std::string::npos);
  EXPECT_EQ(gpu_show_main("mma.nope", "A", out, err), 2);
  EXPECT_EQ(gpu_show_main("wgmma.m64n8k16.f32.f16.f16", "B", out, err), 2);  // B lives in shared memory
}

TEST(Vectors, ReportFileToVectorFile) {
  auto obs = observe(*find_instruction("mma.m16n8k32.s32.s4.s4.s32"), [](device::Batch& b) { return simulate(b); });
  ASSERT_TRUE(obs);
  std::vector<ResultRow> rows;
  for (auto& o : obs->operands) rows.push_back({obs->instruction, o.operand, "confirmed", "", o.map});
  std::string in = ::testing::TempDir() + "gpu_report.json", out = ::testing::TempDir() + "gpu_vectors.json";
  std::ofstream(in) << report_json({"CPU simulator", "none", 0, 0}, "2025-01-01T00:00:00Z", rows).dump();
  std::ostringstream err;
  ASSERT_EQ(gpu_vectors_main(in, out, err), 0) << err.str();
  std::ifstream f(out);
  Json v = Json::parse(f);
  EXPECT_EQ(v["cases"].size(), 3u);
  EXPECT_EQ(gpu_vectors_main(in + ".missing", out, err), 2);
  std::remove(in.c_str());
  std::remove(out.c_str());
}
