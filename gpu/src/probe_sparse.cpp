// The probe of mma.sp::ordered_metadata (sparse.hpp). Anchored as the dense plans (probe.hpp):
// rows of A and B from the catalogue, k of the other operand; the metadata is the sparse anchor.
// Inputs are 0/1 bit planes; metadata nibbles are 0b0100 (indices 0,1: the chunk's first half of
// k) or 0b1110 (indices 2,3: its second half), valid for every type and in increasing order.
//   C  every stored A value of row m carries bit p of (m+1), B = 1, all metadata 0b0100: each
//      accumulator reads 0 or K/2; then A = 1 and B[n][k] = bit p of (n+1).
//   A  one stored slot = 1, B slot j = bit p of (j+1), metadata 0b0100: the lit row gives m, the
//      code names B's slot, whose k the metadata maps back to the compressed column.
//   B  one B slot = 1, A slot j = bit p of (j+1), once under 0b0100 and once under 0b1110 (a k is
//      reached under one of them): the code names A's slot (m, c), and k = sparse_k(c, nibble).
//   E  under each sparsity selector: A = 1; B[n][k] = bit p of (chunk of k + 1) on the second
//      half of each chunk, 0 on the first; the selected lanes hold 0b0100 everywhere but the one
//      probed nibble (0b1110), every other lane 0b1110 everywhere. Only the probed nibble's chunk
//      reaches the second half: its row lights with `stored` x bit p, spelling (row, chunk). A
//      hardware that read another lane or nibble lights other rows, or none.
#include <bit>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/sparse.hpp"
#include "register_codes.hpp"

namespace catlayout::gpu {

namespace {

Int bit(Int x, Int p) { return (x >> p) & 1; }
Int planes_for(Int n) { return std::bit_width(static_cast<std::uint64_t>(n)); }  // codes 1..n

constexpr std::uint64_t kFirstHalf = 0x44444444u;   // every nibble 0b0100
constexpr std::uint64_t kSecondHalf = 0xeeeeeeeeu;  // every nibble 0b1110

// wgmma.sp's B in shared memory: canonical K-major without swizzle (PTX ISA 9.7.15.5.1.2), the
// K * element bytes = 64 of a row in four 16-byte core matrices LBO = 128 apart, 8-row groups
// SBO = 512 apart.
constexpr Int kSparseLbo = 128, kSparseSbo = 512;
Int b_byte(Instruction const& ins, Int n, Int k) {
  Int eb = elem_bits(ins.b_elem), per_row = 128 / eb;
  return (n / 8) * kSparseSbo + (k / per_row) * kSparseLbo + (n % 8) * 16 + (k % per_row) * eb / 8;
}

struct Plan {
  Instruction const& ins;
  device::Batch batch;
  std::size_t a_per, b_per, d_per, x_per, meta_at;
  Plan(std::string kernel, Int trials, Instruction const& in)
      : ins(in), a_per(static_cast<std::size_t>(in.fragment(Operand::A)->threads * in.fragment(Operand::A)->words())),
        b_per(static_cast<std::size_t>(in.kind == Kind::wgmma ? in.N / 8 * kSparseSbo / 4
                                                              : 32 * in.fragment(Operand::B)->words())),
        d_per(static_cast<std::size_t>(in.fragment(Operand::C)->threads * in.fragment(Operand::C)->words())),
        x_per(in.kind == Kind::wgmma ? 2 + 128 : 32), meta_at(in.kind == Kind::wgmma ? 2 : 0) {
    batch.kernel = std::move(kernel);
    batch.trials = static_cast<int>(trials);
    auto T = static_cast<std::size_t>(trials);
    batch.a.assign(a_per * T, 0);
    batch.b.assign(b_per * T, 0);
    batch.d.assign(d_per * T, 0);
    batch.aux.assign(x_per * T, kFirstHalf);
    if (in.kind == Kind::wgmma)
      for (std::size_t s = 0; s < T; ++s) {
        batch.aux[s * x_per] = 0;
        batch.aux[s * x_per + 1] = device::pack({0, kSparseLbo, kSparseSbo, 0});
      }
  }
  // Every element (n, k) of B := value(n, k): through B's fragment (mma.sp) or the image (wgmma.sp).
  template <class F>
  void fill_b(Int trial, F const& value) {
    std::uint32_t* base = batch.b.data() + b_per * static_cast<std::size_t>(trial);
    if (ins.kind == Kind::wgmma) {
      for (Int n = 0; n < ins.N; ++n)
        for (Int k = 0; k < ins.K; ++k) put_byte(ins.b_elem, base, b_byte(ins, n, k), value(n, k));
      return;
    }
    Fragment const& B = *ins.fragment(Operand::B);
    for (Int t = 0; t < 32; ++t)
      for (Int v = 0; v < B.values; ++v) {
        Coord nk = B.layout_at(t, v);
        put(B, base + t * B.words(), v, value(nk.row, nk.col));
      }
  }
  std::uint32_t* a(Int trial, Fragment const& f, Int t) {
    return batch.a.data() + a_per * static_cast<std::size_t>(trial) + t * f.words();
  }
  std::uint32_t* b(Int trial, Fragment const& f, Int t) {
    return batch.b.data() + b_per * static_cast<std::size_t>(trial) + t * f.words();
  }
  std::uint64_t* meta(Int trial) { return batch.aux.data() + x_per * static_cast<std::size_t>(trial) + meta_at; }
  double d(Fragment const& C, Int trial, Int t, Int v) const {
    return get(C, batch.d.data() + d_per * static_cast<std::size_t>(trial) + t * C.words(), v);
  }
};

Result<bool> execute(Plan& p, Runner const& run) {
  if (auto e = run(p.batch); !e.empty()) return fail(ErrorKind::invalid_input, p.batch.kernel, ": ", e);
  return true;
}

// The code that slot (t, v) spells over `planes` trials from `first`, each reading 0 or `unit`;
// -1 with a note when a reading is neither.
Int read_code(Plan const& p, Fragment const& C, Int first, Int planes, Int t, Int v, Int unit, std::string& note) {
  Int code = 0;
  for (Int q = 0; q < planes; ++q) {
    double x = p.d(C, first + q, t, v);
    if (x != 0 && x != static_cast<double>(unit)) {
      note = str("accumulator read ", x, " in a trial whose answers are 0 or ", unit);
      return -1;
    }
    code |= (x == 0 ? 0 : Int{1}) << q;
  }
  return code;
}

OperandObservation judged(Fragment const& f, ObservedMap m) {
  Verdict v = compare(f, m);
  return {f.operand, std::move(m), std::move(v)};
}

std::string mode_of(Instruction const& ins, Int selector) {
  std::string m = ins.kind == Kind::wgmma ? "rs" : "rr";
  return selector == 0 ? m : str(m, ".s", selector);
}

Result<ObservedMap> observe_c(Instruction const& ins, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  Int pm = planes_for(ins.M), pn = planes_for(ins.N);
  Plan p(ins.name + "/" + mode_of(ins, 0), pm + pn, ins);
  for (Int q = 0; q < pm + pn; ++q) {
    bool m_phase = q < pm;
    for (Int t = 0; t < A.threads; ++t)
      for (Int v = 0; v < A.values; ++v) put(A, p.a(q, A, t), v, m_phase ? bit(A.layout_at(t, v).row + 1, q) : 1);
    p.fill_b(q, [&](Int n, Int) { return m_phase ? 1 : bit(n + 1, q - pm); });
  }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return accumulator_from_codes(C.threads, C.values, pm, pn, ins.M, ins.N,
                                [&](Int first, Int planes, Int t, Int v, std::string& note) {
                                  return read_code(p, C, first, planes, t, v, ins.K / 2, note);
                                });
}

// The compressed column whose value meets k when its chunk's nibble is `nibble`, or -1.
Int compressed_column(Instruction const& ins, Int k, unsigned nibble) {
  Elem a = ins.fragment(Operand::A)->elem;
  for (Int c = 0; c < ins.K / 2; ++c)
    if (sparse_k(a, c, nibble) == k) return c;
  return -1;
}

// One-hot A or B, the other operand coded; B under both metadata halves.
Result<ObservedMap> observe_ab(Instruction const& ins, Operand which, ObservedMap const& obs_c, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  Fragment const& hot = which == Operand::A ? A : B;
  Fragment const& code = which == Operand::A ? B : A;
  Int slots = 32 * hot.values, planes = planes_for(32 * code.values);
  Int halves = which == Operand::A ? 1 : 2;
  std::uint64_t const half_meta[2] = {kFirstHalf, kSecondHalf};
  Plan p(ins.name + "/rr", slots * planes * halves, ins);
  auto first_trial = [&](Int s, Int h) { return (s * halves + h) * planes; };
  for (Int s = 0; s < slots; ++s)
    for (Int h = 0; h < halves; ++h)
      for (Int q = 0; q < planes; ++q) {
        Int trial = first_trial(s, h) + q;
        std::uint32_t* hot_words = which == Operand::A ? p.a(trial, A, s % 32) : p.b(trial, B, s % 32);
        put(hot, hot_words, s / 32, 1);
        for (Int t = 0; t < 32; ++t)
          for (Int v = 0; v < code.values; ++v)
            put(code, which == Operand::A ? p.b(trial, B, t) : p.a(trial, A, t), v, bit(t + 32 * v + 1, q));
        for (Int l = 0; l < 32; ++l) p.meta(trial)[l] = half_meta[h];
      }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  Int expect_lit = which == Operand::A ? ins.N : ins.M;
  return one_hot_map(32, hot.values, [&](Int s, Coord& found, std::string& note) {
    Int lit_halves = 0;
    for (Int h = 0; h < halves && note.empty(); ++h) {
      Int lit = for_each_lit(
          32, C.values, obs_c, note,
          [&](Int t, Int v, std::string& n) { return read_code(p, C, first_trial(s, h), planes, t, v, 1, n); },
          [&](Int t, Int v, Int c, Coord mn) {
            if (c > 32 * code.values) {
              note = str("slot code ", c, " out of range");
              return;
            }
            Coord other = code.layout_at((c - 1) % 32, (c - 1) / 32);  // catalogue (row, col) of the coded slot
            auto nibble = static_cast<unsigned>(half_meta[h] & 0xfu);
            Coord here;
            if (which == Operand::A) {  // other = (n, k) of B: the stored column that meets k
              Int col = compressed_column(ins, other.col, nibble);
              here = {mn.row, col};
              if (col < 0) note = str("B's k ", other.col, " is not reached under metadata ", nibble);
            } else {  // other = (m, c) of A: the k it meets
              here = {mn.col, sparse_k(A.elem, other.col, nibble)};
            }
            if (!note.empty()) return;
            agree_lit(t, v, mn, other, which == Operand::A ? mn.col : mn.row, code.operand, here, found, note);
          });
      if (note.empty() && lit != 0 && lit != expect_lit)
        note = str(lit, " accumulator slots lit, expected ", expect_lit);
      lit_halves += lit != 0;
    }
    if (note.empty() && lit_halves != 1)
      note = str("lit under ", lit_halves, " metadata halves, expected exactly one");
  });
}

// E under one selector: (metadata thread, nibble) -> the (row, chunk) whose k it moved.
Result<ObservedMap> observe_e(Instruction const& ins, Int selector, ObservedMap const& obs_c, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C), &E = *ins.fragment(Operand::E);
  SparseChunk ch = sparse_chunk(A.elem);
  Int planes = planes_for(E.cols), slots = E.threads * E.values;
  Plan p(ins.name + "/" + mode_of(ins, selector), slots * planes, ins);
  std::vector<char> selected(static_cast<std::size_t>(C.threads), 0);
  for (Int i = 0; i < E.threads; ++i) selected[static_cast<std::size_t>(sparse_lane(E, i, selector))] = 1;
  for (Int s = 0; s < slots; ++s)
    for (Int q = 0; q < planes; ++q) {
      Int trial = s * planes + q, i = s % E.threads, j = s / E.threads;
      for (Int t = 0; t < A.threads; ++t)
        for (Int v = 0; v < A.values; ++v) put(A, p.a(trial, A, t), v, 1);
      p.fill_b(trial, [&](Int, Int k) { return k % ch.logical >= ch.logical / 2 ? bit(k / ch.logical + 1, q) : 0; });
      std::uint64_t* meta = p.meta(trial);
      for (Int l = 0; l < C.threads; ++l) meta[l] = selected[static_cast<std::size_t>(l)] ? kFirstHalf : kSecondHalf;
      std::uint64_t& mine = meta[sparse_lane(E, i, selector)];
      mine = (mine & ~(std::uint64_t{0xf} << (4 * j))) | (std::uint64_t{0xe} << (4 * j));
    }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return one_hot_map(E.threads, E.values, [&](Int s, Coord& found, std::string& note) {
    Int lit = for_each_lit(
        C.threads, C.values, obs_c, note,
        [&](Int t, Int v, std::string& n) { return read_code(p, C, s * planes, planes, t, v, ch.stored, n); },
        [&](Int t, Int v, Int c, Coord mn) {
          if (mn.row < 0) note = str("accumulator (thread ", t, ", value ", v, ") has no observed (m,n)");
          else if (c > E.cols) note = str("chunk code ", c, " out of range");
          else agree_found({mn.row, c - 1}, found, note);
        });
    if (note.empty() && lit != ins.N)
      note = str(lit, " accumulator slots lit under selector ", selector, ", expected ", ins.N, " (one row)");
  });
}

// wgmma.sp's A in registers: slot (t, v) carries bit planes of t + 128 v + 1, metadata 0b0100
// everywhere, and B selects one stored column a column of D: B[n][k] = 1 iff k is the k that
// stored column g N + n meets, so accumulator (m, n) of group g reads A's (m, g N + n) itself.
Result<ObservedMap> observe_wgmma_a(Instruction const& ins, ObservedMap const& obs_c, Runner const& run) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  Int stored = ins.K / 2, planes = planes_for(128 * A.values), groups = (stored + ins.N - 1) / ins.N;
  Plan p(ins.name + "/rs", planes * groups, ins);
  for (Int g = 0; g < groups; ++g)
    for (Int q = 0; q < planes; ++q) {
      Int trial = g * planes + q;
      for (Int t = 0; t < 128; ++t)
        for (Int v = 0; v < A.values; ++v) put(A, p.a(trial, A, t), v, bit(t + 128 * v + 1, q));
      p.fill_b(trial, [&](Int n, Int k) {
        Int c = g * ins.N + n;
        return c < stored && k == sparse_k(A.elem, c, 0x4u) ? 1 : 0;
      });
    }
  CL_TRY(ok, execute(p, run));
  (void)ok;
  return slots_from_codes(
      A.values, groups, C.values, obs_c, [&](Int g, Int n) { return g * ins.N + n < stored ? g * ins.N + n : -1; },
      [&](Int g, Int t, Int v, std::string& note) { return read_code(p, C, g * planes, planes, t, v, 1, note); });
}

}  // namespace

Result<InstructionObservation> observe_sparse(Instruction const& ins, Runner const& run) {
  Fragment const *A = ins.fragment(Operand::A), *B = ins.fragment(Operand::B), *C = ins.fragment(Operand::C),
                 *E = ins.fragment(Operand::E);
  bool wg = ins.kind == Kind::wgmma;
  if (!A || !C || !E || (!wg && !B))
    return fail(ErrorKind::invalid_input, ins.name, ": the sparse probe needs A, C and E fragments (mma.sp: and B)");
  CL_TRY(obs_c, observe_c(ins, run));
  ObservedMap obs_a, obs_b;
  if (wg) {
    CL_TRY(a, observe_wgmma_a(ins, obs_c, run));
    obs_a = std::move(a);
  } else {
    CL_TRY(a, observe_ab(ins, Operand::A, obs_c, run));
    CL_TRY(b, observe_ab(ins, Operand::B, obs_c, run));
    obs_a = std::move(a);
    obs_b = std::move(b);
  }
  // E: selector 0 is the catalogue's; every other selector must give the same map from its lanes.
  CL_TRY(obs_e, observe_e(ins, 0, obs_c, run));
  for (Int sel = 1; sel < sparse_selectors(*E); ++sel) {
    CL_TRY(other, observe_e(ins, sel, obs_c, run));
    for (Int i = 0; i < E->threads; ++i)
      for (Int j = 0; j < E->values; ++j)
        if (other.get(i, j) != obs_e.get(i, j) || !other.note_at(i, j).empty())
          obs_e.add_note(i, j, str("under selector ", sel, " (lane ", sparse_lane(*E, i, sel), ") read ",
                                   to_string(other.get(i, j)), other.note_at(i, j).empty() ? "" : " ",
                                   other.note_at(i, j)));
  }
  // In the instruction's fragment order: mma.sp A, B, C, E; wgmma.sp C, A, E.
  InstructionObservation out{ins.name, {}};
  for (Fragment const& f : ins.fragments) {
    ObservedMap& m = f.operand == Operand::A ? obs_a : f.operand == Operand::B ? obs_b
                     : f.operand == Operand::C ? obs_c : obs_e;
    out.operands.push_back(judged(f, std::move(m)));
  }
  return out;
}

}  // namespace catlayout::gpu
