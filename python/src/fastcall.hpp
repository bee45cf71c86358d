#pragma once
// Module functions that CPython calls directly (METH_FASTCALL | METH_KEYWORDS), for the calls whose
// own cost is most of their time (catlayout.pycute's operations, python/bench/profile_call.py):
// the arguments are read from CPython's argument vector, a Layout result is moved once into its new
// instance, and a C++ exception becomes the Python error nanobind's translators would raise. The
// docstring starts with the signature ("name(a, b=None)\n--\n\n"), so inspect.signature reads it.
#include <array>

#include "convert.hpp"

namespace catlayout::python {

// The exception being handled (call it inside a catch) as the Python error nanobind would set.
void set_python_error() noexcept;

// A new instance of `type` (catlayout.Layout or a subclass of it with no fields of its own)
// holding `l`, moved in once.
nb::object new_layout(PyTypeObject* type, Layout&& l);

// A function's parameters, in order; those past `required` are nullptr when not given.
struct FastSignature {
  char const* name;
  std::array<char const*, 3> params;
  std::size_t count, required;
};
// The arguments into out[0..count), positional then by keyword; false with Python's TypeError set
// (too many, unknown keyword, given twice, missing).
bool read_fast_args(FastSignature const& sig, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                    PyObject** out) noexcept;

using FastBody = nb::object (*)(PyObject* const* args);
template <FastSignature const& sig, FastBody body>
PyObject* fast_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
  PyObject* a[3] = {};
  if (!read_fast_args(sig, args, nargs, kwnames, a)) return nullptr;
  try {
    return body(a).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

// The function of `def` (static storage: CPython keeps the pointer) as m.<def.ml_name>.
void add_fast_function(nb::module_& m, PyMethodDef* def);

}  // namespace catlayout::python
