// Triton's linear layouts (core/named_linear.hpp) in Python: catlayout.TritonLayout, read from
// Triton's #ttg.linear attribute or LinearLayout's print, or built from bases as Triton's
// LinearLayout.from_bases builds one; compose, invert and pseudoinvert keep the names.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include "catlayout/core/named_linear.hpp"
#include "convert.hpp"

namespace catlayout::python {

namespace {

using Bases = std::vector<std::pair<std::string, std::vector<std::vector<Int>>>>;
using Sizes = std::vector<std::pair<std::string, Int>>;

std::vector<InDim> in_dims(Bases ins) {
  std::vector<InDim> r;
  for (auto& [name, bases] : ins) r.push_back({std::move(name), std::move(bases)});
  return r;
}

std::vector<NamedDim> named(Sizes const& s) {
  std::vector<NamedDim> r;
  for (auto const& [name, size] : s) r.push_back({name, size});
  return r;
}

nb::object cute_value(AnyLayout l) {
  if (auto* c = std::get_if<ComposedLayout>(&l)) return composed_value(std::move(*c));
  return nb::cast(std::move(std::get<Layout>(l)));
}

}  // namespace

void bind_triton(nb::module_& m) {
  nb::class_<NamedLinearLayout> t(m, "TritonLayout",
      "Triton's LinearLayout: an F2-linear map from named input dimensions (register, lane, warp, block, ...) to "
      "named output dimensions (dim0, dim1, ...), each a power of two; the first dimension the most minor.");
  t.def("__init__", [](NamedLinearLayout* self, TextArg text) {
         new (self) NamedLinearLayout(unwrap(parse_named_linear(text.get("text"))));
       }, nb::arg("text"),
       "Read Triton's #ttg.linear<{register = [[0, 1], ...], lane = [...], warp = [...], block = [...]}> or "
       "LinearLayout's print (' - register=1 -> (0, 1) ... where out dims are: [dim0 (size 16), ...]').")
      .def_static("from_bases", [](Bases ins, nb::handle outs, bool require_surjective) {
         if (outs.is_none()) invalid_input("from_bases: out_dims names the output dimensions");
         if (nb::isinstance<nb::list>(outs) && nb::len(outs) > 0 && nb::isinstance<nb::str>(nb::list(outs)[0]))
           return unwrap(NamedLinearLayout::make_inferred(in_dims(std::move(ins)),
                                                          nb::cast<std::vector<std::string>>(outs), require_surjective));
         auto f = unwrap(NamedLinearLayout::make(in_dims(std::move(ins)), named(nb::cast<Sizes>(outs))));
         if (require_surjective && !f.surjective())
           invalid_input("from_bases: the layout is not surjective onto its output sizes (Triton's "
                         "require_surjective=True); pass require_surjective=False for a layout into a larger space");
         return f;
       }, nb::arg("in_dims"), nb::arg("out_dims"), nb::arg("require_surjective") = true,
       "As Triton's LinearLayout.from_bases: in_dims [(name, bases)], out_dims names (sizes inferred, the smallest "
       "powers of two above the bases' entries) or [(name, size)]; refused unless onto where require_surjective.")
      .def_static("from_cute", [](LayoutArg const& l, Sizes const& ins, Sizes const& outs) {
         return unwrap(from_cute(l.get("layout"), named(ins), named(outs)));
       }, nb::arg("layout"), nb::arg("in_dims"), nb::arg("out_dims"),
       "A CuTe layout with its domain split into named inputs [(name, size)] (the first the most minor) and its "
       "values into named outputs.")
      .def_prop_ro("in_dims", [](NamedLinearLayout const& f) {
         Bases r;
         for (auto const& d : f.ins()) r.emplace_back(d.name, d.bases);
         return r;
       })
      .def_prop_ro("out_dims", [](NamedLinearLayout const& f) {
         Sizes r;
         for (auto const& d : f.outs()) r.emplace_back(d.name, d.size);
         return r;
       })
      .def("__call__", [](NamedLinearLayout const& f, nb::kwargs kw) {
         std::vector<std::pair<std::string, Int>> in;
         for (auto [k, v] : kw) in.emplace_back(nb::cast<std::string>(k), int_from_py(v, "input"));
         return unwrap(evaluate(f, in));
       }, "f(register=1, lane=3, warp=0, block=0): one value per output dimension (Triton's apply).")
      .def("compose", [](NamedLinearLayout const& f, NamedLinearLayout const& g) { return unwrap(compose(f, g)); },
           nb::arg("outer"), "f.compose(g) = g o f (f first), as Triton's: f's outputs are g's inputs.")
      .def("invert", [](NamedLinearLayout const& f) { return unwrap(invert(f)); })
      .def("pseudoinvert", [](NamedLinearLayout const& f) { return unwrap(pseudoinvert(f)); })
      .def("to_cute", [](NamedLinearLayout const& f) { return cute_value(unwrap(to_cute(f))); },
           "The CuTe layout: (thread, value) for register/lane/warp/block inputs, else one mode per input.")
      .def("ttg", [](NamedLinearLayout const& f) { return unwrap(to_ttg_linear(f)); },
           "TritonGPU's #ttg.linear<{...}> attribute.");
  add_value_methods(t, [](NamedLinearLayout const& f) { return to_string(f); });
}

}  // namespace catlayout::python
