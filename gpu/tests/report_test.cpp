// Validation report -> `mma.fragment` golden vectors, on observations from the CPU simulator.
#include <gtest/gtest.h>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/report.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {

std::vector<ResultRow> rows_for(std::string const& name, Fault const& fault = {}) {
  auto obs = observe_simulated(*find_instruction(name), fault);
  std::vector<ResultRow> rows;
  for (auto& o : obs->operands)
    rows.push_back({name, o.operand, o.verdict.confirmed ? "confirmed" : "MISMATCH", o.verdict.message, o.map});
  return rows;
}

Json sample_report() {
  auto rows = rows_for("mma.m8n8k4.f64.f64.f64.f64");
  auto bad = rows_for("mma.m16n8k8.f32.tf32.tf32.f32", Fault{Operand::B, 3, 0, 3, 1});
  rows.insert(rows.end(), bad.begin(), bad.end());
  rows.push_back({"wgmma.m64n8k16.f32.f16.f16", Operand::C, "skipped", "needs sm_90a", std::nullopt});
  device::Info info{"NVIDIA Test GPU", "CUDA driver 13.0, runtime 13.0", 9, 0};
  return report_json(info, "2025-01-01T00:00:00Z", rows);
}

}  // namespace

TEST(Report, CarriesStatusLayoutAndObservation) {
  Json r = sample_report();
  EXPECT_EQ(r["schema"], "catlayout.gpu-validate/2");
  EXPECT_EQ(r["device"]["compute_capability"], "9.0");
  ASSERT_EQ(r["results"].size(), 7u);
  EXPECT_EQ(r["results"][0]["status"], "confirmed");
  // the catalogue's layout, in the form fragment vectors carry (the wire's layout form: wire/tests)
  EXPECT_EQ(r["results"][0]["tv_layout"], fragment_json(find_instruction("mma.m8n8k4.f64.f64.f64.f64")->fragments[0])["tv_layout"]);
  EXPECT_EQ(r["results"][4]["operand"], "B");
  EXPECT_EQ(r["results"][4]["status"], "MISMATCH");
  EXPECT_NE(r["results"][4]["message"].get<std::string>().find("(thread 3, value 0)"), std::string::npos);
  EXPECT_FALSE(r["results"][6].contains("observed"));
}

TEST(Report, VectorsHoldOnlyConfirmedFragments) {
  auto v = vectors_from_report(sample_report());
  ASSERT_TRUE(v) << v.error().what();
  EXPECT_EQ((*v)["schema"], "catlayout.vectors/1");
  auto const& cases = (*v)["cases"];
  // f64: A, B, C; tf32: C only. The swapped B slots also garble A's observation (A is read through
  // B's slot codes), so A is not confirmed either.
  ASSERT_EQ(cases.size(), 4u);
  EXPECT_EQ(cases[3]["id"], "mma.fragment/mma.m16n8k8.f32.tf32.tf32.f32/C");
  auto const& c0 = cases[0];
  EXPECT_EQ(c0["id"], "mma.fragment/mma.m8n8k4.f64.f64.f64.f64/A");
  EXPECT_EQ(c0["op"], "mma.fragment");
  EXPECT_EQ(c0["args"], (Json{"mma.m8n8k4.f64.f64.f64.f64", "A"}));
  Json expect = fragment_json(*find_instruction("mma.m8n8k4.f64.f64.f64.f64")->fragment(Operand::A));
  EXPECT_EQ(c0["expect"]["tv_layout"], expect["tv_layout"]);
  EXPECT_EQ(c0["expect"]["table"], expect["table"]);
  EXPECT_EQ(c0["expect"]["confirmed_on"], "NVIDIA Test GPU, driver CUDA driver 13.0, runtime 13.0, 2025-01-01T00:00:00Z");
  // No UUID and no raw words: the rows are the device's word, not re-decodable evidence.
  EXPECT_EQ(c0["expect"]["sources"], (Json{"ptx-formula", "hardware-unverified"}));
  for (auto const& c : cases) EXPECT_NE(c["id"], "mma.fragment/mma.m16n8k8.f32.tf32.tf32.f32/B");
}

TEST(Report, MalformedReportsAreRejectedWithTheirPath) {
  Json r = sample_report();
  r["results"][1]["observed"][5][2] = 99;  // a "confirmed" row that is not the layout
  auto v = vectors_from_report(r);
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("$.results[1].observed[5]"), std::string::npos) << v.error().message;
  Json s = sample_report();
  s["schema"] = "other";
  EXPECT_FALSE(vectors_from_report(s));
  Json t = sample_report();
  t["results"][0]["instruction"] = "mma.m1n1k1";
  EXPECT_FALSE(vectors_from_report(t));
}
