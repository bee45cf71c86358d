#pragma once
// What the device wrote, kept so that anyone can re-decode a run later: every batch a probe ran,
// with a digest of the inputs it was given and the output words themselves (zlib, base64, sha256).
// `verify` (validate.hpp) replays a report's observations from these words alone.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/gpu/device.hpp"
#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

// The probe's report format is gpu's own (report.hpp); the algebra's forms live in the wire room.
using Json = nlohmann::json;

// FIPS 180-4 SHA-256 of a byte string, 64 lower-case hex digits.
std::string sha256_hex(std::span<std::uint8_t const> bytes);
std::string sha256_hex(std::string_view text);

// One batch as the device answered it.
struct RawBatch {
  std::string kernel;
  int trials = 0;
  std::string inputs_sha256;      // of the kernel name, trials, a, b and aux (inputs_digest)
  std::vector<std::uint32_t> d;   // the output words, as written
};
// sha256 over "kernel/trials" and the little-endian bytes of a, b, aux: the plan's identity.
std::string inputs_digest(device::Batch const& b);

// {"kernel", "trials", "inputs_sha256", "d_words", "d_sha256", "d_zlib_base64"}.
Json raw_batch_json(RawBatch const& r);
// Error (invalid_input, naming `path`) when a field is missing, the data does not inflate to
// d_words words, or their sha256 is not d_sha256.
Result<RawBatch> raw_batch_from_json(Json const& j, std::string const& path);

// A runner that runs `inner` and appends each batch's answer to `sink`.
Runner recording(Runner inner, std::vector<RawBatch>& sink);
// A runner that answers from recorded batches, in order: error when the plan asks for a kernel,
// trial count or inputs other than the recorded ones (the report was made by another plan), or
// for more batches than were recorded. `next` counts the batches used.
Runner replaying(std::vector<RawBatch> const& recorded, std::size_t& next);

}  // namespace catlayout::gpu
