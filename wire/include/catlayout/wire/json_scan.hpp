#pragma once
// A small scanner over JSON text, so that the streaming checker
// (check.cpp) can find the extent of each case without building a DOM of the whole file.
//
// skip_value is at least as strict as nlohmann's parser (RFC 8259 grammar, UTF-8 and \u
// escapes checked, numbers finite): text it accepts, nlohmann accepts with the same extent.
// When it refuses (invalid JSON, or nesting past its depth limit) the caller hands the text to
// nlohmann, so that the outcome, and any "not valid JSON" message, is nlohmann's.
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace catlayout::wire::scan {

// Deeper nesting than this is left to nlohmann (the skip is recursive; the stack stays small).
inline constexpr std::size_t max_depth = 256;

inline bool is_ws(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The bytes a string's characters are read past one at a time without a closer look: printable
// ASCII other than the quote and the backslash (a table, so the loop over them has one branch).
inline constexpr auto plain_in_string = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return t;
}();
inline bool is_plain_in_string(char c) { return plain_in_string[static_cast<unsigned char>(c)]; }

// The first non-whitespace character at or after p (or end).
inline char const* skip_ws(char const* p, char const* end) {
  while (p != end && is_ws(*p)) ++p;
  return p;
}

// One past the JSON value that starts at p (no leading whitespace), or nullptr if the text
// there is not a valid value (or nests deeper than max_depth).
char const* skip_value(char const* p, char const* end);

// One past the value at p, from the bracket and quote structure alone, without checks: on
// text skip_value accepts, where skip_value ends; on any other text, somewhere in [p, end]
// (never past end: skip_case delimits args and expect with it before they are validated).
char const* skip_valid(char const* p, char const* end);

// The characters between the quotes of the (valid) string at p when it holds no escape,
// nullopt otherwise; *after is set one past the closing quote either way.
std::optional<std::string_view> plain_string(char const* p, char const* end, char const** after);

// One member of an object: its key (without escapes) and the text of its value.
struct Member {
  std::string_view key, value;
};

// skip_value for the object at p that also records its members, in one pass: *plain is false
// when a key has an escape, a key repeats (nlohmann keeps the last, which the DOM path
// reproduces), or there are more than out.size() (the end is found either way).
char const* skip_object(char const* p, char const* end, std::span<Member> out, std::size_t* count, bool* plain);

// skip_object for a case object, validating all but the values of its first "args" and
// "expect" members, which are only delimited (as skip_valid does) and left in *args and
// *expect (empty when absent): the fast path reads them with strict readers, so valid text is
// not walked twice. The caller must validate them (skip_member_value) before relying on any
// other reading of them. nullptr when the rest is not valid; on valid text the end and the
// members are skip_object's.
char const* skip_case(char const* p, char const* end, std::span<Member> out, std::size_t* count, bool* plain,
                      std::string_view* args, std::string_view* expect);

// skip_value for the value of a member of an object skip_object scans, with the nesting that
// member has there (one container deep): true when v is exactly one such valid value.
bool valid_member_value(std::string_view v);
// skip_value for a value `depth` containers deep in what skip_object scans (its nesting limit
// counts them).
char const* skip_value_at(char const* p, char const* end, std::size_t depth);

}  // namespace catlayout::wire::scan
