// The device side when the build has no CUDA: every query answers "no GPU".
#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/tma.hpp"

namespace catlayout::gpu::device {

bool compiled_with_cuda() { return false; }
std::string query(Info&) { return "no GPU: this build has no CUDA (the CUDA toolkit not found at configure time, or CATLAYOUT_GPU_CUDA=OFF)"; }
std::string run(Batch&) { return "no GPU: this build has no CUDA"; }
std::string prepare(std::vector<std::string> const&, int) { return "no GPU: this build has no CUDA"; }
std::string run_tma(TmaBox const&, std::vector<std::uint32_t>&) { return "no GPU: this build has no CUDA"; }
std::string run_cp_async(CpAsync const&, std::vector<std::uint32_t>&) { return "no GPU: this build has no CUDA"; }

}  // namespace catlayout::gpu::device
