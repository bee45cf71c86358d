// The CPU stand-in for mma.sp::ordered_metadata, from the PTX formulas (catalogue_sparse.cpp) and
// the metadata semantics of PTX ISA 9.7.14.6.1 "Sparse matrix storage": the stored values of A
// (compressed M x K/2, read through A's formula), each chunk's nibble read from the lane that the
// sparsity selector names (E's formula and sparse_lane), expanded to the M x K matrix A, then
// D = A B as for the dense instruction. Metadata arrives in aux: one 64-bit word a lane, low 32 bits.
#include <optional>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "simulator_parts.hpp"

namespace catlayout::gpu {

Int sparse_mode_selector(std::string const& mode) {
  if (mode == "rr" || mode == "rs") return 0;
  if (mode.size() == 5 && (mode.starts_with("rr.s") || mode.starts_with("rs.s")) && mode[4] >= '1' && mode[4] <= '3')
    return mode[4] - '0';
  return -1;
}

// PTX ISA 9.7.15.5.1.2, the canonical K-major layout without swizzle (the only one the sparse
// probe sends): 8-row x 16-byte core matrices, LBO apart along K, SBO apart along N.
Int sparse_b_byte(device::Descriptor const& d, int bits, Int n, Int k) {
  Int per_row = 128 / bits;
  return d.start + (n / 8) * d.sbo + (k / per_row) * d.lbo + (n % 8) * 16 + (k % per_row) * bits / 8;
}

std::string simulate_sparse(Instruction const& ins, std::string const& mode, device::Batch& batch, Fault const& fault) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C), &E = *ins.fragment(Operand::E);
  Fragment const* B = ins.fragment(Operand::B);  // wgmma.sp: B in shared memory, no fragment
  bool wg = ins.kind == Kind::wgmma;
  if (!wg && !B) return str(batch.kernel, ": mma.sp needs a B fragment");
  Int sel = sparse_mode_selector(mode);
  if (sel < 0 || sel >= sparse_selectors(E)) return str(batch.kernel, ": no sparsity selector in mode ", mode);
  auto T = static_cast<std::size_t>(batch.trials);
  std::size_t a_per = batch.a.size() / T, b_per = batch.b.size() / T, x_per = batch.aux.size() / T;
  if (a_per != static_cast<std::size_t>(A.threads * A.words()) || (!wg && b_per != static_cast<std::size_t>(32 * B->words())))
    return str(batch.kernel, ": ", a_per, " A and ", b_per, " B words a trial, expected ", A.threads * A.words(),
               wg ? "" : str(" and ", 32 * B->words()));
  // Metadata: mma.sp one word a lane; wgmma.sp after the two descriptors, one word a thread.
  std::size_t meta_at = wg ? 2 : 0;
  if (x_per < meta_at + static_cast<std::size_t>(C.threads))
    return str(batch.kernel, ": ", x_per, " aux words a trial, expected ", meta_at + static_cast<std::size_t>(C.threads));
  // The E slot (metadata thread, nibble) that governs each (row, chunk), through E's formula.
  std::vector<std::pair<Int, Int>> governs(static_cast<std::size_t>(E.rows * E.cols), {-1, -1});
  for (Int i = 0; i < E.threads; ++i)
    for (Int j = 0; j < E.values; ++j) {
      Coord rc = where(E, fault, i, j);
      governs[static_cast<std::size_t>(rc.row + E.rows * rc.col)] = {i, j};
    }
  std::size_t d_per = static_cast<std::size_t>(C.threads * C.words());
  batch.d.assign(d_per * T, 0);
  SparseChunk ch = sparse_chunk(A.elem);
  // The fragments' slots, read and written in every trial (simulator_parts.hpp).
  auto own_lane = [](Int t) { return t; };
  Slots a_slots(A, fault, own_lane), c_slots(C, fault, own_lane);
  std::optional<Slots> b_slots;
  if (!wg) b_slots.emplace(*B, fault, own_lane);
  for (std::size_t s = 0; s < T; ++s) {
    std::uint32_t const* aw = batch.a.data() + s * a_per;
    std::uint32_t const* bw = batch.b.data() + s * b_per;
    std::uint64_t const* meta = batch.aux.data() + s * x_per + meta_at;
    std::vector<double> a(static_cast<std::size_t>(ins.M * ins.K), 0.0), b(static_cast<std::size_t>(ins.N * ins.K), 0.0);
    for (std::size_t x = 0; x < a_slots.size(); ++x) {
      Coord mc = a_slots.at[x];  // (m, compressed column)
      auto [i, j] = governs[static_cast<std::size_t>(mc.row + E.rows * (mc.col / ch.stored))];
      Int lane = sparse_lane(E, i, sel);
      auto nibble = static_cast<unsigned>((meta[lane] >> (4 * j)) & 0xfu);
      if (!sparse_nibble_valid(A.elem, nibble))
        return str(batch.kernel, ": trial ", s, ", lane ", lane, " nibble ", j, ": metadata ", nibble,
                   " is not valid for mma.sp::ordered_metadata with .", elem_name(A.elem));
      Int k = sparse_k(A.elem, mc.col, nibble);
      a[static_cast<std::size_t>(mc.row + ins.M * k)] += a_slots.read(aw, x);
    }
    if (wg) {
      device::Descriptor desc = device::unpack(batch.aux[s * x_per + 1]);
      if (desc.layout_type != 0) return str(batch.kernel, ": the sparse simulator reads B without swizzle only");
      for (Int n = 0; n < ins.N; ++n)
        for (Int k = 0; k < ins.K; ++k)
          b[static_cast<std::size_t>(n + ins.N * k)] = get_byte(ins.b_elem, bw, sparse_b_byte(desc, elem_bits(ins.b_elem), n, k));
    } else {
      b_slots->read_into(b, bw, ins.N);
    }
    std::uint32_t* d = batch.d.data() + s * d_per;
    c_slots.write_from(d, mma_product(a, b, ins.M, ins.N, ins.K, Product::multiply), ins.N);
  }
  return "";
}

}  // namespace catlayout::gpu
