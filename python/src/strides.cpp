// Beyond integer strides: coordinate layouts (CuTe's ArithmeticTuple strides, E<i>), swizzles and
// swizzled layouts (CuTe Swizzle<B,M,S>, ComposedLayout), and F2-linear layouts (bit matrices).
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include "catlayout/core/compiler_types.hpp"
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
  coord.def("__init__", [](CoordLayout* self, TextArg text) { new (self) CoordLayout(text_of_kind(text, &parse_coord_layout)); },
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
  def_layout_fn(m, "make_identity_layout", [](IntTupleIn shape) { return make_identity_layout(shape.get("shape")); },
        nb::arg("shape"), "CuTe make_identity_layout(shape): shape : make_basis_like(shape).");
  def_layout_fn(m, "composition", [](CoordArg const& a, CoordArg const& b) { return unwrap(composition(a.get("a"), b.get("b"))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "composition", [](CoordArg const& a, LayoutArg const& b) { return unwrap(composition(a.get("a"), b.get("b"))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "composition", [](LayoutArg const& a, CoordArg const& b) { return unwrap(composition(a.get("a"), b.get("b"))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "coalesce", [](CoordArg const& l) { return coalesce(l.get("layout")); }, nb::arg("layout"));
}

static void bind_swizzle(nb::module_& m) {
  nb::class_<Swizzle> swizzle(m, "Swizzle", "CuTe Swizzle<B,M,S>: x -> x ^ ((x & yyy_mask) >> S).");
  swizzle.def("__init__", [](Swizzle* self, int b, int mm, int s) { new (self) Swizzle(unwrap(Swizzle::make(b, mm, s))); },
           nb::arg("bits"), nb::arg("base"), nb::arg("shift"))
      .def("__init__", [](Swizzle* self, TextArg text) { new (self) Swizzle(text_of_kind(text, &parse_swizzle)); },
           nb::arg("text"), "Parse Sw<3,4,3> (CuTe C++), S<3,4,3> (CuTe DSL), SW_3_4_3 or Swizzle(3,4,3) (pycute).")
      .def_ro("bits", &Swizzle::bits)
      .def_ro("base", &Swizzle::base)
      .def_ro("shift", &Swizzle::shift)
      .def("__call__", [](Swizzle const& s, nb::handle x) { return s(nonnegative_from_py(x, "swizzle offset")); },
           nb::arg("offset"));

  nb::class_<ComposedLayout> composed(m, "ComposedLayout", "CuTe's swizzled layout: sw o offset o layout.");
  composed.def("__init__", [](ComposedLayout* self, SwizzleArg const& sw, Int offset, LayoutArg const& l) {
             new (self) ComposedLayout{sw.get("swizzle"), offset, l.get("layout")};
           }, nb::arg("swizzle"), nb::arg("offset"), nb::arg("layout"))
      .def("__init__", [](ComposedLayout* self, TextArg text) {
             new (self) ComposedLayout(text_of_kind(text, &parse_composed_layout));
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
  def_layout_fn(m, "parse_any_layout", [](TextArg text) { return parsed(parse_any_layout(text.get("text"))); }, nb::arg("text"),
        "The one reader of core/notation.hpp: a Layout if the text has integer strides, else a CoordLayout, else "
        "a ComposedLayout, in any notation (catlayout's, CuTe C++'s print, CuTe DSL's, pycute's); the error of the "
        "reader that got furthest otherwise.");
  // The type a compiler prints for a value (docs/notation.md, "Compilers' types"), which every reader reads back.
  static constexpr char const* typed_doc =
      "The value as a compiler prints its type: compiler='cute-dsl' gives CuTe DSL's !cute.layout<\"(4,8):(8,1)\">, "
      "!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\"> or !cute.swizzle<\"S<3,4,3>\">; 'flydsl' FlyDSL's "
      "!fly.layout<(4,8):(8,1)> (basis strides 1E0). InvalidInput where the compiler has no such type here.";
  auto compiler_of = [](std::string_view name) { return unwrap(parse_compiler(name)); };
  def_layout_fn(m, "compiler_type", [compiler_of](LayoutArg const& l, std::string_view compiler) {
    return unwrap(compiler_type(AnyLayout{l.get("value")}, compiler_of(compiler)));
  }, nb::arg("value"), nb::arg("compiler") = "cute-dsl", typed_doc);
  def_layout_fn(m, "compiler_type", [compiler_of](CoordArg const& l, std::string_view compiler) {
    return unwrap(compiler_type(AnyLayout{l.get("value")}, compiler_of(compiler)));
  }, nb::arg("value"), nb::arg("compiler") = "cute-dsl");
  def_layout_fn(m, "compiler_type", [compiler_of](ComposedArg const& l, std::string_view compiler) {
    return unwrap(compiler_type(AnyLayout{l.get("value")}, compiler_of(compiler)));
  }, nb::arg("value"), nb::arg("compiler") = "cute-dsl");
  def_layout_fn(m, "compiler_type", [compiler_of](SwizzleArg const& s, std::string_view compiler) {
    return unwrap(compiler_type(s.get("value"), compiler_of(compiler)));
  }, nb::arg("value"), nb::arg("compiler") = "cute-dsl");
  def_layout_fn(m, "composition", [](ComposedArg const& a, TilerArg const& b) {
    Tiler t = b.get("b");
    if (t.is_layout() && !t.integer) return composed_value(unwrap(composition(a.get("a"), divisor_layout(t))));
    return composed_value(unwrap(composition(a.get("a"), t)));
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
  def_layout_fn(m, "to_linear", [](LayoutArg const& l) { return unwrap(to_linear(l.get("layout"))); }, nb::arg("layout"),
        "The F2-linear map of a layout with power-of-two shapes and strides.");
  def_layout_fn(m, "to_linear", [](ComposedArg const& c) { return unwrap(to_linear(c.get("layout"))); }, nb::arg("layout"));
  def_layout_fn(m, "to_linear", [](SwizzleArg const& s, int n) { return unwrap(to_linear(s.get("swizzle"), n)); }, nb::arg("swizzle"),
                nb::arg("bits"));
  def_layout_fn(m, "to_cute", [](LinearLayout const& f) { return composed_value(unwrap(to_cute(f))); }, nb::arg("linear"),
        "A swizzled CuTe layout with the same function, where one exists.");
  def_layout_fn(m, "composition", [](LinearLayout const& outer, LinearLayout const& inner) { return unwrap(composition(outer, inner)); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "inverse", [](LinearLayout const& f) { return unwrap(inverse(f)); }, nb::arg("linear"));
}

void bind_strides(nb::module_& m) {
  bind_coord_layout(m);
  bind_swizzle(m);
  bind_linear(m);
}

}  // namespace catlayout::python
