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

// `cls(shape, stride)` (two positional arguments) for a Layout class whose __init__ then calls
// layout_from_pair: the pair read flat straight into a new instance, without nanobind's overload
// dispatch. Any other call (one argument, keywords, a subclass, a pair that does not read flat or
// is not a layout) goes to the class's own call, nanobind's, which does what it did before. At
// most two classes (catlayout.Layout and catlayout.pycute.Layout); the class must be new, not yet
// called.
void fast_pair_constructor(nb::handle cls);

// The function of `def` (static storage: CPython keeps the pointer) as m.<def.ml_name>.
void add_fast_function(nb::module_& m, PyMethodDef* def);

}  // namespace catlayout::python
