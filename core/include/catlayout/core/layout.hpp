#pragma once
// A layout is a shape and a congruent stride (paper Def. 2.3.1.1); its function maps
// an index colexicographically to a coordinate and takes the dot product with the stride.
#include <vector>

#include "catlayout/core/int_tuple.hpp"

namespace catlayout {

namespace detail {
struct LayoutAccess;  // core's own constructor for layouts it has already validated
}

// Flat views used by the algorithms: parallel lists of shapes and strides (inline up to 8).
struct FlatLayout {
  Ints shape, stride;
};

class Layout {
 public:
  // Def. 2.3.1.1; pre: congruent, positive shape, every offset in range of int64.
  static Result<Layout> make(IntTuple shape, IntTuple stride);
  // The same from flat entries and the bracket word shape and stride share (IntTuple::word(): a
  // leaf, or brackets around modes, one leaf per entry): no tuple built on the way (readers).
  static Result<Layout> make(std::span<Int const> shape, std::span<Int const> stride,
                             std::span<std::uint8_t const> word);
  // core's constructor for parts it has already checked, usable only with a key core makes
  // (public so that a Result can construct the layout in place, without a move).
  class Checked {
    Checked() = default;
    friend struct detail::LayoutAccess;
  };
  [[gnu::always_inline]] Layout(Checked, std::span<Int const> s, std::span<Int const> d, std::span<std::uint8_t const> word,
         std::uint32_t rank, Int size)
      : shape_(s, word, rank), stride_(d, word, rank), size_(size) {
    set_pow2();
  }
  // The same from parts that stay readable up to what a tuple keeps inline (IntTuple::FromPadded).
  [[gnu::always_inline]] Layout(Checked, IntTuple::FromPadded p, std::span<Int const> s, std::span<Int const> d,
                                std::span<std::uint8_t const> word, std::uint32_t rank, Int size)
      : shape_(p, s, word, rank), stride_(p, d, word, rank), size_(size) {
    set_pow2();
  }
  // Empty parts that core fills in place (LayoutAccess::flat_in_place), also inside a Result.
  Layout(Checked, IntTuple::Unfilled u) : shape_(u), stride_(u) {}
  Layout() : shape_(1), stride_(0) {}  // 1:0, the trivial layout
  std::span<Int const> flat_shape() const { return shape_.values(); }
  std::span<Int const> flat_stride() const { return stride_.values(); }

  IntTuple const& shape() const { return shape_; }
  IntTuple const& stride() const { return stride_; }
  Int size() const { return size_; }
  std::size_t rank() const { return shape_.rank(); }
  Layout mode(std::size_t i) const;

  // Phi_L(i) for 0 <= i < size (unchecked range: construction bounds every such offset).
  [[gnu::always_inline]] Int operator()(Int i) const {  // inline: evaluation is its callers' innermost loop
    if (size_ <= Int{UINT32_MAX}) return eval32(static_cast<std::uint32_t>(i));
    return eval64(i);
  }
  Result<Int> at(Int i) const;                  // checks 0 <= i < size
  // CuTe's extended layout function: the last flat mode is unbounded (paper §4.1.6).
  Result<Int> extended(Int i) const;
  // A coordinate congruent to (a coarsening of) the shape, colexicographic below integers.
  Result<Int> at_coord(IntTuple const& coord) const;

  bool operator==(Layout const& o) const { return shape_ == o.shape_ && stride_ == o.stride_; }

 private:
  Layout(IntTuple&& s, IntTuple&& d, Int size) : shape_(std::move(s)), stride_(std::move(d)), size_(size) {
    set_pow2();
  }
  void set_pow2() {
    bool pow2 = true;  // a local: a member would be read and written back once per entry
    for (Int x : shape_.values()) pow2 &= (x & (x - 1)) == 0;
    pow2_ = pow2;
  }
  // A layout of size < 2^32 has 32-bit indices and shapes, and 32-bit division is several times
  // faster than 64-bit division on x86; a power-of-two shape (the common case) needs none.
  [[gnu::always_inline]] Int eval32(std::uint32_t i) const {
    auto s = flat_shape();
    auto d = flat_stride();
    if (s.empty()) return 0;  // ():(), the one-point layout
    Int off = 0;
    std::size_t last = s.size() - 1;
    if (pow2_) {  // one branch per call, not one per mode: random access does not mispredict
      for (std::size_t k = 0; k < last; ++k) {
        auto sk = static_cast<std::uint32_t>(s[k]);
        off += static_cast<Int>(i & (sk - 1)) * d[k];
        i >>= __builtin_ctz(sk);
      }
    } else {
      for (std::size_t k = 0; k < last; ++k) {
        auto sk = static_cast<std::uint32_t>(s[k]);
        off += static_cast<Int>(i % sk) * d[k];
        i /= sk;
      }
    }
    return off + static_cast<Int>(i) * d[last];
  }
  Int eval64(Int i) const;
  friend struct detail::LayoutAccess;
  IntTuple shape_, stride_;
  Int size_ = 1;
  bool pow2_ = true;  // every shape entry a power of two: evaluation by shift and mask
};

// L extended past its domain and odd on negative arguments, L(-x) = -L(x) (docs/representation.md):
// what composition guarantees A is at B's values.
Result<Int> odd_extended(Layout const& l, Int x);
Int cosize(Layout const& l);                         // CuTe: L(size-1) + 1
std::size_t depth(Layout const& l);
// [L(0), ..., L(size-1)]; pre: size <= limits::max_tabulate (else std::length_error).
std::vector<Int> tabulate(Layout const& l);
// The same into a caller's buffer (no size limit). pre: out.size() == size(L) (else invalid_input).
Result<void> tabulate_into(Layout const& l, std::span<Int> out);
std::string to_string(Layout const& l);              // CuTe notation shape:stride

// Convenience for code and tests that build layouts from literals: throws on invalid input.
Layout layout(IntTuple shape, IntTuple stride);
FlatLayout flat_modes(Layout const& l);
Result<Layout> from_flat(FlatLayout const& f);       // () : () when empty, s:d when one mode

}  // namespace catlayout
