// The categorical engine (paper chapter 3), strict as the paper defines it: Nest morphisms
// f: S -> T (Def. 3.2.1.1), their encoding of layouts (§3.2.2) and the operations on them.
#include <nanobind/stl/vector.h>

#include "catlayout/categories.hpp"
#include "convert.hpp"

namespace catlayout::python {

using categories::NestMorphism;

// alpha as a tuple of 1-based codomain positions, None for the base point * (§3.1.1).
static nb::tuple map_to_py(NestMorphism const& f) {
  nb::list out;
  for (auto p : f.map().values()) out.append(p == categories::star ? nb::none() : nb::object(nb::int_(p)));
  return nb::tuple(out);
}

static std::vector<categories::Point> map_from_py(nb::handle h) {
  std::vector<categories::Point> out;
  std::size_t i = 0;
  for (nb::handle x : h) {
    if (x.is_none()) {
      out.push_back(categories::star);
    } else {
      Int v = int_from_py(x, str("map[", i, "]"));
      if (v < 0) invalid_input(str("map[", i, "] = ", v, ": a point is 1..len(codomain) or None for *"));
      out.push_back(static_cast<categories::Point>(v));
    }
    ++i;
  }
  return out;
}

void bind_categories(nb::module_& m) {
  nb::class_<NestMorphism> cls(m, "Morphism",
      "A morphism f: S -> T of the category Nest (Def. 3.2.1.1): nested tuples S, T and a map alpha of "
      "flat positions (None for *), with s_i = t_alpha(i).");
  cls.def("__init__", [](NestMorphism* self, TextArg text) {
        auto r = categories::parse_nest_morphism(text.get("text"));
        if (!r) invalid_input(r.error().message);
        new (self) NestMorphism(std::move(*r));
      }, nb::arg("text"), "Parse '(2,2) -(1,3)-> (2,2,2)' (* for the base point).")
      .def("__init__", [](NestMorphism* self, IntTupleIn domain, IntTupleIn codomain, nb::handle map) {
        new (self) NestMorphism(unwrap(NestMorphism::make(domain.get("domain"), codomain.get("codomain"), map_from_py(map))));
      }, nb::arg("domain"), nb::arg("codomain"), nb::arg("map"))
      .def_prop_ro("domain", [](NestMorphism const& f) { return IntTupleOut{f.domain()}; })
      .def_prop_ro("codomain", [](NestMorphism const& f) { return IntTupleOut{f.codomain()}; })
      .def_prop_ro("map", &map_to_py)
      .def("size", [](NestMorphism const& f) { return categories::size(f); })
      .def("cosize", [](NestMorphism const& f) { return categories::cosize(f); })
      .def("__call__", [](NestMorphism const& f, Int x) { return unwrap(categories::realize(f, x)); },
           nb::arg("x"), "The realization |f| (§3.2.2) at x, the layout function of L_f.")
      .def("tabulate", [](NestMorphism const& f) { return unwrap(categories::tabulate(f)); })
      .def("is_isomorphism", [](NestMorphism const& f) { return categories::is_isomorphism(f); })
      .def("is_standard_form", [](NestMorphism const& f) { return categories::is_standard_form(f); })
      .def("is_complementable", [](NestMorphism const& f) { return categories::is_complementable(f); });
  add_value_methods(cls, [](NestMorphism const& f) { return categories::to_string(f); });
  add_morphism_pictures(cls);

  def_layout_fn(m, "encode", [](LayoutArg const& l) { return unwrap(categories::standard_representation(l.get("layout"))); },
        nb::arg("layout"), "The standard representation f_L (Construction 3.1.2.5, §3.2.2); NotTractable if none.");
  def_layout_fn(m, "decode", [](NestMorphism const& f) { return categories::to_layout(f); }, nb::arg("morphism"),
        "The layout L_f encoded by f (§3.2.2).");
  def_layout_fn(m, "is_encodable", [](LayoutArg const& l) { return categories::is_encodable(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "compose", [](NestMorphism const& g, NestMorphism const& f) { return unwrap(categories::compose(g, f)); },
        nb::arg("g"), nb::arg("f"), "g o f, first f then g (§3.2.1); Inadmissible unless codomain(f) == domain(g).");
  def_layout_fn(m, "concat", [](std::vector<NestMorphism> const& fs) { return unwrap(categories::concat(fs)); }, nb::arg("morphisms"),
        "(f_1, ..., f_k) (§3.2.6.1): same codomain, disjoint images.");
  def_layout_fn(m, "coalesce", [](NestMorphism const& f) { return categories::coalesce(f); }, nb::arg("morphism"),
        "coal(f) (§3.2.4).");
  def_layout_fn(m, "complement", [](NestMorphism const& f) { return unwrap(categories::complement(f)); }, nb::arg("morphism"),
        "f^c (§3.2.6); NotComplementable outside the paper's fragment.");
  def_layout_fn(m, "logical_divide", [](NestMorphism const& f, NestMorphism const& g) { return unwrap(categories::logical_divide(f, g)); },
        nb::arg("f"), nb::arg("g"), "f (/) g (§3.2.6).");
  def_layout_fn(m, "logical_product", [](NestMorphism const& f, NestMorphism const& g) { return unwrap(categories::logical_product(f, g)); },
        nb::arg("f"), nb::arg("g"), "f (x) g (§3.2.6).");
  def_layout_fn(m, "pullback", [](NestMorphism const& f, IntTupleIn t) { return unwrap(categories::pullback(f, t.get("refined_codomain"))); },
        nb::arg("f"), nb::arg("refined_codomain"), "§3.2.5: f' along a refinement T' of T.");
  def_layout_fn(m, "pushforward", [](NestMorphism const& g, IntTupleIn s) { return unwrap(categories::pushforward(g, s.get("refined_domain"))); },
        nb::arg("g"), nb::arg("refined_domain"), "§3.2.5: g' along a refinement S' of S.");
}

}  // namespace catlayout::python
