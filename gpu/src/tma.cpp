// The TMA shared-memory write model (tma.hpp): the swizzle modes as the ISA's XOR of address bits,
// and as a catlayout ComposedLayout; the two are compared by check_tma_box_layout.
#include "catlayout/gpu/tma.hpp"

#include <bit>

#include "catlayout/core/evaluate.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

std::string_view tma_swizzle_name(TmaSwizzle s) {
  switch (s) {
    case TmaSwizzle::none: return "NONE";
    case TmaSwizzle::b32: return "32B";
    case TmaSwizzle::b64: return "64B";
    case TmaSwizzle::b128: return "128B";
    case TmaSwizzle::b128_atom32: return "128B_ATOM_32B";
  }
  return "?";
}

int tma_swizzle_span(TmaSwizzle s) {
  switch (s) {
    case TmaSwizzle::none: return 16;
    case TmaSwizzle::b32: return 32;
    case TmaSwizzle::b64: return 64;
    case TmaSwizzle::b128: case TmaSwizzle::b128_atom32: return 128;
  }
  return 0;
}

std::vector<TmaSwizzle> const& tma_swizzles() {
  static std::vector<TmaSwizzle> const all{TmaSwizzle::none, TmaSwizzle::b32, TmaSwizzle::b64, TmaSwizzle::b128,
                                           TmaSwizzle::b128_atom32};
  return all;
}

namespace {

// The XOR: `bits` address bits from bit `chunk` (the chunk index inside a swizzled row) flipped by
// as many bits from bit 7 (the 128-byte row index).
struct XorBits {
  int bits, chunk;
};
XorBits xor_bits(TmaSwizzle s) {
  switch (s) {
    case TmaSwizzle::none: return {0, 4};
    case TmaSwizzle::b32: return {1, 4};
    case TmaSwizzle::b64: return {2, 4};
    case TmaSwizzle::b128: return {3, 4};
    case TmaSwizzle::b128_atom32: return {2, 5};
  }
  return {0, 4};
}

}  // namespace

std::string check_tma_box(TmaBox const& b) {
  if (b.elem_bytes != 1 && b.elem_bytes != 2 && b.elem_bytes != 4 && b.elem_bytes != 8)
    return "element size " + std::to_string(b.elem_bytes) + " bytes: expected 1, 2, 4 or 8";
  if (b.inner < 1 || b.rows < 1) return "box extents must be positive";
  if (b.inner_bytes() % 16 != 0)
    return "inner extent " + std::to_string(b.inner_bytes()) + " bytes: must be a multiple of 16 bytes";
  if (b.swizzle != TmaSwizzle::none && b.inner_bytes() > tma_swizzle_span(b.swizzle))
    return "inner extent " + std::to_string(b.inner_bytes()) + " bytes exceeds the " +
           std::string(tma_swizzle_name(b.swizzle)) + " swizzle span of " +
           std::to_string(tma_swizzle_span(b.swizzle)) + " bytes";
  return "";
}

// PTX ISA 5.5.6 "Tensor swizzling modes": the unswizzled address, then chunk bits ^= row bits.
Int tma_smem_byte(TmaBox const& b, Int row, Int elem) {
  Int linear = row * b.inner_bytes() + elem * b.elem_bytes;
  XorBits x = xor_bits(b.swizzle);
  Int mask = (Int{1} << x.bits) - 1;
  return linear ^ (((linear >> 7) & mask) << x.chunk);
}

Result<ComposedLayout> tma_box_layout(TmaBox const& b) {
  if (std::string why = check_tma_box(b); !why.empty()) return fail(ErrorKind::invalid_input, "TMA box: ", why);
  // On element offsets: the chunk bit moves down by log2(elem_bytes); the row bit 7 stays `7 - chunk`
  // above it (CuTe's Sw<B, M, S>: bits [M, M+B) ^= bits [M+S, M+S+B)).
  XorBits x = xor_bits(b.swizzle);
  int m = x.chunk - (std::bit_width(static_cast<unsigned>(b.elem_bytes)) - 1);
  std::string text = "(" + std::to_string(b.rows) + "," + std::to_string(b.inner) + "):(" + std::to_string(b.inner) + ",1)";
  if (x.bits > 0) text = "Sw<" + std::to_string(x.bits) + "," + std::to_string(m) + "," + std::to_string(7 - x.chunk) + "> o " + text;
  auto l = parse_composed_layout(text);
  if (!l) return fail(ErrorKind::invalid_input, "TMA box layout ", text, ": ", l.error().what());
  return *l;
}

std::string check_tma_box_layout(TmaBox const& b) {
  auto l = tma_box_layout(b);
  if (!l) return l.error().what();
  Int n = b.rows * b.inner;
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  for (Int r = 0; r < b.rows; ++r)
    for (Int e = 0; e < b.inner; ++e) {
      Int off = *evaluate(*l, r + b.rows * e);
      std::string at = "(row " + std::to_string(r) + ", elem " + std::to_string(e) + ")";
      if (off < 0 || off >= n) return at + " -> element " + std::to_string(off) + " outside the box";
      if (seen[static_cast<std::size_t>(off)]++) return at + ": element offset " + std::to_string(off) + " reached twice";
      if (off * b.elem_bytes != tma_smem_byte(b, r, e))
        return at + ": layout says byte " + std::to_string(off * b.elem_bytes) + ", the swizzle formula byte " +
               std::to_string(tma_smem_byte(b, r, e));
    }
  return "";
}

}  // namespace catlayout::gpu
