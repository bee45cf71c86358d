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

void add_fast_function(nb::module_& m, PyMethodDef* def) {
  nb::object name = m.attr("__name__");
  nb::object f = nb::steal(PyCFunction_NewEx(def, nullptr, name.ptr()));
  if (!f.is_valid()) throw nb::python_error();
  m.attr(def->ml_name) = f;
}

}  // namespace catlayout::python
