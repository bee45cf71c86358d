// The algorithms of chapter 4: mutual refinement (Algorithm 4.1.1), the categorical composition
// (Algorithm 4.1.2) and its rational variant (§4.1.5), admissibility, representability, explain.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

#include "catlayout/algorithms/admissibility.hpp"
#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/explain_text.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/algorithms/representability.hpp"
#include "refinement.hpp"

namespace catlayout::python {

using namespace catlayout::algorithms;  // paper chapter 4

void bind_algorithms(nb::module_& m) {
  nb::class_<Refinement> cls(m, "MutualRefinement",
                             "A mutual refinement (T', U') of (T, U) (Algorithm 4.1.1); iterable as (first, second).");
  cls.def_prop_ro("t", [](Refinement const& r) { return IntTupleOut{r.t}; })
      .def_prop_ro("u", [](Refinement const& r) { return IntTupleOut{r.u}; })
      .def_prop_ro("first", [](Refinement const& r) { return IntTupleOut{r.result.first}; }, "T', nested as T.")
      .def_prop_ro("second", [](Refinement const& r) { return IntTupleOut{r.result.second}; }, "U', nested as U.")
      .def_prop_ro("first_modes", [](Refinement const& r) { return r.result.first_modes; }, "mode_i(T', T) per entry of T.")
      .def_prop_ro("second_modes", [](Refinement const& r) { return r.result.second_modes; }, "mode_j(U', U) per entry of U.")
      .def("__iter__", [](Refinement const& r) {
        return nb::iter(nb::make_tuple(int_tuple_to_py(r.result.first), int_tuple_to_py(r.result.second)));
      })
      .def("__repr__", [](Refinement const& r) {
        return str("MutualRefinement(", to_string(r.result.first), ", ", to_string(r.result.second), ")");
      });
  add_refinement_pictures(cls);
  def_layout_fn(m, "mutual_refinement", [](IntTupleIn t, IntTupleIn u) {
    IntTuple tt = t.get("t"), uu = u.get("u");
    return Refinement{tt, uu, unwrap(mutual_refinement(tt, uu))};
  }, nb::arg("t"), nb::arg("u"), "Algorithm 4.1.1; NotRefinable names the entries that divide neither way.");

  // CuTe's argument order, A o B = A(B(i)); the C++ functions take the paper's (B, A) of "B o A".
  def_layout_fn(m, "categorical_composition", [](LayoutArg const& a, LayoutArg const& b) {
    return unwrap(categorical_composition(b.get("b"), a.get("a")));
  }, nb::arg("a"), nb::arg("b"), "A o B by Algorithm 4.1.2 (A, B tractable; NotTractable, NotRefinable otherwise).");
  def_layout_fn(m, "rational_composition", [](LayoutArg const& a, LayoutArg const& b) {
    return unwrap(rational_composition(b.get("b"), a.get("a")));
  }, nb::arg("a"), nb::arg("b"), "A o B by the rational variant of §4.1.5 (B any layout).");
  // §4.1.6 in the paper's order (B applied first, then A), with B's last mode unbounded as in CuTe.
  def_layout_fn(m, "check_admissible", [](LayoutArg const& a, LayoutArg const& b) { unwrap(admissible_for_composition(b.get("b"), a.get("a"), true)); },
        nb::arg("a"), nb::arg("b"), "Raises Inadmissible, naming the condition, unless A o B is admissible (§4.1.6).");
  def_layout_fn(m, "is_admissible", [](LayoutArg const& a, LayoutArg const& b) { return bool(admissible_for_composition(b.get("b"), a.get("a"), true)); },
        nb::arg("a"), nb::arg("b"), "A o B is admissible (§4.1.6, Shah's conditions with B's last mode unbounded).");
  def_layout_fn(m, "represent", [](std::vector<Int> const& table) -> nb::object {
    auto r = unwrap(represent(table));
    if (r.layout) return nb::cast(*r.layout);
    throw AlgebraError{Error{ErrorKind::not_representable, r.reason}};
  }, nb::arg("table"), nb::sig("def represent(table: Sequence[int]) -> Layout"),
  "The coalesced layout whose tabulation is `table`; NotRepresentable says why none exists.");
  def_layout_fn(m, "is_representable", [](std::vector<Int> const& table) { return unwrap(represent(table)).layout.has_value(); },
        nb::arg("table"));
  def_layout_fn(m, "explain", [](LayoutArg const& a, nb::handle b, TextArg op_text) {
    Layout const& x = a.get("a");
    std::string_view op = op_text.get("op");
    if (op == "composition") {
      Layout y = layout_from_py(b, "b");
      return to_text(unwrap(explain_composition(x, y)), x, y);
    }
    if (op == "complement") return to_text(explain_complement(x, int_from_py(b, "b")));
    if (op == "divide") return to_text(explain_divide(x, layout_from_py(b, "b")));
    if (op == "product") return to_text(explain_product(x, layout_from_py(b, "b")));
    invalid_input(str("explain: op is composition, complement, divide or product, not '", shortened(op), "'"));
  }, nb::arg("a"), nb::arg("b"), nb::arg("op") = "composition",
  "Both views of a case as text: core, categorical (Algorithm 4.1.2 / --strict), tabulation.");
}

}  // namespace catlayout::python
