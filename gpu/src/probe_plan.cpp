// Probe planning and decoding (see probe.hpp for the trial design).
#include <bit>
#include <cmath>
#include <algorithm>
#include <cstring>
#include <functional>

#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "register_codes.hpp"

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
    case Elem::s8: case Elem::u8: return static_cast<std::uint64_t>(value) & 0xffu;
    case Elem::s4: case Elem::u4: return static_cast<std::uint64_t>(value) & 0xfu;
    case Elem::b1: return static_cast<std::uint64_t>(value) & 1u;
    case Elem::b16: return static_cast<std::uint64_t>(value) & 0xffffu;
    case Elem::s32: return static_cast<std::uint64_t>(value) & 0xffffffffu;
    case Elem::e4m3: case Elem::e5m2: {  // an integer 0 <= x <= 15 (e5m2: <= 8): exact
      if (value <= 0) return 0;
      auto x = static_cast<std::uint64_t>(value);
      int ex = std::bit_width(x) - 1, mbits = e == Elem::e4m3 ? 3 : 2, bias = e == Elem::e4m3 ? 7 : 15;
      std::uint64_t mant = ((x << mbits) >> ex) & ((1u << mbits) - 1u);
      return (static_cast<std::uint64_t>(ex + bias) << mbits) | mant;
    }
    // Types without a codec here (b32; e2m1 and the ue8m0 / ue4m3 scales of the block-scaled mma).
    case Elem::b32: case Elem::e2m1: case Elem::ue8m0: case Elem::ue4m3: return 0;
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
    case Elem::u8: return static_cast<double>(bits & 0xffu);
    case Elem::s4: return static_cast<double>(static_cast<int>(bits & 0xfu) - ((bits & 0x8u) ? 16 : 0));
    case Elem::u4: return static_cast<double>(bits & 0xfu);
    case Elem::b1: return static_cast<double>(bits & 1u);
    case Elem::b16: return static_cast<double>(bits & 0xffffu);
    case Elem::s32: return static_cast<std::int32_t>(bits & 0xffffffffu);
    case Elem::e4m3: case Elem::e5m2: {  // normal numbers and zero (the probe sends nothing else)
      int mbits = e == Elem::e4m3 ? 3 : 2, bias = e == Elem::e4m3 ? 7 : 15;
      int ex = static_cast<int>((bits & 0x7fu) >> mbits);
      double mant = static_cast<double>(bits & ((1u << mbits) - 1u));
      double sign = (bits & 0x80u) ? -1.0 : 1.0;
      if (ex == 0) return sign * std::ldexp(mant, 1 - bias - mbits);
      return sign * std::ldexp((1u << mbits) + mant, ex - bias - mbits);
    }
    case Elem::b32: case Elem::e2m1: case Elem::ue8m0: case Elem::ue4m3: return 0;  // no codec here (as in encode)
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
  auto shift = static_cast<int>(e) * width;  // b1: element e is bit e
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
  put_byte(e, image, device::smem_byte(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(k),
                                       static_cast<std::uint32_t>(elem_bits(e))), value);
}

void put_byte(Elem e, std::uint32_t* image, Int at, Int value) {
  auto bits = static_cast<std::uint32_t>(elem_bits(e));
  auto byte = static_cast<std::uint32_t>(at);
  std::uint64_t x = encode(e, value);
  for (std::uint32_t i = 0; i < bits / 8; ++i, ++byte) {
    std::uint32_t& w = image[byte / 4];
    int sh = static_cast<int>(byte % 4) * 8;
    w = (w & ~(0xffu << sh)) | (static_cast<std::uint32_t>((x >> (8 * i)) & 0xffu) << sh);
  }
}

double get_smem(Elem e, std::uint32_t const* image, Int row, Int k) {
  return get_byte(e, image, device::smem_byte(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(k),
                                              static_cast<std::uint32_t>(elem_bits(e))));
}

double get_byte(Elem e, std::uint32_t const* image, Int at) {
  auto bits = static_cast<std::uint32_t>(elem_bits(e));
  auto byte = static_cast<std::uint32_t>(at);
  std::uint64_t x = 0;
  for (std::uint32_t i = 0; i < bits / 8; ++i, ++byte)
    x |= static_cast<std::uint64_t>((image[byte / 4] >> ((byte % 4) * 8)) & 0xffu) << (8 * i);
  return decode(e, x);
}

namespace {

Int bit(Int x, Int p) { return (x >> p) & 1; }
Int planes_for(Int n) { return std::bit_width(static_cast<std::uint64_t>(n)); }  // codes 1..n

// A batch of `trials` trials with per-trial sizes; words are zero-initialised.
struct Plan {
  device::Batch batch;
  std::size_t a_per, b_per, d_per, x_per;
  Plan(std::string kernel, Int trials, Int a_per_trial, Int b_per_trial, Int d_per_trial, Int aux_per_trial = 0)
      : a_per(static_cast<std::size_t>(a_per_trial)), b_per(static_cast<std::size_t>(b_per_trial)),
        d_per(static_cast<std::size_t>(d_per_trial)), x_per(static_cast<std::size_t>(aux_per_trial)) {
    batch.kernel = std::move(kernel);
    batch.trials = static_cast<int>(trials);
    batch.a.assign(a_per * static_cast<std::size_t>(trials), 0);
    batch.b.assign(b_per * static_cast<std::size_t>(trials), 0);
    batch.d.assign(d_per * static_cast<std::size_t>(trials), 0);
    batch.aux.assign(x_per * static_cast<std::size_t>(trials), 0);
  }
  std::uint32_t* a(Int trial) { return batch.a.data() + a_per * static_cast<std::size_t>(trial); }
  std::uint32_t* b(Int trial) { return batch.b.data() + b_per * static_cast<std::size_t>(trial); }
  std::uint64_t* aux(Int trial) { return batch.aux.data() + x_per * static_cast<std::size_t>(trial); }
  std::uint32_t const* d(Int trial) const { return batch.d.data() + d_per * static_cast<std::size_t>(trial); }
};

std::string fail_run(std::string const& kernel, std::string const& why) { return kernel + ": " + why; }

Result<bool> execute(Plan& p, Runner const& run) {
  if (auto e = run(p.batch); !e.empty()) return fail(ErrorKind::invalid_input, fail_run(p.batch.kernel, e));
  return true;
}

// Register words of thread t in one trial's per-thread block.
std::uint32_t* thread_words(std::uint32_t* base, Fragment const& f, Int t) { return base + t * f.words(); }
std::uint32_t const* thread_words(std::uint32_t const* base, Fragment const& f, Int t) {
  return base + t * f.words();
}

// Writes slot (t, v) of an mma.sync fragment in every lane holding it (mma_lane: the four
// quad-pairs of mma.m8n8k4 .f16 get the same inputs, so they compute the same MMA).
void put_slot(Fragment const& f, std::uint32_t* base, Int t, Int v, Int value) {
  for (Int q = 0; q < mma_copies(f); ++q) put(f, thread_words(base, f, mma_lane(f, t, q)), v, value);
}

// Reads accumulator slot (t, v) of a trial; NaN when the lanes holding it (the quad-pairs'
// copies) disagree.
double read(Plan const& p, Fragment const& C, Int trial, Int t, Int v) {
  double x = get(C, thread_words(p.d(trial), C, mma_lane(C, t, 0)), v);
  for (Int q = 1; q < mma_copies(C); ++q)
    if (get(C, thread_words(p.d(trial), C, mma_lane(C, t, q)), v) != x) return std::nan("");
  return x;
}

// Bit-plane decoding of slot (t, v) across `planes` trials from `first`, each reading 0 or `unit`
// (xor-popc: the difference to the baseline trial `base + q` reads 0, +1 or -1, and -1 is a one).
// Returns the code (0: nothing arrived) or -1 with a note.
Int read_code(Plan const& p, Fragment const& C, Int first, Int planes, Int t, Int v, std::string& note,
              Int unit = 1, Int base = -1) {
  Int code = 0;
  bool lit = false;
  for (Int q = 0; q < planes; ++q) {
    double x = read(p, C, first + q, t, v);
    if (std::isnan(x)) {
      note = "the quad-pairs' copies of this accumulator disagree (they compute one MMA on the same inputs)";
      return -1;
    }
    if (base >= 0) {
      double diff = x - read(p, C, base + q, t, v);
      if (!(diff == 0 || diff == 1 || diff == -1)) {
        note = str("accumulator moved by ", diff, " from its baseline; xor-popc moves it by 0 or 1");
        return -1;
      }
      lit = lit || diff != 0;
      code |= (diff == -1 ? Int{1} : Int{0}) << q;
      continue;
    }
    if (!(x == 0 || x == static_cast<double>(unit))) {
      note = str("accumulator read ", x, " in a trial whose answers are 0 or ", unit);
      return -1;
    }
    code |= (x == 0 ? 0 : Int{1}) << q;
  }
  if (base >= 0) return lit ? code + 1 : 0;  // xor: codes are sent as j, not j + 1 (see below)
  return code;
}

// The C observation's reading: planes of m+1 from trial 0, then of n+1, each 0 or K.
ObservedMap decode_accumulators(Plan const& p, Instruction const& ins, Fragment const& C, Int pm, Int pn) {
  return accumulator_from_codes(C.threads, C.values, pm, pn, ins.M, ins.N,
                                [&](Int first, Int planes, Int t, Int v, std::string& note) {
                                  return read_code(p, C, first, planes, t, v, note, ins.K);
                                });
}

// ---------------------------------------------------------------- mma.sync

// C: every k of A's row m carries bit p of (m+1), B is 1 (xor-popc: 0), so D reads K or 0; then the
// same for n. Only the layouts' rows (m of A, n of B) are relied on, not which slot holds which k.
Result<ObservedMap> observe_mma_c(Instruction const& ins, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  Int pm = planes_for(ins.M), pn = planes_for(ins.N), other = ins.xor_popc ? 0 : 1;
  Plan p(ins.name + "/rr", pm + pn, 32 * A.words(), 32 * B.words(), 32 * C.words());
  for (Int q = 0; q < pm + pn; ++q) {
    bool m_phase = q < pm;
    for (Int t = 0; t < A.threads; ++t)
      for (Int v = 0; v < A.values; ++v) put_slot(A, p.a(q), t, v, m_phase ? bit(A.layout_at(t, v).row + 1, q) : other);
    for (Int t = 0; t < B.threads; ++t)
      for (Int v = 0; v < B.values; ++v)
        put_slot(B, p.b(q), t, v, m_phase ? other : bit(B.layout_at(t, v).row + 1, q - pm));
  }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return decode_accumulators(p, ins, C, pm, pn);
}

// One-hot trials for A (which = A) or B (which = B); the other operand's slot j carries bit planes
// of j + 1. xor-popc: slot j carries the planes of j and each plane has a baseline trial with the
// one-hot operand all zero; the difference to it is 1 - 2 b at the lit accumulators.
Result<ObservedMap> observe_mma_ab(Instruction const& ins, Operand which, ObservedMap const& obs_c,
                                   Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  Fragment const& hot = which == Operand::A ? A : B;
  Fragment const& code = which == Operand::A ? B : A;
  Int slots = hot.threads * hot.values, code_slots = code.threads * code.values, planes = planes_for(code_slots);
  Int shift = ins.xor_popc ? 0 : 1;                  // codes j + 1 (product), j (xor-popc)
  Int base = ins.xor_popc ? slots * planes : -1;     // first baseline trial
  Plan p(ins.name + "/rr", slots * planes + (ins.xor_popc ? planes : 0), 32 * A.words(), 32 * B.words(),
         32 * C.words());
  auto fill_codes = [&](Int trial, Int q) {
    std::uint32_t* code_base = which == Operand::A ? p.b(trial) : p.a(trial);
    for (Int t = 0; t < code.threads; ++t)
      for (Int v = 0; v < code.values; ++v) put_slot(code, code_base, t, v, bit(t + code.threads * v + shift, q));
  };
  for (Int s = 0; s < slots; ++s)
    for (Int q = 0; q < planes; ++q) {
      Int trial = s * planes + q;
      put_slot(hot, which == Operand::A ? p.a(trial) : p.b(trial), s % hot.threads, s / hot.threads, 1);
      fill_codes(trial, q);
    }
  if (ins.xor_popc)
    for (Int q = 0; q < planes; ++q) fill_codes(base + q, q);
  CL_TRY(ok, execute(p, run));
  (void)ok;
  Int expect_lit = which == Operand::A ? ins.N : ins.M;
  return one_hot_map(hot.threads, hot.values, [&](Int s, Coord& found, std::string& note) {
    Int lit = for_each_lit(
        C.threads, C.values, obs_c, note,
        [&](Int t, Int v, std::string& n) { return read_code(p, C, s * planes, planes, t, v, n, 1, base); },
        [&](Int t, Int v, Int c, Coord mn) {  // mn: the accumulator slot's observed (m, n)
          if (c > code_slots) {
            note = str("slot code ", c, " out of range");
            return;
          }
          Coord other = code.layout_at((c - 1) % code.threads, (c - 1) / code.threads);  // catalogue (row, k) of the coded slot
          Coord here = which == Operand::A ? Coord{mn.row, other.col} : Coord{mn.col, other.col};
          // The coded slot's row must be mn's column (A one-hot: B's n) or row (B one-hot: A's m).
          agree_lit(t, v, mn, other, which == Operand::A ? mn.col : mn.row, code.operand, here, found, note);
        });
    if (note.empty() && lit != expect_lit) note = str(lit, " accumulator slots lit, expected ", expect_lit);
  });
}

// ---------------------------------------------------------------- wgmma

// An operand in shared memory: the byte of (row, k) in its image, and the descriptor that says so.
struct SmemOperand {
  Elem elem;
  Int rows, K;
  std::function<Int(Int, Int)> byte;
  device::Descriptor desc;
  Int image_bytes;
  Int words() const { return (image_bytes + 3) / 4; }
};

// The anchor: canonical K-major layout without swizzle, 8 x 16-byte core matrices, LBO 128
// (core matrices adjacent in K), SBO 256 (adjacent in M/N); confirmed by the C observation.
SmemOperand anchor_operand(Elem e, Int rows, Int K) {
  auto bits = static_cast<std::uint32_t>(elem_bits(e));
  return {e, rows, K,
          [bits](Int r, Int k) {
            return static_cast<Int>(device::smem_byte(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(k), bits));
          },
          {0, device::kLeadingByteOffset, device::kStrideByteOffset, 0}, rows / 8 * device::kStrideByteOffset};
}

// The instruction's A (or B) tile through its anchor image, every k of row r holding value(r, k).
void fill_anchor(SmemOperand const& op, std::uint32_t* image, std::function<Int(Int, Int)> const& value) {
  for (Int r = 0; r < op.rows; ++r)
    for (Int k = 0; k < op.K; ++k) put_byte(op.elem, image, op.byte(r, k), value(r, k));
}

Int d_words(Fragment const& C) { return 128 * C.words(); }

// C: A[m][k] = bit p of (m+1) for every k and B = 1, then A = 1 and B[n][k] = bit p of (n+1):
// each accumulator reads 0 or K and spells its m, then its n, over the planes.
Result<ObservedMap> observe_wgmma_c(Instruction const& ins, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  SmemOperand a = anchor_operand(A.elem, ins.M, ins.K), b = anchor_operand(ins.b_elem, ins.N, ins.K);
  Int pm = planes_for(ins.M), pn = planes_for(ins.N);
  Plan p(ins.name + "/ss", pm + pn, a.words(), b.words(), d_words(C), 2);
  for (Int q = 0; q < pm + pn; ++q) {
    bool m_phase = q < pm;
    fill_anchor(a, p.a(q), [&](Int m, Int) { return m_phase ? bit(m + 1, q) : 1; });
    fill_anchor(b, p.b(q), [&](Int n, Int) { return m_phase ? 1 : bit(n + 1, q - pm); });
    p.aux(q)[0] = device::pack(a.desc);
    p.aux(q)[1] = device::pack(b.desc);
  }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return decode_accumulators(p, ins, C, pm, pn);
}

// Register A: slot (t, v) carries bit planes of t + 128 v + 1, and B selects one k a column:
// B[n][k] = 1 iff k = g N + n, so accumulator (m, n) of group g reads A[m][g N + n] directly.
Result<ObservedMap> observe_wgmma_a(Instruction const& ins, ObservedMap const& obs_c, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  SmemOperand b = anchor_operand(ins.b_elem, ins.N, ins.K);
  Int planes = planes_for(128 * A.values), groups = (ins.K + ins.N - 1) / ins.N;
  Plan p(ins.name + "/rs", planes * groups, 128 * A.words(), b.words(), d_words(C), 2);
  for (Int g = 0; g < groups; ++g)
    for (Int q = 0; q < planes; ++q) {
      Int trial = g * planes + q;
      for (Int t = 0; t < 128; ++t)
        for (Int v = 0; v < A.values; ++v) put(A, thread_words(p.a(trial), A, t), v, bit(t + 128 * v + 1, q));
      fill_anchor(b, p.b(trial), [&](Int n, Int k) { return k == g * ins.N + n ? 1 : 0; });
      p.aux(trial)[1] = device::pack(b.desc);
    }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return slots_from_codes(
      A.values, groups, C.values, obs_c, [&](Int g, Int n) { return g * ins.N + n < ins.K ? g * ins.N + n : -1; },
      [&](Int g, Int t, Int v, std::string& note) { return read_code(p, C, g * planes, planes, t, v, note); });
}

// ---------------------------------------------------------------- ldmatrix / stmatrix / movmatrix

// The copies' image is 128 slots of 16 bytes (2 KiB), anchored on memory: element e of slot m
// always holds (ldmatrix) the code 1 + e + 8 m. A lane's address is the aux word it gave, and each
// side of a copy is read through the other side's fragment, so each is judged on a map of its own:
// the address side (ldmatrix `src`, stmatrix `dst`) by which lane's address each element went
// through, the register side by where it landed. Two batches give the lanes different slots:
// batch 0 a scattered permutation, batch 1 another lane's slot of batch 0 (lanes cross the 8-row
// matrices), so a row read by where it sits in memory, or by the lane's place in the warp rather
// than its address, shows as two batches that disagree.
constexpr Int kCopySlots = 128;
constexpr Int kCopyImageWords = 16 * kCopySlots / 4;
constexpr Int kCopyBatches = 2;
Int lane_slot(Int batch, Int s) {
  Int l = batch == 0 ? s : (13 * s + 5) % 32;  // 13 is odd: a permutation of the 32 lanes
  return (37 * l + 11) % kCopySlots;           // 37 is odd: scattered over the image
}

// The lane whose address (as the batch sent it: aux) is slot m, or -1 where no lane gave it.
std::vector<Int> lanes_by_slot(Plan const& p) {
  std::vector<Int> lane(kCopySlots, -1);
  for (Int s = 0; s < 32; ++s) {
    auto byte = static_cast<Int>(p.batch.aux[static_cast<std::size_t>(s)]);
    if (byte % 16 == 0 && byte >= 0 && byte / 16 < kCopySlots) lane[static_cast<std::size_t>(byte / 16)] = s;
  }
  return lane;
}

// The lane through whose address slot m went, or a note saying why none qualifies.
Int address_lane(std::vector<Int> const& lanes, Int m, Int rows, std::string& why) {
  Int s = lanes[static_cast<std::size_t>(m)];
  if (s < 0) why = str("slot ", m, " of the image, an address no lane gave");
  else if (s >= rows) why = str("the row at lane ", s, "'s address; only lanes 0..", rows - 1, " take part");
  return why.empty() ? s : -1;
}

// One batch's two maps, each side read through the other's fragment.
struct CopyMaps {
  ObservedMap src, dst;
};

// Pairs source slot (ts, vs) with destination slot (td, vd): each side observes the other's
// expected place; a slot met a second time in the batch gets a note.
void pair_slots(Instruction const& ins, CopyMaps& m, Int ts, Int vs, Int td, Int vd) {
  Fragment const &src = *ins.fragment(Operand::Src), &dst = *ins.fragment(Operand::Dst);
  if (m.src.get(ts, vs).row >= 0) m.src.add_note(ts, vs, "met twice");
  if (m.dst.get(td, vd).row >= 0) m.dst.add_note(td, vd, "met twice");
  m.src.set(ts, vs, dst.layout_at(td, vd));
  m.dst.set(td, vd, src.layout_at(ts, vs));
}

// Plans, runs and reads one batch of a copy.
Result<CopyMaps> copy_batch(Instruction const& ins, Int batch, Runner const& run) {
  Fragment const &src = *ins.fragment(Operand::Src), &dst = *ins.fragment(Operand::Dst);
  CopyMaps m{ObservedMap(src.threads, src.values), ObservedMap(dst.threads, dst.values)};
  std::string const kernel = ins.name + "/copy";
  if (ins.kind == Kind::ldmatrix) {
    Int x = ins.copy_matrices();
    Plan p(kernel, 1, kCopyImageWords, 0, 32 * x, 32);
    for (Int s = 0; s < 32; ++s) p.aux(0)[s] = static_cast<std::uint64_t>(16 * lane_slot(batch, s));
    for (Int slot = 0; slot < kCopySlots; ++slot)
      for (Int e = 0; e < 8; ++e) put_byte(Elem::b16, p.a(0), 16 * slot + 2 * e, 1 + e + 8 * slot);
    CL_TRY(ok, execute(p, run));
    (void)ok;
    auto lanes = lanes_by_slot(p);
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < dst.values; ++v) {
        Int c = static_cast<Int>(get(dst, p.d(0) + t * x, v));
        std::string why;
        Int s = c < 1 || c > 8 * kCopySlots ? -1 : address_lane(lanes, (c - 1) / 8, src.threads, why);
        if (s >= 0) pair_slots(ins, m, s, (c - 1) % 8, t, v);
        else m.dst.add_note(t, v, why.empty() ? str("register held ", c, ", no code of the image") : "held " + why);
      }
  } else if (ins.kind == Kind::stmatrix) {
    Int x = ins.copy_matrices();
    Plan p(kernel, 1, 32 * x, 0, kCopyImageWords, 32);
    for (Int t = 0; t < 32; ++t) {
      p.aux(0)[t] = static_cast<std::uint64_t>(16 * lane_slot(batch, t));
      for (Int v = 0; v < src.values; ++v) put(src, p.a(0) + t * x, v, 1 + t + 32 * v);
    }
    CL_TRY(ok, execute(p, run));
    (void)ok;
    auto lanes = lanes_by_slot(p);
    for (Int slot = 0; slot < kCopySlots; ++slot)
      for (Int e = 0; e < 8; ++e) {
        Int c = static_cast<Int>(get_byte(Elem::b16, p.d(0), 16 * slot + 2 * e));
        if (c == 0) continue;
        if (c > 32 * src.values) {
          m.src.add_note(0, 0, str("code ", c, " stored at slot ", slot, ", element ", e, ", is no register slot's"));
          continue;
        }
        Int t = (c - 1) % 32, v = (c - 1) / 32;
        std::string why;
        Int s = address_lane(lanes, slot, dst.threads, why);
        if (s >= 0) pair_slots(ins, m, t, v, s, e);
        else m.src.add_note(t, v, "stored at " + why);
      }
  } else {
    Plan p(kernel, 1, 32, 0, 32);
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < 2; ++v) put(src, p.a(0) + t, v, 1 + t + 32 * v);
    CL_TRY(ok, execute(p, run));
    (void)ok;
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < 2; ++v) {
        Int c = static_cast<Int>(get(dst, p.d(0) + t, v));
        if (c < 1 || c > 64) m.dst.add_note(t, v, str("register held ", c));
        else pair_slots(ins, m, (c - 1) % 32, (c - 1) / 32, t, v);
      }
  }
  return m;
}

OperandObservation judged_map(Fragment const& f, ObservedMap m) {
  Verdict v = compare(f, m);
  return {f.operand, std::move(m), std::move(v)};
}

// A later batch's map must repeat the first one's, slot by slot.
void agree(ObservedMap& first, ObservedMap const& later, Int batch) {
  for (Int t = 0; t < first.threads; ++t)
    for (Int v = 0; v < first.values; ++v) {
      if (!later.note_at(t, v).empty()) first.add_note(t, v, str("batch ", batch, ": ", later.note_at(t, v)));
      if (later.get(t, v) != first.get(t, v))
        first.add_note(t, v, str("batch ", batch, " (the lanes given other slots) observed ",
                                 later.get(t, v).row < 0 ? std::string("nothing") : to_string(later.get(t, v))));
    }
}

// ldmatrix / stmatrix: kCopyBatches batches of lane addresses; movmatrix (no addresses): one.
Result<std::vector<OperandObservation>> observe_copy(Instruction const& ins, Runner const& run) {
  CL_TRY(maps, copy_batch(ins, 0, run));
  for (Int b = 1; ins.kind != Kind::movmatrix && b < kCopyBatches; ++b) {
    CL_TRY(later, copy_batch(ins, b, run));
    agree(maps.src, later.src, b);
    agree(maps.dst, later.dst, b);
  }
  std::vector<OperandObservation> out;
  out.push_back(judged_map(*ins.fragment(Operand::Src), std::move(maps.src)));
  out.push_back(judged_map(*ins.fragment(Operand::Dst), std::move(maps.dst)));
  return out;
}

}  // namespace

Result<InstructionObservation> observe(Instruction const& ins, Runner const& run) {
  if (ins.fragment(Operand::E)) return observe_sparse(ins, run);  // mma.sp: probe_sparse.cpp
  InstructionObservation out{ins.name, {}};
  if (ins.kind != Kind::mma && ins.kind != Kind::wgmma) {
    CL_TRY(ops, observe_copy(ins, run));
    out.operands = std::move(ops);
    return out;
  }
  Fragment const* C = ins.fragment(Operand::C);
  Fragment const* A = ins.fragment(Operand::A);
  Fragment const* B = ins.fragment(Operand::B);
  if (!C || !A) return fail(ErrorKind::invalid_input, ins.name, ": the probe needs the A and C fragments");
  if (ins.kind == Kind::mma) {
    if (!B) return fail(ErrorKind::invalid_input, ins.name, ": mma.sync needs the B fragment");
    CL_TRY(obs_c, observe_mma_c(ins, run));
    CL_TRY(obs_a, observe_mma_ab(ins, Operand::A, obs_c, run));
    CL_TRY(obs_b, observe_mma_ab(ins, Operand::B, obs_c, run));
    out.operands.push_back(judged_map(*A, std::move(obs_a)));
    out.operands.push_back(judged_map(*B, std::move(obs_b)));
    out.operands.push_back(judged_map(*C, std::move(obs_c)));
  } else {
    CL_TRY(obs_c, observe_wgmma_c(ins, run));
    CL_TRY(obs_a, observe_wgmma_a(ins, obs_c, run));
    out.operands.push_back(judged_map(*C, std::move(obs_c)));
    out.operands.push_back(judged_map(*A, std::move(obs_a)));
  }
  return out;
}

// ---------------------------------------------------------------- shared-memory layouts

Instruction const& smem_probe_instruction(int elem_bits) {
  char const* name = elem_bits == 16 ? "wgmma.m64n64k16.f32.f16.f16"
                     : elem_bits == 32 ? "wgmma.m64n64k8.f32.tf32.tf32"
                                       : "wgmma.m64n64k32.s32.s8.s8";
  return *find_instruction(name);
}

SmemPlacement smem_placement(SmemLayout const& s, Int rows, Int K) {
  Int eb = s.elem_bits / 8, w = swizzle_bytes(s.swizzle);
  SmemPlacement pl;
  if (s.major == Major::K) {
    // 8-row groups SBO apart; without swizzle, 16-byte core-matrix columns LBO apart along K.
    pl.sbo = s.swizzle == SwizzleMode::interleave ? 128 : 8 * w;
    pl.lbo = s.swizzle == SwizzleMode::interleave ? rows / 8 * 128 : 16;
    pl.k_blocks = s.swizzle == SwizzleMode::interleave ? 1 : w / (K * eb);
  } else {
    // Atoms along MN and 8-k groups: interleave repeats along MN by SBO and along K by LBO,
    // the swizzled modes along MN by LBO and along K by SBO (PTX ISA 9.7.15.5.1.2, MN-major).
    Int along = w / eb, atoms = std::max<Int>(1, rows / along), atom_bytes = 8 * w;
    if (s.swizzle == SwizzleMode::interleave) pl.sbo = 128, pl.lbo = rows / along * 128;
    else pl.lbo = atom_bytes, pl.sbo = atoms * atom_bytes;
    pl.k_blocks = 1;
  }
  pl.layout_type = s.swizzle == SwizzleMode::interleave ? 0 : s.swizzle == SwizzleMode::sw128 ? 1
                   : s.swizzle == SwizzleMode::sw64                                        ? 2
                                                                                             : 3;
  Int k_total = K * pl.k_blocks;
  pl.image_bytes = 0;
  for (Int r = 0; r < rows; ++r)
    for (Int k = 0; k < k_total; ++k) pl.image_bytes = std::max(pl.image_bytes, smem_element(s, pl, r, k) * eb + eb);
  pl.image_bytes = (pl.image_bytes + 1023) / 1024 * 1024;
  return pl;
}

// The catalogue's atom, repeated as the descriptor's strides say: the element offset of (r, k).
Int smem_element(SmemLayout const& s, SmemPlacement const& pl, Int r, Int k) {
  Int eb = s.elem_bits / 8;
  if (s.major == Major::K) {
    Int along = s.cols;
    if (s.swizzle == SwizzleMode::interleave)
      return (r / 8) * (pl.sbo / eb) + (k / along) * (pl.lbo / eb) + s.at(r % 8, k % along);
    return (r / 8) * (pl.sbo / eb) + s.at(r % 8, k);
  }
  Int along = s.rows;
  Int mn_stride = s.swizzle == SwizzleMode::interleave ? pl.sbo : pl.lbo;
  Int k_stride = s.swizzle == SwizzleMode::interleave ? pl.lbo : pl.sbo;
  return (r / along) * (mn_stride / eb) + (k / 8) * (k_stride / eb) + s.at(r % along, k % 8);
}

// The hardware reads operand `which` of the probe instruction through descriptors of layout s:
// element (r, k) of the image holds bit planes of its code 1 + r + rows k, and the other operand
// selects one k a column (A: B[n][k] = [k = n]; B: A[m][k] = [k = m]), so accumulator (m, n)
// reads A[m][n] (B[n][m]). The start address steps through the swizzle row 32 bytes at a time.
Result<SmemObservation> observe_smem(SmemLayout const& s, Operand which, Runner const& run) {
  Instruction const& ins = smem_probe_instruction(s.elem_bits);
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  Int rows = which == Operand::A ? ins.M : ins.N, K = ins.K;
  SmemPlacement pl = smem_placement(s, rows, K);
  Int k_total = K * pl.k_blocks, planes = planes_for(rows * k_total);
  bool mn = s.major == Major::MN;
  std::string mode = !mn ? "ss" : which == Operand::A ? "ss.ta" : "ss.tb";
  SmemOperand anchor = anchor_operand(which == Operand::A ? ins.b_elem : A.elem, which == Operand::A ? ins.N : ins.M, K);
  Int probe_words = pl.image_bytes / 4;
  Plan p(ins.name + "/" + mode, pl.k_blocks * planes, which == Operand::A ? probe_words : anchor.words(),
         which == Operand::A ? anchor.words() : probe_words, d_words(C), 2);
  Int eb = s.elem_bits / 8;
  for (Int j = 0; j < pl.k_blocks; ++j)
    for (Int q = 0; q < planes; ++q) {
      Int trial = j * planes + q;
      std::uint32_t* probe_img = which == Operand::A ? p.a(trial) : p.b(trial);
      std::uint32_t* anchor_img = which == Operand::A ? p.b(trial) : p.a(trial);
      for (Int r = 0; r < rows; ++r)
        for (Int k = 0; k < k_total; ++k)
          put_byte(A.elem, probe_img, smem_element(s, pl, r, k) * eb, bit(1 + r + rows * k, q));
      fill_anchor(anchor, anchor_img, [](Int i, Int k) { return k == i ? 1 : 0; });
      device::Descriptor probe_desc{static_cast<std::uint32_t>(32 * j), static_cast<std::uint32_t>(pl.lbo),
                                    static_cast<std::uint32_t>(pl.sbo), pl.layout_type};
      p.aux(trial)[which == Operand::A ? 0 : 1] = device::pack(probe_desc);
      p.aux(trial)[which == Operand::A ? 1 : 0] = device::pack(anchor.desc);
    }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  // The C layout (confirmed by the instruction's own observation) names each accumulator's (m, n).
  ObservedMap obs(rows, k_total);
  for (Int j = 0; j < pl.k_blocks; ++j)
    for (Int t = 0; t < 128; ++t)
      for (Int v = 0; v < C.values; ++v) {
        Coord mn_c = C.layout_at(t, v);
        Int r = which == Operand::A ? mn_c.row : mn_c.col, k = which == Operand::A ? mn_c.col : mn_c.row;
        if (k >= K) continue;
        std::string note;
        Int c = read_code(p, C, j * planes, planes, t, v, note);
        Int kk = j * K + k;
        if (!note.empty()) obs.add_note(r, kk, note);
        else if (c < 1 || c > rows * k_total) obs.add_note(r, kk, str("read code ", c, ", no element's"));
        else obs.set(r, kk, {(c - 1) % rows, (c - 1) / rows});
      }
  ObservedMap expected(rows, k_total);
  for (Int r = 0; r < rows; ++r)
    for (Int k = 0; k < k_total; ++k) expected.set(r, k, {r, k});
  Verdict v = compare(expected, obs);
  return SmemObservation{s.name, which, pl, std::move(obs), std::move(v)};
}

}  // namespace catlayout::gpu
