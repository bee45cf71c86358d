// The module functions CPython calls directly (fastcall.hpp).
#include "fastcall.hpp"

namespace catlayout::python {

nb::object new_layout(PyTypeObject* type, Layout&& l) {
  nb::object o = nb::inst_alloc(nb::handle(reinterpret_cast<PyObject*>(type)));
  new (nb::inst_ptr<Layout>(o)) Layout(std::move(l));
  nb::inst_mark_ready(o);
  return o;
}

bool read_fast_args(FastSignature const& sig, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                    PyObject** out) noexcept {
  auto n = static_cast<std::size_t>(nargs);
  if (n > sig.count) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %zu arguments (%zu given)", sig.name, sig.count, n);
    return false;
  }
  for (std::size_t i = 0; i < n; ++i) out[i] = args[i];
  if (kwnames) {
    Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nk; ++k) {
      PyObject* key = PyTuple_GET_ITEM(kwnames, k);
      std::size_t i = 0;
      while (i < sig.count && PyUnicode_CompareWithASCIIString(key, sig.params[i]) != 0) ++i;
      if (i == sig.count) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", sig.name, key);
        return false;
      }
      if (out[i]) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", sig.name, sig.params[i]);
        return false;
      }
      out[i] = args[nargs + k];
    }
  }
  for (std::size_t i = 0; i < sig.required; ++i)
    if (!out[i]) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %zu)", sig.name, sig.params[i], i + 1);
      return false;
    }
  return true;
}

namespace {
struct PairConstructor {
  PyTypeObject* type = nullptr;
  vectorcallfunc general = nullptr;  // the class's call as nanobind made it
};
std::array<PairConstructor, 2> pair_constructors;

template <std::size_t k>
PyObject* pair_call(PyObject* callable, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) noexcept {
  PairConstructor const& c = pair_constructors[k];
  if (PyVectorcall_NARGS(nargsf) == 2 && !kwnames && callable == reinterpret_cast<PyObject*>(c.type)) {
    try {
      if (auto r = flat_layout_from_pair(args[0], args[1])) return new_layout(c.type, std::move(*r)).release().ptr();
    } catch (...) {
      set_python_error();
      return nullptr;
    }
  }
  return c.general(callable, args, nargsf, kwnames);
}
constexpr std::array<vectorcallfunc, 2> pair_calls{&pair_call<0>, &pair_call<1>};
}  // namespace

void fast_pair_constructor(nb::handle cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  if (type->tp_vectorcall == nullptr) return;  // no call of nanobind's to fall back on: leave it so
  for (std::size_t k = 0; k < pair_constructors.size(); ++k)
    if (pair_constructors[k].type == nullptr) {
      pair_constructors[k] = {type, type->tp_vectorcall};
      type->tp_vectorcall = pair_calls[k];
      return;
    }
  throw std::logic_error("fast_pair_constructor: more than two classes");
}

void add_fast_function(nb::module_& m, PyMethodDef* def) {
  nb::object name = m.attr("__name__");
  nb::object f = nb::steal(PyCFunction_NewEx(def, nullptr, name.ptr()));
  if (!f.is_valid()) throw nb::python_error();
  m.attr(def->ml_name) = f;
}

}  // namespace catlayout::python
