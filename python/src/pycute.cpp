// _catlayout._pycute: catlayout.pycute's Layout class and layout operations, bound, so that a
// pycute-style call is one C++ call (catlayout/pycute/layout.py's functions only forward here).
// pycute's API over the engine: L[i] is mode i, len(L) the rank, str/repr as pycute prints them,
// results of its class, another library's layout (anything with .shape and .stride, e.g. a real
// pycute.Layout) taken as its shape and stride, and pycute's None entries in a by-mode tiler
// ("leave this mode alone"), which the engine does not take: the engine computes the tiler with
// those entries 1 and the untouched modes are put back in their places (a rearrangement of modes).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "fastcall.hpp"

namespace catlayout::python {

// catlayout.pycute.Layout: the same value as catlayout.Layout, with pycute's methods.
struct PycuteLayout : Layout {
  explicit PycuteLayout(Layout&& l) : Layout(std::move(l)) {}
  explicit PycuteLayout(Layout const& l) : Layout(l) {}
};

PyTypeObject* pycute_layout_type = nullptr;

// A result as this module's Layout: moved once into its new instance.
static nb::object as_pycute(Layout&& l) { return new_layout(pycute_layout_type, std::move(l)); }
static nb::object as_pycute(Result<Layout>&& r) {
  if (!r) throw AlgebraError{std::move(r.error())};
  return as_pycute(std::move(*r));
}

// pycute's modes: an integer shape is its own one mode.
static std::size_t pycute_rank(Layout const& l) { return l.shape().is_leaf() ? 1 : l.rank(); }
static Layout pycute_mode(Layout const& l, std::size_t i) { return l.shape().is_leaf() ? l : l.mode(i); }
static std::vector<Layout> pycute_modes(Layout const& l) {
  std::vector<Layout> out;
  for (std::size_t i = 0, n = pycute_rank(l); i < n; ++i) out.push_back(pycute_mode(l, i));
  return out;
}

// Another library's layout: not ours, not a tuple, int or string, with .shape and .stride.
static bool is_foreign(nb::handle h) {
  return !as_layout(h) && !PyTuple_Check(h.ptr()) && !PyLong_Check(h.ptr()) && !PyUnicode_Check(h.ptr()) &&
         nb::hasattr(h, "shape") && nb::hasattr(h, "stride");
}
static Layout foreign_layout(nb::handle h, std::string_view what) {
  return unwrap(layout_from_pair(h.attr("shape"), h.attr("stride"), str(what, ".")));
}

// A layout argument: a Layout (read in place), another library's layout, CuTe notation or a
// (shape, stride) pair; an int n is n:1 where pycute turns ints into layouts (`ints`). Anything
// else is a TypeError, as the engine's own signatures give.
struct PycuteArg {
  Layout const* ptr = nullptr;
  std::optional<Layout> owned;
  PycuteArg(nb::handle h, std::string_view what, bool ints = false) {
    if ((ptr = as_layout(h))) return;
    if (ints && PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr()))
      owned = compact_layout(IntTuple(int_from_py(h, what)));
    else if (PyUnicode_Check(h.ptr()) || PyTuple_Check(h.ptr()))
      owned = layout_from_py(h, what);
    else if (is_foreign(h))
      owned = foreign_layout(h, what);
    else
      throw nb::type_error(str(what, ": expected a Layout, got ", nb::type_name(h.type()).c_str()).c_str());
    ptr = &*owned;
  }
  PycuteArg(PycuteArg const&) = delete;  // ptr may point into owned
  Layout const& operator*() const { return *ptr; }
};

// A tiler as pycute writes one; top-level None entries are filled with 1 and listed in `nones`.
// A by-mode tuple's modes are built in their places (one copy of each Layout, no moves).
static Tiler pycute_tiler(nb::handle h, std::string_view what, std::vector<std::size_t>* nones = nullptr) {
  if (auto const* l = as_layout(h)) return Tiler::borrow(*l);  // read in place; a by-mode entry's is copied
  if (PyTuple_Check(h.ptr())) {
    Py_ssize_t n = PyTuple_GET_SIZE(h.ptr());
    Tiler t;  // by mode
    t.modes.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* child = PyTuple_GET_ITEM(h.ptr(), i);
      if (child == Py_None && nones) {
        nones->push_back(static_cast<std::size_t>(i));
        t.modes.push_back(Tiler::of_integer(1));
      } else if (auto const* l = as_layout(child)) {
        t.modes.emplace_back().layout.emplace(*l);
      } else {
        t.modes.push_back(pycute_tiler(child, what));
      }
    }
    return t;
  }
  if (is_foreign(h)) return Tiler::of(foreign_layout(h, what));
  if (!PyIndex_Check(h.ptr()) && !PyUnicode_Check(h.ptr()) && !PyList_Check(h.ptr()) && !h.is_none())
    throw nb::type_error(str(what, ": expected a Layout or a tiler, got ", nb::type_name(h.type()).c_str()).c_str());
  return tiler_from_py(h, what);  // int, string, list; a nested None is refused there
}
static Tiler pycute_tiler(nb::handle h, std::vector<std::size_t>& nones) { return pycute_tiler(h, "layoutB", &nones); }

// L with mode i replaced by `m`.
static Layout splice(Layout const& l, std::size_t i, Layout m) {
  auto modes = pycute_modes(l);
  if (i >= modes.size()) invalid_input(str("tiler entry ", i, " is None but ", to_string(l), " has rank ", modes.size()));
  modes[i] = std::move(m);
  return unwrap(make_layout(modes));
}

using PycuteOp = Result<Layout> (*)(Layout const&, Tiler const&);
template <TilerOp op>
Result<Layout> cute_op(Layout const& a, Tiler const& b) {
  return op(a, b, Convention::cute);
}

// composition / logical_divide / logical_product: mode i is op(A[i], B[i]); a None entry keeps A[i].
static nb::object by_mode(PycuteOp op, nb::handle a, nb::handle b) {
  PycuteArg A(a, "layoutA");
  if (b.is_none()) return as_pycute(Layout(*A));
  std::vector<std::size_t> nones;
  Tiler t = pycute_tiler(b, nones);
  if (nones.empty()) return as_pycute(op(*A, t));
  Layout r = unwrap(op(*A, t));
  for (auto i : nones) r = splice(r, i, pycute_mode(*A, i));
  return as_pycute(std::move(r));
}

// zipped_divide / zipped_product: ((tiles...), (rests...)); a None entry i gives tile 1:0 and
// rest A[i], as pycute's hier_unzip does.
static Result<Layout> zipped(TilerOp op, Layout const& a, nb::handle b) {
  if (b.is_none()) return make_layout({Layout(), a});
  std::vector<std::size_t> nones;
  Tiler t = pycute_tiler(b, nones);
  if (nones.empty()) return op(a, t, Convention::cute);
  Layout r = unwrap(op(a, t, Convention::cute));
  Layout tiles = r.mode(0), rests = r.mode(1);
  for (auto i : nones) {
    tiles = splice(tiles, i, Layout());
    rests = splice(rests, i, pycute_mode(a, i));
  }
  return make_layout({tiles, rests});
}

// tiled_divide / tiled_product: the zipped form with the rest's modes flattened one level.
static Result<Layout> tiled(TilerOp zip, TilerOp op, Layout const& a, nb::handle b) {
  bool plain = !b.is_none();
  if (plain && PyTuple_Check(b.ptr()))
    for (nb::handle child : b) plain &= !child.is_none();
  if (plain) return op(a, pycute_tiler(b, "layoutB"), Convention::cute);
  Layout z = unwrap(zipped(zip, a, b));
  std::vector<Layout> modes{pycute_mode(z, 0)};
  for (auto& m : pycute_modes(pycute_mode(z, 1))) modes.push_back(std::move(m));
  return make_layout(modes);
}

// The binary operations as bound: (layoutA, layoutB), layoutB possibly None (or not given).
static nb::handle second(PyObject* const* a) { return a[1] ? nb::handle(a[1]) : nb::none(); }
template <PycuteOp op>
nb::object by_mode_op(PyObject* const* a) {
  Layout const *x = as_layout(a[0]), *y = a[1] ? as_layout(a[1]) : nullptr;
  if (x && y) return as_pycute(op(*x, Tiler::borrow(*y)));  // two Layouts, the common call: read in place
  return by_mode(op, a[0], second(a));
}
template <TilerOp op>
nb::object zipped_op(PyObject* const* a) {
  return as_pycute(zipped(op, *PycuteArg(a[0], "layoutA"), second(a)));
}
template <TilerOp zip, TilerOp op>
nb::object tiled_op(PyObject* const* a) {
  return as_pycute(tiled(zip, op, *PycuteArg(a[0], "layoutA"), second(a)));
}
template <TilerOp op>
nb::object flat_op(PyObject* const* a) {
  return as_pycute(op(*PycuteArg(a[0], "layoutA"), pycute_tiler(second(a), "layoutB"), Convention::cute));
}
template <WholeOp op>
nb::object whole_op(PyObject* const* a) {
  return as_pycute(op(*PycuteArg(a[0], "layoutA"), *PycuteArg(second(a), "layoutB"), Convention::cute));
}

// pycute's filter(layout, profile): by mode for a tuple profile, the modes past it kept.
static Layout filter_by(Layout const& l, nb::handle profile) {
  if (!PyTuple_Check(profile.ptr())) return filter(l);
  auto modes = pycute_modes(l);
  auto n = static_cast<std::size_t>(PyTuple_GET_SIZE(profile.ptr()));
  if (n > modes.size()) invalid_input("filter profile is longer than the layout");
  for (std::size_t i = 0; i < n; ++i) modes[i] = filter_by(modes[i], PyTuple_GET_ITEM(profile.ptr(), i));
  return unwrap(make_layout(modes));
}

// pycute's printing: Python's tuple repr, "(8,)" for a 1-tuple.
static void print_tuple(std::string& out, IntTuple const& t) {
  if (t.is_leaf()) {
    out += std::to_string(t.value());
    return;
  }
  auto children = t.children();
  out += '(';
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (i) out += ", ";
    print_tuple(out, children[i]);
  }
  out += children.size() == 1 ? ",)" : ")";
}
static std::string pycute_str(Layout const& l) {
  std::string out;
  print_tuple(out, l.shape());
  out += ':';
  print_tuple(out, l.stride());
  return out;
}

static nb::object getitem(Layout const& l, nb::handle i) {
  std::size_t n = pycute_rank(l);
  auto out_of_range = [&](char const* what) {
    throw nb::index_error(str("Layout index ", nb::str(i).c_str(), " out of range for ", what).c_str());
  };
  if (PySlice_Check(i.ptr())) {
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(i.ptr(), &start, &stop, &step) < 0) throw nb::python_error();
    Py_ssize_t count = PySlice_AdjustIndices(static_cast<Py_ssize_t>(n), &start, &stop, step);
    if (l.shape().is_leaf()) out_of_range("a rank-1 layout");
    std::vector<Layout> modes;
    for (Py_ssize_t k = 0, j = start; k < count; ++k, j += step) modes.push_back(l.mode(static_cast<std::size_t>(j)));
    return as_pycute(unwrap(make_layout(modes)));
  }
  Py_ssize_t k = PyNumber_AsSsize_t(i.ptr(), PyExc_IndexError);
  if (k == -1 && PyErr_Occurred()) throw nb::python_error();
  if (l.shape().is_leaf()) {
    if (k != 0 && k != -1) out_of_range("a rank-1 layout");
    return as_pycute(Layout(l));
  }
  auto r = static_cast<Py_ssize_t>(n);
  if (k < -r || k >= r) out_of_range(str("rank ", n).c_str());
  return as_pycute(l.mode(static_cast<std::size_t>((k + r) % r)));
}

static nb::object equal(Layout const& l, nb::handle other) {
  if (auto const* o = as_layout(other)) return nb::bool_(l == *o);
  if (is_foreign(other)) {
    nb::object shape = nb::cast(IntTupleOut{l.shape()}), stride = nb::cast(IntTupleOut{l.stride()});
    return nb::bool_(shape.equal(other.attr("shape")) && stride.equal(other.attr("stride")));
  }
  return nb::borrow(Py_NotImplemented);
}

static nb::object make_layout_fn(PyObject* const* a) {
  nb::handle layouts = a[0];
  nb::object items = nb::borrow(layouts);
  if (PyTuple_GET_SIZE(layouts.ptr()) == 1) {
    nb::handle only = PyTuple_GET_ITEM(layouts.ptr(), 0);
    if (!as_layout(only) && !is_foreign(only)) items = nb::tuple(only);
  }
  std::vector<Layout> modes;
  std::size_t i = 0;
  for (nb::handle h : items) modes.push_back(*PycuteArg(h, str("mode ", i++)));
  return as_pycute(make_layout(modes));
}
static nb::object coalesce_fn(PyObject* const* a) {
  PycuteArg l(a[0], "layout");
  if (!a[1] || a[1] == Py_None) return as_pycute(coalesce(*l));
  return as_pycute(coalesce(*l, int_tuple_from_py(a[1], "profile")));
}
static nb::object filter_fn(PyObject* const* a) {
  return as_pycute(filter_by(*PycuteArg(a[0], "layout"), second(a)));
}
static nb::object complement_fn(PyObject* const* a) {
  PycuteArg l(a[0], "layout", true);
  if (a[1] == Py_None) return as_pycute(complement(*l, Convention::cute));
  if (!a[1]) return as_pycute(complement(*l, IntTuple(Int{1}), Convention::cute));  // pycute's max_idx=1
  return as_pycute(complement(*l, int_tuple_from_py(a[1], "max_idx"), Convention::cute));
}
template <bool right>
nb::object inverse_fn(PyObject* const* a) {
  if (a[0] == Py_None) return nb::none();
  PycuteArg l(a[0], "layout", true);
  if constexpr (right) return as_pycute(right_inverse(*l));
  else return as_pycute(left_inverse(*l));
}
static nb::object slice_and_offset_fn(PyObject* const* a) {
  PycuteArg l(a[1], "layout");
  if (a[0] == Py_None) return nb::make_tuple(as_pycute(make_layout({*l})), 0);
  auto r = unwrap(slice_and_offset(slice_coord_from_py(a[0]), *l));
  return nb::make_tuple(as_pycute(std::move(r.layout)), r.offset);
}
// composition falls back to the Python side (catlayout/pycute/swizzle.py) where an operand is a
// ComposedLayout or Swizzle, which the engine's layout composition does not take (a TypeError).
static nb::object composition_fn(PyObject* const* a) {
  try {
    return by_mode_op<&compose_tiler>(a);
  } catch (nb::builtin_exception const& e) {
    if (e.type() != nb::exception_type::type_error) throw;
    nb::object other = nb::module_::import_("catlayout.pycute.layout").attr("_composition_other");
    return other(nb::handle(a[0]), second(a), e.what());
  }
}

// Signatures (pycute's parameter names and defaults) and the table CPython reads.
constexpr FastSignature unary_sig(char const* name) { return {name, {"layout"}, 1, 1}; }
constexpr FastSignature binary_sig(char const* name) { return {name, {"layoutA", "layoutB"}, 2, 2}; }
constexpr FastSignature make_layout_sig{"make_layout", {"layouts"}, 1, 1};
constexpr FastSignature coalesce_sig{"coalesce", {"layout", "profile"}, 2, 1};
constexpr FastSignature filter_sig{"filter", {"layout", "profile"}, 2, 1};
constexpr FastSignature complement_sig{"complement", {"layout", "max_idx"}, 2, 1};
constexpr FastSignature right_inverse_sig = unary_sig("right_inverse"), left_inverse_sig = unary_sig("left_inverse");
constexpr FastSignature slice_and_offset_sig{"slice_and_offset", {"crd", "layout"}, 2, 2};
constexpr FastSignature composition_sig = binary_sig("composition"), logical_divide_sig = binary_sig("logical_divide"),
                        logical_product_sig = binary_sig("logical_product"),
                        zipped_divide_sig = binary_sig("zipped_divide"), zipped_product_sig = binary_sig("zipped_product"),
                        tiled_divide_sig = binary_sig("tiled_divide"), tiled_product_sig = binary_sig("tiled_product"),
                        flat_divide_sig = binary_sig("flat_divide"), flat_product_sig = binary_sig("flat_product"),
                        blocked_product_sig = binary_sig("blocked_product"), raked_product_sig = binary_sig("raked_product");

// make_layout(*layouts): CPython passes the positional arguments; they are read as one tuple.
static PyObject* make_layout_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
  if (kwnames && PyTuple_GET_SIZE(kwnames) > 0) {
    PyErr_SetString(PyExc_TypeError, "make_layout() takes no keyword arguments");
    return nullptr;
  }
  nb::object layouts = nb::steal(PyTuple_New(nargs));
  if (!layouts.is_valid()) return nullptr;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    Py_INCREF(args[i]);
    PyTuple_SET_ITEM(layouts.ptr(), i, args[i]);
  }
  PyObject* a[1] = {layouts.ptr()};
  try {
    return make_layout_fn(a).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

#define CL_FAST(name, body, doc) \
  {#name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_call<name##_sig, body>)), \
   METH_FASTCALL | METH_KEYWORDS, doc}
PyMethodDef pycute_functions[] = {
    {"make_layout", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&make_layout_call)),
     METH_FASTCALL | METH_KEYWORDS, "make_layout(*layouts)\n--\n\nThe layouts (or one tuple of them) as the modes of one layout."},
    CL_FAST(coalesce, coalesce_fn, "coalesce(layout, profile=None)\n--\n\n"),
    CL_FAST(filter, filter_fn, "filter(layout, profile=None)\n--\n\n"),
    CL_FAST(composition, composition_fn, "composition(layoutA, layoutB)\n--\n\n"),
    CL_FAST(complement, complement_fn, "complement(layout, max_idx=1)\n--\n\n"),
    CL_FAST(right_inverse, inverse_fn<true>, "right_inverse(layout)\n--\n\n"),
    CL_FAST(left_inverse, inverse_fn<false>, "left_inverse(layout)\n--\n\n"),
    CL_FAST(logical_divide, by_mode_op<&cute_op<&logical_divide>>, "logical_divide(layoutA, layoutB)\n--\n\n"),
    CL_FAST(logical_product, by_mode_op<&cute_op<&logical_product>>, "logical_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(zipped_divide, zipped_op<&zipped_divide>, "zipped_divide(layoutA, layoutB)\n--\n\n"),
    CL_FAST(zipped_product, zipped_op<&zipped_product>, "zipped_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(tiled_divide, (tiled_op<&zipped_divide, &tiled_divide>), "tiled_divide(layoutA, layoutB)\n--\n\n"),
    CL_FAST(tiled_product, (tiled_op<&zipped_product, &tiled_product>), "tiled_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(flat_divide, flat_op<&flat_divide>, "flat_divide(layoutA, layoutB)\n--\n\n"),
    CL_FAST(flat_product, flat_op<&flat_product>, "flat_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(blocked_product, whole_op<&blocked_product>, "blocked_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(raked_product, whole_op<&raked_product>, "raked_product(layoutA, layoutB)\n--\n\n"),
    CL_FAST(slice_and_offset, slice_and_offset_fn, "slice_and_offset(crd, layout)\n--\n\n"),
    {nullptr, nullptr, 0, nullptr}};
#undef CL_FAST

void bind_pycute(nb::module_& root) {
  nb::module_ m = root.def_submodule("_pycute", "catlayout.pycute's Layout and layout operations (see catlayout.pycute).");
  nb::class_<PycuteLayout, Layout> cls(m, "Layout",
      "pycute.Layout on catlayout's engine.\n\nLayout(shape, stride=None); stride None is the compact column-major "
      "stride. ``L[i]`` is mode i and ``len(L)`` the rank, as in pycute (catlayout.Layout's own ``[]`` is CuTe's "
      "operator[], i.e. evaluation); ``L(i)``, ``L(coord)``, ``L(*coord)`` evaluate, and a coordinate with ``None`` "
      "slices. str/repr print as pycute does.");
  cls.def("__init__", [](PycuteLayout* self, nb::handle shape, nb::handle stride) {
        if (stride.is_none())
          if (auto const* l = as_layout(shape)) return (void)new (self) PycuteLayout(*l);
        if (!stride.is_none()) {
          auto r = layout_from_pair(shape, stride);
          if (!r) throw AlgebraError{std::move(r.error())};
          return (void)new (self) PycuteLayout(std::move(*r));  // moved once, into the object
        }
        new (self) PycuteLayout(compact_layout(int_tuple_from_py(shape, "shape")));
      }, nb::arg("_shape"), nb::arg("_stride").none() = nb::none(),
      nb::sig("def __init__(self, _shape: int | tuple | catlayout.Layout, "
              "_stride: int | tuple | None = None) -> None"))
      .def("__getitem__", &getitem, nb::sig("def __getitem__(self, i: int | slice) -> Layout"),
           "Mode i (pycute), with Python's negative indices and slices of modes.")
      .def("__iter__", [](Layout const& l) {
             nb::list out;
             for (auto& x : pycute_modes(l)) out.append(as_pycute(std::move(x)));
             return nb::iter(out);
           }, nb::sig("def __iter__(self) -> typing.Iterator[Layout]"))
      .def("__call__", [](Layout const& l, nb::args args) {
             nb::object crd = args.size() == 1 ? nb::borrow(args[0]) : nb::object(args);
             if (crd.is_none()) return as_pycute(unwrap(make_layout({l})));  // the whole layout as one mode
             return call_layout(l, crd, as_pycute);
           }, nb::sig("def __call__(self, *args: int | tuple | None) -> int | Layout"),
           "L(i), L(coord), L(*coord); None in a coordinate slices; L(None) is the layout as one mode (pycute).")
      .def("__eq__", &equal, nb::sig("def __eq__(self, other: object, /) -> bool"))
      .def("__ne__", [](Layout const& l, nb::handle other) {
             nb::object r = equal(l, other);
             return r.is(nb::handle(Py_NotImplemented)) ? r : nb::bool_(!nb::cast<bool>(r));
           }, nb::sig("def __ne__(self, other: object, /) -> bool"))
      .def("__hash__", [](Layout const& l) { return std::hash<std::string>{}(to_string(l)); })
      .def("__str__", &pycute_str)
      .def("__repr__", [](Layout const& l) {
        std::string out = "Layout(";
        print_tuple(out, l.shape());
        out += ',';
        print_tuple(out, l.stride());
        return out + ")";
      });
  pycute_layout_type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  fast_pair_constructor(cls);  // Layout(shape, stride): the __init__ above's stride branch, direct

  // The operations: arguments as pycute takes them, results of the class above; each a function
  // CPython calls directly (fastcall.hpp), with pycute's parameter names.
  for (PyMethodDef* def = pycute_functions; def->ml_name; ++def) add_fast_function(m, def);
}

}  // namespace catlayout::python
