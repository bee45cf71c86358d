#include "catlayout/core/quote.hpp"

namespace catlayout {

std::size_t utf8_length(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return 0;
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char b = byte(pos);
  if (b < 0x80) return 1;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xbf;  // the range of the second byte (RFC 3629's table)
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b == 0xe0) lo = 0xa0;       // no overlong forms
    else if (b == 0xed) hi = 0x9f;  // no surrogates U+D800..U+DFFF
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b == 0xf0) lo = 0x90;       // no overlong forms
    else if (b == 0xf4) hi = 0x8f;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (pos + n > text.size()) return 0;
  if (byte(pos + 1) < lo || byte(pos + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(pos + k) < 0x80 || byte(pos + k) > 0xbf) return 0;
  return n;
}

namespace {

// The bytes of one step through text at pos: a character, or one byte that is not part of one.
std::size_t step(std::string_view text, std::size_t pos) {
  std::size_t n = utf8_length(text, pos);
  return n ? n : 1;
}

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

void append_hex(std::string& out, unsigned char c) {
  char const* digits = "0123456789abcdef";
  out += "\\x";
  out += digits[c >> 4];
  out += digits[c & 15];
}

// text[from, to) as valid UTF-8: characters as they are, control characters and bytes that are
// not UTF-8 as \xNN.
void append_clean(std::string& out, std::string_view text, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to;) {
    std::size_t n = utf8_length(text, i);
    auto c = static_cast<unsigned char>(text[i]);
    if (n == 0 || (n == 1 && is_control(c))) {
      append_hex(out, c);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
}

}  // namespace

std::size_t column(std::string_view text, std::size_t pos) {
  std::size_t col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); i += step(text, i)) ++col;
  return col;
}

std::string found_at(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return "end of input";
  std::size_t n = utf8_length(text, pos);
  auto c = static_cast<unsigned char>(text[pos]);
  std::string out;
  if (n == 0) {
    out = "byte ";
    append_hex(out, c);
    return out + " (not UTF-8)";
  }
  out = "'";
  if (n == 1 && is_control(c))
    append_hex(out, c);
  else
    out.append(text.substr(pos, n));
  return out + "'";
}

std::string shortened(std::string_view text, std::size_t limit) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); i += step(text, i)) ++chars;
  if (chars <= limit) {
    append_clean(out, text, 0, text.size());
    return out;
  }
  std::size_t keep = limit / 2, head_end = 0, tail_start = 0;
  std::size_t k = 0;
  for (std::size_t i = 0; i < text.size(); i += step(text, i), ++k) {
    if (k == keep) head_end = i;
    if (k == chars - keep) {
      tail_start = i;
      break;
    }
  }
  append_clean(out, text, 0, head_end);
  out += " \u2026 ";
  append_clean(out, text, tail_start, text.size());
  return out;
}

}  // namespace catlayout
