#pragma once
// Core-internal: the flat pipeline of the divides and products (Def. 2.3.8.1, 2.3.9.1). They are
// built from complement, concatenation, composition and regroupings; here each step reads and
// writes flat entries plus a bracket word on the stack, and a Layout is built once, at the end.
// A step that meets a condition it does not hold returns false: the caller then runs the
// step-by-step definition, which builds the error (with its message) on that path only. Not installed.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/layout.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/tiler.hpp"
#include "layout_access.hpp"

namespace catlayout::detail {

using Word = std::span<std::uint8_t const>;

// A layout or one of its modes, without a copy: flat entries and bracket word. (No size: only a
// product asks for one, of its A, and computes it; the walks over modes would pay for it per mode.)
struct View {
  std::span<Int const> shape, stride;
  Word word;
};

inline View view(Layout const& l) { return {l.flat_shape(), l.flat_stride(), l.shape().word()}; }

// A vector in a fixed array, for a path whose caller bounds its length once, up front: no
// capacity test on each push, nothing to free. pre: at most N values are pushed.
template <class T, std::size_t N>
struct FixedVec {
  T v[N];  // left uninitialized: only the first n are ever read (build copies more, never reads them)
  std::size_t n = 0;
  void push_back(T x) { v[n++] = x; }
  void clear() { n = 0; }
  std::size_t size() const { return n; }
  bool empty() const { return n == 0; }
  T& operator[](std::size_t i) { return v[i]; }
  T const& operator[](std::size_t i) const { return v[i]; }
  T const& back() const { return v[n - 1]; }
  T const* data() const { return v; }
  T const* begin() const { return v; }
  T const* end() const { return v + n; }
  operator std::span<T const>() const { return {v, n}; }  // NOLINT: read as a span, as Ints is
};

// Flat modes in fixed arrays. The pipeline's steps on operands of at most fixed_modes flat modes
// (every layout a kernel uses) keep their intermediates in FixedFlat: a complement adds at most
// one mode to its operand's, and coalescing adds none, so fixed_modes + 1 entries hold each.
inline constexpr std::size_t fixed_modes = 8;
struct FixedFlat {
  FixedVec<Int, fixed_modes + 1> shape, stride;
};
// A stable order of such modes (complement's and the inverses' sort by stride), in a fixed array
// or, past the bound, a growable one.
using FixedOrder = FixedVec<std::uint32_t, fixed_modes>;
using GrownOrder = SmallVec<std::uint32_t, 8>;

// The same without a caller's bound: a push or an append past N sets `over` and writes nothing,
// and the draft that holds it reports it (Draft::overflowed). So no draft allocates or frees, and
// a push costs one predictable test.
template <class T, std::size_t N>
struct BoundedVec : FixedVec<T, N> {
  bool over = false;
  void push_back(T x) {
    if (this->n < N)
      this->v[this->n++] = x;
    else
      over = true;
  }
  void append(T const* src, std::size_t k) {
    if (k > N - this->n) {
      over = true;
      return;
    }
    T* dst = this->v + this->n;
    this->n += k;
    // Runs are short (a mode's entries, its word): 16 bytes at a time, then the tail in
    // straight-line moves, without the set-up of a vectorised loop.
    constexpr std::size_t chunk = 16 / sizeof(T);
    std::size_t i = 0;
    for (; i + chunk <= k; i += chunk) std::memcpy(dst + i, src + i, 16);
    if constexpr (chunk > 8) {
      if (k - i >= 8) {
        std::memcpy(dst + i, src + i, 8);
        i += 8;
      }
    }
    switch (k - i) {
      case 7: dst[i + 6] = src[i + 6]; [[fallthrough]];
      case 6: dst[i + 5] = src[i + 5]; [[fallthrough]];
      case 5: dst[i + 4] = src[i + 4]; [[fallthrough]];
      case 4: dst[i + 3] = src[i + 3]; [[fallthrough]];
      case 3: dst[i + 2] = src[i + 2]; [[fallthrough]];
      case 2: dst[i + 1] = src[i + 1]; [[fallthrough]];
      case 1: dst[i] = src[i]; [[fallthrough]];
      default: break;
    }
  }
};

// A layout under construction: flat entries and the bracket word that nests them. Past 64 entries
// or 192 tokens it overflows (nothing past the bound is kept): every path that reads a draft checks
// overflowed() first, and an operation whose draft overflowed runs its step-by-step definition.
struct Draft {
  static constexpr std::size_t max_entries = 64, max_tokens = 192;
  BoundedVec<Int, max_entries> shape, stride;
  BoundedVec<std::uint8_t, max_tokens> word;

  bool overflowed() const { return shape.over || stride.over || word.over; }
  void leaf(Int s, Int d) {
    shape.push_back(s);
    stride.push_back(d);
    word.push_back(IntTuple::leaf_token);
  }
  void open() { word.push_back(IntTuple::open_token); }
  void close() { word.push_back(IntTuple::close_token); }
  void append(View const& v) {  // v as one more mode (its word is one well-formed mode)
    shape.append(v.shape.data(), v.shape.size());
    stride.append(v.stride.data(), v.stride.size());
    word.append(v.word.data(), v.word.size());
  }
  void append(Draft const& d) {
    shape.append(d.shape.data(), d.shape.size());
    stride.append(d.stride.data(), d.stride.size());
    word.append(d.word.data(), d.word.size());
  }
  View view() const { return {shape, stride, {word.data(), word.size()}}; }
};

// CuTe's rank of a word: a leaf has rank 1, a tuple the number of its top-level modes.
inline std::size_t rank_of(Word w) {
  if (w.size() == 1) return 1;
  std::size_t rank = 0;
  int depth = 0;
  for (std::size_t k = 1; k + 1 < w.size(); ++k) {
    rank += depth == 0 && w[k] != IntTuple::close_token;  // a mode starts at depth 0
    depth += w[k] == IntTuple::open_token ? 1 : w[k] == IntTuple::close_token ? -1 : 0;
  }
  return rank;
}

// The top-level modes of v in order, f(mode) each; an integer is its own mode 0 (CuTe).
template <class F>
void for_each_mode(View const& v, F&& f) {
  if (v.word.size() == 1) {
    f(v);
    return;
  }
  std::size_t value = 0;
  for (std::size_t k = 1; k + 1 < v.word.size();) {
    std::size_t begin = k, first = value;
    int depth = 0;
    do {  // one mode: a leaf, or a bracket to its match
      auto t = v.word[k++];
      depth += t == IntTuple::open_token ? 1 : t == IntTuple::close_token ? -1 : 0;
      value += t == IntTuple::leaf_token;
    } while (depth > 0);
    std::size_t n = value - first;
    f(View{v.shape.subspan(first, n), v.stride.subspan(first, n), v.word.subspan(begin, k - begin)});
  }
}

// Def. 2.3.1.1 on flat entries, every condition folded into one flag (as Layout::make): positive
// shape, span sum (s_i - 1)|d_i| and size inside int64. Accumulates over several groups of
// modes (the parts of one layout); false where they do not make a layout.
inline bool accumulate_valid(std::span<Int const> s, std::span<Int const> d, Int& span, Int& size) {
  bool bad = false;
  for (std::size_t i = 0; i < s.size() && !bad; ++i) {
    Int term;
    bad |= s[i] <= 0 || d[i] == INT64_MIN;
    if (bad) break;  // s_i - 1 and |d_i| below are defined only past these checks
    bad |= __builtin_mul_overflow(s[i] - 1, d[i] < 0 ? -d[i] : d[i], &term);
    bad |= __builtin_add_overflow(span, term, &span);
    bad |= __builtin_mul_overflow(size, s[i], &size);
  }
  return !bad;
}

inline std::optional<Int> valid_size(std::span<Int const> s, std::span<Int const> d) {
  Int span = 0, size = 1;
  if (!accumulate_valid(s, d, span, size)) return std::nullopt;
  return size;
}

// Layout::make's conditions on a draft (Def. 2.3.1.1 and the depth limit): its size, or nothing.
inline std::optional<Int> checked_size(Draft const& d) {
  if (d.overflowed()) return std::nullopt;
  if (d.word.size() > 2 * limits::max_depth) {  // 2k brackets nest at most k deep
    std::size_t depth = 0, deepest = 0;
    for (auto t : d.word) {
      depth += t == IntTuple::open_token;
      depth -= t == IntTuple::close_token;
      deepest = std::max(deepest, depth);
    }
    if (deepest > limits::max_depth) return std::nullopt;
  }
  return valid_size(d.shape, d.stride);
}

// Layout::make's conditions on (first, second), the pair of two halves, with its size; a word long
// enough to reach the depth limit is left to the step-by-step path (false). proven: the pair's
// size where its step proved its entries valid (WholeInto), else 0.
inline bool pair_size(Draft const& first, Draft const& second, Int& size, Int proven = 0) {
  if (first.overflowed() || second.overflowed() || first.word.size() + second.word.size() + 2 > 2 * limits::max_depth)
    return false;
  Int span = 0;
  size = proven != 0 ? proven : 1;
  return proven != 0 || (accumulate_valid(first.shape, first.stride, span, size) &&
                         accumulate_valid(second.shape, second.stride, span, size));
}

// The Layout of a draft whose entries are valid (checked_size, or a regrouping of checked
// entries; so it did not overflow), built in the Result that returns it. rank: the draft's rank,
// where the caller knows it without a walk of the word.
inline Result<Layout> build(Draft const& d, Int size, std::size_t rank) {
  // The draft's fixed arrays reach past what a tuple keeps inline: each part is one fixed-size move.
  static_assert(Draft::max_entries >= Ints::inline_capacity && Draft::max_tokens >= IntTuple::Word::inline_capacity);
  return Result<Layout>(std::in_place, LayoutAccess::checked(), LayoutAccess::from_padded(), d.shape, d.stride,
                        Word(d.word.data(), d.word.size()), static_cast<std::uint32_t>(rank), size);
}
inline Result<Layout> build(Draft const& d, Int size) {
  return build(d, size, rank_of(Word(d.word.data(), d.word.size())));
}

// The step-by-step definitions, each intermediate a Layout, each failure named: what the public
// operations return where a step above returns false (and what the tests hold the steps to).
Result<Layout> composition_checked(Layout const& a, Layout const& b);
Result<Layout> composition_tiler_checked(Layout const& a, Tiler const& b);
Result<Layout> complement_checked(Layout const& a, std::span<Int const> cotarget, Convention c);
Result<Layout> logical_divide_checked(Layout const& a, Tiler const& b, Convention c);
Result<Layout> logical_product_checked(Layout const& a, Tiler const& b, Convention c);
Result<Layout> rank_product_checked(Layout const& a, Layout const& b, bool raked, Convention c);

// The steps, each on flat entries (defined next to the operation they implement; coalesce's, over
// any containers, in merge_modes.hpp).
// comp(A, cotarget) (Def. 2.1.6.24 / CuTe's complement) of A's flat modes, coalesced, and its size;
// false where it fails or its result is not a layout (Def. 2.3.1.1).
bool complement_into(std::span<Int const> shape, std::span<Int const> stride, std::span<Int const> cotarget,
                     Convention c, FlatLayout& out, Int& size);
// The same into fixed arrays. pre: shape.size() <= fixed_modes.
bool complement_into(std::span<Int const> shape, std::span<Int const> stride, std::span<Int const> cotarget,
                     Convention c, FixedFlat& out, Int& size);
// The same for a one-mode A = s:d, without the filter, the sort and the coalescing.
bool complement_one_mode_into(Int s, Int d, std::span<Int const> cotarget, FlatLayout& out);
bool complement_one_mode_into(Int s, Int d, std::span<Int const> cotarget, FixedFlat& out);
// A o B (Def. 2.3.6.5), A given coalesced with its extension (coalesce_extended): compose_modes
// appends A o B_k for B's modes (B's word, each leaf a leaf or a flat tuple); B's modes may come
// in several calls on one state (the halves of a divide), and compose_holds checks them together.
template <class Used>
struct ComposeStateOf {
  Used used;  // per mode of A, the coordinates B's modes reach there together (the no-carry check)
  bool up = false, down = false;  // B has a positive / a negative stride
};
struct ComposeState : ComposeStateOf<Ints> {
  explicit ComposeState(FlatLayout const& a) { used.resize(a.shape.size(), 0); }
};
// The same with A in fixed arrays (at most fixed_modes + 1 modes); FixedState{} starts it.
using FixedState = ComposeStateOf<Int[fixed_modes + 1]>;
inline ComposeState compose_state(FlatLayout const& a) { return ComposeState(a); }
inline FixedState compose_state(FixedFlat const&) { return {}; }
bool compose_modes(FlatLayout const& a, View const& b, ComposeState& st, Draft& out);
bool compose_modes(FixedFlat const& a, View const& b, FixedState& st, Draft& out);
bool compose_holds(FlatLayout const& a, ComposeState const& st);
bool compose_holds(FixedFlat const& a, FixedState const& st);

// The two halves of a divide or product of A by one layout (A o B and A o comp(B); A and
// comp(A) o B), the first written whole before the second: the same draft twice gives the logical
// form (first, second) between brackets the caller writes; two drafts give zip2_by's halves.
// proven, where the caller asks (not null): the size of (first, second) where the step proves it a
// layout (Def. 2.3.1.1) without a walk of its entries, else 0 (the caller walks them).
using WholeInto = bool (*)(View const& a, Layout const& b, Convention c, Draft& first, Draft& second, Int* proven);
// CuTe's rule for a tiler (apply_tiler): whole(A, divisor_layout(B)) for a layout tiler, mode by
// mode otherwise, A's modes past the tiler's copied. tile_into writes the logical form;
// zip_into writes zip2_by's halves of it (each one mode), which never fails where tile_into holds.
bool tile_into(View const& a, Tiler const& b, Convention c, WholeInto whole, Draft& out);
bool zip_into(View const& a, Tiler const& b, Convention c, WholeInto whole, Draft& first, Draft& second);
// The logical form below for a tiler of modes (tile_into), checked, with its size and rank; false
// where a step fails. pre: !b.is_layout().
bool tiled_by_modes(Layout const& a, Tiler const& b, Convention c, WholeInto whole, Draft& out, Int& size,
                    std::size_t& rank);
// Layout::make's conditions on a finished draft, its size where they hold (checked_size, out of line).
bool walked_size(Draft const& out, Int& size);
// The same where a step proved the entries valid (proven, their size, else 0): the bounds and the
// depth are left.
inline bool sized(Draft const& out, Int proven, Int& size) {
  if (proven == 0 || out.overflowed() || out.word.size() > 2 * limits::max_depth) return walked_size(out, size);
  size = proven;
  return true;
}
// The halves of zip2_by, the first in out after its opening bracket, the second apart: checked
// as a pair, then arranged (zipped, tiled or flat) in out, with its rank.
bool arrange_halves(Draft& out, Draft const& second, Int proven, Arrangement how, Int& size, std::size_t& rank);

// The logical form of A by B, and CuTe's zipped / tiled / flat forms of it (zip2_by, then
// unpack_modes), checked, with their size and rank; false where a step fails. Templates on the
// step: a layout tiler's one step is inlined into its operation (one frame, not three).
template <WholeInto whole>
bool tiled_by(Layout const& a, Tiler const& b, Convention c, Draft& out, Int& size, std::size_t& rank) {
  if (!b.is_layout()) return tiled_by_modes(a, b, c, whole, out, size, rank);
  if (a.flat_shape().empty()) return false;
  Int proven = 0;
  out.open();
  if (!whole(view(a), divisor_layout(b), c, out, out, &proven)) return false;
  out.close();
  rank = 2;  // (A o B, A o B*)
  return sized(out, proven, size);
}

template <WholeInto whole>
bool arranged_by(Layout const& a, Tiler const& b, Convention c, Arrangement how, Draft& out, Int& size,
                 std::size_t& rank) {
  // A layout tiler's halves (A o B, A o B*) are one mode each, written one after the other: its
  // logical form is its zipped form already. (Unpacking that form's modes in place, for the tiled
  // and flat forms, counted more instructions than the path below.)
  if (how == Arrangement::zipped && b.is_layout()) return tiled_by<whole>(a, b, c, out, size, rank);
  // The first half is written straight into out, after its opening bracket (no draft copied into
  // it); the second, written interleaved with it, has its own draft and is appended.
  Draft second;
  Int proven = 0;  // a layout tiler's one step may prove its pair valid
  out.open();
  if (a.flat_shape().empty() || !(b.is_layout() ? whole(view(a), divisor_layout(b), c, out, second, &proven)
                                                : zip_into(view(a), b, c, whole, out, second)))
    return false;
  return arrange_halves(out, second, proven, how, size, rank);
}

// A divide or product by its step: the flat pipeline where it holds, else the step-by-step
// definition (checked), which builds the error naming the failed condition on that path only.
using Checked = Result<Layout> (*)(Layout const& a, Tiler const& b, Convention c);
template <WholeInto whole, Checked checked>
Result<Layout> tiled(Layout const& a, Tiler const& b, Convention c) {  // the logical form
  Draft out;
  Int size;
  std::size_t rank;
  if (tiled_by<whole>(a, b, c, out, size, rank)) return build(out, size, rank);
  return checked(a, b, c);
}
template <WholeInto whole, Checked checked>
Result<Layout> arranged(Layout const& a, Tiler const& b, Convention c, Arrangement how) {  // zipped, tiled, flat
  Draft out;
  Int size;
  std::size_t rank;
  if (arranged_by<whole>(a, b, c, how, out, size, rank)) return build(out, size, rank);
  return arrange(checked(a, b, c), b, how);
}

}  // namespace catlayout::detail
