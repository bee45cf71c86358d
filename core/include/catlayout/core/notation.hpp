#pragma once
// CuTe's notations in and out (docs/notation.md).
//
// In: one reader, parse_any_layout, for every kind of layout catlayout has, in every notation the
// parsers of text.hpp, coord_layout.hpp and swizzle.hpp take: catlayout's own, CuTe C++'s print
// (static integers marked _8, _-1), CuTe DSL's str (dynamic values '?' refused, naming the
// column), pycute's str and repr.
//
// Out: to_string(x, Notation::cute) writes what CuTe C++'s print writes for x built from static
// integers (cute/numeric/integral_constant.hpp print(C<Value>): "_" then the value;
// cute/layout.hpp print(Layout): shape ":" stride; container/tuple.hpp print(tuple): "(" a "," b
// ")"; numeric/arithmetic_tuple.hpp print(ScaledBasis<T,Ns...>): the value then "@N" for each N
// in reverse; swizzle.hpp print(Swizzle<B,M,S>): "Sw<B,M,S>"; layout_composed.hpp
// print(ComposedLayout): A " o " offset " o " B):
//   (_4,_8):(_8,_1)   ((_2,_4),_3):((_1,_8),_-1)   Sw<3,4,3> o _0 o (_8,_64):(_64,_1)
//   (_4,_8):(_1@0,_1@1)   a tile (make_tile): (_3:_4,(_2,_4):(_1,_8))
// Every reader reads it back: parse(to_string(x, Notation::cute)) == x.
#include <string>
#include <string_view>
#include <variant>

#include "catlayout/core/composed_chain.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/swizzle.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout {

// How to write a layout: catlayout's notation ((4,8):(8,1), tilers <2,4>) or CuTe C++'s print.
enum class Notation { catlayout, cute };

// "catlayout" or "cute", as a command line's --print option names them; else invalid_input.
Result<Notation> parse_notation(std::string_view name);
std::string_view notation_name(Notation n);

std::string to_string(IntTuple const& t, Notation n);     // (_2,(_3,_4))
std::string to_string(Layout const& l, Notation n);       // (_4,_8):(_8,_1)
std::string to_string(Tiler const& t, Notation n);        // _8, _3:_4, (_3:_4,(_2,_4):(_1,_8))
std::string to_string(ScaledBasis const& b, Notation n);  // _3@1@0 for 3*E<0,1>
std::string to_string(BasisTuple const& t, Notation n);
std::string to_string(CoordLayout const& l, Notation n);  // (_4,_8):(_1@0,_1@1)
std::string to_string(Swizzle const& s, Notation n);      // Sw<3,4,3> in both notations
std::string to_string(ComposedLayout const& c, Notation n);  // Sw<3,4,3> o _0 o (_8,_64):(_64,_1)
// Sw<1,4,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8): every function and offset as CuTe prints it.
std::string to_string(ComposedChain const& c, Notation n);

// A layout of any kind: integer strides, coordinate strides (CuTe ScaledBasis), or swizzled
// (CuTe ComposedLayout<Swizzle,offset,Layout>).
using AnyLayout = std::variant<Layout, CoordLayout, ComposedLayout>;

// The one reader: a text is an integer-stride layout if parse_layout reads it, else a coordinate
// layout if parse_coord_layout does, else a swizzled layout (scan_composed_layout's forms: a
// plain layout is already the first). A text that is none of them gets the error of the reader
// that got furthest into it (the first on a tie), so `(4,8):(1@0,1)` reports the coordinate
// reader's "mixes a nonzero integer stride" rather than the integer reader's "found '@'".
Result<AnyLayout> parse_any_layout(std::string_view text);

std::string to_string(AnyLayout const& l, Notation n);
// "integer-stride layout", "coordinate layout" or "swizzled layout", for messages.
std::string_view layout_kind(AnyLayout const& l);
Int size(AnyLayout const& l);

}  // namespace catlayout
