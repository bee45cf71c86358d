// A CPU tensor core and copy unit for testing the probe without a GPU. Registers are read and
// written through the PTX formulas (catalogue.cpp); shared memory through the matrix descriptor,
// decoded here with the PTX ISA's canonical-layout formula (9.7.15.5.1.2), not the catalogue's
// layouts: start + the row and k offsets in bytes, then the swizzle's XOR of address bits.
#include <bit>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/ptx.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "simulator_parts.hpp"

namespace catlayout::gpu {

namespace {

using Matrix = std::vector<double>;  // column-major rows x cols

// The operand tile that one copy of the fragment's threads holds (the copy's lanes are in `slots`:
// mma.m8n8k4 .f16's quad-pairs compute four independent MMAs; every other fragment has one).
Matrix from_registers(Fragment const& f, Slots const& slots, std::uint32_t const* words) {
  Matrix m(static_cast<std::size_t>(f.rows * f.cols), 0.0);
  slots.read_into(m, words, f.rows);
  return m;
}

// PTX ISA 9.7.15.5.1.2: the byte a descriptor names for element (r, k) of an operand.
// K-major: rows of the swizzle width (16 bytes without swizzle), 8-row groups SBO apart; without
// swizzle, 16-byte columns LBO apart along K. MN-major: columns of the swizzle width along MN, 8 k
// of them per group; without swizzle MN groups SBO apart and k groups LBO apart, with swizzle MN
// atoms LBO apart and k groups SBO apart. Then bits [4, 4+b) ^= bits [7, 7+b).
Int descriptor_byte(device::Descriptor const& d, bool mn_major, int bits, Int r, Int k) {
  Int eb = bits / 8;
  Int w = d.layout_type == 0 ? 16 : d.layout_type == 1 ? 128 : d.layout_type == 2 ? 64 : 32;
  Int along = w / eb, byte;
  if (!mn_major)
    byte = (r % 8) * w + (r / 8) * d.sbo + (k % along) * eb + (k / along) * d.lbo;
  else if (d.layout_type == 0)
    byte = (r % along) * eb + (k % 8) * w + (r / along) * d.sbo + (k / 8) * d.lbo;
  else
    byte = (r % along) * eb + (k % 8) * w + (r / along) * d.lbo + (k / 8) * d.sbo;
  byte += d.start;
  Int b = std::bit_width(static_cast<std::uint64_t>(w / 16)) - 1;
  return byte ^ (((byte >> 7) & ((Int{1} << b) - 1)) << 4);
}

Matrix from_smem(Elem e, Int rows, Int K, std::uint32_t const* image, std::uint64_t desc, bool mn_major,
                 Fault const& fault, Operand op) {
  Matrix m(static_cast<std::size_t>(rows * K), 0.0);
  device::Descriptor d = device::unpack(desc);
  for (Int r = 0; r < rows; ++r)
    for (Int k = 0; k < K; ++k) {
      Int rr = r, kk = k;
      if (fault.smem && fault.operand == op) {
        if (r == fault.t1 && k == fault.v1) rr = fault.t2, kk = fault.v2;
        else if (r == fault.t2 && k == fault.v2) rr = fault.t1, kk = fault.v1;
      }
      m[static_cast<std::size_t>(r + rows * k)] = get_byte(e, image, descriptor_byte(d, mn_major, elem_bits(e), rr, kk));
    }
  return m;
}

std::string simulate_mma(Instruction const& ins, std::string const& mode, device::Batch& batch, Fault const& fault) {
  Fragment const* A = ins.fragment(Operand::A);
  Fragment const* B = ins.fragment(Operand::B);
  Fragment const* C = ins.fragment(Operand::C);
  bool a_smem = mode.starts_with("ss"), b_smem = ins.kind == Kind::wgmma;
  bool ta = mode == "ss.ta" || mode == "ss.tab", tb = mode == "ss.tb" || mode == "ss.tab";
  Elem in = A->elem;
  auto T = static_cast<std::size_t>(batch.trials);
  std::size_t a_per = batch.a.size() / T, b_per = batch.b.size() / T, x_per = batch.aux.size() / T;
  // mma.sync: words of all 32 lanes, the quad-pair fragments' four copies included.
  Int lanes = ins.kind == Kind::mma ? 32 : C->threads, copies = ins.kind == Kind::mma ? mma_copies(*C) : 1;
  std::size_t d_per = static_cast<std::size_t>(lanes * C->words());
  if (!a_smem && a_per != static_cast<std::size_t>(lanes * A->words()))
    return str(batch.kernel, ": ", a_per, " A words a trial, expected ", lanes * A->words());
  if (b_smem && x_per < 2) return str(batch.kernel, ": no descriptors");
  batch.d.assign(d_per * T, 0);
  // Each copy's slots of A, B (in registers) and C, read and written in every trial.
  std::vector<Slots> a_slots, b_slots, c_slots;
  for (Int q = 0; q < copies; ++q) {
    if (!a_smem) a_slots.emplace_back(*A, fault, [&](Int t) { return mma_lane(*A, t, q); });
    if (!b_smem) b_slots.emplace_back(*B, fault, [&](Int t) { return mma_lane(*B, t, q); });
    c_slots.emplace_back(*C, fault, [&](Int t) { return mma_lane(*C, t, q); });
  }
  Product op = ins.xor_popc ? Product::xor_popc : ins.and_popc ? Product::and_popc : Product::multiply;
  for (std::size_t s = 0; s < T; ++s) {
    std::uint64_t const* aux = batch.aux.data() + s * x_per;
    for (Int q = 0; q < copies; ++q) {
      auto qi = static_cast<std::size_t>(q);
      Matrix a = a_smem ? from_smem(in, ins.M, ins.K, batch.a.data() + s * a_per, aux[0], ta, fault, Operand::A)
                        : from_registers(*A, a_slots[qi], batch.a.data() + s * a_per);
      Matrix b = b_smem ? from_smem(ins.b_elem, ins.N, ins.K, batch.b.data() + s * b_per, aux[1], tb, fault, Operand::B)
                        : from_registers(*B, b_slots[qi], batch.b.data() + s * b_per);
      std::uint32_t* d = batch.d.data() + s * d_per;
      c_slots[qi].write_from(d, mma_product(a, b, ins.M, ins.N, ins.K, op), ins.N);
    }
  }
  return "";
}

// The source slot (thread, value) whose formula names element c.
std::pair<Int, Int> slot_of(Fragment const& f, Fault const& fault, Coord c) {
  for (Int t = 0; t < f.threads; ++t)
    for (Int v = 0; v < f.values; ++v)
      if (where(f, fault, t, v) == c) return {t, v};
  return {-1, -1};
}

std::string simulate_copy(Instruction const& ins, device::Batch& batch, Fault const& fault) {
  Fragment const &src = *ins.fragment(Operand::Src), &dst = *ins.fragment(Operand::Dst);
  if (batch.trials != 1) return "the copy probes run one trial";
  if (ins.kind == Kind::ldmatrix) {
    // dst (t, v) receives element (e, s): the row at lane s's address, element e.
    Int x = ins.copy_matrices();
    batch.d.assign(static_cast<std::size_t>(32 * x), 0);
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < dst.values; ++v) {
        Coord c = where(dst, fault, t, v);
        auto [st, sv] = slot_of(src, fault, c);  // the address lane and its element
        Int byte = static_cast<Int>(batch.aux[static_cast<std::size_t>(st)]) + 2 * sv;
        put(dst, batch.d.data() + t * x, v, static_cast<Int>(get_byte(Elem::b16, batch.a.data(), byte)));
      }
  } else if (ins.kind == Kind::stmatrix) {
    Int x = ins.copy_matrices();
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < src.values; ++v) {
        Coord c = where(src, fault, t, v);
        auto [at, av] = slot_of(dst, fault, c);
        Int byte = static_cast<Int>(batch.aux[static_cast<std::size_t>(at)]) + 2 * av;
        put_byte(Elem::b16, batch.d.data(), byte, static_cast<Int>(get(src, batch.a.data() + t * x, v)));
      }
  } else {
    batch.d.assign(32, 0);
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < 2; ++v) {
        auto [st, sv] = slot_of(src, fault, where(dst, fault, t, v));
        put(dst, batch.d.data() + t, v, static_cast<Int>(get(src, batch.a.data() + st, sv)));
      }
  }
  return "";
}

}  // namespace

std::string simulate(device::Batch& batch, Fault const& fault) {
  auto spec = kernel_spec(batch.kernel);
  if (!spec) return spec.error().what();
  if (batch.trials <= 0) return "a batch needs at least one trial";
  Instruction const& ins = *spec->instruction;
  if (ins.fragment(Operand::E)) return simulate_sparse(ins, spec->mode, batch, fault);  // simulate_sparse.cpp
  if (ins.kind == Kind::mma || ins.kind == Kind::wgmma) return simulate_mma(ins, spec->mode, batch, fault);
  return simulate_copy(ins, batch, fault);
}

}  // namespace catlayout::gpu
