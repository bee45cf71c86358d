#include "catlayout/core/text.hpp"

#include <cctype>
#include <charconv>

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
    std::size_t start = pos_;
    CL_TRY(s, int_tuple());
    skip();
    if (peek() != ':') return expected("':'");
    ++pos_;
    CL_TRY(d, int_tuple());
    auto l = Layout::make(std::move(s), std::move(d));
    if (!l) return fail(l.error().kind, l.error().message, " (layout at column ", start + 1, ")");
    return l;
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
    CL_TRY(s, int_tuple());
    skip();
    if (peek() != ':') {
      if (!s.is_leaf()) {
        pos_ = start;
        return error("a shape tuple in a tiler needs a stride: write s:d, an integer, or <...>");
      }
      if (s.value() < 1) {
        pos_ = start;
        return error("tiler size " + std::to_string(s.value()) + " is not positive");
      }
      return Tiler::of_integer(s.value());
    }
    pos_ = start;
    CL_TRY(l, layout());
    return Tiler::of(std::move(l));
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

 private:
  std::size_t depth_ = 0;
};

std::unexpected<Error> too_long(std::string_view text) {
  return fail(ErrorKind::invalid_input, "input of ", text.size(), " characters exceeds the limit of ",
              limits::max_text);
}

}  // namespace

Result<Int> scan_integer(std::string_view text, std::size_t& pos) {
  std::size_t start = pos, end = pos;
  if (end < text.size() && (text[end] == '-' || text[end] == '+')) ++end;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  std::string_view digits = text.substr(start, end - start);
  if (digits.empty() || digits == "-" || digits == "+") {
    std::string found = start < text.size() ? "'" + std::string(1, text[start]) + "'" : "end of input";
    return fail(ErrorKind::invalid_input, "expected an integer or '(' at column ", start + 1, ", found ", found);
  }
  if (digits[0] == '+') digits.remove_prefix(1);
  Int v = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || p != digits.data() + digits.size())
    return fail(ErrorKind::invalid_input, "integer ", digits, " does not fit in int64 at column ", start + 1);
  pos = end;
  return v;
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
