#pragma once
// CuTe notation: (6,2):(8,2), 12:1, ():(), tilers <3:4,(2,4):(1,8)>. Whitespace is ignored.
// Errors say what was expected and at which (1-based) column.
//
// The same readers take what CuTe and its Python front ends print (docs/notation.md):
// - CuTe C++ print (cute/numeric/integral_constant.hpp print(C<Value>): "_" then the value), so a
//   static integer is _8 and Int<-1> is _-1: (_4,_8):(_8,_1); every integer may carry the mark;
// - CuTe C++ print of a tile (make_tile): a tuple of tilers, (_3:_4,(_2,_4):(_1,_8)), and a tuple
//   of integers (_2,_4), read as the by-mode tilers <3:4,(2,4):(1,8)> and <2,4>;
// - pycute (nvidia-cutlass 4.2 pycute/layout.py): str "(4, 8):(8, 1)", "(4,):(1,)" (a Python
//   1-tuple), repr "Layout((4, 8),(8, 1))", and Layout(shape) (pycute's default stride: the
//   compact column-major prefix product), "Layout((4, 8))";
// - CuTe DSL (nvidia-cutlass-dsl 4.8 str of a layout): "(4,8):(8,1)"; a value known only at run
//   time prints as "?" (or "?{div=8}") and has no number: it is refused, naming the column.
// Notation for writing back (CuTe C++'s own print) and the one reader of every kind of layout:
// catlayout/core/notation.hpp. The readers here, parse_coord_layout (coord_layout.hpp) and
// parse_f2_layout (f2_layout.hpp) are one reader (core/src/text.cpp) over tuple_reader.hpp.
#include <string_view>

#include "catlayout/core/tiler.hpp"
#include "catlayout/core/tuple_reader.hpp"  // scan_integer, TextCursor: the one tokenizer

namespace catlayout {

Result<IntTuple> parse_int_tuple(std::string_view text);
Result<Layout> parse_layout(std::string_view text);
// A layout, an integer n (n:1), or <...> of tilers; also CuTe's tile, a tuple of tilers
// ((_2,_4) is <2,4>, (_3:_4,_8) is <3:4,8>).
Result<Tiler> parse_tiler(std::string_view text);
// An integer-stride layout at text[pos] (after blanks) in any notation above, CuTe's and
// pycute's included; on success pos moves past it, on failure pos is where the parse stopped
// (for a reader that tries several notations and reports the one that got furthest). Columns in
// errors count from the start of `text`.
Result<Layout> scan_layout(std::string_view text, std::size_t& pos);
// A finite integer table [0,1,4,5] (for the representability procedure).
Result<std::vector<Int>> parse_int_list(std::string_view text);

}  // namespace catlayout
