#pragma once
// CuTe notation: (6,2):(8,2), 12:1, ():(), tilers <3:4,(2,4):(1,8)>. Whitespace is ignored.
// Errors say what was expected and at which (1-based) column.
#include <string_view>

#include "catlayout/core/tiler.hpp"

namespace catlayout {

Result<IntTuple> parse_int_tuple(std::string_view text);
Result<Layout> parse_layout(std::string_view text);
// A layout, an integer n (n:1), or <...> of tilers.
Result<Tiler> parse_tiler(std::string_view text);
// An optionally signed decimal integer at text[pos]; on success pos moves past it. Shared by the
// parsers of every notation so that they report the same errors, naming the column.
Result<Int> scan_integer(std::string_view text, std::size_t& pos);
// A finite integer table [0,1,4,5] (for the representability procedure).
Result<std::vector<Int>> parse_int_list(std::string_view text);

}  // namespace catlayout
