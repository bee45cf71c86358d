// The one reader of layout text: integer, coordinate and F2 strides, tilers, integer lists.
#include "catlayout/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {
namespace {

// One parser for the text of every kind of layout: nested tuples and shape:stride read by
// tuple_reader.hpp, the stride's entries an integer, a coordinate basis 3@1@0, or (after its
// marks are read) an F2 stride.
class Parser : TextCursor {
 public:
  explicit Parser(std::string_view t, std::size_t pos = 0) : TextCursor{t, pos} {}

  Result<IntTuple> int_tuple() { return read_tuple<IntTuple>(*this, depth_, [this] { return integer(); }); }

  Result<Int> integer() {
    skip();
    return scan_integer(text_, pos_);  // _4 (CuTe's static integer) too
  }

  Result<Layout> layout() {
    skip();
    if (text_.substr(pos_, 7) == "Layout(") return pycute_layout();
    std::size_t start = pos_;
    CL_TRY(l, shape_stride<IntTuple>([this] { return integer(); }));
    return made(start, std::move(l.first), std::move(l.second));
  }

  // Notation of coordinate layouts: shape:stride with basis entries 3@1@0 (CuTe
  // print(ScaledBasis<T,Ns...>): the value, then "@N" for each N in reverse); CuTe's static mark _
  // before an integer (scan_integer), so CuTe C++'s (_4,_8):(_1@0,_1@1) and CuTe DSL's
  // (4,8):(1@0,1@1) both read.
  Result<CoordLayout> coord_layout() {
    CL_TRY(l, shape_stride<BasisTuple>([this] { return basis(); }));
    return CoordLayout::make(std::move(l.first), std::move(l.second));
  }

  // pycute's repr (pycute/layout.py Layout.__repr__): "Layout(shape,stride)"; Layout(shape)
  // takes pycute's default stride, the compact column-major prefix product of the shape.
  Result<Layout> pycute_layout() {
    std::size_t start = pos_;
    pos_ += 7;
    CL_TRY(s, int_tuple());
    skip();
    IntTuple d;
    if (eat(',')) {
      CL_TRY(given, int_tuple());
      d = std::move(given);
      skip();
    } else {
      CL_TRY(compact, column_major(s));
      d = std::move(compact);
    }
    if (!eat(')')) return expected("')' closing Layout(");
    return made(start, std::move(s), std::move(d));
  }

  Result<Tiler> tiler() {
    skip();
    if (peek() == '<') {
      if (++depth_ > limits::max_depth) return error("tiler nesting deeper than the limit");
      ++pos_;
      CL_TRY(modes, tilers('>', false));
      --depth_;
      return Tiler::by_mode(std::move(modes));
    }
    std::size_t start = pos_;
    if (text_.substr(pos_, 7) == "Layout(") {
      CL_TRY(l, layout());
      return Tiler::of(std::move(l));
    }
    std::size_t depth = depth_;
    auto s = int_tuple();
    skip();
    // CuTe's print of a tile of layouts, (_3:_4,(_2,_4):(_1,_8)): a ':' inside the parentheses.
    if (!s && peek() == ':' && start < text_.size() && text_[start] == '(') {
      pos_ = start;
      depth_ = depth;
      return tiler_tuple();
    }
    if (!s) return std::unexpected(s.error());
    if (peek() == ':') {
      pos_ = start;
      CL_TRY(l, layout());
      return Tiler::of(std::move(l));
    }
    std::size_t end = pos_;
    pos_ = start;
    CL_TRY(t, tiler_of_tuple(*s));  // CuTe's tile of integers (_2,_4): the by-mode tiler <2,4>
    pos_ = end;
    return t;
  }

  // An integer n >= 1 is the tiler n:1; a tuple of integers is by-mode (CuTe make_tile(2,4)).
  Result<Tiler> tiler_of_tuple(IntTuple const& s) {
    if (s.is_leaf()) {
      if (s.value() < 1) return error("tiler size " + std::to_string(s.value()) + " is not positive");
      return Tiler::of_integer(s.value());
    }
    if (s.rank() == 0) return error("an empty tuple () is not a tiler");
    std::vector<Tiler> modes;
    for (auto const& c : s.children()) {
      CL_TRY(m, tiler_of_tuple(c));
      modes.push_back(std::move(m));
    }
    return Tiler::by_mode(std::move(modes));
  }

  // (T0,T1,...) with layouts among the T_i: CuTe prints a tile (a tuple of tilers) so.
  Result<Tiler> tiler_tuple() {
    if (++depth_ > limits::max_depth) return error("tiler nesting deeper than the limit");
    ++pos_;  // '('
    CL_TRY(modes, tilers(')', true));
    --depth_;
    return Tiler::by_mode(std::move(modes));
  }

  Result<std::vector<Int>> int_list() {
    skip();
    if (!eat('[')) return expected("'['");
    std::vector<Int> out;
    skip();
    if (eat(']')) return out;
    CL_CHECK(read_entries(*this, ']', false, [&]() -> Result<void> {
      CL_TRY(v, integer());
      out.push_back(v);
      return {};
    }));
    return out;
  }

  template <class T>
  Result<T> finish(Result<T> r) {
    if (!r) return r;
    CL_CHECK(at_end());
    return r;
  }

  std::size_t position() const { return pos_; }

 private:
  // shape:stride, the stride's entries read by `entry`.
  template <class Stride, class Entry>
  Result<std::pair<IntTuple, Stride>> shape_stride(Entry const& entry) {
    CL_TRY(s, int_tuple());
    skip();
    if (!eat(':')) return expected("':'");
    CL_TRY(d, read_tuple<Stride>(*this, depth_, entry));
    return std::pair{std::move(s), std::move(d)};
  }

  // A coordinate basis stride 3@1@0, 3*E<0,1>.
  Result<ScaledBasis> basis() {
    CL_TRY(scale, integer());
    ScaledBasis b{scale, {}};
    while (eat('@')) {
      std::size_t start = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      int k = 0;
      auto [p, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, k);
      if (start == pos_ || ec != std::errc()) {
        pos_ = start;
        return expected("a mode number after '@'");
      }
      if (b.path.size() >= limits::max_depth) return error("basis path deeper than the limit");
      b.path.push_back(k);
    }
    std::reverse(b.path.begin(), b.path.end());  // 3@1@0 is 3*E<0,1>
    return b;
  }

  // The tilers of a list whose bracket is read, through `close`.
  Result<std::vector<Tiler>> tilers(char close, bool one_tuple) {
    std::vector<Tiler> modes;
    CL_CHECK(read_entries(*this, close, one_tuple, [&]() -> Result<void> {
      CL_TRY(m, tiler());
      modes.push_back(std::move(m));
      return {};
    }));
    return modes;
  }

  Result<Layout> made(std::size_t start, IntTuple s, IntTuple d) {
    auto l = Layout::make(std::move(s), std::move(d));
    if (!l) return fail(l.error().kind, l.error().message, " (layout at column ", start + 1, ")");
    return l;
  }

  // pycute's Layout(shape): stride = prefix_product(shape), the colexicographic place values.
  Result<IntTuple> column_major(IntTuple const& s) {
    std::vector<Int> d;
    Int p = 1;
    for (Int x : flatten_values(s)) {
      d.push_back(p);
      auto next = checked_mul(p, x, "compact stride");
      if (!next) return error(next.error().message);
      p = *next;
    }
    return substitute(d, profile(s));
  }

  std::size_t depth_ = 0;
};

}  // namespace

std::unexpected<Error> text_too_long(std::string_view text) {
  return fail(ErrorKind::invalid_input, "input of ", text.size(), " characters exceeds the limit of ",
              limits::max_text);
}

Result<Int> scan_integer(std::string_view text, std::size_t& pos) {
  auto at = [&](std::size_t i) { return i < text.size() ? text[i] : '\0'; };
  auto found = [&](std::size_t i) {
    return i < text.size() ? "'" + std::string(1, text[i]) + "'" : std::string("end of input");
  };
  std::size_t start = pos;
  bool mark = at(start) == '_';  // CuTe print(C<Value>): "_" then the value, so Int<-1> is _-1
  std::size_t sign = start + (mark ? 1 : 0), end = sign;
  if (at(end) == '-' || at(end) == '+') ++end;
  std::size_t first_digit = end;
  while (std::isdigit(static_cast<unsigned char>(at(end)))) ++end;
  if (end == first_digit) {
    if (at(start) == '?')  // CuTe DSL prints a dynamic integer as ? or ?{div=N} (cute/core.py IntValue.__str__)
      return fail(ErrorKind::invalid_input, "dynamic value '?' at column ", start + 1,
                  " has no number (CuTe DSL prints a value known only at run time as '?'): give the integer");
    if (mark)
      return fail(ErrorKind::invalid_input, "expected digits after CuTe's static-integer mark '_' at column ",
                  end + 1, ", found ", found(end));
    return fail(ErrorKind::invalid_input, "expected an integer or '(' at column ", start + 1, ", found ", found(start));
  }
  if (at(end) == '.' && std::isdigit(static_cast<unsigned char>(at(end + 1)))) {
    std::size_t frac = end + 1;
    while (std::isdigit(static_cast<unsigned char>(at(frac)))) ++frac;
    return fail(ErrorKind::invalid_input, "the number ", text.substr(start, frac - start), " at column ", start + 1,
                " is not an integer");
  }
  std::string_view digits = text.substr(sign, end - sign);
  if (digits[0] == '+') digits.remove_prefix(1);
  Int v = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || p != digits.data() + digits.size())
    return fail(ErrorKind::invalid_input, "integer ", digits, " does not fit in int64 at column ", start + 1);
  pos = end;
  return v;
}

namespace {

// The whole text as `read` (one of Parser's readers) reads it, only blanks after it.
template <class T>
Result<T> read_whole(std::string_view text, Result<T> (Parser::*read)()) {
  if (text.size() > limits::max_text) return text_too_long(text);
  Parser p(text);
  return p.finish((p.*read)());
}

// What `read` reads at text[pos], the rest left unread; pos moves to where it stopped.
template <class T>
Result<T> read_at(std::string_view text, std::size_t& pos, Result<T> (Parser::*read)()) {
  if (text.size() > limits::max_text) return text_too_long(text);
  Parser p(text, pos);
  auto r = (p.*read)();
  pos = p.position();
  return r;
}

}  // namespace

Result<Layout> scan_layout(std::string_view text, std::size_t& pos) { return read_at(text, pos, &Parser::layout); }

Result<IntTuple> parse_int_tuple(std::string_view text) { return read_whole(text, &Parser::int_tuple); }

Result<Layout> parse_layout(std::string_view text) { return read_whole(text, &Parser::layout); }

Result<Tiler> parse_tiler(std::string_view text) { return read_whole(text, &Parser::tiler); }

Result<std::vector<Int>> parse_int_list(std::string_view text) { return read_whole(text, &Parser::int_list); }

Result<CoordLayout> parse_coord_layout(std::string_view text) { return read_whole(text, &Parser::coord_layout); }

Result<CoordLayout> scan_coord_layout(std::string_view text, std::size_t& pos) {
  return read_at(text, pos, &Parser::coord_layout);
}

Result<F2Layout> parse_f2_layout(std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos) return fail(ErrorKind::invalid_input, "expected ':' in the F2 layout '", text, "'");
  CL_TRY(shape, parse_int_tuple(text.substr(0, colon)));
  // The strides: each F<v>, F2(v) or 0, rewritten as plain integers for the tuple reader; the
  // columns it reports are those of the rewritten text, so errors name the stride part.
  std::string plain;
  bool marked = false;
  std::string_view d = text.substr(colon + 1);
  for (std::size_t k = 0; k < d.size(); ++k) {
    if (d.substr(k, 3) == "F2(") {
      auto close = d.find(')', k);
      if (close == std::string_view::npos)
        return fail(ErrorKind::invalid_input, "F2( without ')' at column ", colon + 2 + k, " of '", text, "'");
      plain += d.substr(k + 3, close - k - 3);
      k = close;
      marked = true;
    } else if (d[k] == 'F') {
      marked = true;
    } else {
      plain += d[k];
    }
  }
  if (!marked) return fail(ErrorKind::invalid_input, "no F2 stride (F<v> or F2(v)) in '", text, "'");
  auto stride = parse_int_tuple(plain);
  if (!stride) return fail(ErrorKind::invalid_input, "in the F2 strides of '", text, "': ", stride.error().message);
  return F2Layout::make(std::move(shape), std::move(*stride));
}

std::string to_string(Tiler const& t) {
  if (t.integer) return std::to_string(t.layout->size());
  if (t.is_layout()) return to_string(*t.layout);
  std::string s = "<";
  for (std::size_t i = 0; i < t.modes.size(); ++i) s += (i ? "," : "") + to_string(t.modes[i]);
  return s + ">";
}

}  // namespace catlayout
