#pragma once
// The one tokenizer and the one reader of nested tuples under every text reader of layouts
// (text.hpp: integer, coordinate and F2 strides; swizzle.hpp; notation.hpp's parse_any_layout)
// and of categories' morphisms: blanks, integers in CuTe's printed forms, punctuation, and the
// errors "expected X at column C, found Y" (columns are 1-based from the start of the text and
// count characters, code points, as the user typed them; Y is a whole character: quote.hpp).
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/quote.hpp"

namespace catlayout {

// An optionally signed decimal integer at text[pos], optionally after CuTe's static mark '_'
// (_8, _-1); on success pos moves past it, on failure pos stays. Shared by the parsers of every
// notation so that they report the same errors, naming the column: a '_' without digits after
// it, a fraction (4.5), a dynamic value (CuTe DSL's '?'), an integer beyond int64.
Result<Int> scan_integer(std::string_view text, std::size_t& pos);

// A text longer than limits::max_text is refused before it is read.
std::unexpected<Error> text_too_long(std::string_view text);

// The position in a text being parsed, and the error messages every notation's parser gives.
// Parsers derive from it.
struct TextCursor {
  std::string_view text_;
  std::size_t pos_ = 0;

  void skip() {
    // A printable ASCII character other than ' ' is no blank in any locale: most calls stop at
    // one, without asking isspace.
    while (pos_ < text_.size()) {
      auto ch = static_cast<unsigned char>(text_[pos_]);
      if ((ch > ' ' && ch < 0x7f) || !std::isspace(ch)) return;
      ++pos_;
    }
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  std::unexpected<Error> error(std::string const& what) const {
    return fail(ErrorKind::invalid_input, what, " at column ", column(text_, pos_));
  }
  std::unexpected<Error> expected(std::string const& what) const {
    return fail(ErrorKind::invalid_input, "expected ", what, " at column ", column(text_, pos_), ", found ",
                found_at(text_, pos_));
  }
  // The 1-based column, in characters, of the byte offset `at` of the text.
  std::size_t column_at(std::size_t at) const { return column(text_, at); }
  // Only blanks left.
  Result<void> at_end() {
    skip();
    if (pos_ != text_.size()) return expected("end of input");
    return {};
  }
};

// The entries of a list whose opening bracket is read, through `close`: entry (',' entry)*.
// With `one_tuple`, Python's 1-tuple (4,) too (pycute's str of Layout((4,),(1,)) is
// "(4,):(1,)"): after the first entry's ',' the bracket closes it. entry() reads one entry;
// `what` names the separators in the error (',' or ')' by default).
template <class Entry>
Result<void> read_entries(TextCursor& c, char close, bool one_tuple, Entry entry, std::string_view what = {}) {
  for (std::size_t n = 1;; ++n) {
    CL_CHECK(entry());
    c.skip();
    if (c.eat(',')) {
      c.skip();
      if (one_tuple && n == 1 && c.eat(close)) return {};
      continue;
    }
    if (c.eat(close)) return {};
    return c.expected(what.empty() ? std::string("',' or '") + close + "'" : std::string(what));
  }
}

// A nested tuple: a leaf, or ( T, ... ) of them, () included. leaf() reads one entry at the
// cursor (blanks skipped): an integer, a coordinate basis 1@0, an F2 stride. `depth` counts the
// open parentheses against limits::max_depth; `one_tuple` as in read_entries.
template <class T, class Leaf>
Result<T> read_tuple(TextCursor& c, std::size_t& depth, Leaf const& leaf, bool one_tuple = true) {
  // The values are built in place (std::in_place) and each child is moved once, into
  // `children`: a tuple's move copies its inline storage, and this runs once per entry.
  c.skip();
  if (c.peek() != '(') {
    auto v = leaf();
    if (!v) return std::unexpected(std::move(v.error()));
    return Result<T>(std::in_place, std::move(*v));
  }
  if (++depth > limits::max_depth) return c.error("nesting deeper than the limit of " + std::to_string(limits::max_depth));
  ++c.pos_;
  std::vector<T> children;
  c.skip();
  if (!c.eat(')'))
    CL_CHECK(read_entries(c, ')', one_tuple, [&]() -> Result<void> {
      auto x = read_tuple<T>(c, depth, leaf, one_tuple);
      if (!x) return std::unexpected(std::move(x.error()));
      children.push_back(std::move(*x));
      if (children.size() > limits::max_flat_modes)
        return c.error("more than " + std::to_string(limits::max_flat_modes) + " modes");
      return {};
    }));
  --depth;
  return Result<T>(std::in_place, std::move(children));
}

}  // namespace catlayout
