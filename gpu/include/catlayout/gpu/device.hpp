#pragma once
// The device side of the probe, kept to C++17 so that nvcc compiles its implementation:
// a batch is `trials` independent runs of one kernel; words in, accumulator words out.
#include <cstdint>
#include <string>
#include <vector>

namespace catlayout::gpu::device {

// kernel: "<instruction>/rr" (mma.sync: A and B in registers), "<instruction>/ss" (wgmma: A and
// B in shared memory), "<instruction>/rs" (wgmma: A in registers, B in shared memory).
// a, b: per trial, threads x register words (registers) or the shared-memory image (shared);
// d: per trial, threads x accumulator register words, filled by run().
struct Batch {
  std::string kernel;
  int trials = 0;
  std::vector<std::uint32_t> a, b, d;
};

struct Info {
  std::string name, driver;
  int major = 0, minor = 0;
};

bool compiled_with_cuda();
// "" when a usable GPU is present (info filled), else a message starting "no GPU: ".
std::string query(Info& info);
// "" on success (batch.d filled), else why the kernel could not run.
std::string run(Batch& batch);

// Shared-memory images for wgmma: canonical K-major layout without swizzle (PTX ISA 9.7.15.5.1.2):
// 8-row x 16-byte core matrices, rows 16 bytes apart inside one; core matrices adjacent in K are
// kLeadingByteOffset apart, adjacent in M/N kStrideByteOffset apart. Every catalogued wgmma has
// K * element bytes == 32, i.e. two core matrices along K.
constexpr std::uint32_t kLeadingByteOffset = 128;
constexpr std::uint32_t kStrideByteOffset = 256;
inline std::uint32_t smem_byte(std::uint32_t row, std::uint32_t k, std::uint32_t elem_bits) {
  std::uint32_t per_row = 128 / elem_bits;  // elements in a 16-byte core-matrix row
  return (row / 8) * kStrideByteOffset + (k / per_row) * kLeadingByteOffset + (row % 8) * 16 +
         (k % per_row) * elem_bits / 8;
}

}  // namespace catlayout::gpu::device
