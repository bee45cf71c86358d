// The TMA shared-memory model: the swizzle formula and the ComposedLayout agree for every mode,
// element size and inner extent; and TMA's swizzled boxes are the wgmma / UMMA atoms of the catalogue.
#include <gtest/gtest.h>

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/sm100.hpp"
#include "catlayout/gpu/tma.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

TEST(Tma, FormulaEqualsLayoutForEveryModeElementSizeAndInnerExtent) {
  int checked = 0, rejected = 0;
  for (TmaSwizzle s : tma_swizzles())
    for (int eb : {1, 2, 4})
      for (Int inner_bytes : {16, 32, 64, 128})
        for (Int rows : {8, 16}) {
          TmaBox b{eb, inner_bytes / eb, rows, s};
          std::string name = std::string(tma_swizzle_name(s)) + " elem " + std::to_string(eb) + " inner " +
                             std::to_string(inner_bytes) + " B rows " + std::to_string(rows);
          if (s != TmaSwizzle::none && inner_bytes > tma_swizzle_span(s)) {
            EXPECT_NE(check_tma_box(b), "") << name;
            EXPECT_FALSE(tma_box_layout(b)) << name;
            ++rejected;
            continue;
          }
          EXPECT_EQ(check_tma_box_layout(b), "") << name;
          ++checked;
        }
  EXPECT_EQ(checked, 2 * 3 * (4 + 2 + 3 + 4 + 4));  // NONE, 32B, 64B, 128B, 128B_ATOM_32B
  EXPECT_EQ(rejected, 2 * 3 * (2 + 1));             // 32B: 64, 128 bytes; 64B: 128 bytes
}

TEST(Tma, TheLayoutsAreCuTeSwizzles) {
  auto l = tma_box_layout({2, 64, 8, TmaSwizzle::b128});
  ASSERT_TRUE(l);
  EXPECT_EQ(to_string(*l), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  auto a = tma_box_layout({4, 32, 4, TmaSwizzle::b128_atom32});
  ASSERT_TRUE(a);
  EXPECT_EQ(to_string(*a), "Sw<2,3,2> o 0 o (4,32):(32,1)");
}

TEST(Tma, FormulaFlipsSixteenByteChunks) {
  // 128B swizzle, 2-byte elements, 64 a row: row 1's first chunk (elements 0-7) goes to chunk 1,
  // row 7's to chunk 7; row 8 repeats row 0.
  TmaBox b{2, 64, 16, TmaSwizzle::b128};
  EXPECT_EQ(tma_smem_byte(b, 1, 0), 128 + 16);
  EXPECT_EQ(tma_smem_byte(b, 7, 8), 7 * 128 + (1 ^ 7) * 16);
  EXPECT_EQ(tma_smem_byte(b, 8, 0), 8 * 128);
  // A wrong swizzle is caught by the tabulation.
  TmaBox odd{2, 64, 8, TmaSwizzle::b64};
  EXPECT_NE(check_tma_box(odd), "");  // 128-byte rows exceed the 64B span
}

TEST(Tma, BadBoxesAreNamed) {
  EXPECT_NE(check_tma_box({3, 16, 8, TmaSwizzle::none}).find("element size"), std::string::npos);
  EXPECT_NE(check_tma_box({2, 4, 8, TmaSwizzle::none}).find("multiple of 16"), std::string::npos);
  EXPECT_NE(check_tma_box({2, 32, 8, TmaSwizzle::b32}).find("exceeds"), std::string::npos);
  EXPECT_NE(check_tma_box({2, 32, 0, TmaSwizzle::b32}).find("positive"), std::string::npos);
}

// The question users ask: is Layout_K_SW128_Atom TMA's 128B swizzle? Yes: a box one swizzle span wide
// and 8 rows (the atom's repeat) is the K-major atom element for element; the MN-major atom is the box
// with MN innermost, read transposed. INTER is TMA without swizzle, 16 bytes wide.
TEST(Tma, SwizzledBoxesAreTheWgmmaAndUmmaAtoms) {
  auto mode = [](SwizzleMode s) {
    switch (s) {
      case SwizzleMode::interleave: return TmaSwizzle::none;
      case SwizzleMode::sw32: return TmaSwizzle::b32;
      case SwizzleMode::sw64: return TmaSwizzle::b64;
      case SwizzleMode::sw128: return TmaSwizzle::b128;
      case SwizzleMode::sw128_32b: return TmaSwizzle::b128_atom32;
    }
    return TmaSwizzle::none;
  };
  int compared = 0;
  std::vector<SmemLayout> atoms = smem_layouts();
  for (auto const& u : umma_smem_layouts()) atoms.push_back(u);
  for (auto const& a : atoms) {
    int eb = a.elem_bits / 8;
    bool k = a.major == Major::K;
    Int along = k ? a.cols : a.rows, across = k ? a.rows : a.cols;
    TmaBox b{eb, along, across, mode(a.swizzle)};
    ASSERT_EQ(check_tma_box(b), "") << a.name;
    auto l = tma_box_layout(b);
    ASSERT_TRUE(l) << a.name;
    for (Int mn = 0; mn < a.rows; ++mn)
      for (Int kk = 0; kk < a.cols; ++kk) {
        Int r = k ? mn : kk, e = k ? kk : mn;
        ASSERT_EQ(*evaluate(*l, r + b.rows * e), a.at(mn, kk)) << a.name << " (" << mn << "," << kk << ")";
      }
    ++compared;
  }
  EXPECT_EQ(compared, 16 + 17);
  // The named case: TMA 128B swizzle of a 2-byte box 64 elements wide == wgmma.smem.16b.K.SW128.
  EXPECT_EQ(to_string(*tma_box_layout({2, 64, 8, TmaSwizzle::b128})),
            to_string(find_smem_layout("wgmma.smem.16b.K.SW128")->layout));
}

// ---- The probe

#include <cstdlib>
#include <fstream>

#include <unistd.h>

#include "catlayout/gpu/device.hpp"

namespace {

// ptxas (the toolkit's, found at configure time) run on `ptx` for sm_90a: its exit status and what
// it printed. The files, `stem`.ptx and .log in a temporary directory, carry the process id (several
// builds' gpu_tests may run at once) and are removed.
struct Assembled {
  int rc;
  std::string log;
};
[[maybe_unused]] Assembled assemble_sm90a(std::string const& ptxas, std::string const& ptx, std::string const& stem) {
  std::string dir = ::testing::TempDir() + std::to_string(::getpid()) + "_", file = dir + stem + ".ptx",
              log = dir + stem + ".log";
  std::ofstream(file) << ptx;
  int rc = std::system((ptxas + " -arch=sm_90a " + file + " -o /dev/null > " + log + " 2>&1").c_str());
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(file.c_str());
  std::remove(log.c_str());
  return {rc, text};
}

// On this GPU: every probe runs (run(probe, image): "" or the error) and its image is the one the
// model says (check(probe, image): "" or the first difference).
template <class Probe, class Run, class Check, class Name>
void expect_images_as_modelled(device::Info const& info, std::vector<Probe> const& probes, Run run, Check check,
                               Name name) {
  for (Probe const& p : probes) {
    std::vector<std::uint32_t> image;
    ASSERT_EQ(run(p, image), "") << name(p);
    EXPECT_EQ(check(p, image), "") << info.name;
  }
}

// Why a GPU probe cannot run here: no GPU (device::query's reason), or one older than sm_`major`0,
// which `what` needs; "" when it can.
std::string no_gpu_for(device::Info& info, int major, std::string const& what) {
  if (std::string why = device::query(info); !why.empty()) return why;
  if (info.major < major) return what + " needs sm_" + std::to_string(major) + "0 or newer";
  return "";
}

}  // namespace

TEST(TmaProbe, SimulatedImageIsConfirmedAndAWrongOneNamed) {
  EXPECT_EQ(tma_probe_boxes().size(), 3u * (4 + 2 + 3 + 4));
  for (TmaBox const& b : tma_probe_boxes()) {
    EXPECT_EQ(check_tma_image(b, simulate_tma(b)), "") << tma_probe_name(b);
    std::string wrong = check_tma_image(b, simulate_tma(b, true));
    EXPECT_NE(wrong.find("(row 0, elem 0) expected at byte 0, found at byte 16"), std::string::npos) << wrong;
  }
  EXPECT_NE(check_tma_image(tma_probe_boxes()[0], {}).find("image of 0 words"), std::string::npos);
}

TEST(TmaProbe, KernelsAssembleForSm90a) {
#ifdef CATLAYOUT_PTXAS
  for (TmaBox const& b : tma_probe_boxes()) {
    Assembled a = assemble_sm90a(CATLAYOUT_PTXAS, tma_probe_ptx(b), "catlayout_tma");
    ASSERT_EQ(a.rc, 0) << tma_probe_name(b) << ":\n" << a.log;
  }
#else
  GTEST_SKIP() << "no ptxas: the CUDA toolkit was not found at configure time";
#endif
}

// On a GPU (run-prebuilt.sh runs GpuProbe*): every sm_90 swizzle mode, element size and inner extent
// lands where the model says.
TEST(GpuProbe, TmaBoxesLandWhereTheSwizzleModelSays) {
  device::Info info;
  if (std::string why = no_gpu_for(info, 9, "TMA"); !why.empty()) GTEST_SKIP() << why;
  expect_images_as_modelled(info, tma_probe_boxes(), device::run_tma, check_tma_image, tma_probe_name);
}

TEST(CpAsyncProbe, KernelsAssembleAndTheCheckNamesAWrongWord) {
  for (CpAsync const& c : cp_async_probes()) {
    EXPECT_EQ(check_cp_async_image(c, cp_async_source(c)), "");
    auto bad = cp_async_source(c);
    std::swap(bad[0], bad.back());
    EXPECT_NE(check_cp_async_image(c, bad).find("word 0 (thread 0)"), std::string::npos);
#ifdef CATLAYOUT_PTXAS
    Assembled a = assemble_sm90a(CATLAYOUT_PTXAS, cp_async_ptx(c), "catlayout_cpasync");
    EXPECT_EQ(a.rc, 0) << cp_async_name(c) << ":\n" << a.log;
#endif
  }
}

TEST(GpuProbe, CpAsyncCopiesAreTheIdentity) {
  device::Info info;
  if (std::string why = no_gpu_for(info, 8, "cp.async"); !why.empty()) GTEST_SKIP() << why;
  expect_images_as_modelled(info, cp_async_probes(), device::run_cp_async, check_cp_async_image, cp_async_name);
}
