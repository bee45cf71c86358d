#include "convert.hpp"

#include <nanobind/stl/string.h>

#include <algorithm>
#include <cstdio>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::python {

static std::string py_type_name(nb::handle h) { return nb::type_name(h.type()).c_str(); }

// repr(h) for a message: shortened (quote.hpp), and ascii(h) where the repr has no UTF-8 form.
static std::string repr_text(nb::handle h) {
  nb::object r = nb::steal(PyObject_Repr(h.ptr()));
  if (!r.is_valid()) throw nb::python_error();
  auto text = utf8_of(r);
  if (text) return shortened(*text);
  nb::object a = nb::steal(PyObject_ASCII(h.ptr()));
  if (!a.is_valid()) throw nb::python_error();
  return shortened(*utf8_of(a));
}

// `what` with the positions inside nested arguments, built only for an error message.
static std::string where(std::string_view what, std::vector<std::size_t> const& path) {
  std::string out(what);
  for (auto i : path) {  // appended piece by piece: "[" + to_string(i) trips GCC 12's -Wstringop-overflow at -O3
    out += '[';
    out += std::to_string(i);
    out += ']';
  }
  return out;
}

static Int int_at(nb::handle h, std::string_view what, std::vector<std::size_t> const& path) {
  if (PyLong_CheckExact(h.ptr())) {  // the common case, without the __index__ protocol
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow) invalid_input(str(where(what, path), ": overflow: ", repr_text(h), " exceeds the int64 range"));
    return static_cast<Int>(v);
  }
  if (PyBool_Check(h.ptr()) || !PyIndex_Check(h.ptr()))
    invalid_input(str(where(what, path), ": expected an integer, got ", py_type_name(h), " ", repr_text(h)));
  nb::object index = nb::steal(PyNumber_Index(h.ptr()));
  if (!index.is_valid()) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw nb::python_error();
    PyErr_Clear();  // an __index__ that refuses (NumPy's bool_): no integer
    invalid_input(str(where(what, path), ": expected an integer, got ", py_type_name(h), " ", repr_text(h)));
  }
  return int_at(index, what, path);
}

Int int_from_py(nb::handle h, std::string_view what) { return int_at(h, what, {}); }

Int nonnegative_from_py(nb::handle h, std::string_view what) {
  Int v = int_at(h, what, {});
  if (v < 0) invalid_input(str(what, " ", v, " is negative"));
  return v;
}

static bool is_sequence(nb::handle h) { return PyTuple_Check(h.ptr()) || PyList_Check(h.ptr()); }

static bool read_flat(PyObject* h, Ints& values, IntTuple::Word& word, std::size_t depth,
                      std::size_t max_depth = limits::max_depth);

static IntTuple int_tuple_at(nb::handle h, std::string_view what, std::vector<std::size_t>& path) {
  if (!is_sequence(h)) return IntTuple(int_at(h, what, path));
  {  // a flat tuple of ints (coordinates, most shapes): one pass over the items, no nesting to build;
     // depth 1 at most, so a nested item stops the read at once (the general path builds nesting)
    Ints flat;
    IntTuple::Word word;
    if (read_flat(h.ptr(), flat, word, 0, 1) && !flat.empty()) return IntTuple::flat(flat);
  }
  IntTuple t;
  path.push_back(0);
  for (nb::handle child : h) {
    t.push_back(int_tuple_at(child, what, path));
    ++path.back();
  }
  path.pop_back();
  return t;
}

// A nested tuple of plain ints into flat entries and a bracket word (IntTuple's form), without
// building tuples; false at anything else (a bool, an __index__ object, past int64, too deep), which
// the general reader then reads or names.
static bool read_flat_leaf(PyObject* h, Ints& values, IntTuple::Word& word) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h, &overflow);
  values.push_back(static_cast<Int>(v));
  word.push_back(IntTuple::leaf_token);
  return overflow == 0;
}

static bool read_flat(PyObject* h, Ints& values, IntTuple::Word& word, std::size_t depth, std::size_t max_depth) {
  if (PyLong_CheckExact(h)) return read_flat_leaf(h, values, word);
  if ((!PyTuple_Check(h) && !PyList_Check(h)) || depth >= max_depth) return false;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(h);
  PyObject** items = PySequence_Fast_ITEMS(h);
  word.push_back(IntTuple::open_token);
  for (Py_ssize_t k = 0; k < n; ++k) {  // an int item read here, not by a call one level down
    bool ok = PyLong_CheckExact(items[k]) ? read_flat_leaf(items[k], values, word)
                                          : read_flat(items[k], values, word, depth + 1, max_depth);
    if (!ok) return false;
  }
  word.push_back(IntTuple::close_token);
  return true;
}

Result<Layout> flat_layout_from_pair(PyObject* shape, PyObject* stride) {
  Ints s, d;
  IntTuple::Word sw, dw;
  bool flat = read_flat(shape, s, sw, 0) && read_flat(stride, d, dw, 0) && sw == dw;
  // A prvalue on either side: built in the caller's storage (no move on return).
  return flat ? Layout::make(s, d, sw) : Result<Layout>(std::unexpect, Error{});
}

Result<Layout> layout_from_pair(nb::handle shape, nb::handle stride, std::string_view what) {
  // One named result returned from one place: built in the caller's storage (no move on return).
  Result<Layout> r = flat_layout_from_pair(shape.ptr(), stride.ptr());
  if (!r)  // the general readers: they name what is wrong (a value, congruence, Def. 2.3.1.1)
    r = Layout::make(int_tuple_from_py(shape, str(what, "shape")), int_tuple_from_py(stride, str(what, "stride")));
  return r;
}

IntTuple int_tuple_from_py(nb::handle h, std::string_view what) {
  if (PyUnicode_Check(h.ptr())) {  // "(2,(3,4))"
    auto r = parse_int_tuple(text_from_py(h, what));
    if (!r) invalid_input(str(what, ": ", r.error().message));
    return *r;
  }
  std::vector<std::size_t> path;
  return int_tuple_at(h, what, path);
}

nb::object int_tuple_to_py(IntTuple const& t) {
  if (t.is_leaf()) return nb::int_(t.value());
  auto children = t.children();
  nb::list out;
  for (auto const& c : children) out.append(int_tuple_to_py(c));
  return nb::tuple(out);
}

Layout compact_layout(IntTuple const& shape) {
  std::vector<Int> stride;
  Int running = 1;
  for (Int s : shape.values()) {
    stride.push_back(running);
    running = unwrap(checked_mul(running, s, "compact stride"));
  }
  return unwrap(Layout::make(shape, unwrap(substitute(stride, shape))));
}

Layout layout_from_py(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return *l;
  if (nb::isinstance<nb::str>(h)) {
    auto r = read_text_value(text_from_py(h, what));
    if (!r) invalid_input(str(what, ": ", r.error().message));
    if (auto* l = std::get_if<Layout>(&*r)) return std::move(*l);
    raise_text_issue(TextIssue{std::nullopt, r->index()}, h, what, kind_of<Layout>);
  }
  if (nb::isinstance<nb::tuple>(h) && nb::len(h) == 2 && !nb::isinstance<Layout>(h[0]))
    return unwrap(layout_from_pair(h[0], h[1], str(what, ".")));
  invalid_input(str(what, ": expected a Layout, a string in CuTe notation or a (shape, stride) pair, got ",
                    py_type_name(h), " ", repr_text(h)));
}

Tiler tiler_from_py(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return Tiler::of(*l);
  if (nb::isinstance<nb::str>(h)) {
    std::unique_ptr<Tiler> t;
    std::unique_ptr<TextIssue> issue;
    read_tiler_arg(h, static_cast<std::uint8_t>(nb::detail::cast_flags::convert), t, issue);
    if (!t) raise_text_issue(*issue, h, what, kind_of<Layout>);
    return std::move(*t);
  }
  if (is_sequence(h)) {  // by mode: each mode built in its place (a Layout copied once, not moved)
    Py_ssize_t n = PySequence_Fast_GET_SIZE(h.ptr());
    PyObject** items = PySequence_Fast_ITEMS(h.ptr());
    Tiler t;
    t.modes.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t k = 0; k < n; ++k) {
      if (auto const* l = as_layout(items[k]))
        t.modes.emplace_back().layout.emplace(*l);
      else
        t.modes.push_back(tiler_from_py(items[k], what));  // the error names the mode's value
    }
    return t;
  }
  Int n = int_from_py(h, what);
  if (n < 1) invalid_input(str(what, ": an integer tiler n stands for n:1 and needs n >= 1, got ", n));
  return Tiler::of_integer(n);
}

SliceCoord slice_coord_from_py(nb::handle h) {
  if (h.is_none()) return SliceCoord::hole();
  if (PySlice_Check(h.ptr())) {
    nb::object s = nb::borrow(h);
    if (!s.attr("start").is_none() || !s.attr("stop").is_none() || !s.attr("step").is_none())
      invalid_input(str("slice coordinate: only ':' (CuTe's _) is a hole, got ", repr_text(h)));
    return SliceCoord::hole();
  }
  if (is_sequence(h)) {
    std::vector<SliceCoord> c;
    for (nb::handle child : h) c.push_back(slice_coord_from_py(child));
    return SliceCoord::tuple(std::move(c));
  }
  return SliceCoord::of(int_from_py(h, "coordinate"));
}

// ---------------------------------------------------------------------------------------------
// Text arguments

Result<std::string_view> utf8_of(nb::handle h) noexcept {
  Py_ssize_t n = 0;
  if (char const* p = PyUnicode_AsUTF8AndSize(h.ptr(), &n)) return std::string_view(p, static_cast<std::size_t>(n));
  // A UnicodeEncodeError: `start` is the index (in code points) of the first character that has
  // no UTF-8 form, a lone surrogate (Python's str may hold one; UTF-8 may not).
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  Py_ssize_t start = -1;
  bool encode_error = value && PyErr_GivenExceptionMatches(type, PyExc_UnicodeEncodeError) &&
                      PyUnicodeEncodeError_GetStart(value, &start) == 0 && start >= 0;
  if (!encode_error) PyErr_Clear();
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(trace);
  if (!encode_error) return fail(ErrorKind::invalid_input, "the text has no UTF-8 form");
  Py_UCS4 ch = PyUnicode_ReadChar(h.ptr(), start);
  if (ch == static_cast<Py_UCS4>(-1)) PyErr_Clear();
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(ch));
  bool surrogate = ch >= 0xd800 && ch <= 0xdfff;
  return fail(ErrorKind::invalid_input, "the character ", code, " at column ", start + 1,
              surrogate ? " is a lone surrogate, which" : "", " has no UTF-8 form");
}

std::string_view text_from_py(nb::handle h, std::string_view what) {
  auto r = utf8_of(h);
  if (!r) invalid_input(str(what, ": ", r.error().message));
  return *r;
}

Result<TextValue> read_text_value(std::string_view text) {
  // Integer strides first, read in place (a Layout moved through AnyLayout costs a copy of its
  // inline storage each time); parse_layout is the one reader's first reader.
  if (auto l = parse_layout(text)) return Result<TextValue>(std::in_place, std::in_place_index<0>, std::move(*l));
  auto any = parse_any_layout(text);
  if (any) return std::visit([](auto&& l) { return TextValue(std::move(l)); }, std::move(*any));
  if (text.find('F') != std::string_view::npos)
    if (auto f = parse_f2_layout(text)) return TextValue(std::move(*f));
  if (text.find('<') != std::string_view::npos || text.find("SW_") != std::string_view::npos ||
      text.find("Swizzle(") != std::string_view::npos)
    if (auto sw = parse_swizzle(text)) return TextValue(*sw);
  return std::unexpected(std::move(any.error()));
}

Result<TextValue> read_text_noexcept(nb::handle src) noexcept {
  CL_TRY(text, utf8_of(src));
  return read_text_value(text);
}

bool read_tiler_arg(nb::handle src, std::uint8_t flags, std::unique_ptr<Tiler>& out,
                    std::unique_ptr<TextIssue>& issue) noexcept {
  bool convert = flags & static_cast<std::uint8_t>(nb::detail::cast_flags::convert);
  auto text = utf8_of(src);
  if (!text) {
    issue = std::make_unique<TextIssue>(TextIssue{std::move(text.error()), std::nullopt});
    return true;
  }
  auto t = parse_tiler(*text);
  if (t) {
    out = std::make_unique<Tiler>(std::move(*t));
    return true;
  }
  if (auto other = read_text_value(*text)) {  // a coordinate, swizzled or F2 layout, a swizzle
    issue = std::make_unique<TextIssue>(TextIssue{std::nullopt, other->index()});
    return convert;
  }
  issue = std::make_unique<TextIssue>(TextIssue{std::move(t.error()), std::nullopt});
  return true;
}

namespace {
constexpr std::string_view kind_classes[] = {"Layout", "CoordLayout", "ComposedLayout", "F2Layout", "Swizzle"};
constexpr std::string_view kind_phrases[] = {"an integer-stride layout", "a coordinate layout", "a swizzled layout",
                                             "an F2 layout", "a swizzle"};
}  // namespace

std::string_view kind_phrase(std::size_t kind) { return kind_phrases[kind]; }
std::string_view kind_class(std::size_t kind) { return kind_classes[kind]; }

void raise_text_issue(TextIssue const& issue, nb::handle text, std::string_view what, std::size_t wanted) {
  if (issue.error) throw AlgebraError{Error{issue.error->kind, str(what, ": ", issue.error->message)}};
  auto utf8 = utf8_of(text);
  throw WrongKind{std::string(what), issue.other.value_or(wanted), wanted, utf8 ? shortened(*utf8) : std::string()};
}

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The annotation of parameter `param` in a signature "def f(a: Layout | str, b: int = 1) -> R",
// or "" where it has none.
std::string_view param_type(std::string_view sig, std::string_view param) {
  auto open = sig.find('(');
  if (open == std::string_view::npos) return {};
  int depth = 0;
  std::size_t start = open + 1;
  for (std::size_t i = start; i < sig.size(); ++i) {
    char c = sig[i];
    if (c == '(' || c == '[') ++depth;
    bool close = (c == ')' || c == ']') && depth-- == 0;
    if ((c == ',' && depth == 0) || close) {
      std::string_view p = trimmed(sig.substr(start, i - start));
      auto colon = p.find(':');
      if (colon != std::string_view::npos && trimmed(p.substr(0, colon)) == param) {
        std::string_view type = p.substr(colon + 1);
        return trimmed(type.substr(0, type.find('=')));
      }
      if (close) return {};
      start = i + 1;
    }
  }
  return {};
}

// How a message names what a signature's type takes: "an integer-stride layout", "a tiler", ...
std::string_view type_phrase(std::string_view token) {
  auto dot = token.rfind('.');
  if (dot != std::string_view::npos) token.remove_prefix(dot + 1);
  for (std::size_t k = 0; k < std::size(kind_classes); ++k)
    if (token == kind_classes[k]) return kind_phrases[k];
  if (token == "int" || token == "tuple") return "a tiler";
  if (token == "LinearLayout") return "a LinearLayout";
  return {};
}

}  // namespace

void wrong_kind(nb::handle scope, char const* name, WrongKind const& e) {
  std::vector<std::string_view> takes;
  bool other_overload = false;
  nb::object fn = nb::getattr(scope, name, nb::none());
  nb::object sigs = fn.is_none() ? nb::none() : nb::getattr(fn, "__nb_signature__", nb::none());
  if (!sigs.is_none()) {
    for (nb::handle overload : sigs) {
      std::string sig = nb::cast<std::string>(overload[0]);
      std::string_view type = param_type(sig, e.what);
      for (std::size_t at = 0; at <= type.size();) {
        std::size_t bar = std::min(type.find('|', at), type.size());
        std::string_view token = trimmed(type.substr(at, bar - at));
        at = bar + 1;
        auto dot = token.rfind('.');
        if (token.substr(dot == std::string_view::npos ? 0 : dot + 1) == kind_class(e.kind)) other_overload = true;
        auto phrase = type_phrase(token);
        if (!phrase.empty() && std::find(takes.begin(), takes.end(), phrase) == takes.end()) takes.push_back(phrase);
      }
    }
  }
  if (other_overload) throw nb::next_overload();  // an overload further on takes this kind
  if (takes.empty()) takes.push_back(kind_phrase(e.wanted));
  std::string list;
  for (std::size_t i = 0; i < takes.size(); ++i)
    list += str(i == 0 ? "" : i + 1 == takes.size() ? " or " : ", ", takes[i]);
  throw AlgebraError{Error{ErrorKind::invalid_input, str(name, " takes ", list, " as ", e.what, ", not ",
                                                         kind_phrase(e.kind), ": '", e.text, "'")}};
}

// An order: LayoutLeft / LayoutRight (a Major), or CuTe's Step as a nested tuple of ints.
Order order_from_py(nb::handle h) {
  if (nb::isinstance<Major>(h)) return nb::cast<Major>(h);
  return int_tuple_from_py(h, "order");
}

// CuTe's Step<_1,X,_1>: 1 keeps a mode, None (CuTe's X) drops it.
Projection projection_from_py(nb::handle h) {
  if (!nb::isinstance<nb::tuple>(h) && !nb::isinstance<nb::list>(h))
    invalid_input("a projection is a tuple of 1 and None (CuTe's _1 and X)");
  Projection p;
  for (nb::handle x : h) {
    if (x.is_none()) {
      p.keep.push_back(false);
    } else if (int_from_py(x, "projection entry") == 1) {
      p.keep.push_back(true);
    } else {
      invalid_input("a projection entry is 1 or None (CuTe's _1 or X)");
    }
  }
  return p;
}

}  // namespace catlayout::python
