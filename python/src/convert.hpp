#pragma once
// What every binding file shares: algebra errors as one C++ exception (errors.cpp translates it
// into catlayout.LayoutError's subclass of the same kind), and Python values <-> C++ values.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "catlayout/core.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/core/swizzle.hpp"
#include "catlayout/core/tiler.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace nb = nanobind;

namespace catlayout::categories {
class NestMorphism;
}

namespace catlayout::python {

// Carries a core Error across the binding boundary (kind, message and flags kept).
struct AlgebraError {
  Error error;
};

template <class T>
T unwrap(Result<T> r) {
  if (!r) throw AlgebraError{std::move(r.error())};
  return std::move(*r);
}
inline void unwrap(Result<void> r) {
  if (!r) throw AlgebraError{std::move(r.error())};
}
[[noreturn]] void invalid_input(std::string message);  // raises catlayout.InvalidInput

// An int (or anything with __index__, bool excluded) as int64, naming `what` on failure.
Int int_from_py(nb::handle h, std::string_view what);
// The same, refused when negative (an index or an offset: "index -1 is negative").
Int nonnegative_from_py(nb::handle h, std::string_view what);
// An int or a nested tuple/list of ints (paper §2.2).
IntTuple int_tuple_from_py(nb::handle h, std::string_view what);
nb::object int_tuple_to_py(IntTuple const& t);  // ints stay ints, tuples become tuples

// Layout(shape, stride) from nested tuples of ints; an error names `what` + "shape" / "stride"
// (a value that is not an integer raises; Def. 2.3.1.1's conditions are the Result's error).
Result<Layout> layout_from_pair(nb::handle shape, nb::handle stride, std::string_view what = "");
// Its fast half: nested tuples or lists of plain ints within int64, congruent, read flat and
// checked by Layout::make; any error means the general readers above must run (they name it).
Result<Layout> flat_layout_from_pair(PyObject* shape, PyObject* stride);
// A Layout, CuTe notation "(6,2):(8,2)", or a pair (shape, stride) of nested tuples.
Layout layout_from_py(nb::handle h, std::string_view what);
// The layouts' shape-only constructor: CuTe's compact colexicographic (LayoutLeft) stride.
Layout compact_layout(IntTuple const& shape);
// A tiler: a Layout, an int n (n:1), a string (a layout or <...>), or a tuple/list of tilers
// (by mode; None keeps a mode whole as CuTe's _ would not be a tiler, so None is refused).
Tiler tiler_from_py(nb::handle h, std::string_view what);
// A coordinate with holes: ints, None or slice(None) (CuTe's _), nested tuples/lists.
SliceCoord slice_coord_from_py(nb::handle h);
// An order: LayoutLeft / LayoutRight (a Major), or CuTe's Step as a nested tuple of ints.
Order order_from_py(nb::handle h);
// CuTe's Step<_1,X,_1>: a tuple of 1 (keep the mode) and None (CuTe's X: drop it).
Projection projection_from_py(nb::handle h);

// Text from Python as UTF-8 (a view of the str's own UTF-8, alive as long as the str). A str that
// has no UTF-8 form (a lone surrogate, '\ud800') raises InvalidInput naming the character and its
// column, counted in code points as Python indexes the str and as core's readers count columns.
std::string_view text_from_py(nb::handle h, std::string_view what);

// What a text argument reads as, in the order of the CLI's reader (wire/src/value_text.cpp operand_from_text): core's one reader
// parse_any_layout (integer, coordinate or swizzled strides, every notation of
// docs/notation.md), then F2 strides (F<v>), then a swizzle alone (CuTe's composition(Layout,
// Swizzle)). Otherwise the one reader's error.
using TextValue = std::variant<Layout, CoordLayout, ComposedLayout, F2Layout, Swizzle>;
Result<TextValue> read_text_value(std::string_view text);
// "an integer-stride layout", "a coordinate layout", ... for messages; and the Python class of
// the kind, "Layout", "CoordLayout", ... as the functions' signatures name it.
std::string_view kind_phrase(std::size_t kind);
std::string_view kind_class(std::size_t kind);
template <class T>
constexpr std::size_t kind_of = [] {
  if constexpr (std::is_same_v<T, Layout>) return 0;
  else if constexpr (std::is_same_v<T, CoordLayout>) return 1;
  else if constexpr (std::is_same_v<T, ComposedLayout>) return 2;
  else if constexpr (std::is_same_v<T, F2Layout>) return 3;
  else return 4;
}();

// A text argument of a kind other than its parameter's (raised by the arguments' get() below):
// catlayout's functions (def_layout_fn) send it on to the overload of its kind, or raise
// InvalidInput naming the kinds the function takes there.
struct WrongKind {
  std::string what;  // the parameter
  std::size_t kind;  // what the text is (an index of TextValue)
  std::size_t wanted;  // what the parameter takes
  std::string text;  // shortened
};

// A text argument that is not of its parameter's kind, as the caster found it: it does not read
// (get() raises the reader's error), or it reads as another kind (get() throws WrongKind).
struct TextIssue {
  std::optional<Error> error;
  std::optional<std::size_t> other;  // the kind it reads as (an index of TextValue)
};
[[noreturn]] void raise_text_issue(TextIssue const& issue, nb::handle text, std::string_view what, std::size_t wanted);

// The casters' reading of a text argument (noexcept: what goes wrong is kept for get()). The
// UTF-8 of a str, or why it has none.
Result<std::string_view> utf8_of(nb::handle h) noexcept;
// Text for a parameter of kind T into `out`, or the issue; whether the parameter takes it in this
// pass (flags: nanobind's, whose convert bit marks pass 2): text of kind T always, text that
// does not read in pass 2 or where `unreadable_first`, text of another kind in pass 2.
Result<TextValue> read_text_noexcept(nb::handle src) noexcept;
template <class T, class Out>
bool read_text_arg(nb::handle src, std::uint8_t flags, Out& out, std::unique_ptr<TextIssue>& issue,
                   bool unreadable_first) noexcept {
  bool convert = flags & static_cast<std::uint8_t>(nb::detail::cast_flags::convert);
  auto r = read_text_noexcept(src);
  if (!r) {
    issue = std::make_unique<TextIssue>(TextIssue{std::move(r.error()), std::nullopt});
    return unreadable_first || convert;
  }
  if (auto* v = std::get_if<T>(&*r)) {
    if constexpr (std::is_same_v<Out, std::optional<T>>)
      out = std::move(*v);
    else
      out = std::make_unique<T>(std::move(*v));
    return true;
  }
  issue = std::make_unique<TextIssue>(TextIssue{std::nullopt, r->index()});
  return convert;
}
// The same for a tiler: parse_tiler's reading, else another kind's (pass 2), else the tiler
// reader's error.
bool read_tiler_arg(nb::handle src, std::uint8_t flags, std::unique_ptr<Tiler>& out,
                    std::unique_ptr<TextIssue>& issue) noexcept;

// Arguments that take a layout or a tiler in any of the forms above. The caster checks the Python
// type (so a signature mismatch is a TypeError listing the overloads) and reads text through
// read_text_value, so that text goes to the overload of the kind it is, as the object would (a
// swizzled text to the ComposedLayout overload); the rest of the conversion runs in the function
// body, where a bad value raises InvalidInput naming the argument and the problem. A bound Layout
// argument is read in place (no copy); read text and a (shape, stride) pair are converted into
// `owned`. (The arguments stay small, their casters too: nanobind builds and moves one per
// parameter on every call, so what only text needs is allocated only for text.)
struct LayoutArg {
  Layout const* ptr = nullptr;
  nb::handle obj;
  mutable std::optional<Layout> owned;
  std::unique_ptr<TextIssue> issue;  // text not read as a Layout
  Layout const& get(std::string_view what) const {
    if (ptr) return *ptr;
    if (!owned) {
      if (issue) raise_text_issue(*issue, obj, what, kind_of<Layout>);
      owned = layout_from_py(obj, what);
    }
    return *owned;
  }
};
struct TilerArg {
  Layout const* ptr = nullptr;  // set when the tiler is a bound Layout (the common case)
  nb::handle obj;
  std::unique_ptr<Tiler> text;  // read text
  std::unique_ptr<TextIssue> issue;
  Tiler get(std::string_view what) const {
    if (ptr) return Tiler::borrow(*ptr);  // the object's layout, read in place by the call
    if (text) return *text;
    if (issue) raise_text_issue(*issue, obj, what, kind_of<Layout>);
    return tiler_from_py(obj, what);
  }
};
// An argument of another kind of layout: the object, or text of that kind.
template <class T>
struct KindArg {
  T const* ptr = nullptr;
  nb::handle obj;
  std::unique_ptr<T> owned;  // read text
  std::unique_ptr<TextIssue> issue;
  T const& get(std::string_view what) const {
    if (ptr) return *ptr;
    if (!owned) raise_text_issue(*issue, obj, what, kind_of<T>);
    return *owned;
  }
};
using CoordArg = KindArg<CoordLayout>;
using ComposedArg = KindArg<ComposedLayout>;
using F2Arg = KindArg<F2Layout>;
using SwizzleArg = KindArg<Swizzle>;

// Text that is not read as a layout (a name, an operand): any str, encoded in get(), so that a str
// with no UTF-8 form is an InvalidInput (text_from_py), not a TypeError.
struct TextArg {
  nb::handle obj;
  std::string_view get(std::string_view what) const { return text_from_py(obj, what); }
};

// A constructor's text: the reader of its class; text of another kind says which it is.
template <class T>
T text_of_kind(TextArg text, Result<T> (*reader)(std::string_view)) {
  std::string_view t = text.get("text");
  auto r = reader(t);
  if (r) return std::move(*r);
  if (auto other = read_text_value(t); other && other->index() != kind_of<T>)
    invalid_input(str(kind_class(kind_of<T>), " takes ", kind_phrase(kind_of<T>), ", not ", kind_phrase(other->index()),
                      " (", kind_class(other->index()), " reads it): '", shortened(t), "'"));
  invalid_input(r.error().message);
}

// m.def for functions that take layouts: a text argument of a kind its overload does not take
// (WrongKind) goes on to the next overload where one takes that kind (nanobind's
// next_overload), and otherwise raises InvalidInput naming the kinds the function takes there,
// read from the overloads' signatures. The functions take the argument classes above by const
// reference: the wrapper then moves nothing, and a call costs the instructions it cost without
// it (python/bench/profile_call.py: cl.size(A) 812, cl.flatten(A) 1,997).
// The bound Layout type (set by bind_layout) and catlayout.pycute's subclass of it (pycute.cpp):
// an exact type test is cheaper than nb::isinstance.
extern PyTypeObject* layout_type;
extern PyTypeObject* pycute_layout_type;

// A new instance of `type` (catlayout.Layout or a subclass of it with no fields of its own)
// holding `l`, moved in once.
nb::object new_layout(PyTypeObject* type, Layout&& l);
// Such an instance as a function's result (type_caster<NewLayout> below: typed Layout).
struct NewLayout {
  nb::object obj;
};

// A function whose C++ result is a Layout returns it as a NewLayout: moved once into a new
// catlayout.Layout, without nanobind's search for an instance that already wraps it (the result is
// a new value: there is none), and typed Layout in the stubs as before.
[[noreturn]] void wrong_kind(nb::handle scope, char const* name, WrongKind const& e);
template <class F, class R, class... A>
auto with_kinds(nb::handle scope, char const* name, F f, R (F::*)(A...) const) {
  using Out = std::conditional_t<std::is_same_v<R, Layout>, NewLayout, R>;
  return [scope, name, f = std::move(f)](A&&... a) -> Out {
    try {
      if constexpr (std::is_same_v<R, Layout>)
        return NewLayout{new_layout(layout_type, f(std::forward<A>(a)...))};
      else
        return f(std::forward<A>(a)...);
    } catch (WrongKind const& e) {
      wrong_kind(scope, name, e);
    }
  };
}
template <class F, class... Extra>
void def_layout_fn(nb::module_& m, char const* name, F f, Extra&&... extra) {
  m.def(name, with_kinds(m, name, std::move(f), &F::operator()), std::forward<Extra>(extra)...);
}

// Nested tuples of ints across the boundary, typed "int | tuple" in the stubs.
struct IntTupleIn {
  nb::handle obj;
  IntTuple get(std::string_view what) const { return int_tuple_from_py(obj, what); }
};
struct IntTupleOut {
  IntTuple value;
};

inline Layout const* as_layout(nb::handle h) {
  PyTypeObject* t = Py_TYPE(h.ptr());
  if (t == layout_type || t == pycute_layout_type || nb::isinstance<Layout>(h)) return nb::inst_ptr<Layout>(h);
  return nullptr;
}

// L(key) as catlayout.Layout's __call__ (layout.cpp): an int, a coordinate, a NumPy array, or a
// coordinate with holes, whose sliced layout `as_object` turns into the caller's Python class.
nb::object call_layout(Layout const& l, nb::handle key, nb::object (*as_object)(Layout&&));
// A o B for a tiler B, as catlayout.composition (algebra.cpp): a layout tiler composes whole.
Result<Layout> compose_tiler(Layout const& a, Tiler const& b);

// Convention::categorical when strict (the CLI's --strict), CuTe's otherwise.
inline Convention convention(bool strict) { return strict ? Convention::categorical : Convention::cute; }

// A composed result in the kind its value is, as the CLI and the wire give it: an identity swizzle
// with offset 0 is the layout alone (CuTe's composition(Swizzle<0,M,S>, _0, L) = L,
// cute/swizzle_layout.hpp "Ignore identity case"), so one value prints one way everywhere.
inline nb::object composed_value(ComposedLayout c) {
  if (is_plain(c)) return nb::cast(std::move(c.layout));
  return nb::cast(std::move(c));
}
// A chain (CuTe's nested ComposedLayout, core/composed_chain.hpp) where it is one swizzled layout
// is that composed layout; a longer chain is its text, CuTe's print (as catlayout.op gives it).
inline nb::object composed_value(ComposedChain c) {
  if (auto one = single(c)) return composed_value(std::move(*one));
  return nb::str(to_string(c).c_str());
}

// == (by value), hash, str and repr (CuTe notation, `print`) of a value class.
template <class T, class Print>
void add_value_methods(nb::class_<T>& cls, Print print) {
  cls.def("__eq__", [](T const& a, nb::handle b) { return nb::isinstance<T>(b) && a == nb::cast<T const&>(b); })
      .def("__ne__", [](T const& a, nb::handle b) { return !(nb::isinstance<T>(b) && a == nb::cast<T const&>(b)); })
      .def("__hash__", [print](T const& x) { return std::hash<std::string>{}(print(x)); })
      .def("__str__", print)
      .def("__repr__", print);
}

// Pictures (viz.cpp) as methods of the classes other files bind.
void add_layout_pictures(nb::class_<Layout>& cls);
void add_morphism_pictures(nb::class_<categories::NestMorphism>& cls);
struct Refinement;  // algorithms.cpp: a mutual refinement with the tuples it refines
void add_refinement_pictures(nb::class_<Refinement>& cls);

// Binding entry points, one per file.
void bind_errors(nb::module_& m);
void bind_layout(nb::module_& m);
void bind_algebra(nb::module_& m);
void bind_strides(nb::module_& m);
void bind_triton(nb::module_& m);  // catlayout.TritonLayout (triton.cpp)
void bind_categories(nb::module_& m);
void bind_algorithms(nb::module_& m);
void bind_conformance(nb::module_& m);
void bind_viz(nb::module_& m);
void bind_analysis(nb::module_& m);
void bind_cute_api(nb::module_& m);
void bind_pycute(nb::module_& m);  // _catlayout._pycute: catlayout.pycute's Layout and operations
void bind_gpu(nb::module_& m);  // catlayout.gpu (gpu.cpp), where the gpu room is built
void bind_ops(nb::module_& m);  // catlayout.op: every typed row of the op table (ops.cpp)

}  // namespace catlayout::python

namespace nanobind::detail {
// The casters of text arguments: pass 1 of nanobind's overload resolution (no conversions) takes
// text of the parameter's kind, and, for LayoutArg and TilerArg, text that does not read (the
// body raises the reader's error); pass 2 takes any text (the body raises WrongKind).
template <>
struct type_caster<catlayout::python::NewLayout> {
  NB_TYPE_CASTER(catlayout::python::NewLayout, make_caster<catlayout::Layout>::Name)
  bool from_python(handle, uint8_t, cleanup_list*) noexcept { return false; }
  static handle from_cpp(catlayout::python::NewLayout&& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.release();
  }
};
template <>
struct type_caster<catlayout::python::LayoutArg> {
  NB_TYPE_CASTER(catlayout::python::LayoutArg, const_name("Layout | str"))
  bool from_python(handle src, uint8_t flags, cleanup_list*) noexcept {
    value.obj = src;  // the argument outlives the call
    if ((value.ptr = catlayout::python::as_layout(src))) return true;
    if (PyUnicode_Check(src.ptr()))
      return catlayout::python::read_text_arg<catlayout::Layout>(src, flags, value.owned, value.issue, true);
    return PyTuple_Check(src.ptr());
  }
  static handle from_cpp(catlayout::python::LayoutArg const& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.inc_ref();
  }
};
template <class T>
struct type_caster<catlayout::python::KindArg<T>> {
  using Arg = catlayout::python::KindArg<T>;
  NB_TYPE_CASTER(Arg, make_caster<T>::Name + const_name(" | str"))
  bool from_python(handle src, uint8_t flags, cleanup_list*) noexcept {
    value.obj = src;
    if (nanobind::isinstance<T>(src)) {
      value.ptr = nanobind::inst_ptr<T>(src);
      return true;
    }
    if (PyUnicode_Check(src.ptr()))
      return catlayout::python::read_text_arg<T>(src, flags, value.owned, value.issue, false);
    return false;
  }
  static handle from_cpp(Arg const& v, rv_policy, cleanup_list*) noexcept { return v.obj.inc_ref(); }
};
template <>
struct type_caster<catlayout::python::TextArg> {
  NB_TYPE_CASTER(catlayout::python::TextArg, const_name("str"))
  bool from_python(handle src, uint8_t, cleanup_list*) noexcept {
    value.obj = src;
    return PyUnicode_Check(src.ptr());
  }
  static handle from_cpp(catlayout::python::TextArg const& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.inc_ref();
  }
};
template <>
struct type_caster<catlayout::python::IntTupleIn> {
  NB_TYPE_CASTER(catlayout::python::IntTupleIn, const_name("int | tuple | str"))
  bool from_python(handle src, uint8_t, cleanup_list*) noexcept {
    value.obj = src;  // anything: checked in the body, so that a bad entry is named
    return true;
  }
  static handle from_cpp(catlayout::python::IntTupleIn const& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.inc_ref();
  }
};
template <>
struct type_caster<catlayout::python::IntTupleOut> {
  NB_TYPE_CASTER(catlayout::python::IntTupleOut, const_name("int | tuple"))
  bool from_python(handle, uint8_t, cleanup_list*) noexcept { return false; }
  static handle from_cpp(catlayout::python::IntTupleOut const& v, rv_policy, cleanup_list*) noexcept {
    try {
      return catlayout::python::int_tuple_to_py(v.value).release();
    } catch (...) {
      return handle();
    }
  }
};
template <>
struct type_caster<catlayout::python::TilerArg> {
  NB_TYPE_CASTER(catlayout::python::TilerArg, const_name("Layout | str | int | tuple"))
  bool from_python(handle src, uint8_t flags, cleanup_list*) noexcept {
    value.obj = src;
    if ((value.ptr = catlayout::python::as_layout(src))) return true;
    if (PyUnicode_Check(src.ptr())) return catlayout::python::read_tiler_arg(src, flags, value.text, value.issue);
    return PyTuple_Check(src.ptr()) || PyList_Check(src.ptr()) || PyIndex_Check(src.ptr());
  }
  static handle from_cpp(catlayout::python::TilerArg const& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.inc_ref();
  }
};
}  // namespace nanobind::detail
