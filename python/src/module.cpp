// catlayout._catlayout: the C++ engines, bound with nanobind; catlayout/__init__.py re-exports it.
#include "convert.hpp"

NB_MODULE(_catlayout, m) {
  using namespace catlayout::python;
  m.doc() = "The CuTe layout algebra, checked (C++ engines of catlayout).";
  m.attr("__version__") = nb::str(CATLAYOUT_VERSION);  // pyproject.toml's version, as `catlayout --version` prints it
  bind_errors(m);
  bind_layout(m);
  bind_algebra(m);
  bind_strides(m);
  bind_triton(m);
  bind_cute_api(m);
  bind_pycute(m);
  bind_categories(m);
  bind_algorithms(m);
  bind_conformance(m);
  bind_ops(m);
  bind_viz(m);
  bind_analysis(m);
#ifdef CATLAYOUT_PY_GPU
  bind_gpu(m);
#endif
}
