// catlayout.Layout: a shape and a congruent stride (Def. 2.3.1.1) as a Python value: evaluation
// at indices, coordinates and NumPy arrays, CuTe's slicing, CuTe notation, == and hash.
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <limits>

#include "catlayout/core/limits.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/quote.hpp"
#include "convert.hpp"
#include "fastcall.hpp"

namespace catlayout::python {

PyTypeObject* layout_type = nullptr;

using IndexArray = nb::ndarray<Int const, nb::c_contig, nb::device::cpu>;

// A new int64 array from NumPy's own allocator (which asks the kernel for huge pages on large
// arrays: a fresh 80 MB buffer of 4 KiB pages costs more in page faults than its evaluation).
static std::pair<nb::object, Int*> new_array(std::vector<std::size_t> const& shape) {
  nb::list dims;
  for (auto x : shape) dims.append(x);
  nb::object arr = nb::module_::import_("numpy").attr("empty")(nb::tuple(dims), nb::arg("dtype") = "int64");
  auto view = nb::cast<nb::ndarray<Int, nb::c_contig, nb::device::cpu>>(arr);
  return {arr, view.data()};
}

// Phi_L on every element (core's batch evaluation, without the GIL).
static nb::object evaluate_array(Layout const& l, IndexArray idx) {
  std::vector<std::size_t> shape(idx.shape_ptr(), idx.shape_ptr() + idx.ndim());
  std::size_t n = idx.size();
  auto [arr, data] = new_array(shape);
  Result<void> r;
  {
    nb::gil_scoped_release release;
    r = evaluate(l, std::span<Int const>(idx.data(), n), std::span<Int>(data, n));
  }
  unwrap(std::move(r));
  return arr;
}

// An index array as int64, refused before NumPy's conversion where that would change a value: it
// truncates 1.5 to 1 and wraps the uint64 2**64 - 1 to -1. Integer dtypes are taken (uint64 up to
// int64's maximum); bool, float, complex, object, str and the rest are refused, naming the dtype
// and the first entry, as L(1.5) and L(True) are refused.
static IndexArray index_array(nb::handle key) {
  IndexArray direct;  // the common case: a C-contiguous int64 array, taken as it is
  if (nb::try_cast(key, direct, false)) return direct;
  static nb::handle numpy = nb::module_::import_("numpy").release();  // the module lives as long as Python
  nb::object arr = nb::borrow(key);
  nb::object ndarray = numpy.attr("ndarray");
  int is_ndarray = PyObject_IsInstance(key.ptr(), ndarray.ptr());
  if (is_ndarray < 0) throw nb::python_error();
  if (!is_ndarray) arr = numpy.attr("asarray")(key);  // another array (DLPack, the buffer protocol)
  nb::object dtype = arr.attr("dtype");
  std::string kind = nb::cast<std::string>(dtype.attr("kind"));
  std::string name = nb::cast<std::string>(nb::str(dtype));
  if (kind != "i" && kind != "u") {
    if (nb::cast<std::size_t>(arr.attr("size")) == 0)
      invalid_input(str("index array: dtype ", name, " is not an integer type (the array is empty)"));
    nb::object entry = arr.attr("item")(0);  // the first entry as a Python value
    auto first = text_from_py(nb::str(entry), "index array");
    invalid_input(str("index array: dtype ", name, " is not an integer type (the first entry, at position 0, is ",
                      shortened(first), ")"));
  }
  if (kind == "u" && nb::cast<int>(dtype.attr("itemsize")) == 8) {
    auto u = nb::cast<nb::ndarray<std::uint64_t const, nb::c_contig, nb::device::cpu>>(arr);
    constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<Int>::max());
    for (std::size_t k = 0, n = u.size(); k < n; ++k)
      if (u.data()[k] > limit)
        invalid_input(str("index ", u.data()[k], " at position ", k, " exceeds the int64 limit ", limit));
  }
  return nb::cast<IndexArray>(arr);
}

static nb::object tabulate_array(Layout const& l) {
  if (l.size() > limits::max_tabulate)
    invalid_input(str("tabulate: size ", l.size(), " of ", to_string(l), " exceeds the limit ", limits::max_tabulate));
  auto n = static_cast<std::size_t>(l.size());
  auto [arr, data] = new_array({n});
  {
    nb::gil_scoped_release release;
    (void)tabulate_into(l, std::span<Int>(data, n));  // the sizes match by construction
  }
  return arr;
}

static std::vector<Layout> modes(Layout const& l) {
  if (l.shape().is_leaf()) return {l};
  std::vector<Layout> out;
  for (std::size_t i = 0; i < l.rank(); ++i) out.push_back(l.mode(i));
  return out;
}

static bool has_hole(nb::handle key) {
  if (key.is_none() || PySlice_Check(key.ptr())) return true;
  if (!PyTuple_Check(key.ptr()) && !PyList_Check(key.ptr())) return false;
  PyObject** items = PySequence_Fast_ITEMS(key.ptr());
  for (Py_ssize_t k = 0, n = PySequence_Fast_GET_SIZE(key.ptr()); k < n; ++k)
    if (!PyLong_CheckExact(items[k]) && has_hole(items[k])) return true;
  return false;
}

static nb::object as_layout_object(Layout&& l) { return nb::cast(std::move(l)); }

// Layout(text): the one reader's integer-stride layout; text of another kind says which it is.
static Layout text_layout(nb::handle text) {
  std::string_view t = text_from_py(text, "text");
  if (auto l = parse_layout(t)) return std::move(*l);
  auto r = read_text_value(t);
  if (!r) invalid_input(r.error().message);
  if (auto* l = std::get_if<Layout>(&*r)) return std::move(*l);
  invalid_input(str("Layout takes an integer-stride layout, not ", kind_phrase(r->index()), " (",
                    kind_class(r->index()), " reads it): '", shortened(t), "'"));
}

// L(i), L(coord), L(array), L(i, j, ...) and with holes (None, ':') CuTe's slice.
nb::object call_layout(Layout const& l, nb::handle key, nb::object (*as_object)(Layout&&)) {
  auto at_index = [&] { return nb::int_(unwrap(l.extended(nonnegative_from_py(key, "index")))); };
  if (PyLong_CheckExact(key.ptr())) return at_index();  // the common case first: L(i)
  if (PyTuple_Check(key.ptr()) || PyList_Check(key.ptr()) || key.is_none() || PySlice_Check(key.ptr())) {
    if (has_hole(key)) return as_object(unwrap(slice(slice_coord_from_py(key), l)));
    return nb::int_(unwrap(l.at_coord(int_tuple_from_py(key, "coordinate"))));
  }
  if (nb::ndarray_check(key)) return nb::cast(evaluate_array(l, index_array(key)));
  return at_index();  // anything else with __index__
}

void bind_layout(nb::module_& m) {
  nb::class_<Layout> cls(m, "Layout",
                         "A layout: a nested shape and a congruent stride (Def. 2.3.1.1), CuTe notation (6,2):(8,2).");
  fast_pair_constructor(cls);  // Layout(shape, stride): the second __init__ below, direct
  cls.def("__init__", [](Layout* self, TextArg text) {
             new (self) Layout(text_layout(text.obj));
           }, nb::arg("text"),
           "Parse CuTe notation: Layout('(6,2):(8,2)'), CuTe C++'s print '(_6,_2):(_8,_2)', pycute's str '(6, 2):(8, 2)' "
           "and repr 'Layout((6, 2),(8, 2))' (Layout((6, 2)): compact column-major), CuTe DSL's str.")
      .def("__init__", [](Layout* self, IntTupleIn shape, std::optional<IntTupleIn> stride) {
             if (stride) {
               auto r = layout_from_pair(shape.obj, stride->obj);
               if (!r) throw AlgebraError{std::move(r.error())};
               return (void)new (self) Layout(std::move(*r));  // moved once, into the object
             }
             new (self) Layout(compact_layout(shape.get("shape")));
           }, nb::arg("shape"), nb::arg("stride").none() = nb::none(),
           "Layout(shape, stride) from ints or nested tuples; without a stride, CuTe's compact column-major one.")
      .def_prop_ro("shape", [](Layout const& l) { return IntTupleOut{l.shape()}; })
      .def_prop_ro("stride", [](Layout const& l) { return IntTupleOut{l.stride()}; })
      .def_prop_ro("rank", [](Layout const& l) { return l.shape().is_leaf() ? std::size_t{1} : l.rank(); },
                   "Number of top-level modes (an integer shape has rank 1).")
      .def_prop_ro("depth", [](Layout const& l) { return depth(l); })
      .def("size", &Layout::size, "Product of the shape.")
      .def("cosize", [](Layout const& l) { return cosize(l); }, "L(size - 1) + 1, as CuTe.")
      .def("mode", [](Layout const& l, std::size_t i) {
             std::size_t r = l.shape().is_leaf() ? 1 : l.rank();
             if (i >= r) throw nb::index_error(str("mode ", i, " of ", to_string(l), ", which has rank ", r).c_str());
             return l.shape().is_leaf() ? l : l.mode(i);
           }, nb::arg("i"), "The i-th top-level mode (CuTe layout<i>).")
      .def("__call__", [](Layout const& l, nb::args args) {
             if (args.size() == 1) return call_layout(l, args[0], as_layout_object);
             return call_layout(l, nb::tuple(args), as_layout_object);
           }, nb::sig("def __call__(self, *args: int | tuple | None | NDArray[numpy.int64]) -> int | Layout | NDArray[numpy.int64]"),
           "L(i): the layout function at index i (CuTe's extended function past size); L((i,j)) or L(i, j): "
              "at a coordinate; L(array): at every index of an int64 NumPy array; None or ':' in a coordinate "
              "slices as CuTe (returns a Layout).")
      .def("__getitem__", [](Layout const& l, nb::handle key) { return call_layout(l, key, as_layout_object); },
           nb::sig("def __getitem__(self, key: int | tuple | slice | None) -> int | Layout"),
           "CuTe's operator[]: L[i, j] is L(i, j); L[:, 1] is CuTe's slice layout(_, 1).")
      .def("__len__", [](Layout const& l) { return l.shape().is_leaf() ? std::size_t{1} : l.rank(); })
      .def("modes", &modes, "The top-level modes, as layouts (an integer shape is its own one mode).")
      .def("__iter__", [](Layout const& l) { return nb::iter(nb::cast(modes(l))); },
           "Iterates the top-level modes (as len() counts them); L.tabulate() holds the values.")
      .def("tabulate", &tabulate_array, nb::sig("def tabulate(self) -> NDArray[numpy.int64]"), "[L(0), ..., L(size-1)] as an int64 NumPy array.")
      .def("cute", [](Layout const& l, bool static_) {
             return to_string(l, static_ ? Notation::cute : Notation::catlayout);
           }, nb::arg("static") = false,
           "CuTe notation as catlayout writes it, '(4,8):(8,1)' (as catlayout.pycute's .cute()); static=True: what "
           "CuTe C++'s print writes for the layout of static integers, '(_4,_8):(_8,_1)'. Both read back.")
      .def("__getstate__", [](Layout const& l) { return to_string(l); })
      .def("__setstate__", [](Layout* self, std::string const& text) { new (self) Layout(*parse_layout(text)); });
  add_value_methods(cls, [](Layout const& l) { return to_string(l); });
  add_layout_pictures(cls);
  layout_type = reinterpret_cast<PyTypeObject*>(cls.ptr());
}

}  // namespace catlayout::python
