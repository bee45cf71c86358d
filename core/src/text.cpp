// The one reader of layout text: integer, coordinate and F2 strides, swizzled layouts, tilers,
// integer lists.
#include "catlayout/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/composed_chain.hpp"
#include "catlayout/core/swizzle.hpp"

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
    CL_TRY(s, int_tuple());
    CL_CHECK(colon());
    CL_TRY(d, int_tuple());
    return made(start, std::move(s), std::move(d));
  }

  // Notation of coordinate layouts: shape:stride with basis entries 3@1@0 (CuTe
  // print(ScaledBasis<T,Ns...>): the value, then "@N" for each N in reverse); CuTe's static mark _
  // before an integer (scan_integer), so CuTe C++'s (_4,_8):(_1@0,_1@1) and CuTe DSL's
  // (4,8):(1@0,1@1) both read.
  Result<CoordLayout> coord_layout() {
    CL_TRY(s, int_tuple());
    CL_CHECK(colon());
    CL_TRY(d, read_tuple<BasisTuple>(*this, depth_, [this] { return basis(); }));
    return CoordLayout::make(std::move(s), std::move(d));
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
  // The ':' between shape and stride. (The readers of shape:stride read the two tuples into
  // their own locals: a pair of them, returned, would move each tuple twice more.)
  Result<void> colon() {
    skip();
    if (!eat(':')) return expected("':'");
    return {};
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
    if (!l) return fail(l.error().kind, l.error().message, " (layout at column ", column(text_, start), ")");
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
  std::size_t start = pos;
  bool mark = at(start) == '_';  // CuTe print(C<Value>): "_" then the value, so Int<-1> is _-1
  std::size_t sign = start + (mark ? 1 : 0), end = sign;
  if (at(end) == '-' || at(end) == '+') ++end;
  std::size_t first_digit = end;
  while (std::isdigit(static_cast<unsigned char>(at(end)))) ++end;
  if (end == first_digit) {
    if (at(start) == '?')  // CuTe DSL prints a dynamic integer as ? or ?{div=N} (cute/core.py IntValue.__str__)
      return fail(ErrorKind::invalid_input, "dynamic value '?' at column ", column(text, start),
                  " has no number (CuTe DSL prints a value known only at run time as '?'): give the integer");
    if (mark)
      return fail(ErrorKind::invalid_input, "expected digits after CuTe's static-integer mark '_' at column ",
                  column(text, end), ", found ", found_at(text, end));
    return fail(ErrorKind::invalid_input, "expected an integer or '(' at column ", column(text, start), ", found ",
                found_at(text, start));
  }
  if (at(end) == '.' && std::isdigit(static_cast<unsigned char>(at(end + 1)))) {
    std::size_t frac = end + 1;
    while (std::isdigit(static_cast<unsigned char>(at(frac)))) ++frac;
    return fail(ErrorKind::invalid_input, "the number ", shortened(text.substr(start, frac - start)), " at column ",
                column(text, start),
                " is not an integer");
  }
  std::string_view digits = text.substr(sign, end - sign);
  if (digits[0] == '+') digits.remove_prefix(1);
  Int v = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || p != digits.data() + digits.size())
    return fail(ErrorKind::invalid_input, "integer ", shortened(digits), " does not fit in int64 at column ",
                column(text, start));
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

// A compiler's type (compiler_types.hpp) where a reader of one kind is called: the one reader's
// value, where it is of that kind; nullopt where the text is not a compiler's type.
template <class T>
static std::optional<Result<T>> typed(std::string_view text, std::string_view kind) {
  auto t = compiler_type_text(text);
  if (t && t->type == CompilerType::none) return std::nullopt;
  auto any = parse_any_layout(text);  // the type's own errors, or its value's
  if (!any) return Result<T>(std::unexpected(std::move(any.error())));
  if (auto* v = std::get_if<T>(&*any)) return Result<T>(std::move(*v));
  return Result<T>(fail(ErrorKind::invalid_input, "'", shortened(text), "' is a ", layout_kind(*any), ", not ", kind));
}

Result<Layout> parse_layout(std::string_view text) {
  if (auto t = typed<Layout>(text, "an integer-stride layout")) return std::move(*t);
  return read_whole(text, &Parser::layout);
}

Result<Tiler> parse_tiler(std::string_view text) {
  if (auto t = typed<Layout>(text, "a layout tiler")) {
    if (!*t) return std::unexpected(std::move(t->error()));
    return Tiler::of(std::move(**t));
  }
  return read_whole(text, &Parser::tiler);
}

Result<std::vector<Int>> parse_int_list(std::string_view text) { return read_whole(text, &Parser::int_list); }

Result<CoordLayout> parse_coord_layout(std::string_view text) {
  if (auto t = typed<CoordLayout>(text, "a coordinate layout")) return std::move(*t);
  return read_whole(text, &Parser::coord_layout);
}

Result<CoordLayout> scan_coord_layout(std::string_view text, std::size_t& pos) {
  return read_at(text, pos, &Parser::coord_layout);
}

Result<F2Layout> parse_f2_layout(std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    return fail(ErrorKind::invalid_input, "expected ':' in the F2 layout '", shortened(text), "'");
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
        return fail(ErrorKind::invalid_input, "F2( without ')' at column ", column(text, colon + 1 + k), " of '",
                    shortened(text), "'");
      plain += d.substr(k + 3, close - k - 3);
      k = close;
      marked = true;
    } else if (d[k] == 'F') {
      marked = true;
    } else {
      plain += d[k];
    }
  }
  if (!marked) return fail(ErrorKind::invalid_input, "no F2 stride (F<v> or F2(v)) in '", shortened(text), "'");
  auto stride = parse_int_tuple(plain);
  if (!stride)
    return fail(ErrorKind::invalid_input, stride.error().message, " (in the F2 strides, read without their marks, of '",
                shortened(text), "')");
  return F2Layout::make(std::move(shape), std::move(*stride));
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
class SwizzleParser : TextCursor {
 public:
  explicit SwizzleParser(std::string_view t, std::size_t pos = 0) : TextCursor{t, pos} {}

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

  // CuTe's print of a nested ComposedLayout (cute/layout_composed.hpp: A " o " O " o " B, A and B
  // each a layout, a swizzle or another composed layout): F o [OFFSET o] F o ..., F a swizzle or a
  // layout; an integer followed by 'o' is an offset (0 where it is left out).
  Result<ComposedChain> chain() {
    std::vector<ChainFunction> functions;
    std::vector<Int> offsets;
    for (;;) {
      skip();
      if (at_swizzle()) {
        CL_TRY(sw, swizzle());
        functions.emplace_back(sw);
      } else {
        CL_TRY(l, scan_layout(text_, pos_));
        functions.emplace_back(std::move(l));
      }
      std::size_t mark = pos_;
      if (!eat_o()) {
        pos_ = mark;
        break;
      }
      Int offset = 0;
      std::size_t after_o = pos_;
      skip();
      if (auto off = scan_integer(text_, pos_); off && eat_o())
        offset = *off;
      else
        pos_ = after_o;
      offsets.push_back(offset);
    }
    if (functions.size() < 2) return expected("'o' (a composed chain has two functions or more)");
    return make_chain(std::move(functions), std::move(offsets));
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
        return fail(ErrorKind::invalid_input, names[i], " ", x, " at column ", column(text_, at), " is out of range");
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
                    "S<B,M,S>, SW_B_M_S or Swizzle(B,M,S)); found the layout at column ", column(text_, start),
                    " before 'o' at column ", column(text_, pos_ - 1));
    }
    pos_ = start;
    return expected("a swizzle Sw<B,M,S>");
  }
};

// The swizzle readers' own wording of text_too_long, kept as they have always said it.
std::unexpected<Error> swizzled_too_long() {
  return fail(ErrorKind::invalid_input, "input exceeds the length limit");
}

}  // namespace

Result<Swizzle> parse_swizzle(std::string_view text) {
  if (text.size() > limits::max_text) return swizzled_too_long();
  CL_TRY(typed, compiler_type_text(text));  // CuTe DSL's !cute.swizzle<"S<3,4,3>">
  if (typed.type == CompilerType::cute_swizzle) {
    auto r = parse_swizzle(typed.inner);
    if (!r) return fail(r.error().kind, compiler_type_name(typed.type), "<...>: ", r.error().message);
    return r;
  }
  if (typed.type != CompilerType::none)
    return fail(ErrorKind::invalid_input, compiler_type_name(typed.type), "<...> is a layout's type, not a swizzle's");
  SwizzleParser c{text};
  CL_TRY(s, c.swizzle());
  CL_CHECK((TextCursor{text, c.position()}.at_end()));
  return s;
}

Result<ComposedLayout> scan_composed_layout(std::string_view text, std::size_t& pos) {
  if (text.size() > limits::max_text) return swizzled_too_long();
  SwizzleParser c{text, pos};
  auto r = c.composed();
  pos = c.position();
  return r;
}

Result<ComposedChain> parse_composed_chain(std::string_view text) {
  if (text.size() > limits::max_text) return swizzled_too_long();
  SwizzleParser c{text};
  CL_TRY(r, c.chain());
  CL_CHECK((TextCursor{text, c.position()}.at_end()));
  return r;
}

Result<ComposedLayout> parse_composed_layout(std::string_view text) {
  if (text.size() > limits::max_text) return swizzled_too_long();
  if (auto t = compiler_type_text(text); !t || t->type != CompilerType::none) {
    auto any = parse_any_layout(text);  // a plain layout's type is the identity swizzle's composition, as below
    if (!any) return std::unexpected(std::move(any.error()));
    if (auto* c = std::get_if<ComposedLayout>(&*any)) return std::move(*c);
    if (auto* l = std::get_if<Layout>(&*any)) return ComposedLayout{Swizzle{}, 0, std::move(*l)};
    return fail(ErrorKind::invalid_input, "'", shortened(text), "' is a ", layout_kind(*any), ", not a swizzled layout");
  }
  SwizzleParser c{text};
  bool swizzled = c.at_swizzle() || text.substr(c.position()).starts_with("ComposedLayout(");
  if (!swizzled && c.position() < text.size() && text[c.position()] == '(') {
    SwizzleParser inner{text, c.position() + 1};
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

std::string to_string(Tiler const& t) {
  if (t.integer) return std::to_string(t.layout->size());
  if (t.is_layout()) return to_string(*t.layout);
  std::string s = "<";
  for (std::size_t i = 0; i < t.modes.size(); ++i) s += str(i ? "," : "", to_string(t.modes[i]));
  return s + ">";
}

}  // namespace catlayout
