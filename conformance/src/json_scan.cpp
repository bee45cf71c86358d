#include "json_scan.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    while (p != end && is_plain_in_string(*p)) ++p;
    if (p == end) break;
    auto c = static_cast<unsigned char>(*p);
    if (c == '"') return p + 1;
    if (c == '\\') p = skip_escape(p, end);
    else if (c < 0x20) return nullptr;  // control characters must be escaped
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

// One past the closing quote of the string at p; end if it has none. The text may be invalid
// (skip_case delimits args and expect before they are validated): an escape at the last byte
// must not step past end.
char const* skip_valid_string(char const* p, char const* end) {
  for (++p; p != end; ++p) {
    if (*p == '\\') {
      if (++p == end) return end;
    } else if (*p == '"') {
      return p + 1;
    }
  }
  return end;
}

#if defined(__SSE2__)
// skip_valid's inner loop 16 bytes at a time, inside a container `depth` deep (depth > 0) and
// outside any string: the nesting of each chunk is summed with vector compares and a prefix sum,
// so a case's args cost a few instructions per 16 bytes instead of a branch per byte. Returns
// one past the bracket that brings depth to 0 (depth then 0), or where the byte-at-a-time loop
// must go on (depth updated): at the opening quote of a string that runs past its chunk (*hard
// false: one step skips the string), or at a chunk with a backslash or a bracket inside a
// string, or with fewer than 16 bytes left (*hard true).
char const* skip_brackets16(char const* p, char const* end, std::ptrdiff_t& depth, bool* hard) {
  __m128i const quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  __m128i const open1 = _mm_set1_epi8('['), open2 = _mm_set1_epi8('{');
  __m128i const close1 = _mm_set1_epi8(']'), close2 = _mm_set1_epi8('}');
  *hard = true;
  while (end - p >= 16 && depth <= 64) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p));
    auto q = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)));
    // In a string: from an opening quote up to (not including) its closing one (prefix xor).
    unsigned in_string = q;
    in_string ^= in_string << 1;
    in_string ^= in_string << 2;
    in_string ^= in_string << 4;
    in_string ^= in_string << 8;
    // The bytes taken: all 16, or those before the opening quote of a string that runs on.
    unsigned n = in_string & 0x8000 ? 31u - static_cast<unsigned>(__builtin_clz(q)) : 16u;
    unsigned taken = (1u << n) - 1;
    in_string &= taken;
    __m128i o = _mm_or_si128(_mm_cmpeq_epi8(v, open1), _mm_cmpeq_epi8(v, open2));
    __m128i c = _mm_or_si128(_mm_cmpeq_epi8(v, close1), _mm_cmpeq_epi8(v, close2));
    auto closes = static_cast<unsigned>(_mm_movemask_epi8(c)) & taken;
    if ((static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash))) & taken) ||
        ((static_cast<unsigned>(_mm_movemask_epi8(o)) | closes) & in_string))
      return p;
    // +1 at an opening bracket, -1 at a closing one (compares give -1), summed as a prefix.
    __m128i d = _mm_sub_epi8(c, o);
    d = _mm_add_epi8(d, _mm_slli_si128(d, 1));
    d = _mm_add_epi8(d, _mm_slli_si128(d, 2));
    d = _mm_add_epi8(d, _mm_slli_si128(d, 4));
    d = _mm_add_epi8(d, _mm_slli_si128(d, 8));
    auto zero = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_set1_epi8(static_cast<char>(-depth))))) & closes;
    if (zero) {
      depth = 0;
      return p + __builtin_ctz(zero) + 1;
    }
    if (n < 16) {
      if (n > 0) {
        alignas(16) signed char sums[16];
        _mm_store_si128(reinterpret_cast<__m128i*>(sums), d);
        depth += sums[n - 1];
      }
      *hard = false;
      return p + n;
    }
    depth += static_cast<signed char>(_mm_extract_epi16(d, 7) >> 8);
    p += 16;
  }
  return p;
}
#endif

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
#if defined(__SSE2__)
    char const* by_byte_until = p + 1;  // by bytes: the opening bracket, a string, a chunk left by skip_brackets16
#endif
    while (p != end) {
#if defined(__SSE2__)
      if (p >= by_byte_until) {
        bool hard = true;
        p = skip_brackets16(p, end, depth, &hard);
        if (depth == 0) return p;
        if (p == end) break;
        by_byte_until = p + (hard ? 16 : 1);
      }
#endif
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

}  // namespace catlayout::conformance::scan
