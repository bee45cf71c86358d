#pragma once
// What every binding file shares: algebra errors as one C++ exception (errors.cpp translates it
// into catlayout.LayoutError's subclass of the same kind), and Python values <-> C++ values.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include <optional>
#include <string>
#include <string_view>

#include "catlayout/core.hpp"
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

// A Layout, CuTe notation "(6,2):(8,2)", or a pair (shape, stride) of nested tuples.
Layout layout_from_py(nb::handle h, std::string_view what);
// The layouts' shape-only constructor: CuTe's compact colexicographic (LayoutLeft) stride.
Layout compact_layout(IntTuple const& shape);
// A tiler: a Layout, an int n (n:1), a string (a layout or <...>), or a tuple/list of tilers
// (by mode; None keeps a mode whole as CuTe's _ would not be a tiler, so None is refused).
Tiler tiler_from_py(nb::handle h, std::string_view what);
// A coordinate with holes: ints, None or slice(None) (CuTe's _), nested tuples/lists.
SliceCoord slice_coord_from_py(nb::handle h);

// Arguments that take a layout or a tiler in any of the forms above. The caster only checks the
// Python type (so a signature mismatch is a TypeError listing the overloads); the conversion runs
// in the function body, where a bad value raises InvalidInput naming the argument and the problem.
// A bound Layout argument is read in place (no copy); other forms are converted into `owned`.
struct LayoutArg {
  Layout const* ptr = nullptr;
  nb::handle obj;
  mutable std::optional<Layout> owned;
  Layout const& get(std::string_view what) const {
    if (ptr) return *ptr;
    owned = layout_from_py(obj, what);
    return *owned;
  }
};
struct TilerArg {
  Layout const* ptr = nullptr;  // set when the tiler is a bound Layout (the common case)
  nb::handle obj;
  Tiler get(std::string_view what) const { return ptr ? Tiler::of(*ptr) : tiler_from_py(obj, what); }
};

// Nested tuples of ints across the boundary, typed "int | tuple" in the stubs.
struct IntTupleIn {
  nb::handle obj;
  IntTuple get(std::string_view what) const { return int_tuple_from_py(obj, what); }
};
struct IntTupleOut {
  IntTuple value;
};

// The bound Layout type (set by bind_layout) and catlayout.pycute's subclass of it (pycute.cpp):
// an exact type test is cheaper than nb::isinstance.
extern PyTypeObject* layout_type;
extern PyTypeObject* pycute_layout_type;
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
void bind_categories(nb::module_& m);
void bind_algorithms(nb::module_& m);
void bind_conformance(nb::module_& m);
void bind_viz(nb::module_& m);
void bind_analysis(nb::module_& m);
void bind_cute_api(nb::module_& m);
void bind_pycute(nb::module_& m);  // _catlayout._pycute: catlayout.pycute's Layout and operations
void bind_gpu(nb::module_& m);  // catlayout.gpu (gpu.cpp), where the gpu room is built

}  // namespace catlayout::python

namespace nanobind::detail {
template <>
struct type_caster<catlayout::python::LayoutArg> {
  NB_TYPE_CASTER(catlayout::python::LayoutArg, const_name("Layout | str"))
  bool from_python(handle src, uint8_t, cleanup_list*) noexcept {
    value.obj = src;  // the argument outlives the call
    if ((value.ptr = catlayout::python::as_layout(src))) return true;
    return PyUnicode_Check(src.ptr()) || PyTuple_Check(src.ptr());
  }
  static handle from_cpp(catlayout::python::LayoutArg const& v, rv_policy, cleanup_list*) noexcept {
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
  bool from_python(handle src, uint8_t, cleanup_list*) noexcept {
    value.obj = src;
    if ((value.ptr = catlayout::python::as_layout(src))) return true;
    return PyUnicode_Check(src.ptr()) || PyTuple_Check(src.ptr()) || PyList_Check(src.ptr()) || PyIndex_Check(src.ptr());
  }
  static handle from_cpp(catlayout::python::TilerArg const& v, rv_policy, cleanup_list*) noexcept {
    return v.obj.inc_ref();
  }
};
}  // namespace nanobind::detail
