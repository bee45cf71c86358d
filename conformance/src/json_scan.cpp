#include "json_scan.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <string>

namespace catlayout::conformance::scan {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool in(unsigned char c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; }

// The value of the 4 hex digits at p, or -1.
long hex4(char const* p, char const* end) {
  if (end - p < 4) return -1;
  long v = 0;
  for (int i = 0; i < 4; ++i) {
    char c = p[i];
    int d = is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

// One past the escape at p (p at the backslash), or nullptr. A \u escape of a high surrogate
// must be followed by one of a low surrogate, and a lone low surrogate is refused: nlohmann's rules.
char const* skip_escape(char const* p, char const* end) {
  if (end - p < 2) return nullptr;
  switch (p[1]) {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't': return p + 2;
    case 'u': break;
    default: return nullptr;
  }
  long cp = hex4(p + 2, end);
  if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF)) return nullptr;
  if (cp < 0xD800 || cp > 0xDBFF) return p + 6;
  p += 6;
  if (end - p < 2 || p[0] != '\\' || p[1] != 'u') return nullptr;
  long lo = hex4(p + 2, end);
  if (lo < 0xDC00 || lo > 0xDFFF) return nullptr;
  return p + 6;
}

// One past the UTF-8 sequence at p (a byte >= 0x80), or nullptr: the well-formed sequences of
// RFC 3629 (no overlong forms, no surrogates, nothing past U+10FFFF), as nlohmann checks them.
char const* skip_utf8(char const* p, char const* end) {
  auto b = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(p[i]); };
  unsigned char c = b(0);
  std::ptrdiff_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (in(c, 0xC2, 0xDF)) n = 2;
  else if (c == 0xE0) n = 3, lo = 0xA0;
  else if (in(c, 0xE1, 0xEC) || in(c, 0xEE, 0xEF)) n = 3;
  else if (c == 0xED) n = 3, hi = 0x9F;
  else if (c == 0xF0) n = 4, lo = 0x90;
  else if (in(c, 0xF1, 0xF3)) n = 4;
  else if (c == 0xF4) n = 4, hi = 0x8F;
  else return nullptr;
  if (end - p < n || !in(b(1), lo, hi)) return nullptr;
  for (std::ptrdiff_t i = 2; i < n; ++i)
    if (!in(b(i), 0x80, 0xBF)) return nullptr;
  return p + n;
}

char const* skip_string(char const* p, char const* end) {
  ++p;  // the opening quote
  while (p != end) {
    auto c = static_cast<unsigned char>(*p);
    if (c == '"') return p + 1;
    if (c == '\\') p = skip_escape(p, end);
    else if (c < 0x20) return nullptr;  // control characters must be escaped
    else if (c < 0x80) ++p;
    else p = skip_utf8(p, end);
    if (!p) return nullptr;
  }
  return nullptr;
}

// nlohmann reads an integer that overflows 64 bits, and any fraction or exponent, as a double,
// and refuses one that is not finite ("number overflow"): so must we.
bool finite_double(char const* b, char const* e) {
  std::string s(b, e);
  return std::isfinite(std::strtod(s.c_str(), nullptr));
}

char const* skip_number(char const* p, char const* end) {
  char const* start = p;
  if (p != end && *p == '-') ++p;
  if (p == end || !is_digit(*p)) return nullptr;
  if (*p == '0') ++p;
  else
    while (p != end && is_digit(*p)) ++p;
  bool integer = true;
  if (p != end && *p == '.') {
    integer = false;
    ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    while (p != end && is_digit(*p)) ++p;
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
    integer = false;
    ++p;
    if (p != end && (*p == '+' || *p == '-')) ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    while (p != end && is_digit(*p)) ++p;
  }
  // Up to 18 characters is an integer below 10^18: it fits, no double is involved.
  if ((!integer || p - start > 18) && !finite_double(start, p)) return nullptr;
  return p;
}

char const* skip_literal(char const* p, char const* end, std::string_view word) {
  if (static_cast<std::size_t>(end - p) < word.size() || std::string_view(p, word.size()) != word) return nullptr;
  return p + word.size();
}

char const* skip_rec(char const* p, char const* end, std::size_t depth);

// Where skip_object puts the members of the object it skips.
struct Recorder {
  std::span<Member> out;
  std::size_t count = 0;
  bool plain = true;  // no escaped or repeated key, and room for all
  // skip_case: the first "args" and "expect" values, delimited but not validated (null: none yet).
  bool lazy = false;
  std::string_view const* args = nullptr;
  std::string_view const* expect = nullptr;
  std::string_view args_text{}, expect_text{};

  // The value of a member with this key (without quotes) is to be delimited, not validated.
  bool delimit_only(std::string_view key) const {
    return lazy && ((key == "args" && !args) || (key == "expect" && !expect));
  }
  void delimited(std::string_view key, std::string_view value) {
    if (key == "args") args = &(args_text = value);
    else expect = &(expect_text = value);
  }

  void add(std::string_view key, std::string_view value) {
    if (!plain) return;
    if (count == out.size() || key.find('\\') != std::string_view::npos) {
      plain = false;
      return;
    }
    for (std::size_t i = 0; i < count; ++i)
      if (out[i].key == key) {
        plain = false;
        return;
      }
    out[count++] = Member{key, value};
  }
};

// An array or object at p: `[` values `]` or `{` "key": value `}`, commas between; an object's
// members go to rec when there is one.
char const* skip_container(char const* p, char const* end, std::size_t depth, Recorder* rec = nullptr) {
  if (depth >= max_depth) return nullptr;
  bool object = *p == '{';
  char close = object ? '}' : ']';
  p = skip_ws(p + 1, end);
  if (p != end && *p == close) return p + 1;
  for (;;) {
    char const* key = p;
    if (object) {
      if (p == end || *p != '"' || !(p = skip_string(p, end))) return nullptr;
      char const* key_end = p;
      p = skip_ws(p, end);
      if (p == end || *p != ':') return nullptr;
      p = skip_ws(p + 1, end);
      char const* v = p;
      auto name = std::string_view(key + 1, static_cast<std::size_t>(key_end - key - 2));
      bool lazy = rec && rec->delimit_only(name);
      if (!(p = lazy ? skip_valid(p, end) : skip_rec(p, end, depth + 1))) return nullptr;
      auto value = std::string_view(v, static_cast<std::size_t>(p - v));
      if (lazy) rec->delimited(name, value);
      if (rec) rec->add(name, value);
    } else if (!(p = skip_rec(p, end, depth + 1))) {
      return nullptr;
    }
    p = skip_ws(p, end);
    if (p == end) return nullptr;
    if (*p == close) return p + 1;
    if (*p != ',') return nullptr;
    p = skip_ws(p + 1, end);
  }
}

char const* skip_rec(char const* p, char const* end, std::size_t depth) {
  if (p == end) return nullptr;
  switch (*p) {
    case '{': case '[': return skip_container(p, end, depth);
    case '"': return skip_string(p, end);
    case 't': return skip_literal(p, end, "true");
    case 'f': return skip_literal(p, end, "false");
    case 'n': return skip_literal(p, end, "null");
    default: return skip_number(p, end);
  }
}

// One past the closing quote of the valid string at p.
char const* skip_valid_string(char const* p, char const* end) {
  for (++p; p != end; ++p) {
    if (*p == '\\') ++p;
    else if (*p == '"') return p + 1;
  }
  return end;
}

}  // namespace

char const* skip_value(char const* p, char const* end) { return skip_rec(p, end, 0); }

char const* skip_object(char const* p, char const* end, std::span<Member> out, std::size_t* count, bool* plain) {
  Recorder rec{out};
  char const* e = p != end && *p == '{' ? skip_container(p, end, 0, &rec) : nullptr;
  *count = rec.count;
  *plain = rec.plain;
  return e;
}

char const* skip_case(char const* p, char const* end, std::span<Member> out, std::size_t* count, bool* plain,
                      std::string_view* args, std::string_view* expect) {
  Recorder rec{out};
  rec.lazy = true;
  char const* e = p != end && *p == '{' ? skip_container(p, end, 0, &rec) : nullptr;
  *count = rec.count;
  *plain = rec.plain;
  *args = rec.args ? rec.args_text : std::string_view();
  *expect = rec.expect ? rec.expect_text : std::string_view();
  return e;
}

bool valid_member_value(std::string_view v) {
  char const* end = v.data() + v.size();
  return !v.empty() && skip_rec(v.data(), end, 1) == end;
}

char const* skip_value_at(char const* p, char const* end, std::size_t depth) { return skip_rec(p, end, depth); }

char const* skip_valid(char const* p, char const* end) {
  if (p == end) return end;
  if (*p == '"') return skip_valid_string(p, end);
  if (*p == '{' || *p == '[') {
    // The nesting is summed from a table (+1 for an opening bracket, -1 for a closing one, 0 for
    // the digits, commas and whitespace that make up most of a case), so the loop's only
    // branches are the quote and the end, both nearly always not taken.
    static constexpr auto nesting = [] {
      std::array<signed char, 256> t{};
      t['{'] = t['['] = 1;
      t['}'] = t[']'] = -1;
      return t;
    }();
    std::ptrdiff_t depth = 0;
    while (p != end) {
      auto c = static_cast<unsigned char>(*p);
      if (c == '"') {
        p = skip_valid_string(p, end);
        continue;
      }
      depth += nesting[c];
      ++p;
      if (depth == 0) return p;
    }
    return end;
  }
  // A number or literal: it ends at the first structural character or whitespace.
  while (p != end && *p != ',' && *p != '}' && *p != ']' && !is_ws(*p)) ++p;
  return p;
}

std::optional<std::string_view> plain_string(char const* p, char const* end, char const** after) {
  char const* s = p + 1;
  for (char const* q = s; q != end; ++q) {
    if (*q == '"') {
      *after = q + 1;
      return std::string_view(s, static_cast<std::size_t>(q - s));
    }
    if (*q == '\\') {
      *after = skip_valid_string(p, end);
      return std::nullopt;
    }
  }
  *after = end;
  return std::nullopt;
}

bool object_members(std::string_view text, std::span<Member> out, std::size_t* count) {
  char const* p = text.data();
  char const* end = p + text.size();
  std::size_t n = 0;
  if (p == end || *p != '{') return false;
  p = skip_ws(p + 1, end);
  if (p != end && *p == '}') {
    *count = 0;
    return true;
  }
  for (;;) {
    if (p == end || *p != '"' || n == out.size()) return false;
    auto key = plain_string(p, end, &p);
    if (!key) return false;
    for (std::size_t i = 0; i < n; ++i)
      if (out[i].key == *key) return false;
    p = skip_ws(p, end);
    if (p == end || *p != ':') return false;
    p = skip_ws(p + 1, end);
    char const* v = p;
    p = skip_valid(p, end);
    out[n++] = Member{*key, std::string_view(v, static_cast<std::size_t>(p - v))};
    p = skip_ws(p, end);
    if (p != end && *p == ',') {
      p = skip_ws(p + 1, end);
      continue;
    }
    if (p != end && *p == '}') break;
    return false;
  }
  *count = n;
  return true;
}

std::optional<std::string_view> find(std::span<Member const> members, std::string_view key) {
  for (auto const& m : members)
    if (m.key == key) return m.value;
  return std::nullopt;
}

}  // namespace catlayout::conformance::scan
