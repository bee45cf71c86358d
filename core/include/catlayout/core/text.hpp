#pragma once
// CuTe notation: (6,2):(8,2), 12:1, ():(), tilers <3:4,(2,4):(1,8)>. Whitespace is ignored.
// Errors say what was expected and at which (1-based) column.
#include <cctype>
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
// The position in a text being parsed, and the error messages every notation's parser gives:
// "expected X at column C, found Y" (columns are 1-based). Parsers derive from it.
struct TextCursor {
  std::string_view text_;
  std::size_t pos_ = 0;

  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  std::unexpected<Error> error(std::string const& what) const {
    return fail(ErrorKind::invalid_input, what, " at column ", pos_ + 1);
  }
  std::unexpected<Error> expected(std::string const& what) const {
    std::string found = pos_ < text_.size() ? "'" + std::string(1, text_[pos_]) + "'" : "end of input";
    return fail(ErrorKind::invalid_input, "expected ", what, " at column ", pos_ + 1, ", found ", found);
  }
};
// A finite integer table [0,1,4,5] (for the representability procedure).
Result<std::vector<Int>> parse_int_list(std::string_view text);

}  // namespace catlayout
