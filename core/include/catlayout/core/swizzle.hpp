#pragma once
// Swizzles (CuTe cute/swizzle.hpp, Swizzle<B,M,S>): a bit permutation of offsets,
// x -> x ^ ((x & yyy) >> S), and composed layouts sw o offset o L (cute/layout_composed.hpp).
#include <string_view>

#include "catlayout/core/tiler.hpp"

namespace catlayout {

// CuTe Swizzle<B,M,S>: yyy_mask = (2^B - 1) << (M + max(0,S)), zzz_mask = (2^B - 1) << (M - min(0,S)),
// sw(x) = x ^ shiftr(x & yyy_mask, S) (a negative S shifts left): the B bits yyy are XORed into zzz.
struct Swizzle {
  int bits = 0, base = 0, shift = 0;  // B, M, S

  // CuTe's static_asserts: B >= 0, M >= 0, |S| >= B; and (catlayout) M + |S| + B <= 62 for int64.
  static Result<Swizzle> make(int b, int m, int s);

  Int yyy_mask() const;
  Int zzz_mask() const;
  // CuTe Swizzle::apply; on int64 by two's complement (negative offsets keep their high bits).
  Int operator()(Int offset) const;
  // The swizzle permutes [0, 2^span_bits()) (and every block of that size): M + |S| + B.
  int span_bits() const;
  bool is_identity() const { return bits == 0; }

  bool operator==(Swizzle const&) const = default;
};

std::string to_string(Swizzle const& s);  // Sw<3,4,3>, as CuTe prints it

// CuTe ComposedLayout<Swizzle, Int, Layout>: i -> sw(offset + L(i)).
struct ComposedLayout {
  Swizzle sw;
  Int offset = 0;
  Layout layout;

  Int size() const { return layout.size(); }
  bool operator==(ComposedLayout const&) const = default;
};

// Plain: the identity swizzle Sw<0,M,S> and offset 0, i.e. just the layout.
bool is_plain(ComposedLayout const& c);
// sw(offset + L(i)) for 0 <= i < size; the sum is overflow-checked.
Result<Int> evaluate(ComposedLayout const& c, Int i);
// The same with L's extended function (what composition on the right guarantees).
Result<Int> evaluate_extended(ComposedLayout const& c, Int i);
// cute/layout_composed.hpp: (sw o off o L) o B = sw o off o (L o B); L o B's errors propagate.
Result<ComposedLayout> composition(ComposedLayout const& a, Layout const& b);
Result<ComposedLayout> composition(ComposedLayout const& a, Tiler const& b);

std::string to_string(ComposedLayout const& c);  // Sw<3,4,3> o 0 o (8,64):(64,1)
// Sw<3,4,3> (CuTe C++), S<3,4,3> (CuTe DSL), SW_3_4_3 and Swizzle(3,4,3) (pycute str and repr).
Result<Swizzle> parse_swizzle(std::string_view text);
// "Sw<B,M,S> o OFFSET o LAYOUT", "Sw<B,M,S> o LAYOUT" (offset 0), or a plain layout (identity
// swizzle); the swizzle in any spelling parse_swizzle reads, the offset and layout in any
// notation of text.hpp: CuTe C++'s "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", CuTe DSL's
// "S<3,4,3> o 0 o (8,64):(64,1)" (also in parentheses), pycute's "SW_3_4_3 o 0 o (8, 64):(64, 1)"
// and "ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))". CuTe's form back:
// to_string(c, Notation::cute) (notation.hpp).
Result<ComposedLayout> parse_composed_layout(std::string_view text);
// The swizzled forms only (a plain layout is refused), at text[pos] after blanks, the rest of
// the text left unread: on success pos moves past it, on failure pos is where the parse stopped.
Result<ComposedLayout> scan_composed_layout(std::string_view text, std::size_t& pos);

}  // namespace catlayout
