#pragma once
// Tiled constructions over the catalogue's atoms, as CuTe builds them (cute/atom/mma_atom.hpp,
// cute/atom/copy_atom.hpp): a tiled MMA repeats one instruction over a grid of thread groups and
// a permuted tile; a tiled copy rakes values over a thread grid. Both are described by thread-value
// layouts (thread index, value index) -> index of the tile, column-major (row + rows * col), the
// convention of the catalogue's fragments: A is M x K, B is N x K, C is M x N.
//
// Everything is computed with catlayout's algebra (divides, products, composition, complement,
// right_inverse); results are compared with CuTe's as functions (conformance/oracle/cutlass_tiled.py).
#include <array>
#include <optional>
#include <string>

#include "catlayout/core/error.hpp"
#include "catlayout/core/layout.hpp"
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// CuTe's PermutationMNK: per mode M, N, K a layout (a bijection onto [0, size) that reorders the
// mode before the atoms tile it, its size the mode's tile size), or absent (CuTe's `_`: the atom's
// extent times the threads along that mode, unpermuted).
using PermutationMnk = std::array<std::optional<Layout>, 3>;

struct TiledMma {
  std::string atom;           // the catalogue instruction's name
  Layout thr_layout_vmnk;     // (ThrV, ThrM, ThrN, ThrK) -> thread index (CuTe's get_thr_layout_vmnk)
  std::array<Int, 3> tile{};  // tile size (M, N, K) (CuTe's tile_size_mnk)
  std::optional<Layout> a, b, c;  // an operand the atom has no register fragment for stays empty
  std::optional<Layout> c_held;   // C as the threads hold it: the K groups share it (see holds)

  Int threads() const { return thr_layout_vmnk.size(); }
  // (thread, value) -> tile index; CuTe's get_layoutA_TV / get_layoutB_TV / get_layoutC_TV.
  // An error names the operand when the atom has no fragment for it (wgmma's B is in shared memory).
  // As CuTe: A is held once per thread group along N, B once per group along M; with thread groups
  // along K, C's threads of K group > 0 land past the M x N tile (CuTe extends C's last thread mode).
  Result<Layout> tv_a() const;
  Result<Layout> tv_b() const;
  Result<Layout> tv_c() const;
  Result<Layout> tv(Operand op) const;
  // What each thread holds (CuTe's ThrMMA::partition_A/B/C): tv(op) for A and B; for C the thread's
  // (V, M, N) coordinate only, so the K groups hold the same accumulators (a split-K the kernel
  // reduces), where get_layoutC_TV sends K groups > 0 past the tile. Equal to tv(C) without K groups.
  Result<Layout> holds(Operand op) const;
  // The operand's tile (rows, cols): A (M, K), B (N, K), C (M, N).
  std::array<Int, 2> tile_of(Operand op) const;
};

// CuTe's make_tiled_mma(atom, AtomLayoutMNK, PermutationMNK). atom_layout maps (m, n, k) of the
// grid of atoms to the atom's thread group; a rank below 3 is padded with 1:0 as CuTe does.
// Errors: the atom is not an mma/wgmma or lacks a C fragment; the atom layout has rank > 3 or is not
// a bijection onto its thread groups; a permutation is not a bijection, or its size is not a
// multiple of the atom's extent times the threads along its mode.
Result<TiledMma> make_tiled_mma(Instruction const& atom, Layout const& atom_layout,
                                PermutationMnk const& permutation = {});

struct TiledCopy {
  Layout tv;                  // (thread, value) -> tile index (CuTe's TiledLayout_TV)
  std::array<Int, 2> tile{};  // tile extent (rows, cols) (CuTe's Tiler_MN, per-mode sizes)
  Int threads() const { return tv.mode(0).size(); }
  Int values() const { return tv.mode(1).size(); }
};

// CuTe's make_tiled_copy(atom, thr_layout, val_layout) for a one-thread, one-value atom: the tile
// layout_mn = raked_product(thr, val) maps (row, col) -> thread + threads * value, tv is its
// right inverse read as (size(thr), size(val)), the tile layout_mn's per-mode sizes.
// Errors: ranks other than 1 or 2, or thr/val not bijections onto [0, size) (threads or values
// would be lost or duplicated).
Result<TiledCopy> make_tiled_copy(Layout const& thr_layout, Layout const& val_layout);
// CuTe's make_tiled_copy_A / _B / _C: the tiled MMA's operand TV layout over its operand tile.
Result<TiledCopy> make_tiled_copy_A(TiledMma const& mma);
Result<TiledCopy> make_tiled_copy_B(TiledMma const& mma);
Result<TiledCopy> make_tiled_copy_C(TiledMma const& mma);

// What one thread holds: value v -> offset + values(v) (CuTe's partition of a tensor by a TV
// layout, tensor.compose(tv)(thread, _): a slice leaves a layout and an offset).
struct ThreadPart {
  Layout values;
  Int offset = 0;
  Int at(Int v) const { return offset + values(v); }  // pre: 0 <= v < values.size()
  Int size() const { return values.size(); }
};
// Over a column-major tile of the given shape (rows, cols): value -> row + rows * col.
// Errors: tv not rank 2, thread outside [0, size(tv mode 0)), tv reaching outside the tile.
Result<ThreadPart> partition(Layout const& tv, std::array<Int, 2> tile, Int thread);
// What thread t of a tiled MMA holds of the operand's data (CuTe's ThrMMA::partition_A/B/C):
// partition(mma.holds(op), data, thread).
Result<ThreadPart> partition(TiledMma const& mma, Operand op, Layout const& data, Int thread);
// Over data: value -> data(tv(thread, value)), i.e. (data o tv)(thread, _); data is indexed by the
// tile index (a rank-2 data layout of the tile's shape, read column-major). Errors as above, and
// tv reaching past size(data), or the composition inadmissible (its error, in context).
Result<ThreadPart> partition(Layout const& tv, Layout const& data, Int thread);

// The column-major (CuTe's default, LayoutLeft) layout of a shape: (2,(3,4)) -> (2,(3,4)):(1,(2,6)).
Result<Layout> column_major(IntTuple const& shape);

}  // namespace catlayout::gpu
