#pragma once
// Chains of layouts, offsets and swizzles as CuTe's ComposedLayout<A, Offset, B> nests them
// (cute/layout_composed.hpp): A and B each a Layout, a Swizzle or another ComposedLayout, and
// (A o O o B)(c) = A(O + B(c)). Function composition is associative, so a nest is one flat list of
// functions with an offset between each two, as CuTe's print(ComposedLayout) writes it
// (A " o " O " o " B): Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o ((_8,_4),_8):((_32,_1),_4).
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// One function of a chain: a layout (with integer strides) or a swizzle.
using ChainFunction = std::variant<Layout, Swizzle>;

struct ComposedChain {
  std::vector<ChainFunction> functions;  // outermost first, in CuTe's printed order
  std::vector<Int> offsets;              // offsets[k] stands between functions[k] and functions[k + 1]

  // cute/layout_composed.hpp size(ComposedLayout) = size(layout_b()): the rightmost layout's size
  // (past a swizzle or offset on its right, the domain is their preimage of that layout's domain).
  Int size() const;
  bool operator==(ComposedChain const&) const = default;
};

// A bound on a chain's functions (CuTe's answers nest two or three; tabulations walk every one).
inline constexpr std::size_t max_chain_functions = 64;
// pre: one offset between each two functions, at least one layout, at most max_chain_functions
// functions (else invalid_input).
Result<ComposedChain> make_chain(std::vector<ChainFunction> functions, std::vector<Int> offsets);
// sw o off o L as a chain of three (a plain layout, is_plain: the layout alone).
ComposedChain chain_of(ComposedLayout const& c);
ComposedChain chain_of(Layout const& l);
// cute/layout_composed.hpp composition(A, O, B) = ComposedLayout<A,O,B>: A's functions, O, B's.
ComposedChain nest(ComposedChain const& a, Int offset, ComposedChain const& b);
// The chain as today's composed layout where it is one: sw o off o L, or L alone.
std::optional<ComposedLayout> single(ComposedChain const& c);

// The chain's function at any integer x, rightmost first, every layout by its extended function
// (CuTe's A(O + B(x)) on an integral argument), a negative argument by odd extension; sums checked.
Result<Int> apply(ComposedChain const& c, Int x);
// The domain point of index j in [0, size): j itself when the rightmost function is a layout, else
// the x that the swizzles and offsets right of the rightmost layout send to j (each is a bijection;
// a swizzle is its own inverse).
Result<Int> domain_point(ComposedChain const& c, Int j);
// c at its domain point j, 0 <= j < size (the rightmost layout evaluated inside its domain).
Result<Int> evaluate(ComposedChain const& c, Int j);

std::string to_string(ComposedChain const& c);  // Sw<1,4,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)
// "F o [OFFSET o] F o ...": each F a swizzle (any spelling parse_swizzle reads) or a layout of
// text.hpp's notations, an omitted offset 0 (CuTe C++'s print has every one: _0). A text that is
// one function and no 'o' is refused (a plain layout or swizzle is read by its own reader).
Result<ComposedChain> parse_composed_chain(std::string_view text);

}  // namespace catlayout
