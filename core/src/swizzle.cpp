#include "catlayout/core/swizzle.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout {

Result<Swizzle> Swizzle::make(int b, int m, int s) {
  if (b < 0) return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: B = ", b, " is negative");
  if (m < 0) return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: M = ", m, " is negative");
  if (std::abs(s) < b)
    return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: |S| = ", std::abs(s),
                " is less than B = ", b, " (the yyy and zzz bit fields would overlap)");
  if (static_cast<long long>(m) + std::abs(static_cast<long long>(s)) + b > 62)
    return fail(ErrorKind::invalid_input, "swizzle Sw<", b, ",", m, ",", s, ">: M + |S| + B = ",
                static_cast<long long>(m) + std::abs(static_cast<long long>(s)) + b, " exceeds 62 bits");
  return Swizzle{b, m, s};
}

Int Swizzle::yyy_mask() const { return ((Int{1} << bits) - 1) << (base + std::max(0, shift)); }
Int Swizzle::zzz_mask() const { return ((Int{1} << bits) - 1) << (base - std::min(0, shift)); }
int Swizzle::span_bits() const { return base + std::abs(shift) + bits; }

Int Swizzle::operator()(Int offset) const {
  auto y = static_cast<std::uint64_t>(offset & yyy_mask());  // non-negative, below 2^62
  auto moved = shift >= 0 ? y >> shift : y << -shift;         // CuTe shiftr: negative S shifts left
  return offset ^ static_cast<Int>(moved);
}

std::string to_string(Swizzle const& s) { return str("Sw<", s.bits, ",", s.base, ",", s.shift, ">"); }

bool is_plain(ComposedLayout const& c) { return c.sw.is_identity() && c.offset == 0; }

Result<Int> evaluate(ComposedLayout const& c, Int i) {
  CL_TRY(x, c.layout.at(i));
  CL_TRY(y, checked_add(c.offset, x, "offset"));
  return c.sw(y);
}

Result<Int> evaluate_extended(ComposedLayout const& c, Int i) {
  CL_TRY(x, c.layout.extended(i));
  CL_TRY(y, checked_add(c.offset, x, "offset"));
  return c.sw(y);
}

Result<ComposedLayout> composition(ComposedLayout const& a, Layout const& b) {
  CL_TRY(r, composition(a.layout, b));
  return ComposedLayout{a.sw, a.offset, std::move(r)};
}

Result<ComposedLayout> composition(ComposedLayout const& a, Tiler const& b) {
  CL_TRY(r, composition(a.layout, b));
  return ComposedLayout{a.sw, a.offset, std::move(r)};
}

std::string to_string(ComposedLayout const& c) {
  return to_string(c.sw) + " o " + std::to_string(c.offset) + " o " + to_string(c.layout);
}

namespace {

// A cursor over the text with CuTe-notation error messages (column numbers are 1-based).
struct Cursor {
  std::string_view text;
  std::size_t pos = 0;

  void skip() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  bool eat(std::string_view s) {
    skip();
    if (text.substr(pos, s.size()) != s) return false;
    pos += s.size();
    return true;
  }
  std::unexpected<Error> expected(std::string const& what) const {
    std::string found = pos < text.size() ? "'" + std::string(1, text[pos]) + "'" : "end of input";
    return fail(ErrorKind::invalid_input, "expected ", what, " at column ", pos + 1, ", found ", found);
  }
  // An optionally signed integer; nullopt (position kept) when there is none.
  Result<std::optional<Int>> integer() {
    skip();
    std::size_t start = pos;
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) ++pos;
    std::size_t digits = pos;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) ++pos;
    if (digits == pos) {
      pos = start;
      return std::optional<Int>{};
    }
    if (text[start] == '+') ++start;
    Int v = 0;
    auto [p, ec] = std::from_chars(text.data() + start, text.data() + pos, v);
    if (ec != std::errc())
      return fail(ErrorKind::invalid_input, "integer ", text.substr(start, pos - start), " at column ", start + 1,
                  " does not fit in int64");
    return std::optional<Int>{v};
  }
  Result<int> small_int(char const* what) {
    std::size_t at = pos;
    CL_TRY(v, integer());
    if (!v) return expected(what);
    if (*v < -1000 || *v > 1000)
      return fail(ErrorKind::invalid_input, what, " ", *v, " at column ", at + 1, " is out of range");
    return static_cast<int>(*v);
  }

  Result<Swizzle> swizzle() {
    if (!eat("Sw<")) return expected("'Sw<'");
    CL_TRY(b, small_int("B"));
    if (!eat(",")) return expected("','");
    CL_TRY(m, small_int("M"));
    if (!eat(",")) return expected("','");
    CL_TRY(s, small_int("S"));
    if (!eat(">")) return expected("'>'");
    return Swizzle::make(b, m, s);
  }
};

}  // namespace

Result<Swizzle> parse_swizzle(std::string_view text) {
  if (text.size() > limits::max_text) return fail(ErrorKind::invalid_input, "input exceeds the length limit");
  Cursor c{text};
  CL_TRY(s, c.swizzle());
  c.skip();
  if (c.pos != text.size()) return c.expected("end of input");
  return s;
}

Result<ComposedLayout> parse_composed_layout(std::string_view text) {
  if (text.size() > limits::max_text) return fail(ErrorKind::invalid_input, "input exceeds the length limit");
  Cursor c{text};
  c.skip();
  if (text.substr(c.pos, 2) != "Sw") {  // a plain layout
    CL_TRY(l, parse_layout(text));
    return ComposedLayout{Swizzle{}, 0, std::move(l)};
  }
  CL_TRY(sw, c.swizzle());
  if (!c.eat("o")) return c.expected("'o'");
  Int offset = 0;
  std::size_t mark = c.pos;
  CL_TRY(off, c.integer());  // "o OFFSET o LAYOUT", or the layout itself begins with an integer
  if (off && c.eat("o"))
    offset = *off;
  else
    c.pos = mark;
  auto l = parse_layout(text.substr(c.pos));
  if (!l)
    return fail(ErrorKind::invalid_input, l.error().message, " (in the layout starting at column ", c.pos + 1, ")");
  return ComposedLayout{sw, offset, std::move(*l)};
}

}  // namespace catlayout
