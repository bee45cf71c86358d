// The TMA shared-memory write model (tma.hpp): the swizzle modes as the ISA's XOR of address bits,
// and as a catlayout ComposedLayout; the two are compared by check_tma_box_layout.
#include "catlayout/gpu/tma.hpp"

#include <bit>

#include "catlayout/core/evaluate.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

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

// A swizzled row is the 2^bits chunks of 2^chunk bytes the XOR permutes: 16 (none: one chunk), 32,
// 64, 128, and 128 for 128B_ATOM_32B (four 32-byte chunks).
int tma_swizzle_span(TmaSwizzle s) {
  XorBits x = xor_bits(s);
  return 1 << (x.chunk + x.bits);
}

std::vector<TmaSwizzle> const& tma_swizzles() {
  static std::vector<TmaSwizzle> const all{TmaSwizzle::none, TmaSwizzle::b32, TmaSwizzle::b64, TmaSwizzle::b128,
                                           TmaSwizzle::b128_atom32};
  return all;
}

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

// PTX ISA 5.5 "Tensors", "Tensor swizzling modes": the unswizzled address, then chunk bits ^= row bits.
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

// ---- the probe

namespace catlayout::gpu {

std::vector<TmaBox> const& tma_probe_boxes() {
  static std::vector<TmaBox> const all = [] {
    std::vector<TmaBox> v;
    for (TmaSwizzle s : {TmaSwizzle::none, TmaSwizzle::b32, TmaSwizzle::b64, TmaSwizzle::b128})
      for (int eb : {1, 2, 4})
        for (Int bytes = 16; bytes <= (s == TmaSwizzle::none ? 128 : tma_swizzle_span(s)); bytes *= 2)
          v.push_back(TmaBox{eb, bytes / eb, 16, s});
    return v;
  }();
  return all;
}

std::string tma_probe_name(TmaBox const& b) {
  return "tma." + std::string(tma_swizzle_name(b.swizzle)) + ".e" + std::to_string(b.elem_bytes) + ".i" +
         std::to_string(b.inner_bytes()) + ".r" + std::to_string(b.rows);
}

std::string tma_probe_ptx(TmaBox const& b) {
  Int bytes = b.rows * b.inner_bytes();
  std::string n = std::to_string(bytes), words = std::to_string(bytes / 4);
  // Thread 0 initialises the mbarrier, and (after the block barrier) arms it with the byte count and
  // issues the copy; every thread waits for phase 0 to complete, then copies the image out.
  return "// " + tma_probe_name(b) + ": TMA box -> shared memory -> global (catlayout TMA probe)\n"
         ".version 8.0\n.target sm_90a\n.address_size 64\n"
         ".extern .shared .align 1024 .b8 smem[];\n"
         ".visible .entry probe(.param .align 64 .b8 tmap[128], .param .u64 out)\n{\n"
         "  .reg .pred %p<4>;\n  .reg .b32 %r<12>;\n  .reg .b64 %rd<8>;\n"
         "  .shared .align 8 .b64 mbar;\n"
         "  mov.u32 %r0, %tid.x;\n  mov.u32 %r1, mbar;\n  mov.u32 %r9, 0;\n"
         "  mov.u32 %r2, smem;\n  add.u32 %r2, %r2, 1023;\n  and.b32 %r2, %r2, -1024;\n"
         "  setp.eq.u32 %p0, %r0, 0;\n"
         "  @!%p0 bra $Lsync;\n"
         "  mbarrier.init.shared::cta.b64 [%r1], 1;\n"
         "  fence.mbarrier_init.release.cluster;\n"
         "  fence.proxy.async.shared::cta;\n"
         "$Lsync:\n  bar.sync 0;\n"
         "  @!%p0 bra $Lwait;\n"
         "  mov.u64 %rd0, tmap;\n  cvta.param.u64 %rd0, %rd0;\n"
         "  mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [%r1], " + n + ";\n"
         "  cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd0, {%r9, %r9}], [%r1];\n"
         "$Lwait:\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r9;\n"
         "  @!%p1 bra $Lwait;\n"
         "  ld.param.u64 %rd2, [out];\n  cvta.to.global.u64 %rd2, %rd2;\n"
         "  mov.u32 %r4, %r0;\n"
         "$Lcopy:\n"
         "  setp.ge.u32 %p2, %r4, " + words + ";\n"
         "  @%p2 bra $Ldone;\n"
         "  shl.b32 %r5, %r4, 2;\n  add.u32 %r6, %r2, %r5;\n  ld.shared.u32 %r7, [%r6];\n"
         "  cvt.u64.u32 %rd3, %r5;\n  add.u64 %rd4, %rd2, %rd3;\n  st.global.u32 [%rd4], %r7;\n"
         "  add.u32 %r4, %r4, 32;\n  bra $Lcopy;\n"
         "$Ldone:\n  ret;\n}\n";
}

std::vector<std::uint32_t> tma_probe_source(TmaBox const& b) {
  std::vector<std::uint32_t> v(static_cast<std::size_t>(b.rows * b.inner_bytes() / 4));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = 0x7a000000u | static_cast<std::uint32_t>(i);
  return v;
}

namespace {
// Source word w: its first byte's (row, elem) and the byte within the element.
struct Piece {
  Int row, elem, within;
};
Piece piece(TmaBox const& b, Int w) {
  Int byte = 4 * w, in_row = byte % b.inner_bytes();
  return {byte / b.inner_bytes(), in_row / b.elem_bytes, in_row % b.elem_bytes};
}
Int dest_word(TmaBox const& b, Int w) {
  Piece p = piece(b, w);
  return (tma_smem_byte(b, p.row, p.elem) + p.within) / 4;
}
}  // namespace

std::string check_tma_image(TmaBox const& b, std::vector<std::uint32_t> const& image) {
  auto src = tma_probe_source(b);
  if (image.size() != src.size())
    return tma_probe_name(b) + ": image of " + std::to_string(image.size()) + " words, expected " +
           std::to_string(src.size());
  for (Int w = 0; w < static_cast<Int>(src.size()); ++w) {
    Int d = dest_word(b, w);
    if (image[static_cast<std::size_t>(d)] != src[static_cast<std::size_t>(w)]) {
      Piece p = piece(b, w);
      std::string found = "elsewhere";
      for (std::size_t i = 0; i < image.size(); ++i)
        if (image[i] == src[static_cast<std::size_t>(w)]) found = "at byte " + std::to_string(4 * i);
      return tma_probe_name(b) + ": (row " + std::to_string(p.row) + ", elem " + std::to_string(p.elem) +
             ") expected at byte " + std::to_string(4 * d) + ", found " + found;
    }
  }
  return "";
}

std::vector<std::uint32_t> simulate_tma(TmaBox const& b, bool swap_chunks) {
  auto src = tma_probe_source(b);
  std::vector<std::uint32_t> image(src.size(), 0xffffffffu);
  for (Int w = 0; w < static_cast<Int>(src.size()); ++w) image[static_cast<std::size_t>(dest_word(b, w))] = src[static_cast<std::size_t>(w)];
  if (swap_chunks && image.size() >= 8)
    for (std::size_t i = 0; i < 4; ++i) std::swap(image[i], image[i + 4]);
  return image;
}

}  // namespace catlayout::gpu

// ---- cp.async identity copy

namespace catlayout::gpu {

std::vector<CpAsync> const& cp_async_probes() {
  static std::vector<CpAsync> const all{{"ca", 4}, {"ca", 8}, {"ca", 16}, {"cg", 16}};
  return all;
}

std::string cp_async_name(CpAsync const& c) { return "cp.async." + c.cache + "." + std::to_string(c.bytes); }

std::string cp_async_ptx(CpAsync const& c) {
  std::string b = std::to_string(c.bytes), words = std::to_string(32 * c.bytes / 4);
  return "// " + cp_async_name(c) + ": cp.async global -> shared, then shared -> global (catlayout probe)\n"
         ".version 8.0\n.target sm_90a\n.address_size 64\n"
         ".shared .align 16 .b8 smem[" + std::to_string(32 * c.bytes) + "];\n"
         ".visible .entry probe(.param .u64 in, .param .u64 out)\n{\n"
         "  .reg .pred %p<2>;\n  .reg .b32 %r<10>;\n  .reg .b64 %rd<8>;\n"
         "  mov.u32 %r0, %tid.x;\n  mul.lo.u32 %r1, %r0, " + b + ";\n"
         "  ld.param.u64 %rd0, [in];\n  cvta.to.global.u64 %rd0, %rd0;\n"
         "  cvt.u64.u32 %rd1, %r1;\n  add.u64 %rd2, %rd0, %rd1;\n"
         "  mov.u32 %r2, smem;\n  add.u32 %r3, %r2, %r1;\n"
         "  cp.async." + c.cache + ".shared.global [%r3], [%rd2], " + b + ";\n"
         "  cp.async.commit_group;\n  cp.async.wait_group 0;\n  bar.sync 0;\n"
         "  ld.param.u64 %rd3, [out];\n  cvta.to.global.u64 %rd3, %rd3;\n"
         "  mov.u32 %r4, %r0;\n"
         "$Lcopy:\n  setp.ge.u32 %p0, %r4, " + words + ";\n  @%p0 bra $Ldone;\n"
         "  shl.b32 %r5, %r4, 2;\n  add.u32 %r6, %r2, %r5;\n  ld.shared.u32 %r7, [%r6];\n"
         "  cvt.u64.u32 %rd4, %r5;\n  add.u64 %rd5, %rd3, %rd4;\n  st.global.u32 [%rd5], %r7;\n"
         "  add.u32 %r4, %r4, 32;\n  bra $Lcopy;\n"
         "$Ldone:\n  ret;\n}\n";
}

std::vector<std::uint32_t> cp_async_source(CpAsync const& c) {
  std::vector<std::uint32_t> v(static_cast<std::size_t>(32 * c.bytes / 4));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = 0x5c000000u | static_cast<std::uint32_t>(i);
  return v;
}

std::string check_cp_async_image(CpAsync const& c, std::vector<std::uint32_t> const& image) {
  auto src = cp_async_source(c);
  if (image.size() != src.size())
    return cp_async_name(c) + ": image of " + std::to_string(image.size()) + " words, expected " + std::to_string(src.size());
  for (std::size_t i = 0; i < src.size(); ++i)
    if (image[i] != src[i])
      return cp_async_name(c) + ": word " + std::to_string(i) + " (thread " + std::to_string(4 * i / c.bytes) +
             ") is not the source's";
  return "";
}

}  // namespace catlayout::gpu
