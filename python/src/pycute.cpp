// _catlayout._pycute: catlayout.pycute's Layout class and layout operations, bound, so that a
// pycute-style call is one C++ call (catlayout/pycute/layout.py's functions only forward here).
// pycute's API over the engine: L[i] is mode i, len(L) the rank, str/repr as pycute prints them,
// results of its class, another library's layout (anything with .shape and .stride, e.g. a real
// pycute.Layout) taken as its shape and stride, and pycute's None entries in a by-mode tiler
// ("leave this mode alone"), which the engine does not take: the engine computes the tiler with
// those entries 1 and the untouched modes are put back in their places (a rearrangement of modes).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"

namespace catlayout::python {

// catlayout.pycute.Layout: the same value as catlayout.Layout, with pycute's methods.
struct PycuteLayout : Layout {
  explicit PycuteLayout(Layout l) : Layout(std::move(l)) {}
};

PyTypeObject* pycute_layout_type = nullptr;

static nb::object as_pycute(Layout&& l) { return nb::cast(PycuteLayout(std::move(l))); }

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
  return unwrap(Layout::make(int_tuple_from_py(h.attr("shape"), str(what, ".shape")),
                             int_tuple_from_py(h.attr("stride"), str(what, ".stride"))));
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
static Tiler pycute_tiler(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return Tiler::of(*l);
  if (PyTuple_Check(h.ptr())) {
    std::vector<Tiler> modes;
    for (nb::handle child : h) modes.push_back(pycute_tiler(child, what));
    return Tiler::by_mode(std::move(modes));
  }
  if (is_foreign(h)) return Tiler::of(foreign_layout(h, what));
  if (!PyIndex_Check(h.ptr()) && !PyUnicode_Check(h.ptr()) && !PyList_Check(h.ptr()) && !h.is_none())
    throw nb::type_error(str(what, ": expected a Layout or a tiler, got ", nb::type_name(h.type()).c_str()).c_str());
  return tiler_from_py(h, what);  // int, string, list; a nested None is refused there
}
static Tiler pycute_tiler(nb::handle h, std::vector<std::size_t>& nones) {
  if (!PyTuple_Check(h.ptr())) return pycute_tiler(h, "layoutB");
  std::vector<Tiler> modes;
  std::size_t i = 0;
  for (nb::handle child : h) {
    if (child.is_none()) nones.push_back(i);
    modes.push_back(child.is_none() ? Tiler::of_integer(1) : pycute_tiler(child, "layoutB"));
    ++i;
  }
  return Tiler::by_mode(std::move(modes));
}

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
static Layout by_mode(PycuteOp op, nb::handle a, nb::handle b) {
  PycuteArg A(a, "layoutA");
  if (b.is_none()) return *A;
  std::vector<std::size_t> nones;
  Tiler t = pycute_tiler(b, nones);
  Layout r = unwrap(op(*A, t));
  for (auto i : nones) r = splice(r, i, pycute_mode(*A, i));
  return r;
}

// zipped_divide / zipped_product: ((tiles...), (rests...)); a None entry i gives tile 1:0 and
// rest A[i], as pycute's hier_unzip does.
static Layout zipped(TilerOp op, Layout const& a, nb::handle b) {
  if (b.is_none()) return unwrap(make_layout({Layout(), a}));
  std::vector<std::size_t> nones;
  Tiler t = pycute_tiler(b, nones);
  Layout r = unwrap(op(a, t, Convention::cute));
  if (nones.empty()) return r;
  Layout tiles = r.mode(0), rests = r.mode(1);
  for (auto i : nones) {
    tiles = splice(tiles, i, Layout());
    rests = splice(rests, i, pycute_mode(a, i));
  }
  return unwrap(make_layout({tiles, rests}));
}

// tiled_divide / tiled_product: the zipped form with the rest's modes flattened one level.
static Layout tiled(TilerOp zip, TilerOp op, Layout const& a, nb::handle b) {
  bool plain = !b.is_none();
  if (plain && PyTuple_Check(b.ptr()))
    for (nb::handle child : b) plain &= !child.is_none();
  if (plain) return unwrap(op(a, pycute_tiler(b, "layoutB"), Convention::cute));
  Layout z = zipped(zip, a, b);
  std::vector<Layout> modes{pycute_mode(z, 0)};
  for (auto& m : pycute_modes(pycute_mode(z, 1))) modes.push_back(std::move(m));
  return unwrap(make_layout(modes));
}

// The binary operations as bound: (layoutA, layoutB), layoutB possibly None.
using PycuteBinary = Layout (*)(nb::handle, nb::handle);
template <PycuteOp op>
Layout by_mode_op(nb::handle a, nb::handle b) {
  return by_mode(op, a, b);
}
template <TilerOp op>
Layout zipped_op(nb::handle a, nb::handle b) {
  return zipped(op, *PycuteArg(a, "layoutA"), b);
}
template <TilerOp zip, TilerOp op>
Layout tiled_op(nb::handle a, nb::handle b) {
  return tiled(zip, op, *PycuteArg(a, "layoutA"), b);
}
template <TilerOp op>
Layout flat_op(nb::handle a, nb::handle b) {
  return unwrap(op(*PycuteArg(a, "layoutA"), pycute_tiler(b, "layoutB"), Convention::cute));
}
template <WholeOp op>
Layout whole_op(nb::handle a, nb::handle b) {
  return unwrap(op(*PycuteArg(a, "layoutA"), *PycuteArg(b, "layoutB"), Convention::cute));
}
static void def_binary(nb::module_& m, char const* name, PycuteBinary op) {
  m.def(name, [op](nb::handle a, nb::handle b) { return PycuteLayout(op(a, b)); },
        nb::arg("layoutA"), nb::arg("layoutB").none());
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
        IntTuple s = int_tuple_from_py(shape, "shape");
        if (stride.is_none()) return (void)new (self) PycuteLayout(compact_layout(s));
        new (self) PycuteLayout(unwrap(Layout::make(s, int_tuple_from_py(stride, "stride"))));
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

  // The operations: arguments as pycute takes them, results of the class above.
  m.def("make_layout", [](nb::args layouts) {
    nb::object items = layouts;
    if (layouts.size() == 1 && !as_layout(layouts[0]) && !is_foreign(layouts[0])) items = nb::tuple(layouts[0]);
    std::vector<Layout> modes;
    std::size_t i = 0;
    for (nb::handle h : items) modes.push_back(*PycuteArg(h, str("mode ", i++)));
    return PycuteLayout(unwrap(make_layout(modes)));
  });
  m.def("coalesce", [](nb::handle l, nb::handle profile) {
    PycuteArg a(l, "layout");
    if (profile.is_none()) return PycuteLayout(coalesce(*a));
    return PycuteLayout(unwrap(coalesce(*a, int_tuple_from_py(profile, "profile"))));
  }, nb::arg("layout"), nb::arg("profile").none());
  m.def("filter", [](nb::handle l, nb::handle profile) {
    return PycuteLayout(filter_by(*PycuteArg(l, "layout"), profile));
  }, nb::arg("layout"), nb::arg("profile").none());
  def_binary(m, "composition", &by_mode_op<&compose_tiler>);
  def_binary(m, "logical_divide", &by_mode_op<&cute_op<&logical_divide>>);
  def_binary(m, "logical_product", &by_mode_op<&cute_op<&logical_product>>);
  def_binary(m, "zipped_divide", &zipped_op<&zipped_divide>);
  def_binary(m, "zipped_product", &zipped_op<&zipped_product>);
  def_binary(m, "tiled_divide", &tiled_op<&zipped_divide, &tiled_divide>);
  def_binary(m, "tiled_product", &tiled_op<&zipped_product, &tiled_product>);
  def_binary(m, "flat_divide", &flat_op<&flat_divide>);
  def_binary(m, "flat_product", &flat_op<&flat_product>);
  def_binary(m, "blocked_product", &whole_op<&blocked_product>);
  def_binary(m, "raked_product", &whole_op<&raked_product>);
  m.def("complement", [](nb::handle l, nb::handle max_idx) {
    PycuteArg a(l, "layout", true);
    if (max_idx.is_none()) return PycuteLayout(unwrap(complement(*a, Convention::cute)));
    return PycuteLayout(unwrap(complement(*a, int_tuple_from_py(max_idx, "max_idx"), Convention::cute)));
  }, nb::arg("layout"), nb::arg("max_idx").none());
  m.def("right_inverse", [](nb::handle l) -> nb::object {
    if (l.is_none()) return nb::none();
    return as_pycute(right_inverse(*PycuteArg(l, "layout", true)));
  }, nb::arg("layout").none());
  m.def("left_inverse", [](nb::handle l) -> nb::object {
    if (l.is_none()) return nb::none();
    return as_pycute(unwrap(left_inverse(*PycuteArg(l, "layout", true))));
  }, nb::arg("layout").none());
  m.def("slice_and_offset", [](nb::handle crd, nb::handle l) {
    PycuteArg a(l, "layout");
    if (crd.is_none()) return nb::make_tuple(PycuteLayout(unwrap(make_layout({*a}))), 0);
    auto r = unwrap(slice_and_offset(slice_coord_from_py(crd), *a));
    return nb::make_tuple(PycuteLayout(std::move(r.layout)), r.offset);
  }, nb::arg("crd").none(), nb::arg("layout").none());
}

}  // namespace catlayout::python
