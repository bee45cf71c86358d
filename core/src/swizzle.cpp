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

// Swizzled layouts as CuTe, pycute and CuTe DSL print them (the spellings are facts from their
// print functions; columns in errors are 1-based from the start of the text):
//   Sw<3,4,3> o _0 o (_8,_64):(_64,_1)   CuTe C++ print(ComposedLayout): A " o " offset " o " B,
//                                         print(Swizzle<B,M,S>): "Sw<%d,%d,%d>"
//   S<3,4,3> o 0 o (8,64):(64,1)          CuTe DSL 4.8 str(ComposedLayout), str(Swizzle)
//   (S<3,4,3> o 0 o (8,64):(64,1))        CuTe DSL str of a customized composed layout
//   SW_3_4_3 o 0 o (8, 64):(64, 1)        pycute str(ComposedLayout), str(Swizzle): SW_B_M_S
//   ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))   pycute repr
// and catlayout's own Sw<B,M,S> o LAYOUT (offset 0).
class Parser : TextCursor {
 public:
  explicit Parser(std::string_view t, std::size_t pos = 0) : TextCursor{t, pos} {}

  std::size_t position() const { return pos_; }

  bool at_swizzle() {
    skip();
    auto rest = text_.substr(pos_);
    return rest.starts_with("Sw<") || rest.starts_with("S<") || rest.starts_with("SW_") ||
           rest.starts_with("Swizzle(");
  }

  Result<Swizzle> swizzle() {
    skip();
    auto rest = text_.substr(pos_);
    if (rest.starts_with("SW_")) {  // pycute: "SW_" then B, M, S joined by '_' (SW_2_0_-3)
      pos_ += 2;
      return triple('_', '_', 0, "");
    }
    if (rest.starts_with("Swizzle(")) {  // pycute repr: Swizzle(3,4,3)
      pos_ += 8;
      return triple(0, ',', ')', "");
    }
    bool dsl = rest.starts_with("S<");
    if (!rest.starts_with("Sw<") && !dsl) return expected("a swizzle Sw<B,M,S>");
    pos_ += dsl ? 2 : 3;
    // CuTe DSL's str(Swizzle) is 8 characters of its MLIR type (cute/core.py: [15 : 15 + 8]), so a
    // swizzle with a negative or two-digit parameter prints cut short: S<2,0,-3 o ...
    return triple(0, ',', '>',
                  dsl ? " (CuTe DSL's str of a Swizzle keeps only 8 characters of S<B,M,S>, cutting off a swizzle "
                        "with a negative or two-digit parameter: write it out in full)"
                      : "");
  }

  // SWIZZLE o [OFFSET o] LAYOUT, or ( that ) as CuTe DSL prints a customized composed layout, or
  // pycute's ComposedLayout(Swizzle(B,M,S),OFFSET,Layout(...)).
  Result<ComposedLayout> composed() {
    skip();
    if (text_.substr(pos_).starts_with("ComposedLayout(")) {
      pos_ += 15;
      CL_TRY(sw, swizzle());
      CL_CHECK(comma());
      skip();
      CL_TRY(offset, scan_integer(text_, pos_));
      CL_CHECK(comma());
      CL_TRY(l, scan_layout(text_, pos_));
      skip();
      if (peek() != ')') return expected("')' closing ComposedLayout(");
      ++pos_;
      return ComposedLayout{sw, offset, std::move(l)};
    }
    std::size_t start = pos_;
    if (peek() == '(') {
      ++pos_;
      if (at_swizzle()) {
        CL_TRY(c, composed());
        skip();
        if (peek() != ')') return expected("')'");
        ++pos_;
        return c;
      }
      pos_ = start;
    }
    if (!at_swizzle()) return not_swizzled();
    CL_TRY(sw, swizzle());
    if (!eat_o()) return expected("'o'");
    Int offset = 0;
    std::size_t mark = pos_;
    skip();
    if (auto off = scan_integer(text_, pos_)) {  // "o OFFSET o LAYOUT", or the layout begins with an integer
      if (eat_o())
        offset = *off;
      else
        pos_ = mark;
    } else {
      pos_ = mark;
    }
    CL_TRY(l, scan_layout(text_, pos_));
    return ComposedLayout{sw, offset, std::move(l)};
  }

 private:
  bool eat_o() {
    skip();
    if (peek() != 'o') return false;
    ++pos_;
    return true;
  }

  Result<void> comma() {
    skip();
    if (peek() != ',') return expected("','");
    ++pos_;
    return {};
  }

  // B, M, S: `first` before B and `close` after S (0: none), `sep` between them; `note` follows
  // the error of a missing `close`. pycute's SW_3_4_3 has '_' for first and sep: each field is
  // CuTe's static mark and the integer, which scan_integer reads whole.
  Result<Swizzle> triple(char first, char sep, char close, char const* note) {
    int v[3] = {0, 0, 0};
    char const* names[3] = {"B", "M", "S"};
    for (int i = 0; i < 3; ++i) {
      skip();
      if (char want = i > 0 ? sep : first) {
        if (peek() != want) return expected(std::string("'") + want + "'");
        if (want != '_') {
          ++pos_;
          skip();
        }
      }
      std::size_t at = pos_;
      CL_TRY(x, scan_integer(text_, pos_));
      if (x < -1000 || x > 1000)
        return fail(ErrorKind::invalid_input, names[i], " ", x, " at column ", at + 1, " is out of range");
      v[i] = static_cast<int>(x);
    }
    skip();
    if (close) {
      if (peek() != close) {
        auto e = expected(std::string("'") + close + "'");
        e.error().message += note;
        return e;
      }
      ++pos_;
    }
    return Swizzle::make(v[0], v[1], v[2]);
  }

  // Not a swizzle: when a layout stands here followed by 'o' (pycute's str of a ComposedLayout
  // of two layouts, "(8, 64):(64, 1) o 2 o 8:1"), say that the outer function must be a swizzle.
  std::unexpected<Error> not_swizzled() {
    std::size_t start = pos_, p = pos_;
    if (scan_layout(text_, p)) {
      pos_ = p;
      if (eat_o())
        return fail(ErrorKind::invalid_input, "a composed layout's outer function must be a swizzle (Sw<B,M,S>, ",
                    "S<B,M,S>, SW_B_M_S or Swizzle(B,M,S)); found the layout at column ", start + 1, " before 'o' at column ",
                    pos_);
    }
    pos_ = start;
    return expected("a swizzle Sw<B,M,S>");
  }
};

std::unexpected<Error> too_long() {
  return fail(ErrorKind::invalid_input, "input exceeds the length limit");
}

}  // namespace

Result<Swizzle> parse_swizzle(std::string_view text) {
  if (text.size() > limits::max_text) return too_long();
  Parser c{text};
  CL_TRY(s, c.swizzle());
  CL_CHECK((TextCursor{text, c.position()}.at_end()));
  return s;
}

Result<ComposedLayout> scan_composed_layout(std::string_view text, std::size_t& pos) {
  if (text.size() > limits::max_text) return too_long();
  Parser c{text, pos};
  auto r = c.composed();
  pos = c.position();
  return r;
}

Result<ComposedLayout> parse_composed_layout(std::string_view text) {
  if (text.size() > limits::max_text) return too_long();
  Parser c{text};
  bool swizzled = c.at_swizzle() || text.substr(c.position()).starts_with("ComposedLayout(");
  if (!swizzled && c.position() < text.size() && text[c.position()] == '(') {
    Parser inner{text, c.position() + 1};
    swizzled = inner.at_swizzle();  // CuTe DSL's (S<B,M,S> o k o L)
  }
  if (!swizzled) {  // a plain layout: the identity swizzle
    CL_TRY(l, parse_layout(text));
    return ComposedLayout{Swizzle{}, 0, std::move(l)};
  }
  std::size_t pos = 0;
  CL_TRY(r, scan_composed_layout(text, pos));
  CL_CHECK((TextCursor{text, pos}.at_end()));
  return r;
}

}  // namespace catlayout
