#include "catlayout/core/text.hpp"

#include <cctype>
#include <charconv>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {
namespace {

class Parser : TextCursor {
 public:
  explicit Parser(std::string_view t) : TextCursor{t} {}

  Result<IntTuple> int_tuple() {
    skip();
    if (peek() == '(') {
      if (++depth_ > limits::max_depth)
        return error("nesting deeper than the limit of " + std::to_string(limits::max_depth));
      ++pos_;
      std::vector<IntTuple> children;
      skip();
      if (peek() == ')') {
        ++pos_;
        --depth_;
        return IntTuple(std::move(children));
      }
      while (true) {
        CL_TRY(c, int_tuple());
        children.push_back(std::move(c));
        if (children.size() > limits::max_flat_modes)
          return error("more than " + std::to_string(limits::max_flat_modes) + " modes");
        skip();
        if (peek() == ',') {
          ++pos_;
          if (python_one_tuple(children.size())) break;
          continue;
        }
        if (peek() == ')') {
          ++pos_;
          break;
        }
        return expected("',' or ')'");
      }
      --depth_;
      return IntTuple(std::move(children));
    }
    CL_TRY(v, integer());
    return IntTuple(v);
  }

  Result<Int> integer() {
    skip();
    return scan_integer(text_, pos_);
  }

  Result<Layout> layout() {
    skip();
    if (text_.substr(pos_, 7) == "Layout(") return pycute_layout();
    std::size_t start = pos_;
    CL_TRY(s, int_tuple());
    skip();
    if (peek() != ':') return expected("':'");
    ++pos_;
    CL_TRY(d, int_tuple());
    return made(start, std::move(s), std::move(d));
  }

  // pycute's repr (pycute/layout.py Layout.__repr__): "Layout(shape,stride)"; Layout(shape)
  // takes pycute's default stride, the compact column-major prefix product of the shape.
  Result<Layout> pycute_layout() {
    std::size_t start = pos_;
    pos_ += 7;
    CL_TRY(s, int_tuple());
    skip();
    IntTuple d;
    if (peek() == ',') {
      ++pos_;
      CL_TRY(given, int_tuple());
      d = std::move(given);
      skip();
    } else {
      CL_TRY(compact, column_major(s));
      d = std::move(compact);
    }
    if (peek() != ')') return expected("')' closing Layout(");
    ++pos_;
    return made(start, std::move(s), std::move(d));
  }

  Result<Tiler> tiler() {
    skip();
    if (peek() == '<') {
      if (++depth_ > limits::max_depth) return error("tiler nesting deeper than the limit");
      ++pos_;
      std::vector<Tiler> modes;
      while (true) {
        CL_TRY(m, tiler());
        modes.push_back(std::move(m));
        skip();
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        if (peek() == '>') {
          ++pos_;
          break;
        }
        return expected("',' or '>'");
      }
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
    std::vector<Tiler> modes;
    while (true) {
      CL_TRY(m, tiler());
      modes.push_back(std::move(m));
      skip();
      if (peek() == ',') {
        ++pos_;
        if (python_one_tuple(modes.size())) break;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        break;
      }
      return expected("',' or ')'");
    }
    --depth_;
    return Tiler::by_mode(std::move(modes));
  }

  Result<std::vector<Int>> int_list() {
    skip();
    if (peek() != '[') return expected("'['");
    ++pos_;
    std::vector<Int> out;
    skip();
    if (peek() == ']') {
      ++pos_;
      return out;
    }
    while (true) {
      CL_TRY(v, integer());
      out.push_back(v);
      skip();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return out;
      }
      return expected("',' or ']'");
    }
  }

  template <class T>
  Result<T> finish(Result<T> r) {
    if (!r) return r;
    skip();
    if (pos_ != text_.size()) return expected("end of input");
    return r;
  }

  std::size_t position() const { return pos_; }
  void move_to(std::size_t p) { pos_ = p; }

 private:
  // Python writes a 1-tuple (4,) (pycute's str of Layout((4,),(1,)) is "(4,):(1,)"): after the
  // first entry's ',' a ')' closes it.
  bool python_one_tuple(std::size_t entries) {
    skip();
    if (entries != 1 || peek() != ')') return false;
    ++pos_;
    return true;
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

std::unexpected<Error> too_long(std::string_view text) {
  return fail(ErrorKind::invalid_input, "input of ", text.size(), " characters exceeds the limit of ",
              limits::max_text);
}

}  // namespace

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

Result<Layout> scan_layout(std::string_view text, std::size_t& pos) {
  if (text.size() > limits::max_text) return too_long(text);
  Parser p(text);
  p.move_to(pos);
  auto l = p.layout();
  pos = p.position();
  return l;
}

Result<IntTuple> parse_int_tuple(std::string_view text) {
  if (text.size() > limits::max_text) return too_long(text);
  Parser p(text);
  return p.finish(p.int_tuple());
}

Result<Layout> parse_layout(std::string_view text) {
  if (text.size() > limits::max_text) return too_long(text);
  Parser p(text);
  return p.finish(p.layout());
}

Result<Tiler> parse_tiler(std::string_view text) {
  if (text.size() > limits::max_text) return too_long(text);
  Parser p(text);
  return p.finish(p.tiler());
}

Result<std::vector<Int>> parse_int_list(std::string_view text) {
  if (text.size() > limits::max_text) return too_long(text);
  Parser p(text);
  return p.finish(p.int_list());
}

std::string to_string(Tiler const& t) {
  if (t.integer) return std::to_string(t.layout->size());
  if (t.is_layout()) return to_string(*t.layout);
  std::string s = "<";
  for (std::size_t i = 0; i < t.modes.size(); ++i) s += (i ? "," : "") + to_string(t.modes[i]);
  return s + ">";
}

}  // namespace catlayout
