// Raw device words: digests, compression and the recording / replaying runners (raw.hpp).
#include "catlayout/gpu/raw.hpp"

#include <zlib.h>

#include <array>
#include <bit>
#include <cstdio>

namespace catlayout::gpu {

namespace {

// FIPS 180-4 sec. 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
constexpr std::array<std::uint32_t, 64> kRound = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

// FIPS 180-4 sec. 6.2.2: one 64-byte block into the hash state.
void compress_block(std::array<std::uint32_t, 8>& h, std::uint8_t const* block) {
  std::array<std::uint32_t, 64> w{};
  for (int t = 0; t < 16; ++t)
    w[t] = std::uint32_t{block[4 * t]} << 24 | std::uint32_t{block[4 * t + 1]} << 16 |
           std::uint32_t{block[4 * t + 2]} << 8 | block[4 * t + 3];
  for (int t = 16; t < 64; ++t) {
    std::uint32_t s0 = std::rotr(w[t - 15], 7) ^ std::rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    std::uint32_t s1 = std::rotr(w[t - 2], 17) ^ std::rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  auto [a, b, c, d, e, f, g, hh] = h;
  for (int t = 0; t < 64; ++t) {
    std::uint32_t t1 = hh + (std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                       kRound[t] + w[t];
    std::uint32_t t2 = (std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  std::array<std::uint32_t, 8> add = {a, b, c, d, e, f, g, hh};
  for (int i = 0; i < 8; ++i) h[i] += add[i];
}

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(std::span<std::uint8_t const> in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < in.size(); i += 3) {
    std::uint32_t v = std::uint32_t{in[i]} << 16;
    if (i + 1 < in.size()) v |= std::uint32_t{in[i + 1]} << 8;
    if (i + 2 < in.size()) v |= in[i + 2];
    out += kBase64[v >> 18 & 63];
    out += kBase64[v >> 12 & 63];
    out += i + 1 < in.size() ? kBase64[v >> 6 & 63] : '=';
    out += i + 2 < in.size() ? kBase64[v & 63] : '=';
  }
  return out;
}

Result<std::vector<std::uint8_t>> unbase64(std::string const& in, std::string const& path) {
  auto digit = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  if (in.size() % 4) return fail(ErrorKind::invalid_input, path, ": base64 of length ", in.size(), ", not a multiple of 4");
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < in.size(); i += 4) {
    std::uint32_t v = 0;
    int pad = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      char c = in[i + j];
      int x = c == '=' && i + 4 == in.size() && j >= 2 ? (++pad, 0) : digit(c);
      if (x < 0 || (pad && c != '=')) return fail(ErrorKind::invalid_input, path, ": not base64 at character ", i + j);
      v = v << 6 | static_cast<std::uint32_t>(x);
    }
    out.push_back(static_cast<std::uint8_t>(v >> 16));
    if (pad < 2) out.push_back(static_cast<std::uint8_t>(v >> 8));
    if (pad < 1) out.push_back(static_cast<std::uint8_t>(v));
  }
  return out;
}

// The words' little-endian bytes: the same digest on every host.
std::vector<std::uint8_t> bytes_of(std::span<std::uint32_t const> words) {
  std::vector<std::uint8_t> out;
  out.reserve(words.size() * 4);
  for (std::uint32_t w : words)
    for (int s = 0; s < 32; s += 8) out.push_back(static_cast<std::uint8_t>(w >> s));
  return out;
}

}  // namespace

std::string sha256_hex(std::span<std::uint8_t const> bytes) {
  std::array<std::uint32_t, 8> h = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};  // FIPS 180-4 sec. 5.3.3
  std::size_t full = bytes.size() / 64 * 64;
  for (std::size_t i = 0; i < full; i += 64) compress_block(h, bytes.data() + i);
  // sec. 5.1.1: a 1 bit, zeros, then the message length in bits as 64 bits big-endian.
  std::array<std::uint8_t, 128> tail{};
  std::size_t rest = bytes.size() - full;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = bytes[full + i];
  tail[rest % 64] = 0x80;  // rest < 64: the full blocks are gone
  std::size_t blocks = rest + 9 <= 64 ? 1 : 2;
  std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8;
  for (int i = 0; i < 8; ++i) tail[blocks * 64 - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  for (std::size_t b = 0; b < blocks; ++b) compress_block(h, tail.data() + 64 * b);
  char out[65];
  for (int i = 0; i < 8; ++i) std::snprintf(out + 8 * i, 9, "%08x", h[i]);
  return std::string(out, 64);
}

std::string sha256_hex(std::string_view text) {
  return sha256_hex(std::span(reinterpret_cast<std::uint8_t const*>(text.data()), text.size()));
}

std::string inputs_digest(device::Batch const& b) {
  std::vector<std::uint8_t> all;
  for (char c : b.kernel + "/" + std::to_string(b.trials)) all.push_back(static_cast<std::uint8_t>(c));
  for (auto const* v : {&b.a, &b.b}) {
    auto x = bytes_of(*v);
    all.insert(all.end(), x.begin(), x.end());
  }
  for (std::uint64_t w : b.aux)
    for (int s = 0; s < 64; s += 8) all.push_back(static_cast<std::uint8_t>(w >> s));
  return sha256_hex(all);
}

Json raw_batch_json(RawBatch const& r) {
  auto bytes = bytes_of(r.d);
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::vector<std::uint8_t> z(size);
  // compress2 cannot fail with a buffer of compressBound bytes and a valid level.
  compress2(z.data(), &size, bytes.data(), static_cast<uLong>(bytes.size()), Z_BEST_COMPRESSION);
  z.resize(size);
  return {{"kernel", r.kernel},
          {"trials", r.trials},
          {"inputs_sha256", r.inputs_sha256},
          {"d_words", r.d.size()},
          {"d_sha256", sha256_hex(bytes)},
          {"d_zlib_base64", base64(z)}};
}

Result<RawBatch> raw_batch_from_json(Json const& j, std::string const& path) {
  for (char const* key : {"kernel", "inputs_sha256", "d_sha256", "d_zlib_base64"})
    if (!j.is_object() || !j.contains(key) || !j[key].is_string())
      return fail(ErrorKind::invalid_input, path, ".", key, ": expected a string");
  for (char const* key : {"trials", "d_words"})
    if (!j[key].is_number_integer() || j[key].get<std::int64_t>() < 0) return fail(ErrorKind::invalid_input, path, ".", key, ": expected a count");
  RawBatch r{j["kernel"].get<std::string>(), j["trials"].get<int>(), j["inputs_sha256"].get<std::string>(), {}};
  std::uint64_t words = j["d_words"].get<std::uint64_t>();
  if (words > (std::uint64_t{1} << 28))
    return fail(ErrorKind::invalid_input, path, ".d_words: ", words, " words is past the probe's largest batch");
  CL_TRY(z, unbase64(j["d_zlib_base64"].get<std::string>(), path + ".d_zlib_base64"));
  std::vector<std::uint8_t> bytes(words * 4);
  uLongf size = static_cast<uLongf>(bytes.size());
  if (int e = uncompress(bytes.data(), &size, z.data(), static_cast<uLong>(z.size())); e != Z_OK || size != bytes.size())
    return fail(ErrorKind::invalid_input, path, ".d_zlib_base64: does not inflate to ", words, " words (zlib ", e, ")");
  if (std::string h = sha256_hex(bytes); h != j["d_sha256"].get<std::string>())
    return fail(ErrorKind::invalid_input, path, ".d_sha256: the words' sha256 is ", h);
  r.d.resize(words);
  for (std::size_t i = 0; i < words; ++i)
    r.d[i] = std::uint32_t{bytes[4 * i]} | std::uint32_t{bytes[4 * i + 1]} << 8 | std::uint32_t{bytes[4 * i + 2]} << 16 |
             std::uint32_t{bytes[4 * i + 3]} << 24;
  return r;
}

Runner recording(Runner inner, std::vector<RawBatch>& sink) {
  return [inner = std::move(inner), &sink](device::Batch& b) {
    std::string digest = inputs_digest(b);
    std::string e = inner(b);
    if (e.empty()) sink.push_back({b.kernel, b.trials, std::move(digest), b.d});
    return e;
  };
}

Runner replaying(std::vector<RawBatch> const& recorded, std::size_t& next) {
  return [&recorded, &next](device::Batch& b) -> std::string {
    if (next >= recorded.size())
      return str("the plan asks for batch ", next + 1, " (", b.kernel, "), the report recorded ", recorded.size());
    RawBatch const& r = recorded[next];
    std::string where = str("batch ", next + 1, ": ");
    if (r.kernel != b.kernel || r.trials != b.trials)
      return where + str("the plan runs ", b.kernel, " x ", b.trials, ", the report recorded ", r.kernel, " x ", r.trials);
    if (r.inputs_sha256 != inputs_digest(b))
      return where + "the plan's inputs are not the ones the report recorded (inputs_sha256 differs)";
    if (r.d.size() != b.d.size())
      return where + str("the plan reads ", b.d.size(), " output words, the report recorded ", r.d.size());
    b.d = r.d;
    ++next;
    return "";
  };
}

}  // namespace catlayout::gpu
