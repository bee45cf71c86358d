#pragma once
// Layouts with F2 strides (PyCuTe's F2 stride scalar, pycute/swizzle.py; the whitepaper's §2.3.1
// integer-semimodules, "F2 bit-space" in the review of the CuTe paper): a stride F<v> is a
// polynomial over GF(2); a mode s:F<v> maps its coordinate c to clmul(c, v) (carry-less product),
// and the modes' images add by XOR. Printed as PyCuTe prints them: (4,4):(F1,F4). The integer 0
// is the zero of every stride kind, F0.
//
// Power-of-two modes make an F2-linear map, the same thing as a LinearLayout (f2_linear.hpp), and a
// swizzle is one; to_f2 / to_linear convert. Shapes that are not powers of two are allowed: clmul is
// still defined on [0, s), but such a mode does not merge with the next one (carries), and
// compositions through it are refused where the result's mode would not be clmul of its coordinate.
#include <cstdint>
#include <optional>

#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// Carry-less product of a and b (XOR of b << k over the set bits k of a); nullopt past bit 61.
std::optional<std::uint64_t> clmul(std::uint64_t a, std::uint64_t b);

class F2Layout {
 public:
  static constexpr int max_bits = 62;  // every image below 2^62 (as LinearLayout)

  // pre (else invalid_input): congruent, positive shape, size in int64, strides >= 0, and every
  // mode's image clmul(s - 1, v) below 2^62.
  static Result<F2Layout> make(IntTuple shape, IntTuple stride);
  F2Layout() : shape_(1), stride_(0) {}  // 1:F0

  IntTuple const& shape() const { return shape_; }
  IntTuple const& stride() const { return stride_; }  // the polynomials, as bit patterns
  Int size() const { return size_; }
  std::size_t rank() const { return shape_.rank(); }
  F2Layout mode(std::size_t i) const;

  Int operator()(Int i) const;   // pre: 0 <= i < size
  Result<Int> at(Int i) const;   // checks the range
  // The last flat mode unbounded (CuTe's extended function); not_representable past 2^62.
  Result<Int> extended(Int i) const;

  bool operator==(F2Layout const&) const = default;

 private:
  IntTuple shape_, stride_;
  Int size_ = 1;
};

std::string to_string(F2Layout const& l);      // (4,4):(F1,F4)
// CuTe notation with F2 strides: each stride F<v> or F2(v) (PyCuTe's print and constructor), or 0.
Result<F2Layout> parse_f2_layout(std::string_view text);

// Coalesce (PyCuTe's merge predicate for F2): s_a:F<a> and s_b:F<b> merge when both are F0, or s_a is
// a power of two and b = a << log2(s_a) (clmul(c_a + s_a c_b, a) = clmul(c_a, a) ^ clmul(c_b, b)
// exactly then: no carry from c_a into c_b's bits). Size-1 modes vanish; 1:F0 when none is left.
F2Layout coalesce(F2Layout const& l);
// The same, keeping the extended function (a trailing size-1 mode as coalesce_z keeps it).
F2Layout coalesce_z(F2Layout const& l);

// R(i) = A(B(i)), B's nesting: B split at A's mode boundaries as core's composition splits it
// (the same admissibility conditions), each piece's stride A at its step. pre (else inadmissible):
// each piece c -> A(c * step) is clmul(c, A(step)), checked by tabulation; B's values >= 0.
Result<F2Layout> composition(F2Layout const& a, Layout const& b);
// R(i) = A(i) XOR B(i): shape(G) : A(d_k) ^ B(d_k) over G = greatest_common_domain of the coalesced
// shapes (PyCuTe's layout_add), checked by tabulation; not_representable where it fails.
Result<F2Layout> layout_add(F2Layout const& a, F2Layout const& b);
// An integer layout whose strides are all 0 is the zero of every stride kind, so also an F2 layout
// (layout_add mixes it with F2 operands); nullopt for any other integer layout.
std::optional<F2Layout> zero_as_f2(Layout const& l);
// The indices that map to 0, as a layout (nullspace.hpp's definition; tabulated).
Result<Layout> nullspace(F2Layout const& a);

// Conversions. to_linear: every mode a power of two (else not_representable). to_f2 of a
// LinearLayout: (2,...,2):(F b_0, ...) coalesced. to_f2 of a Layout: same shape and strides, where
// the integer sum is the XOR (to_linear(Layout)'s condition, else not_representable). Of a composed
// layout: through its linear form. Of a swizzle on n bits: its bit images.
Result<LinearLayout> to_linear(F2Layout const& l);
F2Layout to_f2(LinearLayout const& f);
Result<F2Layout> to_f2(Layout const& l);
Result<F2Layout> to_f2(ComposedLayout const& c);
Result<F2Layout> to_f2(Swizzle const& s, int n);

}  // namespace catlayout
