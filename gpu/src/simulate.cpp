// A CPU tensor core for testing the probe without a GPU: operands are read and the result
// written through the PTX formulas (catalogue.cpp), shared memory through device::smem_byte.
#include <cmath>

#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

namespace {

// The formula of f, with the fault's two slots exchanged when it names f's operand.
Coord where(Fragment const& f, Fault const& fault, Int t, Int v) {
  if (fault.operand == f.operand) {
    if (t == fault.t1 && v == fault.v1) return f.formula_at(fault.t2, fault.v2);
    if (t == fault.t2 && v == fault.v2) return f.formula_at(fault.t1, fault.v1);
  }
  return f.formula_at(t, v);
}

using Matrix = std::vector<double>;  // column-major rows x cols

Matrix from_registers(Fragment const& f, std::uint32_t const* words, Fault const& fault) {
  Matrix m(static_cast<std::size_t>(f.rows * f.cols), 0.0);
  for (Int t = 0; t < f.threads; ++t)
    for (Int v = 0; v < f.values; ++v) {
      Coord c = where(f, fault, t, v);
      m[static_cast<std::size_t>(c.row + f.rows * c.col)] = get(f, words + t * f.words(), v);
    }
  return m;
}

Matrix from_smem(Elem e, Int rows, Int K, std::uint32_t const* image) {
  Matrix m(static_cast<std::size_t>(rows * K), 0.0);
  for (Int r = 0; r < rows; ++r)
    for (Int k = 0; k < K; ++k) m[static_cast<std::size_t>(r + rows * k)] = get_smem(e, image, r, k);
  return m;
}

}  // namespace

std::string simulate(device::Batch& batch, Fault const& fault) {
  auto slash = batch.kernel.rfind('/');
  if (slash == std::string::npos) return "kernel name without /mode: " + batch.kernel;
  Instruction const* ins = find_instruction(batch.kernel.substr(0, slash));
  std::string mode = batch.kernel.substr(slash + 1);
  if (!ins) return "unknown instruction in " + batch.kernel;
  Fragment const* A = ins->fragment(Operand::A);
  Fragment const* B = ins->fragment(Operand::B);
  Fragment const* C = ins->fragment(Operand::C);
  bool a_smem = mode == "ss", b_smem = mode == "ss" || mode == "rs";
  if (!(mode == "rr" || mode == "ss" || mode == "rs") || !A || !C || (!b_smem && !B))
    return "no such kernel: " + batch.kernel;
  Elem in = A->elem;
  auto T = static_cast<std::size_t>(batch.trials);
  std::size_t a_per = static_cast<std::size_t>(a_smem ? ins->M * ins->K * elem_bits(in) / 32 : A->threads * A->words());
  std::size_t b_per = static_cast<std::size_t>(b_smem ? ins->N * ins->K * elem_bits(in) / 32 : B->threads * B->words());
  std::size_t d_per = static_cast<std::size_t>(C->threads * C->words());
  if (batch.a.size() != a_per * T || batch.b.size() != b_per * T)
    return str(batch.kernel, ": input sizes ", batch.a.size(), ", ", batch.b.size(), " for ", T, " trials, expected ",
               a_per * T, ", ", b_per * T);
  batch.d.assign(d_per * T, 0);
  for (std::size_t s = 0; s < T; ++s) {
    Matrix a = a_smem ? from_smem(in, ins->M, ins->K, batch.a.data() + s * a_per)
                      : from_registers(*A, batch.a.data() + s * a_per, fault);
    Matrix b = b_smem ? from_smem(in, ins->N, ins->K, batch.b.data() + s * b_per)
                      : from_registers(*B, batch.b.data() + s * b_per, fault);
    std::uint32_t* d = batch.d.data() + s * d_per;
    for (Int t = 0; t < C->threads; ++t)
      for (Int v = 0; v < C->values; ++v) {
        Coord mn = where(*C, fault, t, v);
        double acc = 0;
        for (Int k = 0; k < ins->K; ++k)
          acc += a[static_cast<std::size_t>(mn.row + ins->M * k)] * b[static_cast<std::size_t>(mn.col + ins->N * k)];
        put(*C, d + t * C->words(), v, static_cast<Int>(std::llround(acc)));
      }
  }
  return "";
}

}  // namespace catlayout::gpu
