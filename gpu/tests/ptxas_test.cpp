// Every kernel's PTX, assembled by the toolkit's ptxas for sm_90a: the text is valid without a GPU.
// CI assembles a sample (every mma.sync and copy kernel, wgmma at a few N and every type);
// CATLAYOUT_PTXAS_ALL=1 assembles all of them.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <unistd.h>

#include "catlayout/gpu/ptx.hpp"

using namespace catlayout;
using namespace catlayout::gpu;

namespace {

std::string ptxas() {
#ifdef CATLAYOUT_PTXAS
  return CATLAYOUT_PTXAS;
#else
  return "";
#endif
}

bool sampled(std::string const& kernel) {
  if (std::getenv("CATLAYOUT_PTXAS_ALL")) return true;
  if (!kernel.starts_with("wgmma.")) return true;
  for (char const* n : {".m64n8k", ".m64n24k", ".m64n64k", ".m64n256k"})
    if (kernel.find(n) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Ptxas, AssemblesTheProbeKernelsForSm90a) {
  std::string tool = ptxas();
  if (tool.empty()) GTEST_SKIP() << "no ptxas: the CUDA toolkit was not found at configure time";
  // The process id in the names: several builds may run their gpu_tests at once on one machine.
  std::string dir = ::testing::TempDir() + std::to_string(::getpid()) + "_";
  int checked = 0, sparse = 0;
  for (auto const& name : all_kernels()) {
    if (!sampled(name)) continue;
    auto k = kernel_spec(name);
    ASSERT_TRUE(k) << k.error().what();
    // Per-process names: concurrent runs sharing a temporary directory must not read each other's text.
    std::string tag = std::to_string(getpid());
    std::string file = dir + "catlayout_probe_" + tag + ".ptx", log = dir + "catlayout_ptxas_" + tag + ".log";
    std::ofstream(file) << k->ptx;
    int rc = std::system((tool + " -arch=sm_90a " + file + " -o /dev/null > " + log + " 2>&1").c_str());
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(rc, 0) << name << ":\n" << text;
    std::remove(file.c_str());
    std::remove(log.c_str());
    ++checked;
    sparse += name.find(".sp.") != std::string::npos;
  }
  std::remove((dir + "catlayout_probe.ptx").c_str());
  std::remove((dir + "catlayout_ptxas.log").c_str());
  EXPECT_GT(checked, 100);
  // mma.sp (52 kernels, one a sparsity selector) and wgmma.sp at N = 8, 64, 256 (30): all sampled.
  if (!std::getenv("CATLAYOUT_PTXAS_ALL")) { EXPECT_EQ(sparse, 52 + 30); }
}
