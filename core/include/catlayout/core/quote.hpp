#pragma once
// What a message quotes of what a user typed: whole UTF-8 characters, columns in characters, and
// long arguments shortened (docs/reliability.md, "Messages"). Every reader of text (core's, the
// CLI's, the wire's, Python's) quotes through these, so that a message is valid UTF-8 whatever
// bytes it was given, and a 1 MiB argument costs a few hundred bytes of message, not a megabyte.
//
// The rule for a message about an argument: the reason first, then the argument, shortened
// (`expected ':' at column 6, found ')' in '(4,8)(1,4)'`), never the argument first.
#include <cstddef>
#include <string>
#include <string_view>

namespace catlayout {

// Arguments longer than this many characters are shortened to their first and last
// quote_limit / 2 characters around " … ".
inline constexpr std::size_t quote_limit = 200;

// The length in bytes of the UTF-8 character at text[pos] (1 to 4), or 0 where the bytes there
// are not one (a stray continuation byte, an overlong form, a surrogate, a cut-off sequence).
std::size_t utf8_length(std::string_view text, std::size_t pos);

// The 1-based column of text[pos] in characters (code points) as the user typed them: each UTF-8
// character counts one, and so does each byte that is not part of one.
std::size_t column(std::string_view text, std::size_t pos);

// What stands at text[pos], for "found ...": the whole character in quotes ('x', '４'), a control
// character or a byte that is not UTF-8 as \xNN ('\x0a', byte \xff (not UTF-8)), or "end of input".
std::string found_at(std::string_view text, std::size_t pos);

// text as a message may quote it: valid UTF-8 (control characters and bytes that are not UTF-8
// written \xNN), and past quote_limit characters its head and tail around " … ", never cutting a
// character.
std::string shortened(std::string_view text, std::size_t limit = quote_limit);

}  // namespace catlayout
