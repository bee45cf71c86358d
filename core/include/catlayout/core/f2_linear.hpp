#pragma once
// F2-linear layouts (the review of the CuTe paper: strides in "F2 bit-space"; Triton's
// LinearLayout): a map from input bits to output bits, XOR-linear, given by the image of each
// input bit. A power-of-two CuTe layout whose basis images have disjoint bits is one, and so is
// a swizzle of one (a swizzle is linear over F2: sw(x ^ y) = sw(x) ^ sw(y)).
// "not_representable" is reported as ErrorKind::inadmissible with a message that starts with
// "not_representable:" (the schema has no such kind yet).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "catlayout/core/swizzle.hpp"

namespace catlayout {

class LinearLayout {
 public:
  static constexpr int max_bits = 62;  // inputs index [0, 2^62); outputs fit in int64

  // pre: bases.size() <= 62, 0 <= out_bits <= 62, every basis below 2^out_bits.
  static Result<LinearLayout> make(std::vector<std::uint64_t> bases, int out_bits);
  LinearLayout() = default;  // the map from no bits: 0 -> 0

  std::vector<std::uint64_t> const& bases() const { return bases_; }  // bases()[k] = F(2^k)
  int in_bits() const { return static_cast<int>(bases_.size()); }
  int out_bits() const { return out_bits_; }
  Int size() const { return Int{1} << in_bits(); }

  // F(i) = XOR of bases()[k] over the set bits k of i; pre: 0 <= i < size.
  std::uint64_t operator()(std::uint64_t i) const;
  Result<Int> at(Int i) const;

  bool operator==(LinearLayout const&) const = default;

 private:
  std::vector<std::uint64_t> bases_;
  int out_bits_ = 0;
};

std::string to_string(LinearLayout const& f);  // [1,2,4,72] : 4 -> 7 bits

// A power-of-two layout as an F2 map: a stride-d mode of shape 2^k gives bases d*2^j (j < k), input
// bits in colexicographic order. The integer sum equals XOR only when the bases have disjoint
// bits: otherwise not_representable naming the two input bits and the shared output bit; also
// not_representable for a shape that is not a power of two and for a negative stride.
Result<LinearLayout> to_linear(Layout const& l);
// sw o off o L: the swizzle's F2 matrix applied after L's (not_representable unless off == 0).
Result<LinearLayout> to_linear(ComposedLayout const& c);
// The swizzle as a square map on n bits; pre: n >= span_bits(), n <= 62.
Result<LinearLayout> to_linear(Swizzle const& s, int n);

// Back to CuTe: the coalesced plain layout when the bases are pairwise bit-disjoint (F is then a
// layout); otherwise sw o 0 o P for the first Sw<B,M,S> (B = 1..5, M = 0..8, S = B..12 then -B..-12)
// whose inverse (itself) makes sw^-1 o F a permutation of bits P, failing that any layout P;
// not_representable when there is none.
Result<ComposedLayout> to_cute(LinearLayout const& f);

// outer o inner (inner first, as CuTe's A o B): bases[k] = outer(inner.bases[k]); inadmissible when an
// image of inner has a bit at or above outer.in_bits.
Result<LinearLayout> composition(LinearLayout const& outer, LinearLayout const& inner);
// Gauss-Jordan over GF(2); inadmissible when in_bits != out_bits or F is singular (naming the
// input bits whose images XOR to 0).
Result<LinearLayout> inverse(LinearLayout const& f);

// F's images row-reduced over GF(2), the inputs taken in order (what inverse and Triton's pseudoinvert
// solve with). At an output bit p that is a pivot: preimage[p], a set of input bits whose image
// image[p] has p as its lowest bit and no other pivot bit; an input whose image the earlier ones
// span is dependent: kernel holds, for each, the input bits (itself among them) whose images XOR to 0.
struct RowReduction {
  std::vector<std::uint64_t> image, preimage;  // indexed by output bit
  std::vector<bool> pivot;
  std::vector<std::uint64_t> kernel;
  int rank() const { return static_cast<int>(std::count(pivot.begin(), pivot.end(), true)); }
};
RowReduction row_reduce(LinearLayout const& f);

}  // namespace catlayout
