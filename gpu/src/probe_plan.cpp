// Probe planning and decoding (see probe.hpp for the trial design).
#include <bit>
#include <cmath>
#include <cstring>

#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

// ---- element codecs

std::uint64_t encode(Elem e, Int value) {
  switch (e) {
    case Elem::f16: {  // an integer |x| <= 2048: exact in binary16
      if (value == 0) return 0;
      std::uint64_t sign = value < 0 ? 0x8000u : 0u;
      auto x = static_cast<std::uint64_t>(value < 0 ? -value : value);
      int ex = std::bit_width(x) - 1;
      std::uint64_t mant = ex <= 10 ? (x << (10 - ex)) & 0x3ffu : (x >> (ex - 10)) & 0x3ffu;
      return sign | (static_cast<std::uint64_t>(ex + 15) << 10) | mant;
    }
    case Elem::bf16: return std::bit_cast<std::uint32_t>(static_cast<float>(value)) >> 16;
    case Elem::tf32:
    case Elem::f32: return std::bit_cast<std::uint32_t>(static_cast<float>(value));
    case Elem::f64: return std::bit_cast<std::uint64_t>(static_cast<double>(value));
    case Elem::s8: return static_cast<std::uint64_t>(value) & 0xffu;
    case Elem::s4: return static_cast<std::uint64_t>(value) & 0xfu;
    case Elem::s32: return static_cast<std::uint64_t>(value) & 0xffffffffu;
  }
  return 0;
}

double decode(Elem e, std::uint64_t bits) {
  switch (e) {
    case Elem::f16: {
      double sign = (bits & 0x8000u) ? -1.0 : 1.0;
      int ex = static_cast<int>((bits >> 10) & 0x1fu);
      double mant = static_cast<double>(bits & 0x3ffu);
      if (ex == 31) return mant == 0 ? sign * INFINITY : NAN;
      if (ex == 0) return sign * std::ldexp(mant, -24);
      return sign * std::ldexp(1024.0 + mant, ex - 25);
    }
    case Elem::bf16: return std::bit_cast<float>(static_cast<std::uint32_t>(bits << 16));
    case Elem::tf32:
    case Elem::f32: return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    case Elem::f64: return std::bit_cast<double>(bits);
    case Elem::s8: return static_cast<std::int8_t>(bits & 0xffu);
    case Elem::s4: return static_cast<double>(static_cast<int>(bits & 0xfu) - ((bits & 0x8u) ? 16 : 0));
    case Elem::s32: return static_cast<std::int32_t>(bits & 0xffffffffu);
  }
  return 0;
}

void put(Fragment const& f, std::uint32_t* w, Int v, Int value) {
  Int reg = v / f.per_reg(), e = v % f.per_reg();
  std::uint64_t bits = encode(f.elem, value);
  if (f.elem == Elem::f64) {
    w[2 * reg] = static_cast<std::uint32_t>(bits);
    w[2 * reg + 1] = static_cast<std::uint32_t>(bits >> 32);
    return;
  }
  int width = elem_bits(f.elem);
  std::uint32_t mask = width == 32 ? 0xffffffffu : ((1u << width) - 1u);
  auto shift = static_cast<int>(e) * width;
  w[reg] = (w[reg] & ~(mask << shift)) | ((static_cast<std::uint32_t>(bits) & mask) << shift);
}

double get(Fragment const& f, std::uint32_t const* w, Int v) {
  Int reg = v / f.per_reg(), e = v % f.per_reg();
  if (f.elem == Elem::f64) return decode(f.elem, w[2 * reg] | (static_cast<std::uint64_t>(w[2 * reg + 1]) << 32));
  int width = elem_bits(f.elem);
  std::uint32_t mask = width == 32 ? 0xffffffffu : ((1u << width) - 1u);
  return decode(f.elem, (w[reg] >> (static_cast<int>(e) * width)) & mask);
}

void put_smem(Elem e, std::uint32_t* image, Int row, Int k, Int value) {
  auto bits = static_cast<std::uint32_t>(elem_bits(e));
  std::uint32_t byte = device::smem_byte(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(k), bits);
  std::uint64_t x = encode(e, value);
  for (std::uint32_t i = 0; i < bits / 8; ++i, ++byte) {
    std::uint32_t& w = image[byte / 4];
    int sh = static_cast<int>(byte % 4) * 8;
    w = (w & ~(0xffu << sh)) | (static_cast<std::uint32_t>((x >> (8 * i)) & 0xffu) << sh);
  }
}

double get_smem(Elem e, std::uint32_t const* image, Int row, Int k) {
  auto bits = static_cast<std::uint32_t>(elem_bits(e));
  std::uint32_t byte = device::smem_byte(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(k), bits);
  std::uint64_t x = 0;
  for (std::uint32_t i = 0; i < bits / 8; ++i, ++byte)
    x |= static_cast<std::uint64_t>((image[byte / 4] >> ((byte % 4) * 8)) & 0xffu) << (8 * i);
  return decode(e, x);
}

namespace {

Int bit(Int x, Int p) { return (x >> p) & 1; }
Int planes_for(Int n) { return std::bit_width(static_cast<std::uint64_t>(n)); }  // codes 1..n

// A batch of `trials` trials with per-trial input sizes; words are zero-initialised.
struct Plan {
  device::Batch batch;
  std::size_t a_per, b_per, d_per;
  Plan(std::string kernel, Int trials, Int a_per_trial, Int b_per_trial, Int d_per_trial)
      : a_per(static_cast<std::size_t>(a_per_trial)), b_per(static_cast<std::size_t>(b_per_trial)),
        d_per(static_cast<std::size_t>(d_per_trial)) {
    batch.kernel = std::move(kernel);
    batch.trials = static_cast<int>(trials);
    batch.a.assign(a_per * static_cast<std::size_t>(trials), 0);
    batch.b.assign(b_per * static_cast<std::size_t>(trials), 0);
    batch.d.assign(d_per * static_cast<std::size_t>(trials), 0);
  }
  std::uint32_t* a(Int trial) { return batch.a.data() + a_per * static_cast<std::size_t>(trial); }
  std::uint32_t* b(Int trial) { return batch.b.data() + b_per * static_cast<std::size_t>(trial); }
  std::uint32_t const* d(Int trial) const { return batch.d.data() + d_per * static_cast<std::size_t>(trial); }
};

// Register words of thread t in one trial's per-thread block.
std::uint32_t* thread_words(std::uint32_t* base, Fragment const& f, Int t) { return base + t * f.words(); }
std::uint32_t const* thread_words(std::uint32_t const* base, Fragment const& f, Int t) {
  return base + t * f.words();
}

// Reads accumulator slot (t, v) of a trial and checks it is an integer.
struct Reading {
  double value;
  bool integral;
};
Reading read(Plan const& p, Fragment const& C, Int trial, Int t, Int v) {
  double x = get(C, thread_words(p.d(trial), C, t), v);
  return {x, std::isfinite(x) && x == std::floor(x)};
}

// Bit-plane decoding: slot (t, v) of C across `planes` trials starting at `first`, each plane
// reading 0 or `unit`. Returns the code (0 = nothing arrived) or -1 with a note otherwise.
Int read_code(Plan const& p, Fragment const& C, Int first, Int planes, Int t, Int v, std::string& note,
              Int unit = 1) {
  Int code = 0;
  for (Int q = 0; q < planes; ++q) {
    Reading r = read(p, C, first + q, t, v);
    if (!(r.value == 0 || r.value == static_cast<double>(unit))) {
      note = str("accumulator read ", r.value, " in a trial whose answers are 0 or ", unit);
      return -1;
    }
    code |= (r.value == 0 ? 0 : Int{1}) << q;
  }
  return code;
}

std::string fail_run(std::string const& kernel, std::string const& why) { return kernel + ": " + why; }

// ---------------------------------------------------------------- mma.sync

Result<ObservedMap> observe_mma_c(Instruction const& ins, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  Int pm = planes_for(ins.M), pn = planes_for(ins.N);
  Plan p(ins.name + "/rr", pm + pn, 32 * A.words(), 32 * B.words(), 32 * C.words());
  // Every k carries the row's bit, so D reads 0 or K: only the layouts' rows (m of A, n of B)
  // are relied on, not which slot holds which k.
  for (Int q = 0; q < pm + pn; ++q) {
    bool m_phase = q < pm;
    for (Int t = 0; t < 32; ++t) {
      for (Int v = 0; v < A.values; ++v)
        put(A, thread_words(p.a(q), A, t), v, m_phase ? bit(A.layout_at(t, v).row + 1, q) : 1);
      for (Int v = 0; v < B.values; ++v)
        put(B, thread_words(p.b(q), B, t), v, m_phase ? 1 : bit(B.layout_at(t, v).row + 1, q - pm));
    }
  }
  if (auto e = run(p.batch); !e.empty()) return fail(ErrorKind::invalid_input, fail_run(p.batch.kernel, e));
  ObservedMap obs(32, C.values);
  for (Int t = 0; t < 32; ++t)
    for (Int v = 0; v < C.values; ++v) {
      std::string note;
      Int m = read_code(p, C, 0, pm, t, v, note, ins.K);
      Int n = note.empty() ? read_code(p, C, pm, pn, t, v, note, ins.K) : -1;
      if (!note.empty()) {
        obs.add_note(t, v, note);
      } else if (m <= 0 || n <= 0 || m > ins.M || n > ins.N) {
        obs.add_note(t, v, str("row code ", m, ", column code ", n, " (0: no product reached this slot)"));
      } else {
        obs.set(t, v, {m - 1, n - 1});
      }
    }
  return obs;
}

// One-hot trials for A (which = A) or B (which = B); the other operand carries slot codes.
Result<ObservedMap> observe_mma_ab(Instruction const& ins, Operand which, ObservedMap const& obs_c,
                                   Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  Fragment const& hot = which == Operand::A ? A : B;    // one slot set to 1
  Fragment const& code = which == Operand::A ? B : A;   // slot j carries bit planes of j + 1
  Int slots = 32 * hot.values, planes = planes_for(32 * code.values);
  Plan p(ins.name + "/rr", slots * planes, 32 * A.words(), 32 * B.words(), 32 * C.words());
  for (Int s = 0; s < slots; ++s)
    for (Int q = 0; q < planes; ++q) {
      Int trial = s * planes + q;
      std::uint32_t* hot_base = which == Operand::A ? p.a(trial) : p.b(trial);
      std::uint32_t* code_base = which == Operand::A ? p.b(trial) : p.a(trial);
      put(hot, thread_words(hot_base, hot, s % 32), s / 32, 1);
      for (Int t = 0; t < 32; ++t)
        for (Int v = 0; v < code.values; ++v) put(code, thread_words(code_base, code, t), v, bit(t + 32 * v + 1, q));
    }
  if (auto e = run(p.batch); !e.empty()) return fail(ErrorKind::invalid_input, fail_run(p.batch.kernel, e));

  Int expect_lit = which == Operand::A ? ins.N : ins.M;
  ObservedMap obs(32, hot.values);
  for (Int s = 0; s < slots; ++s) {
    Int ht = s % 32, hv = s / 32, lit = 0;
    Coord found;
    std::string note;
    for (Int t = 0; t < 32 && note.empty(); ++t)
      for (Int v = 0; v < C.values && note.empty(); ++v) {
        Int c = read_code(p, C, s * planes, planes, t, v, note);
        if (c <= 0) continue;
        ++lit;
        Coord mn = obs_c.get(t, v);  // the accumulator slot's observed (m, n)
        if (c > 32 * code.values) {
          note = str("slot code ", c, " out of range");
          break;
        }
        Coord other = code.layout_at((c - 1) % 32, (c - 1) / 32);  // catalogue (row, k) of the coded slot
        // A one-hot: (m, k) = (row of the accumulator, k of the B slot); B one-hot: (n, k) likewise.
        Coord here = which == Operand::A ? Coord{mn.row, other.col} : Coord{mn.col, other.col};
        Int shared = which == Operand::A ? mn.col : mn.row;  // must equal the coded slot's row
        if (mn.row < 0) note = str("accumulator (thread ", t, ", value ", v, ") has no observed (m,n)");
        else if (other.row != shared)
          note = str("accumulator (thread ", t, ", value ", v, ") received the slot holding ", to_string(other),
                     " of ", operand_name(code.operand), " but sits at ", to_string(mn));
        else if (found.row >= 0 && here != found)
          note = str("lit accumulators disagree: ", to_string(found), " and ", to_string(here));
        else found = here;
      }
    if (note.empty() && lit != expect_lit)
      note = str(lit, " accumulator slots lit, expected ", expect_lit);
    if (!note.empty()) obs.add_note(ht, hv, note);
    else obs.set(ht, hv, found);
  }
  return obs;
}

// ---------------------------------------------------------------- wgmma

Int smem_words(Int rows, Int K, Elem e) { return rows * K * elem_bits(e) / 32; }

Result<ObservedMap> observe_wgmma_c(Instruction const& ins, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  Elem e = A.elem;
  Plan p(ins.name + "/ss", 2, smem_words(ins.M, ins.K, e), smem_words(ins.N, ins.K, e), 128 * C.words());
  for (Int k = 0; k < ins.K; ++k) {
    for (Int m = 0; m < ins.M; ++m) {
      put_smem(e, p.a(0), m, k, m + 1);  // trial 0: D = K (m+1)
      put_smem(e, p.a(1), m, k, 1);      // trial 1: D = K (n+1)
    }
    for (Int n = 0; n < ins.N; ++n) {
      put_smem(e, p.b(0), n, k, 1);
      put_smem(e, p.b(1), n, k, n + 1);
    }
  }
  if (auto err = run(p.batch); !err.empty()) return fail(ErrorKind::invalid_input, fail_run(p.batch.kernel, err));
  ObservedMap obs(128, C.values);
  for (Int t = 0; t < 128; ++t)
    for (Int v = 0; v < C.values; ++v) {
      Reading rm = read(p, C, 0, t, v), rn = read(p, C, 1, t, v);
      double m = rm.value / static_cast<double>(ins.K) - 1, n = rn.value / static_cast<double>(ins.K) - 1;
      if (!rm.integral || !rn.integral || m != std::floor(m) || n != std::floor(n) || m < 0 || n < 0 ||
          m >= static_cast<double>(ins.M) || n >= static_cast<double>(ins.N))
        obs.add_note(t, v, str("read ", rm.value, " and ", rn.value, ", not K*(m+1) and K*(n+1) with K = ", ins.K));
      else obs.set(t, v, {static_cast<Int>(m), static_cast<Int>(n)});
    }
  return obs;
}

Result<ObservedMap> observe_wgmma_a(Instruction const& ins, ObservedMap const& obs_c, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  Int slots = 128 * A.values;
  Plan p(ins.name + "/rs", slots, 128 * A.words(), smem_words(ins.N, ins.K, A.elem), 128 * C.words());
  for (Int s = 0; s < slots; ++s) {
    put(A, thread_words(p.a(s), A, s % 128), s / 128, 1);
    for (Int n = 0; n < ins.N; ++n)
      for (Int k = 0; k < ins.K; ++k) put_smem(A.elem, p.b(s), n, k, k + 1);
  }
  if (auto err = run(p.batch); !err.empty()) return fail(ErrorKind::invalid_input, fail_run(p.batch.kernel, err));
  ObservedMap obs(128, A.values);
  for (Int s = 0; s < slots; ++s) {
    Int lit = 0;
    Coord found;
    std::string note;
    for (Int t = 0; t < 128 && note.empty(); ++t)
      for (Int v = 0; v < C.values && note.empty(); ++v) {
        Reading r = read(p, C, s, t, v);
        if (r.value == 0) continue;
        ++lit;
        Coord mn = obs_c.get(t, v);
        Coord here{mn.row, static_cast<Int>(r.value) - 1};
        if (!r.integral || r.value < 1 || r.value > static_cast<double>(ins.K))
          note = str("accumulator read ", r.value, ", not k+1");
        else if (mn.row < 0) note = str("accumulator (thread ", t, ", value ", v, ") has no observed (m,n)");
        else if (found.row >= 0 && here != found)
          note = str("lit accumulators disagree: ", to_string(found), " and ", to_string(here));
        else found = here;
      }
    if (note.empty() && lit != ins.N) note = str(lit, " accumulator slots lit, expected ", ins.N);
    if (!note.empty()) obs.add_note(s % 128, s / 128, note);
    else obs.set(s % 128, s / 128, found);
  }
  return obs;
}

OperandObservation judged(Fragment const& f, ObservedMap m) {
  Verdict v = compare(f, m);
  return {f.operand, std::move(m), std::move(v)};
}

}  // namespace

Result<InstructionObservation> observe(Instruction const& ins, Runner const& run) {
  InstructionObservation out{ins.name, {}};
  Fragment const* C = ins.fragment(Operand::C);
  Fragment const* A = ins.fragment(Operand::A);
  Fragment const* B = ins.fragment(Operand::B);
  if (!C || !A) return fail(ErrorKind::invalid_input, ins.name, ": the probe needs the A and C fragments");
  if (ins.name.starts_with("mma.")) {
    if (!B) return fail(ErrorKind::invalid_input, ins.name, ": mma.sync needs the B fragment");
    CL_TRY(obs_c, observe_mma_c(ins, run));
    CL_TRY(obs_a, observe_mma_ab(ins, Operand::A, obs_c, run));
    CL_TRY(obs_b, observe_mma_ab(ins, Operand::B, obs_c, run));
    out.operands.push_back(judged(*A, std::move(obs_a)));
    out.operands.push_back(judged(*B, std::move(obs_b)));
    out.operands.push_back(judged(*C, std::move(obs_c)));
  } else {
    CL_TRY(obs_c, observe_wgmma_c(ins, run));
    CL_TRY(obs_a, observe_wgmma_a(ins, obs_c, run));
    out.operands.push_back(judged(*C, std::move(obs_c)));
    out.operands.push_back(judged(*A, std::move(obs_a)));
  }
  return out;
}

}  // namespace catlayout::gpu
