// catlayout.LayoutError (a ValueError) and one subclass per error kind of the schema
// (docs/vector-format.md): the exception keeps the kind, the message and whether CuTe
// itself would have answered (Error::cute_answers).
#include "convert.hpp"

#include <array>

namespace catlayout::python {

namespace {
PyObject* base_error = nullptr;
std::array<PyObject*, 6> kind_errors{};  // indexed by ErrorKind

struct KindName {
  ErrorKind kind;
  char const* python_name;
};
constexpr KindName kinds[] = {
    {ErrorKind::inadmissible, "Inadmissible"},         {ErrorKind::not_tractable, "NotTractable"},
    {ErrorKind::not_complementable, "NotComplementable"}, {ErrorKind::not_refinable, "NotRefinable"},
    {ErrorKind::invalid_input, "InvalidInput"},        {ErrorKind::not_representable, "NotRepresentable"},
};

void raise(Error const& e) {
  PyObject* type = kind_errors[static_cast<std::size_t>(e.kind)];
  std::string text = e.what();
  PyObject* arg = PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
  PyObject* exc = arg ? PyObject_CallOneArg(type, arg) : nullptr;
  Py_XDECREF(arg);
  if (!exc) return;  // the constructor's own error is set
  auto set = [&](char const* name, PyObject* value) {
    if (value) PyObject_SetAttrString(exc, name, value);
    Py_XDECREF(value);
  };
  auto kind = kind_name(e.kind);
  set("kind", PyUnicode_FromStringAndSize(kind.data(), static_cast<Py_ssize_t>(kind.size())));
  set("message", PyUnicode_FromStringAndSize(e.message.data(), static_cast<Py_ssize_t>(e.message.size())));
  set("cute_answers", PyBool_FromLong(e.cute_answers));
  set("cute_precondition", PyBool_FromLong(e.cute_precondition));
  set("cute_crash", PyBool_FromLong(e.cute_crashes));
  PyErr_SetObject(type, exc);
  Py_DECREF(exc);
}
// The current exception (inside a catch) as catlayout's Python error, where it is one of ours.
bool raise_own() noexcept {
  try {
    throw;
  } catch (AlgebraError const& e) {
    raise(e.error);
  } catch (WrongKind const& e) {  // a text of another kind, outside def_layout_fn (a method's argument)
    raise(Error{ErrorKind::invalid_input, str(e.what, " takes ", kind_phrase(e.wanted), ", not ", kind_phrase(e.kind),
                                              ": '", e.text, "'")});
  } catch (std::length_error const& e) {  // core's size limits (tabulate, census)
    raise(Error{ErrorKind::invalid_input, e.what()});
  } catch (...) {
    return false;
  }
  return true;
}
}  // namespace

void invalid_input(std::string message) { throw AlgebraError{Error{ErrorKind::invalid_input, std::move(message)}}; }

void bind_errors(nb::module_& m) {
  base_error = PyErr_NewExceptionWithDoc(
      "catlayout.LayoutError",
      "An operation of the layout algebra has no right answer for its input. Attributes: kind (the "
      "schema's error kind), message (the failed condition and its numbers), cute_answers (CuTe itself "
      "would return a layout here, one that breaks CuTe's own contract), cute_precondition (CuTe would "
      "return a layout, but the input breaks a precondition CuTe documents and does not check), cute_crash "
      "(CuTe divides by zero here at run time).",
      PyExc_ValueError, nullptr);
  m.attr("LayoutError") = nb::borrow(base_error);
  for (auto const& k : kinds) {
    std::string qualified = std::string("catlayout.") + k.python_name;
    std::string doc = std::string("LayoutError of kind ") + std::string(kind_name(k.kind)) + ".";
    PyObject* t = PyErr_NewExceptionWithDoc(qualified.c_str(), doc.c_str(), base_error, nullptr);
    kind_errors[static_cast<std::size_t>(k.kind)] = t;
    m.attr(k.python_name) = nb::borrow(t);
  }
  nb::register_exception_translator([](std::exception_ptr const& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (...) {
      if (!raise_own()) throw;  // on to nanobind's translators
    }
  });
}

void set_python_error() noexcept {
  try {
    throw;
  } catch (...) {
    if (raise_own()) return;
    try {  // what nanobind's own translators raise for these
      throw;
    } catch (nb::python_error& e) {
      e.restore();
    } catch (nb::builtin_exception const& e) {
      using T = nb::exception_type;
      PyObject* type = PyExc_RuntimeError;
      switch (e.type()) {
        case T::index_error: type = PyExc_IndexError; break;
        case T::key_error: type = PyExc_KeyError; break;
        case T::value_error: type = PyExc_ValueError; break;
        case T::type_error: type = PyExc_TypeError; break;
        case T::attribute_error: type = PyExc_AttributeError; break;
        default: break;
      }
      PyErr_SetString(type, e.what());
    } catch (std::bad_alloc const&) {
      PyErr_NoMemory();
    } catch (std::out_of_range const& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (std::overflow_error const& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (std::invalid_argument const& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (std::exception const& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    } catch (...) {
      PyErr_SetString(PyExc_SystemError, "catlayout: an unknown C++ exception");
    }
  }
}

}  // namespace catlayout::python
