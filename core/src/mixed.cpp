// Static and run-time integers: the mixed values, CuTe's print of them, and the reader of it.
#include "catlayout/core/mixed.hpp"

#include <cctype>
#include <charconv>

namespace catlayout {

MixedTuple MixedTuple::tuple(std::vector<MixedTuple> modes) {
  MixedTuple t;
  t.is_leaf = false;
  t.modes = std::move(modes);
  return t;
}

namespace {

void collect(MixedTuple const& t, std::vector<MixedInt>& out) {
  if (t.is_leaf) {
    out.push_back(t.leaf);
    return;
  }
  for (auto const& m : t.modes) collect(m, out);
}

bool congruent(MixedTuple const& a, MixedTuple const& b) {
  if (a.is_leaf != b.is_leaf) return false;
  if (a.is_leaf) return true;
  if (a.modes.size() != b.modes.size()) return false;
  for (std::size_t i = 0; i < a.modes.size(); ++i)
    if (!congruent(a.modes[i], b.modes[i])) return false;
  return true;
}

}  // namespace

std::vector<MixedInt> flatten(MixedTuple const& t) {
  std::vector<MixedInt> out;
  collect(t, out);
  return out;
}

bool all_static(MixedTuple const& t) {
  for (auto v : flatten(t))
    if (!v.is_static) return false;
  return true;
}
bool all_static(MixedLayout const& l) { return all_static(l.shape) && all_static(l.stride); }
bool all_static(MixedTiler const& t) {
  switch (t.kind) {
    case MixedTiler::Kind::layout: return all_static(t.layout);
    case MixedTiler::Kind::integer: return t.integer.is_static;
    case MixedTiler::Kind::by_mode: break;
  }
  for (auto const& m : t.modes)
    if (!all_static(m)) return false;
  return true;
}

MixedTuple mark_static(IntTuple const& t) {
  if (t.is_leaf()) return MixedInt{t.value(), true};
  std::vector<MixedTuple> modes;
  for (auto const& c : t.children()) modes.push_back(mark_static(c));
  return MixedTuple::tuple(std::move(modes));
}
MixedLayout mark_static(Layout const& l) { return {mark_static(l.shape()), mark_static(l.stride())}; }

IntTuple unmarked(MixedTuple const& t) {
  if (t.is_leaf) return IntTuple(t.leaf.value);
  std::vector<IntTuple> modes;
  for (auto const& m : t.modes) modes.push_back(unmarked(m));
  return IntTuple(modes);
}
Result<Layout> unmarked(MixedLayout const& l) { return Layout::make(unmarked(l.shape), unmarked(l.stride)); }

namespace {

void append_to(std::string& out, MixedTuple const& t) {
  if (t.is_leaf) {
    if (t.leaf.is_static) out.push_back('_');
    out += std::to_string(t.leaf.value);
    return;
  }
  out.push_back('(');
  for (std::size_t i = 0; i < t.modes.size(); ++i) {
    if (i) out.push_back(',');
    append_to(out, t.modes[i]);
  }
  out.push_back(')');
}

}  // namespace

std::string to_string(MixedTuple const& t) {
  std::string out;
  append_to(out, t);
  return out;
}
std::string to_string(MixedLayout const& l) { return to_string(l.shape) + ":" + to_string(l.stride); }
std::string to_string(MixedTiler const& t) {
  switch (t.kind) {
    case MixedTiler::Kind::layout: return to_string(t.layout);
    case MixedTiler::Kind::integer: return to_string(MixedTuple(t.integer));
    case MixedTiler::Kind::by_mode: break;
  }
  std::string out = "(";
  for (std::size_t i = 0; i < t.modes.size(); ++i) {
    if (i) out.push_back(',');
    out += to_string(t.modes[i]);
  }
  return out + ")";
}

bool has_static_marks(std::string_view text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '_') continue;
    char next = text[i + 1];
    bool word_before = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    if (!word_before && (std::isdigit(static_cast<unsigned char>(next)) || next == '-')) return true;
  }
  return false;
}

namespace {

// A recursive-descent reader of CuTe's print; depth bounded like core's other readers.
class Reader {
 public:
  Reader(std::string_view text, Integers integers) : text_(text), integers_(integers) {}

  Result<MixedTuple> tuple(int depth = 0) {
    skip();
    if (depth > 64) return fail(ErrorKind::invalid_input, "nesting deeper than 64 at position ", pos_);
    if (peek() != '(') {
      auto v = integer();
      if (!v) return std::unexpected(v.error());
      return MixedTuple(*v);
    }
    ++pos_;
    skip();
    if (peek() == ')') {
      ++pos_;
      return MixedTuple::tuple({});
    }
    auto modes = items([&] { return tuple(depth + 1); });
    if (!modes) return std::unexpected(modes.error());
    return MixedTuple::tuple(std::move(*modes));
  }

  Result<MixedLayout> layout() {
    auto shape = tuple();
    if (!shape) return std::unexpected(shape.error());
    skip();
    if (peek() != ':') return expected("':' between shape and stride");
    ++pos_;
    auto stride = tuple();
    if (!stride) return std::unexpected(stride.error());
    MixedLayout l{std::move(*shape), std::move(*stride)};
    if (!congruent(l.shape, l.stride))
      return fail(ErrorKind::invalid_input, "shape ", to_string(l.shape), " and stride ", to_string(l.stride),
                  " are not congruent");
    for (auto v : flatten(l.shape))
      if (v.value <= 0) return fail(ErrorKind::invalid_input, "shape entry ", v.value, " is not positive in ", to_string(l.shape));
    return l;
  }

  Result<MixedTiler> tiler(int depth = 0) {
    skip();
    if (depth > 64) return fail(ErrorKind::invalid_input, "nesting deeper than 64 at position ", pos_);
    std::size_t start = pos_;
    if (peek() == '(') {
      // A layout whose shape is a tuple, or a by-mode tuple of tilers.
      if (auto shape = tuple(); shape && (skip(), peek() == ':')) {
        pos_ = start;
        return as_layout();
      }
      pos_ = start + 1;
      auto modes = items([&] { return tiler(depth + 1); });
      if (!modes) return std::unexpected(modes.error());
      MixedTiler t;
      t.kind = MixedTiler::Kind::by_mode;
      t.modes = std::move(*modes);
      return t;
    }
    auto v = integer();
    if (!v) return std::unexpected(v.error());
    skip();
    if (peek() == ':') {
      pos_ = start;
      return as_layout();
    }
    if (v->value <= 0) return fail(ErrorKind::invalid_input, "tiler extent ", v->value, " is not positive");
    MixedTiler t;
    t.kind = MixedTiler::Kind::integer;
    t.integer = *v;
    return t;
  }

  Result<void> end() {
    skip();
    if (pos_ != text_.size()) return expected("the end of the text");
    return {};
  }

 private:
  // `item (, item)* )`, after an opening parenthesis: the items in order.
  template <class F>
  auto items(F item) -> Result<std::vector<typename decltype(item())::value_type>> {
    std::vector<typename decltype(item())::value_type> out;
    for (;;) {
      auto m = item();
      if (!m) return std::unexpected(m.error());
      out.push_back(std::move(*m));
      skip();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        return out;
      }
      return expected("',' or ')'");
    }
  }

  Result<MixedTiler> as_layout() {
    auto l = layout();
    if (!l) return std::unexpected(l.error());
    MixedTiler t;
    t.layout = std::move(*l);
    return t;
  }

  Result<MixedInt> integer() {
    skip();
    bool marked = peek() == '_';
    if (marked) ++pos_;
    std::size_t start = pos_;
    if (peek() == '-' || peek() == '+') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    Int v = 0;
    auto first = text_.data() + start + (text_[start] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(first, text_.data() + pos_, v);
    if (pos_ == start || ec != std::errc{} || ptr != text_.data() + pos_) {
      if (ec == std::errc::result_out_of_range)
        return fail(ErrorKind::invalid_input, "integer at position ", start, " does not fit in 64 bits");
      pos_ = start;
      return expected("an integer");
    }
    return MixedInt{v, integers_ == Integers::all_static || marked};
  }

  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  std::unexpected<Error> expected(std::string_view what) const {
    return fail(ErrorKind::invalid_input, "expected ", what, " at position ", pos_, " of '", text_, "'");
  }

  std::string_view text_;
  Integers integers_;
  std::size_t pos_ = 0;
};

template <class T, class F>
Result<T> read_all(std::string_view text, Integers integers, F f) {
  Reader r(text, integers);
  auto v = f(r);
  if (!v) return v;
  if (auto e = r.end(); !e) return std::unexpected(e.error());
  return v;
}

}  // namespace

Result<MixedTuple> read_mixed_tuple(std::string_view text, Integers integers) {
  return read_all<MixedTuple>(text, integers, [](Reader& r) { return r.tuple(); });
}
Result<MixedLayout> read_mixed_layout(std::string_view text, Integers integers) {
  return read_all<MixedLayout>(text, integers, [](Reader& r) { return r.layout(); });
}
Result<MixedTiler> read_mixed_tiler(std::string_view text, Integers integers) {
  return read_all<MixedTiler>(text, integers, [](Reader& r) { return r.tiler(); });
}

}  // namespace catlayout
