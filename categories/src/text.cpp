#include "catlayout/categories/text.hpp"
#include "catlayout/core/text.hpp"

#include <cctype>

#include "catlayout/core/limits.hpp"
#include "format.hpp"

namespace catlayout::categories {
namespace {

// S -(a_1,...,a_m)-> T, whitespace between tokens ignored; columns are 1-based.
class Parser : TextCursor {
 public:
  explicit Parser(std::string_view t) : TextCursor{t} {}

  // The three parts and the columns where domain and codomain start.
  struct Parts {
    IntTuple s, t;
    std::vector<Point> map;
    std::size_t s_column = 1, t_column = 1;
  };

  Result<Parts> parts() {
    Parts out;
    skip();
    out.s_column = column_at(pos_);
    CL_TRY(s, int_tuple());
    out.s = std::move(s);
    CL_CHECK(token('-', "'-(' opening the map"));
    CL_CHECK(token('(', "'(' opening the map"));
    skip();
    if (!eat(')'))
      CL_CHECK(read_entries(
          *this, ')', false,
          [&]() -> Result<void> {
            CL_TRY(a, point());
            out.map.push_back(a);
            return {};
          },
          "',' or ')' in the map"));
    CL_CHECK(token('-', "'->' after the map"));
    if (peek() != '>') return expected("'->' after the map");
    ++pos_;
    skip();
    out.t_column = column_at(pos_);
    CL_TRY(t, int_tuple());
    out.t = std::move(t);
    CL_CHECK(at_end());
    return out;
  }

 private:
  // A tuple of plain decimal integers (no CuTe mark, no Python 1-tuple): core's tuple reader.
  Result<IntTuple> int_tuple() {
    return read_tuple<IntTuple>(*this, depth_, [this] { return integer(true); }, false);
  }

  Result<Point> point() {
    skip();
    if (peek() == '*') {
      ++pos_;
      return star;
    }
    CL_TRY(v, integer(false));
    return static_cast<Point>(v);  // 0 is * as in the JSON form; the printer writes *
  }

  // A plain decimal (no CuTe mark '_', no '+', no fraction): the run of sign and digits, read by
  // core's scan_integer.
  Result<Int> integer(bool signed_ok) {
    skip();
    std::size_t end = pos_ + (signed_ok && peek() == '-' ? 1 : 0);
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
    if (end == pos_ || !std::isdigit(static_cast<unsigned char>(text_[end - 1])))
      return expected(signed_ok ? "an integer or '('" : "a map entry: '*' or an integer >= 1");
    return scan_integer(text_.substr(0, end), pos_);
  }

  Result<void> token(char c, std::string const& what) {
    skip();
    if (peek() != c) return expected(what);
    ++pos_;
    return {};
  }

  std::size_t depth_ = 0;
};

bool is_flat_tuple(IntTuple const& t) { return !t.is_leaf() && depth(t) <= 1; }

}  // namespace

std::string to_string(FinMap const& alpha) {
  std::string s = "(";
  for (std::size_t i = 0; i < alpha.m(); ++i)
    s += str(i ? "," : "", alpha.values()[i] == star ? std::string("*") : std::to_string(alpha.values()[i]));
  return s + ")";
}

std::string to_string(TupleMorphism const& f) {
  return detail::tuple_text(f.domain()) + " -" + to_string(f.map()) + "-> " + detail::tuple_text(f.codomain());
}

std::string to_string(NestMorphism const& f) {
  return to_string(f.domain()) + " -" + to_string(f.map()) + "-> " + to_string(f.codomain());
}

Result<NestMorphism> parse_nest_morphism(std::string_view text) {
  if (text.size() > limits::max_text) return text_too_long(text);
  CL_TRY(p, Parser(text).parts());
  auto f = NestMorphism::make(std::move(p.s), std::move(p.t), std::move(p.map));
  if (!f) return fail(f.error().kind, f.error().message, " (morphism at column ", p.s_column, ")");
  return f;
}

Result<TupleMorphism> parse_tuple_morphism(std::string_view text) {
  if (text.size() > limits::max_text) return text_too_long(text);
  CL_TRY(p, Parser(text).parts());
  if (!is_flat_tuple(p.s))
    return fail(ErrorKind::invalid_input, "a Tuple morphism needs a flat tuple as domain, found ", to_string(p.s),
                " at column ", p.s_column);
  if (!is_flat_tuple(p.t))
    return fail(ErrorKind::invalid_input, "a Tuple morphism needs a flat tuple as codomain, found ", to_string(p.t),
                " at column ", p.t_column);
  auto f = TupleMorphism::make(flatten_values(p.s), flatten_values(p.t), std::move(p.map));
  if (!f) return fail(f.error().kind, f.error().message, " (morphism at column ", p.s_column, ")");
  return f;
}

}  // namespace catlayout::categories
