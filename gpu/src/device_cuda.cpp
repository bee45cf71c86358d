// The device side on a CUDA machine: the kernels are PTX modules (ptx_kernels.cpp) that the driver
// JIT-compiles for the GPU at hand, loaded through the driver API's entry points as the CUDA runtime
// hands them out (no link-time dependency on libcuda, no CUDA compiler at build time).
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <map>
#include <mutex>
#include <thread>

#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/ptx.hpp"

namespace catlayout::gpu::device {

namespace {

std::string cuda_error(char const* what, cudaError_t e) {
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

struct Driver {
  decltype(&cuModuleLoadDataEx) load = nullptr;
  decltype(&cuModuleGetFunction) get = nullptr;
  decltype(&cuFuncSetAttribute) set_attribute = nullptr;
  decltype(&cuLaunchKernel) launch = nullptr;
  decltype(&cuGetErrorString) error_string = nullptr;
  std::string error;  // why the entry points could not be had
};

template <class F>
std::string entry(char const* name, F& f) {
  cudaDriverEntryPointQueryResult status{};
  void* p = nullptr;
  cudaError_t e = cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &status);
  if (e != cudaSuccess || status != cudaDriverEntryPointSuccess || !p)
    return std::string("driver entry point ") + name + " unavailable";
  f = reinterpret_cast<F>(p);
  return "";
}

Driver const& driver() {
  static Driver const d = [] {
    Driver d;
    for (std::string e : {entry("cuModuleLoadDataEx", d.load), entry("cuModuleGetFunction", d.get),
                          entry("cuFuncSetAttribute", d.set_attribute), entry("cuLaunchKernel", d.launch),
                          entry("cuGetErrorString", d.error_string)})
      if (d.error.empty()) d.error = e;
    return d;
  }();
  return d;
}

std::string cu_error(char const* what, CUresult r) {
  char const* s = nullptr;
  if (driver().error_string) driver().error_string(r, &s);
  return std::string(what) + ": CUresult " + std::to_string(static_cast<int>(r)) + (s ? std::string(" (") + s + ")" : "");
}

// The PTX JIT-compiled into a module (the driver's log in the error: `what` names it) and its
// kernel "probe".
std::string jit(std::string const& ptx, std::string const& what, CUfunction& f) {
  char log[8192] = {0};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* vals[] = {log, reinterpret_cast<void*>(static_cast<std::uintptr_t>(sizeof log))};
  CUmodule module = nullptr;
  if (CUresult r = driver().load(&module, ptx.c_str(), 2, opts, vals); r != CUDA_SUCCESS)
    return cu_error(("JIT of " + what).c_str(), r) + ": " + log;
  if (CUresult r = driver().get(&f, module, "probe"); r != CUDA_SUCCESS) return cu_error("cuModuleGetFunction", r);
  return "";
}

// Loaded kernels by name; JIT compilation happens once per kernel.
std::mutex g_mutex;
std::map<std::string, CUfunction> g_functions;

std::string load(std::string const& kernel, CUfunction& out) {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (auto it = g_functions.find(kernel); it != g_functions.end()) return out = it->second, "";
  }
  (void)cudaFree(nullptr);  // the runtime's primary context, current in this thread
  Driver const& d = driver();
  if (!d.error.empty()) return d.error;
  auto spec = kernel_spec(kernel);
  if (!spec) return spec.error().what();
  CUfunction f = nullptr;
  if (std::string e = jit(spec->ptx, "the PTX module", f); !e.empty()) return e;
  std::lock_guard<std::mutex> lock(g_mutex);
  g_functions[kernel] = f;
  out = f;
  return "";
}

struct DeviceBuffer {
  void* p = nullptr;
  ~DeviceBuffer() {
    if (p) cudaFree(p);
  }
  std::string make(std::size_t bytes) {
    cudaError_t e = cudaMalloc(&p, std::max<std::size_t>(bytes, 8));
    return e == cudaSuccess ? "" : cuda_error("cudaMalloc", e);
  }
};

// A copy probe's images (TMA, cp.async): `in` holds src; `out`, as large, every byte 0xff until
// the kernel writes it (never a valid answer).
std::string stage_images(std::vector<std::uint32_t> const& src, DeviceBuffer& in, DeviceBuffer& out) {
  std::size_t bytes = src.size() * 4;
  if (std::string e = in.make(bytes); !e.empty()) return e;
  if (std::string e = out.make(bytes); !e.empty()) return e;
  cudaMemcpy(in.p, src.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemset(out.p, 0xff, bytes);
  return "";
}

// After a copy probe's launch: its output image of `words` words, once the kernel (`what`) ran.
std::string fetch_image(char const* what, DeviceBuffer const& out, std::size_t words, std::vector<std::uint32_t>& image) {
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) return cuda_error(what, e);
  image.assign(words, 0);
  if (cudaError_t e = cudaMemcpy(image.data(), out.p, words * 4, cudaMemcpyDeviceToHost); e != cudaSuccess)
    return cuda_error("cudaMemcpy", e);
  return "";
}

// The device UUID as nvidia-smi prints it: GPU-8-4-4-4-12 hex digits.
std::string uuid_text(char const* bytes) {
  std::string out = "GPU-";
  char buf[3];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned char>(bytes[i]));
    out += buf;
  }
  return out;
}

}  // namespace

bool compiled_with_cuda() { return true; }

std::string query(Info& info) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return "no GPU: " + cuda_error("cudaGetDeviceCount", e);
  if (count == 0) return "no GPU: cudaGetDeviceCount found no device";
  cudaDeviceProp prop{};
  if ((e = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess) return "no GPU: " + cuda_error("cudaGetDeviceProperties", e);
  int drv = 0, runtime = 0;
  cudaDriverGetVersion(&drv);
  cudaRuntimeGetVersion(&runtime);
  info.name = prop.name;
  info.cuda_driver = drv;
  info.cuda_runtime = runtime;
  info.uuid = uuid_text(prop.uuid.bytes);
  info.major = prop.major;
  info.minor = prop.minor;
  info.driver = "CUDA driver " + std::to_string(drv / 1000) + "." + std::to_string(drv % 1000 / 10) + ", runtime " +
                std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  // The kernel module's version, where Linux shows it ("NVRM version: NVIDIA UNIX Open Kernel Module
  // for x86_64  580.159.04  Release Build ..."): the first word after "Kernel Module" that starts with a digit.
  if (std::ifstream f("/proc/driver/nvidia/version"); f) {
    std::string line;
    std::getline(f, line);
    if (auto at = line.find("Kernel Module"); at != std::string::npos) {
      std::istringstream words(line.substr(at + 13));
      for (std::string w; words >> w;)
        if (std::isdigit(static_cast<unsigned char>(w[0]))) {
          info.driver = "NVIDIA driver " + w + ", " + info.driver;
          break;
        }
    }
  }
  return "";
}

std::string prepare(std::vector<std::string> const& kernels, int threads) {
  if (!driver().error.empty()) return driver().error;
  std::atomic<std::size_t> next{0};
  std::mutex m;
  std::string first_error;
  auto work = [&] {
    for (std::size_t i; (i = next++) < kernels.size();) {
      CUfunction f;
      if (std::string e = load(kernels[i], f); !e.empty()) {
        std::lock_guard<std::mutex> lock(m);
        if (first_error.empty()) first_error = kernels[i] + ": " + e;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 0; i < std::max(1, threads); ++i) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  return first_error;
}

std::string run(Batch& batch) {
  auto spec = kernel_spec(batch.kernel);
  if (!spec) return spec.error().what();
  if (batch.trials <= 0) return "a batch needs at least one trial";
  auto T = static_cast<std::size_t>(batch.trials);
  if (batch.a.size() % T || batch.b.size() % T || batch.d.size() % T || batch.aux.size() % T)
    return "buffer sizes " + std::to_string(batch.a.size()) + ", " + std::to_string(batch.b.size()) + ", " +
           std::to_string(batch.d.size()) + ", " + std::to_string(batch.aux.size()) + " are not multiples of " +
           std::to_string(T) + " trials";
  CUfunction f = nullptr;
  if (std::string e = load(batch.kernel, f); !e.empty()) return e;
  std::size_t aw = batch.a.size() / T, bw = batch.b.size() / T, dw = batch.d.size() / T, xw = batch.aux.size() / T;
  DeviceBuffer a, b, d, x;
  for (auto [buf, bytes] : {std::pair{&a, batch.a.size() * 4}, std::pair{&b, batch.b.size() * 4},
                            std::pair{&d, batch.d.size() * 4}, std::pair{&x, batch.aux.size() * 8}})
    if (std::string e = buf->make(bytes); !e.empty()) return e;
  cudaMemcpy(a.p, batch.a.data(), batch.a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(b.p, batch.b.data(), batch.b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(x.p, batch.aux.data(), batch.aux.size() * 8, cudaMemcpyHostToDevice);
  cudaMemset(d.p, 0xff, batch.d.size() * 4);  // unwritten words read as NaN / -1, never as a valid answer
  std::size_t smem = spec->smem_bytes(aw, bw, dw);
  if (smem > 48 * 1024)
    if (CUresult r = driver().set_attribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(smem));
        r != CUDA_SUCCESS)
      return cu_error("cuFuncSetAttribute", r);
  auto pa = reinterpret_cast<CUdeviceptr>(a.p), pb = reinterpret_cast<CUdeviceptr>(b.p),
       pd = reinterpret_cast<CUdeviceptr>(d.p), px = reinterpret_cast<CUdeviceptr>(x.p);
  auto trials = static_cast<unsigned>(T), uaw = static_cast<unsigned>(aw), ubw = static_cast<unsigned>(bw),
       udw = static_cast<unsigned>(dw), uxw = static_cast<unsigned>(xw);
  void* params[] = {&pa, &pb, &pd, &px, &trials, &uaw, &ubw, &udw, &uxw};
  unsigned grid = (trials + static_cast<unsigned>(spec->trials_per_block) - 1) / static_cast<unsigned>(spec->trials_per_block);
  if (CUresult r = driver().launch(f, grid, 1, 1, static_cast<unsigned>(spec->block_threads), 1, 1,
                                   static_cast<unsigned>(smem), nullptr, params, nullptr);
      r != CUDA_SUCCESS)
    return cu_error("cuLaunchKernel", r);
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) return cuda_error("kernel", e);
  if (cudaError_t e = cudaMemcpy(batch.d.data(), d.p, batch.d.size() * 4, cudaMemcpyDeviceToHost); e != cudaSuccess)
    return cuda_error("cudaMemcpy", e);
  return "";
}

}  // namespace catlayout::gpu::device

// ---- The TMA probe (tma.hpp): a tensor map over a global tensor that is exactly the box, encoded
// with the driver's cuTensorMapEncodeTiled, passed by value as the kernel's first parameter.
#include "catlayout/gpu/tma.hpp"

namespace catlayout::gpu::device {

std::string run_tma(TmaBox const& b, std::vector<std::uint32_t>& image) {
  if (std::string why = check_tma_box(b); !why.empty()) return "TMA box: " + why;
  (void)cudaFree(nullptr);
  Driver const& d = driver();
  if (!d.error.empty()) return d.error;
  static decltype(&cuTensorMapEncodeTiled) encode = nullptr;
  if (!encode)
    if (std::string e = entry("cuTensorMapEncodeTiled", encode); !e.empty()) return e;
  std::string ptx = tma_probe_ptx(b);
  CUfunction f = nullptr;
  if (std::string e = jit(ptx, "the TMA probe", f); !e.empty()) return e;
  auto src = tma_probe_source(b);
  std::size_t bytes = src.size() * 4;
  DeviceBuffer in, out;
  if (std::string e = stage_images(src, in, out); !e.empty()) return e;
  CUtensorMapDataType type = b.elem_bytes == 1   ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                             : b.elem_bytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
                             : b.elem_bytes == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                                                 : CU_TENSOR_MAP_DATA_TYPE_INT64;
  CUtensorMapSwizzle swizzle = b.swizzle == TmaSwizzle::b32    ? CU_TENSOR_MAP_SWIZZLE_32B
                               : b.swizzle == TmaSwizzle::b64  ? CU_TENSOR_MAP_SWIZZLE_64B
                               : b.swizzle == TmaSwizzle::b128 ? CU_TENSOR_MAP_SWIZZLE_128B
                                                               : CU_TENSOR_MAP_SWIZZLE_NONE;
  if (b.swizzle == TmaSwizzle::b128_atom32) return "the 128B_ATOM_32B swizzle is for sm_100; the probe runs sm_90a";
  cuuint64_t dims[2] = {static_cast<cuuint64_t>(b.inner), static_cast<cuuint64_t>(b.rows)};
  cuuint64_t strides[1] = {static_cast<cuuint64_t>(b.inner_bytes())};
  cuuint32_t box[2] = {static_cast<cuuint32_t>(b.inner), static_cast<cuuint32_t>(b.rows)};
  cuuint32_t elem_strides[2] = {1, 1};
  alignas(64) CUtensorMap map{};
  if (CUresult r = encode(&map, type, 2, in.p, dims, strides, box, elem_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                          CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      r != CUDA_SUCCESS)
    return cu_error("cuTensorMapEncodeTiled", r);
  auto pout = reinterpret_cast<CUdeviceptr>(out.p);
  void* params[] = {&map, &pout};
  if (CUresult r = d.launch(f, 1, 1, 1, 32, 1, 1, static_cast<unsigned>(bytes + 1024), nullptr, params, nullptr);
      r != CUDA_SUCCESS)
    return cu_error("cuLaunchKernel", r);
  return fetch_image("TMA probe kernel", out, src.size(), image);
}

}  // namespace catlayout::gpu::device

namespace catlayout::gpu::device {

std::string run_cp_async(CpAsync const& c, std::vector<std::uint32_t>& image) {
  (void)cudaFree(nullptr);
  Driver const& d = driver();
  if (!d.error.empty()) return d.error;
  std::string ptx = cp_async_ptx(c);
  CUfunction f = nullptr;
  if (std::string e = jit(ptx, "the cp.async probe", f); !e.empty()) return e;
  auto src = cp_async_source(c);
  DeviceBuffer in, out;
  if (std::string e = stage_images(src, in, out); !e.empty()) return e;
  auto pin = reinterpret_cast<CUdeviceptr>(in.p), pout = reinterpret_cast<CUdeviceptr>(out.p);
  void* params[] = {&pin, &pout};
  if (CUresult r = d.launch(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr); r != CUDA_SUCCESS)
    return cu_error("cuLaunchKernel", r);
  return fetch_image("cp.async probe kernel", out, src.size(), image);
}

}  // namespace catlayout::gpu::device
