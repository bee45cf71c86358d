#pragma once
// Seeded random values: every kind of input the exporter, the bench workload and the tests draw,
// deterministic in a std::mt19937_64 (the same seed gives the same values on every run: the
// exported vectors and the bench workload are pinned by it). The RapidCheck generators with
// shrinking are generators.hpp's; these are their plain, seeded siblings.
#include <algorithm>
#include <random>
#include <vector>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"

namespace catlayout::generators {

using Rng = std::mt19937_64;

// ---- draws ----
Int uniform(Rng& g, Int lo, Int hi);  // uniform in [lo, hi]
bool coin(Rng& g, int one_in);        // true one time in one_in
bool chance(Rng& g, double p);        // true with probability p

// Consecutive modes grouped into nested tuples at random; one mode stays as it is.
template <class T>
T nest(Rng& g, std::vector<T> const& modes) {
  if (modes.size() == 1) return modes[0];
  std::vector<T> out;
  for (std::size_t i = 0; i < modes.size();) {
    std::size_t n = std::min<std::size_t>(modes.size() - i, static_cast<std::size_t>(uniform(g, 1, 3)));
    if (n == 1 || coin(g, 2)) {
      for (std::size_t k = 0; k < n; ++k) out.push_back(modes[i + k]);
    } else {
      out.push_back(T(std::vector<T>(modes.begin() + static_cast<long>(i), modes.begin() + static_cast<long>(i + n))));
    }
    i += n;
  }
  return T(std::move(out));
}

// ---- shapes and integer layouts ----
// 1..max_modes entries in [1, max_leaf], grouped by nest (a lone entry stays an integer 1 in 3).
IntTuple random_shape(Rng& g, Int max_leaf, int max_modes);
// A shape nested up to `depth` (tuples of 1..3 modes), entries in [1, max_leaf]; counts its leaves.
IntTuple random_nested_shape(Rng& g, int depth, Int max_leaf, int& leaves);
// random_shape's shape with strides in [0, max_stride].
Layout random_int_layout(Rng& g, Int max_leaf, Int max_stride);
// Column-major of a random permutation of random_shape's modes: a compact layout.
Layout random_compact(Rng& g, Int max_leaf);
// Any layout: ranks 1-3, nesting up to depth 2, strides 0..max_stride.
Layout random_layout(Rng& g, Int max_leaf = 6, Int max_stride = 24);
// A compact layout in a random mode order over ranks 1-3 nested to depth 1.
Layout random_nested_compact(Rng& g, Int max_leaf = 6);
// A tractable layout: a compact layout scaled, with gaps and stride-0 modes mixed in.
Layout random_tractable(Rng& g);
// A layout of kernel kinds: compact (column-, row-major, permuted), with gaps, zeros, negatives.
Layout random_kernel_layout(Rng& g, Int max_leaf = 6);

// ---- layouts as GPU kernels write them (the bench workload) ----
struct LayoutStyle {
  double gap = 0.0;   // strides jump by 2 or 4 after some mode (a layout with holes)
  double zero = 0.0;  // one leaf gets stride 0 (broadcast)
  Int max = 4096;     // size bound
};
// A leaf of a realistic GPU shape: mostly powers of two, sometimes 3, 6, 12 or 1.
Int gpu_leaf(Rng& g);
// Values in the nesting of profile P (an IntTuple of 1s): compact in a random mode order
// (column-major, row-major or shuffled), optionally with a gap and a broadcast mode.
Layout realistic_layout(Rng& g, IntTuple const& prof, LayoutStyle st);
// A layout of profile P whose image lies in [0, n): n's prime factors dealt out to P's leaves,
// compact in a random order; sometimes a divisor of n only (a tile of A's domain).
Layout layout_onto(Rng& g, IntTuple const& prof, Int n);
// A divisor of n (proper: neither 1 nor n, unless n has none).
Int random_divisor(Rng& g, Int n, bool proper = true);
// A by-mode tiler over the first `modes` modes of A: integers (kind 'i'), t:1 layouts or strided t:s.
Tiler random_by_mode_tiler(Rng& g, Layout const& a, std::size_t modes, char kind);
// A layout tiler t:s of a rank-1 (or whole) layout of size m, or a 2-mode (t0,t1):(s0,s1).
Tiler random_layout_tiler(Rng& g, Int m, std::size_t rank);

// ---- other strides ----
// A coordinate layout over the codomain {(0), (1), (2)} or {((0,1)), (1)} (or the given paths): scales 0..3.
CoordLayout random_coord(Rng& g, Int max_leaf, std::vector<std::vector<int>> paths = {});
// A swizzle within n bits (identity below 2 bits).
Swizzle random_swizzle(Rng& g, int n);
// A GMMA shared-memory atom (CuTe mma_sm90_gmma.hpp: Layout_K_SW128_Atom and siblings, 16-bit K-major
// and M-major, as element layouts): the blocks tile_to_shape meets in kernels.
ComposedLayout random_gmma_atom(Rng& g);
// A random injective power-of-two layout with in_bits input bits whose modes land on disjoint
// ranges of output bits (strides powers of two) among in_bits + extra_out_bits, nested at random:
// the domain of to_linear.
Layout random_pow2_layout(Rng& g, int in_bits, int extra_out_bits);
// A random F2 layout: mostly power-of-two modes (F2-linear maps), now and then 3 or 6; strides
// random bit patterns in [1, max_stride], some F0.
F2Layout random_f2(Rng& g, Int max_stride = 1 << 10);
// A bijection on n bits (a permutation layout, swizzled half the time).
LinearLayout random_bijection(Rng& g, int n);
// n bases of m bits, any values.
LinearLayout random_linear(Rng& g, int n, int m);

}  // namespace catlayout::generators
