// Raw device words (raw.hpp), provenance, and `verify`: a report re-decoded from what the device
// wrote, and the committed vectors rebuilt from the committed reports.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "catlayout/gpu/raw.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {

// coreutils' sha256sum of a file, or "" where it is not installed.
std::string sha256sum(std::string const& bytes) {
  std::string path = ::testing::TempDir() + "raw_test_sha.bin";
  std::ofstream(path, std::ios::binary) << bytes;
  FILE* p = popen(("sha256sum " + path + " 2>/dev/null").c_str(), "r");
  if (!p) return "";
  char buf[65] = {0};
  std::size_t n = std::fread(buf, 1, 64, p);
  pclose(p);
  return n == 64 ? std::string(buf, 64) : "";
}

Json read(std::string const& path) {
  std::ifstream in(path);
  return Json::parse(in);
}

// A simulated validate report of a few instructions and a shared-memory layout, with raw words.
std::string simulated_report(std::string const& name) {
  std::string path = ::testing::TempDir() + name;
  std::ostringstream out, log;
  auto v = validate({"mma.m16n8k8.f32.tf32.tf32.f32", "ldmatrix.x2.b16", "wgmma.m64n16k16.f32.f16.f16",
                     "wgmma.smem.16b.K.SW64"},
                    path, out, log, /*on_simulator=*/true);
  EXPECT_TRUE(v) << (v ? "" : v.error().what());
  return path;
}

}  // namespace

TEST(Raw, Sha256OfTheFipsExamplesAndOfCoreutils) {
  // FIPS 180-4 examples (NIST "SHA256.pdf"): "abc", the empty string, the two-block message.
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Every padding case (lengths around the 55/56/64-byte boundaries) against an independent tool.
  std::mt19937 rng(7);
  int compared = 0;
  for (std::size_t len : {1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000}) {
    std::string s(len, '\0');
    for (char& c : s) c = static_cast<char>(rng());
    std::string want = sha256sum(s);
    if (want.empty()) continue;
    EXPECT_EQ(sha256_hex(s), want) << "length " << len;
    ++compared;
  }
  if (compared == 0) GTEST_SKIP() << "sha256sum not installed: only the FIPS examples were compared";
}

TEST(Raw, BatchesRoundTripAndTamperingIsNamed) {
  RawBatch r{"mma.m16n8k8.f32.tf32.tf32.f32/rr", 3, "00", {}};
  for (std::uint32_t i = 0; i < 1000; ++i) r.d.push_back(i % 7 == 0 ? 0x3f800000u : i * 2654435761u);
  Json j = raw_batch_json(r);
  auto back = raw_batch_from_json(j, "$.x");
  ASSERT_TRUE(back) << back.error().what();
  EXPECT_EQ(back->d, r.d);
  EXPECT_EQ(back->kernel, r.kernel);
  Json bad = j;
  bad["d_sha256"] = sha256_hex("other");
  auto e1 = raw_batch_from_json(bad, "$.x");
  ASSERT_FALSE(e1);
  EXPECT_NE(e1.error().message.find("$.x.d_sha256"), std::string::npos) << e1.error().message;
  bad = j;
  bad["d_words"] = 999;
  auto e2 = raw_batch_from_json(bad, "$.x");
  ASSERT_FALSE(e2);
  EXPECT_NE(e2.error().message.find("does not inflate to 999 words"), std::string::npos) << e2.error().message;
  bad = j;
  bad["d_zlib_base64"] = "abc*";
  EXPECT_FALSE(raw_batch_from_json(bad, "$.x"));
}

TEST(Raw, ReplayRefusesAnotherPlan) {
  device::Batch b{"mma.m16n8k8.f32.tf32.tf32.f32/rr", 1, {1, 2}, {3}, std::vector<std::uint32_t>(4), {}};
  std::vector<RawBatch> rec{{b.kernel, 1, inputs_digest(b), {9, 9, 9, 9}}};
  std::size_t next = 0;
  auto run = replaying(rec, next);
  device::Batch same = b;
  EXPECT_EQ(run(same), "");
  EXPECT_EQ(same.d, (std::vector<std::uint32_t>{9, 9, 9, 9}));
  EXPECT_NE(run(same).find("the report recorded 1"), std::string::npos);  // past the recorded batches
  next = 0;
  device::Batch other = b;
  other.a[0] = 5;
  EXPECT_NE(run(other).find("inputs_sha256 differs"), std::string::npos);
}

TEST(Verify, ASimulatedRunReDecodesAndIsLabelledSimulator) {
  std::string path = simulated_report("raw_sim.json");
  Json rep = read(path);
  EXPECT_EQ(rep["schema"], "catlayout.gpu-validate/2");
  EXPECT_EQ(rep["device"]["simulated"], true);
  EXPECT_EQ(provenance(rep), "simulator");
  ASSERT_EQ(rep["raw_observations"].size(), 5u);  // 3 instructions, the layout read as A and as B
  for (auto const& r : rep["results"]) {
    EXPECT_TRUE(r.contains("raw")) << r["instruction"];
    EXPECT_TRUE(r.contains("observed_at"));
  }
  std::ostringstream out;
  auto v = verify({path}, out);
  ASSERT_TRUE(v) << v.error().what();
  EXPECT_TRUE(v->ok()) << out.str();
  EXPECT_EQ(v->agree, static_cast<Int>(rep["results"].size()));
  EXPECT_EQ(v->provenance, "simulator");
  // Vectors from a simulator: never "hardware".
  auto vec = vectors_from_report(rep);
  ASSERT_TRUE(vec) << vec.error().what();
  ASSERT_FALSE((*vec)["cases"].empty());
  for (auto const& c : (*vec)["cases"]) {
    auto const& s = c["expect"]["sources"];
    EXPECT_EQ(std::count(s.begin(), s.end(), Json("hardware")), 0) << c["id"];
    EXPECT_EQ(std::count(s.begin(), s.end(), Json("simulator")), 1) << c["id"];
  }
  // Claiming a device is not enough: without a UUID the rows stay unverified, and a /1 report
  // (no raw words) never yields "hardware" either.
  Json claimed = rep;
  claimed["device"]["simulated"] = false;
  claimed["device"]["name"] = "NVIDIA H200";
  EXPECT_EQ(provenance(claimed), "hardware-unverified");
  claimed["device"]["uuid"] = "GPU-00000000-0000-0000-0000-000000000000";
  EXPECT_EQ(provenance(claimed), "hardware");
  Json old = claimed;
  old["schema"] = "catlayout.gpu-validate/1";
  EXPECT_EQ(provenance(old), "hardware-unverified");
  // A "hardware" row whose raw words do not inflate to their digest is refused with its path.
  Json broken = claimed;
  broken["raw_observations"][0]["batches"][0]["d_sha256"] = sha256_hex("x");
  auto refused = vectors_from_report(broken);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("$.raw_observations[0].batches[0].d_sha256"), std::string::npos)
      << refused.error().message;
  std::remove(path.c_str());
}

TEST(Verify, AChangedWordOrVerdictIsFound) {
  std::string path = simulated_report("raw_tamper.json");
  Json rep = read(path);
  // One accumulator word of the tf32 mma's first batch changed, its digest recomputed: the file
  // is consistent, but the words no longer decode to the report's table.
  auto b = raw_batch_from_json(rep["raw_observations"][0]["batches"][0], "$");
  ASSERT_TRUE(b);
  b->d[5] ^= 0x3f800000u;
  Json words = rep;
  words["raw_observations"][0]["batches"][0] = raw_batch_json(*b);
  std::string p1 = path + ".words.json";
  std::ofstream(p1) << words.dump();
  std::ostringstream out1;
  auto v1 = verify({p1}, out1);
  ASSERT_TRUE(v1) << v1.error().what();
  EXPECT_FALSE(v1->ok());
  EXPECT_NE(out1.str().find("DIFFERS"), std::string::npos) << out1.str();
  // A verdict edited in the report (MISMATCH claimed where the words confirm).
  Json verdict = rep;
  verdict["results"][1]["status"] = "MISMATCH";
  std::string p2 = path + ".verdict.json";
  std::ofstream(p2) << verdict.dump();
  std::ostringstream out2;
  auto v2 = verify({p2}, out2);
  ASSERT_TRUE(v2);
  ASSERT_EQ(v2->disagree.size(), 1u) << out2.str();
  EXPECT_NE(v2->disagree[0].find("the raw words decode to confirmed"), std::string::npos) << v2->disagree[0];
  // No vectors from a report that does not verify.
  std::ostringstream out3;
  auto v3 = verify({p2}, out3, path + ".vectors.json");
  ASSERT_FALSE(v3);
  for (auto const& p : {path, p1, p2}) std::remove(p.c_str());
}

#ifdef CATLAYOUT_VECTORS_DIR
// The committed vectors are exactly what the committed reports and CUTLASS cross-check give.
TEST(Verify, CommittedVectorsAreRebuiltFromTheCommittedReports) {
  std::string dir = CATLAYOUT_VECTORS_DIR "/gpu/";
  std::string out = ::testing::TempDir() + "rebuilt-fragments.json";
  auto line = write_vectors({dir + "h200-mma.report.json", dir + "h200-wgmma.report.json", dir + "h200-copy.report.json",
                             dir + "h200-smem.report.json"},
                            out, dir + "cutlass-crosscheck.report.json");
  ASSERT_TRUE(line) << line.error().what();
  Json rebuilt = read(out), committed = read(dir + "h200-fragments.json");
  EXPECT_EQ(rebuilt["provenance"], committed["provenance"]);
  ASSERT_EQ(rebuilt["cases"].size(), committed["cases"].size());
  for (std::size_t i = 0; i < rebuilt["cases"].size(); ++i)
    ASSERT_TRUE(rebuilt["cases"][i] == committed["cases"][i]) << "first difference: " << committed["cases"][i]["id"];
  EXPECT_TRUE(rebuilt == committed) << "the documents' other fields differ";
  std::remove(out.c_str());
}
#endif
