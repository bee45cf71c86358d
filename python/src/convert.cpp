#include "convert.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::python {

static std::string py_type_name(nb::handle h) { return nb::type_name(h.type()).c_str(); }

// `what` with the positions inside nested arguments, built only for an error message.
static std::string where(std::string_view what, std::vector<std::size_t> const& path) {
  std::string out(what);
  for (auto i : path) out += "[" + std::to_string(i) + "]";
  return out;
}

static Int int_at(nb::handle h, std::string_view what, std::vector<std::size_t> const& path) {
  if (PyLong_CheckExact(h.ptr())) {  // the common case, without the __index__ protocol
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow) invalid_input(str(where(what, path), ": overflow: ", nb::repr(h).c_str(), " exceeds the int64 range"));
    return static_cast<Int>(v);
  }
  if (PyBool_Check(h.ptr()) || !PyIndex_Check(h.ptr()))
    invalid_input(str(where(what, path), ": expected an integer, got ", py_type_name(h), " ", nb::repr(h).c_str()));
  nb::object index = nb::steal(PyNumber_Index(h.ptr()));
  if (!index.is_valid()) throw nb::python_error();
  return int_at(index, what, path);
}

Int int_from_py(nb::handle h, std::string_view what) { return int_at(h, what, {}); }

Int nonnegative_from_py(nb::handle h, std::string_view what) {
  Int v = int_at(h, what, {});
  if (v < 0) invalid_input(str(what, " ", v, " is negative"));
  return v;
}

static bool is_sequence(nb::handle h) { return PyTuple_Check(h.ptr()) || PyList_Check(h.ptr()); }

static IntTuple int_tuple_at(nb::handle h, std::string_view what, std::vector<std::size_t>& path) {
  if (!is_sequence(h)) return IntTuple(int_at(h, what, path));
  {  // a flat tuple of ints (coordinates, most shapes): one pass over the items, no nesting to build
    PyObject* seq = h.ptr();
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    Ints flat;
    bool plain = n > 0;
    for (Py_ssize_t k = 0; k < n && plain; ++k) {
      int overflow = 0;
      long long v = PyLong_CheckExact(items[k]) ? PyLong_AsLongLongAndOverflow(items[k], &overflow) : (plain = false, 0);
      plain &= overflow == 0;
      flat.push_back(static_cast<Int>(v));
    }
    if (plain) return IntTuple::flat(flat);  // else the general path names what is wrong
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

IntTuple int_tuple_from_py(nb::handle h, std::string_view what) {
  if (PyUnicode_Check(h.ptr())) {  // "(2,(3,4))"
    auto r = parse_int_tuple(nb::cast<std::string_view>(h));
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
    auto r = parse_layout(nb::cast<std::string_view>(h));
    if (!r) invalid_input(str(what, ": ", r.error().message));
    return *r;
  }
  if (nb::isinstance<nb::tuple>(h) && nb::len(h) == 2 && !nb::isinstance<Layout>(h[0]))
    return unwrap(Layout::make(int_tuple_from_py(h[0], std::string(what) + ".shape"),
                                   int_tuple_from_py(h[1], std::string(what) + ".stride")));
  invalid_input(str(what, ": expected a Layout, a string in CuTe notation or a (shape, stride) pair, got ",
                    py_type_name(h), " ", nb::repr(h).c_str()));
}

Tiler tiler_from_py(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return Tiler::of(*l);
  if (nb::isinstance<nb::str>(h)) {
    auto r = parse_tiler(nb::cast<std::string_view>(h));
    if (!r) invalid_input(str(what, ": ", r.error().message));
    return *r;
  }
  if (is_sequence(h)) {
    std::vector<Tiler> modes;
    for (nb::handle child : h) modes.push_back(tiler_from_py(child, what));  // the error names the mode's value
    return Tiler::by_mode(std::move(modes));
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
      invalid_input(str("slice coordinate: only ':' (CuTe's _) is a hole, got ", nb::repr(h).c_str()));
    return SliceCoord::hole();
  }
  if (is_sequence(h)) {
    std::vector<SliceCoord> c;
    for (nb::handle child : h) c.push_back(slice_coord_from_py(child));
    return SliceCoord::tuple(std::move(c));
  }
  return SliceCoord::of(int_from_py(h, "coordinate"));
}

}  // namespace catlayout::python
