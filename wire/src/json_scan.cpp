#include "catlayout/wire/json_scan.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace catlayout::wire::scan {
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

// A block of 64 bytes as bit masks (bit i for byte i): its quotes, backslashes, opening and
// closing brackets. `c | 0x20` maps '[' to '{' and ']' to '}' and no other byte to either.
struct BlockMasks {
  std::uint64_t quote = 0, backslash = 0, open = 0, close = 0;
};

BlockMasks block_masks(char const* p) {  // 64 readable bytes at p
  BlockMasks m;
#if defined(__SSE2__)
  __m128i const quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), case_bit = _mm_set1_epi8(0x20);
  __m128i const open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
  for (int k = 0; k < 4; ++k) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + 16 * k));
    __m128i folded = _mm_or_si128(v, case_bit);
    auto bits = [k](__m128i eq) {
      return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(eq))) << (16 * k);
    };
    m.quote |= bits(_mm_cmpeq_epi8(v, quote));
    m.backslash |= bits(_mm_cmpeq_epi8(v, backslash));
    m.open |= bits(_mm_cmpeq_epi8(folded, open));
    m.close |= bits(_mm_cmpeq_epi8(folded, close));
  }
#else
  for (int i = 0; i < 64; ++i) {
    auto c = static_cast<unsigned char>(p[i]);
    std::uint64_t bit = std::uint64_t{1} << i;
    if (c == '"') m.quote |= bit;
    if (c == '\\') m.backslash |= bit;
    if ((c | 0x20) == '{') m.open |= bit;
    if ((c | 0x20) == '}') m.close |= bit;
  }
#endif
  return m;
}

// Bit i set when an odd number of bits at or below i are: with the quotes as x, the bytes from
// an opening quote up to (not including) its closing one.
std::uint64_t prefix_xor(std::uint64_t x) {
  for (int s = 1; s < 64; s *= 2) x ^= x << s;
  return x;
}

// skip_valid for the container at p: its nesting walked 64 bytes at a time. Only the brackets
// outside strings are looked at, and one by one only in a block that may close the container
// (its closing brackets at least the depth); a block with a backslash (rare in vector files) is
// walked byte by byte, so escapes need no mask arithmetic. The last bytes are padded with
// spaces, which are neither quotes nor brackets, so nothing past end is read.
char const* skip_valid_container(char const* p, char const* end) {
  std::ptrdiff_t depth = 0;
  bool in_string = false, escaped = false;  // carried across blocks
  for (;;) {
    std::ptrdiff_t left = end - p, len = std::min<std::ptrdiff_t>(left, 64);
    char const* block = p;
    alignas(16) std::array<char, 64> padded;
    if (left < 64) {
      std::memcpy(padded.data(), p, static_cast<std::size_t>(left));
      std::memset(padded.data() + left, ' ', static_cast<std::size_t>(64 - left));
      block = padded.data();
    }
    BlockMasks m = block_masks(block);
    if (m.backslash || escaped) {
      for (std::ptrdiff_t i = 0; i < len; ++i) {
        char c = p[i];
        if (in_string) {
          if (escaped) escaped = false;
          else if (c == '\\') escaped = true;
          else if (c == '"') in_string = false;
        } else if (c == '"') {
          in_string = true;
        } else if ((c | 0x20) == '{') {
          ++depth;
        } else if ((c | 0x20) == '}' && --depth == 0) {
          return p + i + 1;
        }
      }
    } else {
      std::uint64_t strings = prefix_xor(m.quote) ^ (in_string ? ~std::uint64_t{0} : 0);
      in_string = strings >> 63;
      std::uint64_t open = m.open & ~strings, close = m.close & ~strings;
      auto closes = std::popcount(close);
      if (depth > closes) {
        depth += std::popcount(open) - closes;
      } else {
        for (std::uint64_t b = open | close; b; b &= b - 1) {
          int i = std::countr_zero(b);
          depth += (open >> i & 1) ? 1 : -1;
          if (depth == 0) return p + i + 1;
        }
      }
    }
    if (left <= 64) return end;
    p += 64;
  }
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
  if (*p == '{' || *p == '[') return skip_valid_container(p, end);
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

}  // namespace catlayout::wire::scan
