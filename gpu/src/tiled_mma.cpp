// Tiled MMAs (CuTe's make_tiled_mma and TiledMMA::get_layout{A,B,C}_TV), built with catlayout's
// algebra: the operand tile is permuted, cut into atom tiles, each atom tile read through the
// instruction's fragment, the atom tiles dealt to the thread groups, and the thread coordinate
// finally renumbered by the thread index.
#include "catlayout/core/checked.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/inverse.hpp"
#include "catlayout/core/predicates.hpp"
#include "catlayout/core/product.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/gpu/tiled.hpp"

namespace catlayout::gpu {

namespace {

// Which of M (0), N (1), K (2) an operand's rows and cols run along.
struct Axes {
  int rows, cols;
};
Axes axes_of(Operand op) {
  switch (op) {
    case Operand::A: return {0, 2};
    case Operand::B: return {1, 2};
    default: return {0, 1};
  }
}

// Everything the three operands share.
struct Plan {
  Layout vmnk;                   // (ThrV, ThrM, ThrN, ThrK) -> thread index
  std::array<Tiler, 3> perm;     // per mode: the permutation, or the integer tile size (CuTe's `_`)
  std::array<Int, 3> tile{};     // tile size per mode
  std::array<Int, 3> atom{};     // the instruction's M, N, K
  std::array<Int, 3> groups{};   // thread groups per mode: size<1..3>(vmnk)
};

Result<Layout> pair(Layout const& a, Layout const& b) { return make_layout({a, b}); }

// CuTe TiledMMA::thrfrg_A/B/C on the operand's own column-major tile:
// ((ThrV, (ThrRows, ThrCols)), (FrgV, (RestRows, RestCols))) -> tile index.
Result<Layout> thread_fragment(Plan const& p, Layout const& atom_tv, Axes ax) {
  CL_TRY(ref, column_major(tup(p.tile[ax.rows], p.tile[ax.cols])));
  // (PermRows, PermCols): each mode reordered by its permutation.
  CL_TRY(permuted, logical_divide(ref, Tiler::by_mode({p.perm[ax.rows], p.perm[ax.cols]})));
  // ((AtomRows, AtomCols), (RestRows, RestCols)): one atom's tile, and which atom tile.
  CL_TRY(atoms, zipped_divide(permuted, Tiler::by_mode({Tiler::of_integer(p.atom[ax.rows]),
                                                        Tiler::of_integer(p.atom[ax.cols])})));
  // (ThrV, FrgV): the atom's tile read through the instruction's fragment.
  CL_TRY(frag, composition(atoms.mode(0), atom_tv));
  // ((ThrRows, ThrCols), (RestRows', RestCols')): atom tiles dealt round the thread groups.
  CL_TRY(dealt, zipped_divide(atoms.mode(1), Tiler::by_mode({Tiler::of_integer(p.groups[ax.rows]),
                                                              Tiler::of_integer(p.groups[ax.cols])})));
  CL_TRY(thr, pair(frag.mode(0), dealt.mode(0)));
  CL_TRY(val, pair(frag.mode(1), dealt.mode(1)));
  return pair(thr, val);
}

// A and B see only two of the three thread-group axes: widen (ThrV, (ThrRows, ThrK)) to
// (ThrV, ((ThrM, ThrN), ThrK)), the axis the operand does not depend on with stride 0, so that
// the thread coordinate has all four modes of vmnk (CuTe's atile / btile). C as the threads hold it
// (CuTe's ThrMMA::partition_C, which slices by (V, M, N) only) gets ThrK with stride 0 the same way;
// C as get_layoutC_TV states it stays (ThrV, (ThrM, ThrN)), and its composition with the thread
// index extends the last mode past the tile for K groups > 0.
Result<Layout> widen_groups(Plan const& p, Layout const& thr, Operand op, bool held) {
  if (op == Operand::C) {
    if (!held) return thr;
    CL_TRY(k, Layout::make(p.groups[2], 0));
    CL_TRY(groups, pair(thr.mode(1), k));
    return pair(thr.mode(0), groups);
  }
  Layout groups = thr.mode(1);
  IntTuple mn = tup(p.groups[0], p.groups[1]);
  IntTuple stride = op == Operand::A ? tup(1, 0) : tup(0, 1);
  CL_TRY(spread, Layout::make(mn, stride));
  CL_TRY(first, composition(groups.mode(0), spread));
  CL_TRY(widened, pair(first, groups.mode(1)));
  return pair(thr.mode(0), widened);
}

// thread index -> index of (ThrV, ThrM, ThrN, ThrK), as CuTe: the right inverse of vmnk completed
// by its complement, folded back into size(vmnk).
Result<Layout> thread_index_to_vmnk(Layout const& vmnk) {
  CL_TRY(rest, complement(vmnk, cosize(vmnk)));
  CL_TRY(completed, pair(vmnk, rest));
  CL_TRY(fold, Layout::make(tup(vmnk.size(), 1), tup(1, 0)));
  return composition(fold, right_inverse(completed));
}

Result<Layout> operand_tv(Plan const& p, Fragment const& f, bool held = false) {
  auto err = [&](Error e) { return in_context(std::move(e), str("tiled MMA operand ", operand_name(f.operand), ": ")); };
  auto frag = thread_fragment(p, f.tv, axes_of(f.operand));
  if (!frag) return err(frag.error());
  auto thr = widen_groups(p, frag->mode(0), f.operand, held);
  if (!thr) return err(thr.error());
  auto index = thread_index_to_vmnk(p.vmnk);
  if (!index) return err(index.error());
  auto by_index = composition(*thr, *index);
  if (!by_index) return err(by_index.error());
  auto tv = pair(*by_index, frag->mode(1));
  if (!tv) return err(tv.error());
  return tv;
}

// The atom layout must number the thread groups exactly once; CuTe pads its rank to 3 with 1:0.
Result<Layout> atom_grid(Layout const& atom_layout) {
  if (atom_layout.rank() > 3)
    return fail(ErrorKind::invalid_input, "make_tiled_mma: atom layout ", to_string(atom_layout), " has rank ",
                atom_layout.rank(), "; expected at most 3 (M, N, K)");
  if (!is_compact(atom_layout))
    return fail(ErrorKind::invalid_input, "make_tiled_mma: atom layout ", to_string(atom_layout),
                " is not a bijection onto [0, ", atom_layout.size(), ") (cosize ", cosize(atom_layout),
                "): thread groups would be missed or shared");
  return append_rank(atom_layout, 3);
}

Result<Plan> plan(Instruction const& atom, Fragment const& c, Layout const& atom_layout, PermutationMnk const& perm) {
  Plan p;
  p.atom = {atom.M, atom.N, atom.K};
  CL_TRY(grid, atom_grid(atom_layout));
  // (ThrV, ThrM, ThrN, ThrK): the atom's threads, then its copies over the grid (CuTe tiled_product
  // of the atom's ThrID, threads:1, with the atom layout).
  CL_TRY(thr_id, Layout::make(c.threads, 1));
  CL_TRY(vmnk, tiled_product(thr_id, Tiler::of(grid)));
  p.vmnk = vmnk;
  static constexpr char const* mode_name[3] = {"M", "N", "K"};
  for (int i = 0; i < 3; ++i) {
    p.groups[i] = grid.mode(i).size();
    CL_TRY(cover, checked_mul(p.atom[i], p.groups[i], "make_tiled_mma: tile size"));
    if (!perm[i]) {
      p.perm[i] = Tiler::of_integer(cover);
      p.tile[i] = cover;
      continue;
    }
    Layout const& l = *perm[i];
    if (!is_compact(l))
      return fail(ErrorKind::invalid_input, "make_tiled_mma: permutation ", mode_name[i], " ", to_string(l),
                  " is not a bijection onto [0, ", l.size(), ") (cosize ", cosize(l), ")");
    if (l.size() % cover != 0)
      return fail(ErrorKind::invalid_input, "make_tiled_mma: permutation ", mode_name[i], " ", to_string(l),
                  " has size ", l.size(), ", not a multiple of the atom's ", p.atom[i], " times ", p.groups[i],
                  " thread groups = ", cover);
    p.perm[i] = Tiler::of(l);
    p.tile[i] = l.size();
  }
  return p;
}

}  // namespace

Result<TiledMma> make_tiled_mma(Instruction const& atom, Layout const& atom_layout, PermutationMnk const& permutation) {
  if (atom.kind != Kind::mma && atom.kind != Kind::wgmma)
    return fail(ErrorKind::invalid_input, "make_tiled_mma: ", atom.name, " is a ", kind_name(atom.kind),
                ", not an mma or wgmma");
  Fragment const* c = atom.fragment(Operand::C);
  if (!c) return fail(ErrorKind::invalid_input, "make_tiled_mma: ", atom.name, " has no C fragment");
  if (atom.fragment(Operand::E))
    return fail(ErrorKind::invalid_input, "make_tiled_mma: ", atom.name,
                " is sparse (compressed A and metadata E): tiling sparse atoms is not supported yet");
  CL_TRY(p, plan(atom, *c, atom_layout, permutation));
  TiledMma mma{atom.name, p.vmnk, p.tile, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    Fragment const* f = atom.fragment(op);
    if (!f) continue;
    if (f->threads != c->threads)
      return fail(ErrorKind::invalid_input, "make_tiled_mma: ", atom.name, " operand ", operand_name(op), " has ",
                  f->threads, " threads, C has ", c->threads);
    CL_TRY(tv, operand_tv(p, *f));
    (op == Operand::A ? mma.a : op == Operand::B ? mma.b : mma.c) = std::move(tv);
  }
  CL_TRY(held, operand_tv(p, *c, true));
  mma.c_held = std::move(held);
  return mma;
}

std::array<Int, 2> TiledMma::tile_of(Operand op) const {
  Axes ax = axes_of(op);
  return {tile[ax.rows], tile[ax.cols]};
}

Result<Layout> TiledMma::tv(Operand op) const {
  std::optional<Layout> const& l = op == Operand::A ? a : op == Operand::B ? b : c;
  if (op != Operand::A && op != Operand::B && op != Operand::C)
    return fail(ErrorKind::invalid_input, "tiled MMA: operand ", operand_name(op), " is not A, B or C");
  if (!l)
    return fail(ErrorKind::invalid_input, "tiled MMA over ", atom, ": no register fragment for operand ",
                operand_name(op), op == Operand::B ? " (wgmma reads B from shared memory)" : "");
  return *l;
}
Result<Layout> TiledMma::holds(Operand op) const {
  if (op == Operand::C && c_held) return *c_held;
  return tv(op);
}

Result<ThreadPart> partition(TiledMma const& mma, Operand op, Layout const& data, Int thread) {
  CL_TRY(held, mma.holds(op));
  return partition(held, data, thread);
}

Result<Layout> TiledMma::tv_a() const { return tv(Operand::A); }
Result<Layout> TiledMma::tv_b() const { return tv(Operand::B); }
Result<Layout> TiledMma::tv_c() const { return tv(Operand::C); }

}  // namespace catlayout::gpu
