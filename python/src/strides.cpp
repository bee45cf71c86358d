// Beyond integer strides: coordinate layouts (CuTe's ArithmeticTuple strides, E<i>), swizzles and
// swizzled layouts (CuTe Swizzle<B,M,S>, ComposedLayout), and F2-linear layouts (bit matrices).
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/swizzle.hpp"
#include "convert.hpp"

namespace catlayout::python {

template <class T>
static T parsed(Result<T> r) {
  if (!r) invalid_input(r.error().message);
  return std::move(*r);
}

// .cute(static=False): catlayout's notation (catlayout.pycute's .cute()), or CuTe C++'s print.
template <class T>
static void add_cute_method(nb::class_<T>& cls, char const* doc) {
  cls.def("cute", [](T const& x, bool static_) { return to_string(x, static_ ? Notation::cute : Notation::catlayout); },
          nb::arg("static") = false, doc);
}

static void bind_coord_layout(nb::module_& m) {
  nb::class_<CoordLayout> coord(m, "CoordLayout",
                          "A layout whose strides are scaled basis elements (CuTe E<i>): L(i) is a coordinate.");
  coord.def("__init__", [](CoordLayout* self, std::string_view text) { new (self) CoordLayout(parsed(parse_coord_layout(text))); },
           nb::arg("text"),
           "Parse CuTe notation with basis strides: CoordLayout('(4,8):(1@0,1@1)'), CuTe C++'s print "
           "'(_4,_8):(_1@0,_1@1)'.")
      .def_prop_ro("shape", [](CoordLayout const& l) { return IntTupleOut{l.shape()}; })
      .def("size", &CoordLayout::size)
      .def("__call__", [](CoordLayout const& l, nb::handle i) {
             return IntTupleOut{unwrap(l.at(int_from_py(i, "index")))};
           }, nb::arg("i"), "L(i) as a coordinate (an int when every stride is an integer).")
      .def("to_layout", [](CoordLayout const& l) { return unwrap(l.to_layout()); });
  add_value_methods(coord, [](CoordLayout const& l) { return to_string(l); });
  add_cute_method(coord, "CuTe notation as catlayout writes it; static=True: what CuTe C++'s print writes for static "
                         "integers, '(_4,_8):(_1@0,_1@1)'. Both read back.");
  m.def("make_identity_layout", [](IntTupleIn shape) { return make_identity_layout(shape.get("shape")); },
        nb::arg("shape"), "CuTe make_identity_layout(shape): shape : make_basis_like(shape).");
  m.def("composition", [](CoordLayout const& a, CoordLayout const& b) { return unwrap(composition(a, b)); },
        nb::arg("a"), nb::arg("b"));
  m.def("composition", [](CoordLayout const& a, LayoutArg b) { return unwrap(composition(a, b.get("b"))); },
        nb::arg("a"), nb::arg("b"));
  m.def("composition", [](LayoutArg a, CoordLayout const& b) { return unwrap(composition(a.get("a"), b)); },
        nb::arg("a"), nb::arg("b"));
  m.def("coalesce", [](CoordLayout const& l) { return coalesce(l); }, nb::arg("layout"));
}

static void bind_swizzle(nb::module_& m) {
  nb::class_<Swizzle> swizzle(m, "Swizzle", "CuTe Swizzle<B,M,S>: x -> x ^ ((x & yyy_mask) >> S).");
  swizzle.def("__init__", [](Swizzle* self, int b, int mm, int s) { new (self) Swizzle(unwrap(Swizzle::make(b, mm, s))); },
           nb::arg("bits"), nb::arg("base"), nb::arg("shift"))
      .def("__init__", [](Swizzle* self, std::string_view text) { new (self) Swizzle(parsed(parse_swizzle(text))); },
           nb::arg("text"), "Parse Sw<3,4,3> (CuTe C++), S<3,4,3> (CuTe DSL), SW_3_4_3 or Swizzle(3,4,3) (pycute).")
      .def_ro("bits", &Swizzle::bits)
      .def_ro("base", &Swizzle::base)
      .def_ro("shift", &Swizzle::shift)
      .def("__call__", [](Swizzle const& s, nb::handle x) { return s(nonnegative_from_py(x, "swizzle offset")); },
           nb::arg("offset"));

  nb::class_<ComposedLayout> composed(m, "ComposedLayout", "CuTe's swizzled layout: sw o offset o layout.");
  composed.def("__init__", [](ComposedLayout* self, Swizzle sw, Int offset, LayoutArg l) {
             new (self) ComposedLayout{sw, offset, l.get("layout")};
           }, nb::arg("swizzle"), nb::arg("offset"), nb::arg("layout"))
      .def("__init__", [](ComposedLayout* self, std::string_view text) {
             new (self) ComposedLayout(parsed(parse_composed_layout(text)));
           }, nb::arg("text"),
           "Parse 'Sw<3,4,3> o 0 o (8,64):(64,1)', CuTe C++'s print 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)', CuTe DSL's "
           "'S<3,4,3> o 0 o (8,64):(64,1)', pycute's 'SW_3_4_3 o 0 o (8, 64):(64, 1)'.")
      .def_ro("swizzle", &ComposedLayout::sw)
      .def_ro("offset", &ComposedLayout::offset)
      .def_ro("layout", &ComposedLayout::layout)
      .def("size", &ComposedLayout::size)
      .def("__call__", [](ComposedLayout const& c, nb::handle i) {
             return unwrap(evaluate_extended(c, nonnegative_from_py(i, "index")));
           }, nb::arg("i"));
  add_value_methods(swizzle, [](Swizzle const& x) { return to_string(x); });
  add_value_methods(composed, [](ComposedLayout const& c) { return to_string(c); });
  add_cute_method(swizzle, "CuTe's Sw<3,4,3> (the same with static=True).");
  add_cute_method(composed, "CuTe notation as catlayout writes it, as catlayout.pycute's .cute(); static=True: what "
                            "CuTe C++'s print writes for static integers, 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'. Both "
                            "read back.");
  m.def("parse_any_layout", [](std::string_view text) { return parsed(parse_any_layout(text)); }, nb::arg("text"),
        "The one reader of core/notation.hpp: a Layout if the text has integer strides, else a CoordLayout, else "
        "a ComposedLayout, in any notation (catlayout's, CuTe C++'s print, CuTe DSL's, pycute's); the error of the "
        "reader that got furthest otherwise.");
  m.def("composition", [](ComposedLayout const& a, TilerArg b) {
    Tiler t = b.get("b");
    if (t.is_layout() && !t.integer) return composed_value(unwrap(composition(a, divisor_layout(t))));
    return composed_value(unwrap(composition(a, t)));
  }, nb::arg("a"), nb::arg("b"));
}

static void bind_linear(nb::module_& m) {
  nb::class_<LinearLayout> linear(m, "LinearLayout", "An F2-linear layout: bases[k] = F(2^k), F(x ^ y) = F(x) ^ F(y).");
  linear.def("__init__", [](LinearLayout* self, std::vector<std::uint64_t> bases, int out_bits) {
             new (self) LinearLayout(unwrap(LinearLayout::make(std::move(bases), out_bits)));
           }, nb::arg("bases"), nb::arg("out_bits"))
      .def_prop_ro("bases", &LinearLayout::bases)
      .def_prop_ro("in_bits", &LinearLayout::in_bits)
      .def_prop_ro("out_bits", &LinearLayout::out_bits)
      .def("size", &LinearLayout::size)
      .def("__call__", [](LinearLayout const& f, nb::handle i) { return unwrap(f.at(int_from_py(i, "index"))); }, nb::arg("i"));
  add_value_methods(linear, [](LinearLayout const& f) { return to_string(f); });
  m.def("to_linear", [](LayoutArg l) { return unwrap(to_linear(l.get("layout"))); }, nb::arg("layout"),
        "The F2-linear map of a layout with power-of-two shapes and strides.");
  m.def("to_linear", [](ComposedLayout const& c) { return unwrap(to_linear(c)); }, nb::arg("layout"));
  m.def("to_linear", [](Swizzle const& s, int n) { return unwrap(to_linear(s, n)); }, nb::arg("swizzle"), nb::arg("bits"));
  m.def("to_cute", [](LinearLayout const& f) { return composed_value(unwrap(to_cute(f))); }, nb::arg("linear"),
        "A swizzled CuTe layout with the same function, where one exists.");
  m.def("composition", [](LinearLayout const& outer, LinearLayout const& inner) { return unwrap(composition(outer, inner)); },
        nb::arg("a"), nb::arg("b"));
  m.def("inverse", [](LinearLayout const& f) { return unwrap(inverse(f)); }, nb::arg("linear"));
}

void bind_strides(nb::module_& m) {
  bind_coord_layout(m);
  bind_swizzle(m);
  bind_linear(m);
}

}  // namespace catlayout::python
