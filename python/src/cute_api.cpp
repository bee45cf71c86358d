// CuTe's constructors, partitioners and element-size changes, the whitepaper's operations and F2
// strides (docs/algebra.md): each one call into core, named as in CuTe. Partitions return
// (layout, offset), as slice_and_offset does: CuTe's tensor versions return the sub-tensor, whose
// layout this is and whose data starts `offset` elements in.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/notation.hpp"
#include "convert.hpp"

namespace catlayout::python {

namespace {

nb::tuple partition_to_py(SliceResult r) { return nb::make_tuple(std::move(r.layout), r.offset); }

// A shape, or a layout's shape (greatest_common_domain depends on shapes only).
IntTuple shape_from_py(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return l->shape();
  if (nb::isinstance<F2Layout>(h)) return nb::cast<F2Layout const&>(h).shape();
  if (PyUnicode_Check(h.ptr())) {  // a shape "(2,4)", or a layout's text of either kind
    std::string_view text = text_from_py(h, what);
    auto shape = parse_int_tuple(text);
    if (shape) return std::move(*shape);
    auto l = read_text_value(text);
    if (!l) invalid_input(str(what, ": ", shape.error().message));
    if (auto const* x = std::get_if<Layout>(&*l)) return x->shape();
    if (auto const* x = std::get_if<F2Layout>(&*l)) return x->shape();
    invalid_input(str("greatest_common_domain takes a shape, an integer-stride layout or an F2 layout as ", what, ", not ",
                      kind_phrase(l->index()), ": '", shortened(text), "'"));
  }
  return int_tuple_from_py(h, what);
}

void bind_f2(nb::module_& m) {
  nb::class_<F2Layout> f2(m, "F2Layout",
                          "A layout with F2 strides (PyCuTe's F<v>): a mode s:F<v> maps c to clmul(c, v), modes add by XOR.");
  f2.def("__init__", [](F2Layout* self, TextArg text) { new (self) F2Layout(text_of_kind(text, &parse_f2_layout)); },
         nb::arg("text"), "Parse '(4,4):(F1,F4)' (PyCuTe's print) or '(4,4):(F2(1),F2(4))'.")
      .def("__init__", [](F2Layout* self, IntTupleIn shape, IntTupleIn stride) {
             new (self) F2Layout(unwrap(F2Layout::make(shape.get("shape"), stride.get("stride"))));
           }, nb::arg("shape"), nb::arg("stride"), "From a shape and the strides' bit patterns (congruent).")
      .def_prop_ro("shape", [](F2Layout const& l) { return IntTupleOut{l.shape()}; })
      .def_prop_ro("stride", [](F2Layout const& l) { return IntTupleOut{l.stride()}; })
      .def("size", &F2Layout::size)
      .def("__call__", [](F2Layout const& l, nb::handle i) { return unwrap(l.extended(nonnegative_from_py(i, "index"))); },
           nb::arg("i"), "L(i): the XOR of clmul(c_k, v_k); past size, the last mode unbounded.");
  add_value_methods(f2, [](F2Layout const& l) { return to_string(l); });
  def_layout_fn(m, "to_f2", [](LayoutArg const& l) { return unwrap(to_f2(l.get("layout"))); }, nb::arg("layout"),
        "The F2 layout with L's function (power-of-two modes whose images share no bit).");
  def_layout_fn(m, "to_f2", [](ComposedArg const& c) { return unwrap(to_f2(c.get("layout"))); }, nb::arg("layout"));
  def_layout_fn(m, "to_f2", [](LinearLayout const& f) { return to_f2(f); }, nb::arg("layout"));
  def_layout_fn(m, "to_linear", [](F2Arg const& l) { return unwrap(to_linear(l.get("layout"))); }, nb::arg("layout"));
  def_layout_fn(m, "coalesce", [](F2Arg const& l) { return coalesce(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "composition", [](F2Arg const& a, LayoutArg const& b) { return unwrap(composition(a.get("a"), b.get("b"))); }, nb::arg("a"),
        nb::arg("b"), "R(i) = A(B(i)), refused where B steps through a mode of A by a factor that is not a power of two.");
}

}  // namespace

void bind_cute_api(nb::module_& m) {
  nb::enum_<Major>(m, "Major", "CuTe's LayoutLeft (column-major) and LayoutRight (row-major).")
      .value("LayoutLeft", Major::left)
      .value("LayoutRight", Major::right);
  m.attr("LayoutLeft") = Major::left;
  m.attr("LayoutRight") = Major::right;

  def_layout_fn(m, "make_ordered_layout", [](IntTupleIn shape, nb::handle order) {
    return unwrap(make_ordered_layout(shape.get("shape"), order_from_py(order)));
  }, nb::arg("shape"), nb::arg("order"),
  "CuTe make_ordered_layout(shape, order): compact, the modes with smaller order entries first.");
  def_layout_fn(m, "make_layout_like", [](LayoutArg const& l) { return unwrap(make_layout_like(l.get("layout"))); }, nb::arg("layout"),
        "CuTe make_layout_like(L): L's shape, compact strides in the order of L's, stride-0 modes kept.");
  def_layout_fn(m, "compact_major", [](IntTupleIn shape, Major major) { return IntTupleOut{unwrap(compact_major(shape.get("shape"), major))}; },
        nb::arg("shape"), nb::arg("major") = Major::left, "CuTe compact_major<Major>(shape): the compact strides.");
  def_layout_fn(m, "tile_to_shape", [](LayoutArg const& block, IntTupleIn shape, nb::handle order) {
    return unwrap(tile_to_shape(block.get("block"), shape.get("shape"), order.is_none() ? Order(Major::left) : order_from_py(order)));
  }, nb::arg("block"), nb::arg("shape"), nb::arg("order").none() = nb::none(),
  "CuTe tile_to_shape(block, shape, order): the block repeated to fill shape (blocked_product).");
  def_layout_fn(m, "tile_to_shape", [](ComposedArg const& block, IntTupleIn shape, nb::handle order) {
    return composed_value(unwrap(tile_to_shape(block.get("block"), shape.get("shape"), order.is_none() ? Order(Major::left) : order_from_py(order))));
  }, nb::arg("block"), nb::arg("shape"), nb::arg("order").none() = nb::none());

  def_layout_fn(m, "local_tile", [](LayoutArg const& l, TilerArg const& tiler, nb::handle coord, nb::handle proj) {
    Layout const& x = l.get("layout");
    if (proj.is_none()) return partition_to_py(unwrap(local_tile(x, tiler.get("tiler"), slice_coord_from_py(coord))));
    return partition_to_py(unwrap(local_tile(x, tiler.get("tiler"), slice_coord_from_py(coord), projection_from_py(proj))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"), nb::arg("proj").none() = nb::none(),
  "CuTe local_tile(tensor, tiler, coord[, proj]) at layout level: (the tile at coord, its offset).");
  def_layout_fn(m, "inner_partition", [](LayoutArg const& l, TilerArg const& tiler, nb::handle coord) {
    return partition_to_py(unwrap(inner_partition(l.get("layout"), tiler.get("tiler"), slice_coord_from_py(coord))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"));
  def_layout_fn(m, "outer_partition", [](LayoutArg const& l, TilerArg const& tiler, nb::handle coord) {
    return partition_to_py(unwrap(outer_partition(l.get("layout"), tiler.get("tiler"), slice_coord_from_py(coord))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"));
  def_layout_fn(m, "local_partition", [](LayoutArg const& l, LayoutArg const& tile, Int index, nb::handle proj) {
    if (proj.is_none()) return partition_to_py(unwrap(local_partition(l.get("layout"), tile.get("tile"), index)));
    return partition_to_py(unwrap(local_partition(l.get("layout"), tile.get("tile"), index, projection_from_py(proj))));
  }, nb::arg("layout"), nb::arg("tile"), nb::arg("index"), nb::arg("proj").none() = nb::none(),
  "CuTe local_partition(tensor, thread_layout, index[, proj]) at layout level: (thread index's elements, offset).");

  // strict=True: the stricter readings of docs/definitions.md (upcast.strict, downcast.strict,
  // nullspace.strict), the CLI's --strict; the default is CuTe C++'s answer.
  auto const strict = nb::arg("strict") = false;
  def_layout_fn(m, "upcast", [](LayoutArg const& l, Int n, bool s) { return unwrap(upcast(l.get("layout"), n, convention(s))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict,
        "CuTe upcast<N>: the same memory in elements N times larger (CuTe's per-mode rule; strict=True: refused "
        "where that is not the same memory).");
  def_layout_fn(m, "upcast", [](ComposedArg const& c, Int n, bool s) { return composed_value(unwrap(upcast(c.get("layout"), n, convention(s)))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict);
  def_layout_fn(m, "downcast", [](LayoutArg const& l, Int n, bool s) { return unwrap(downcast(l.get("layout"), n, convention(s))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict,
        "CuTe downcast<N>: the same memory in elements N times smaller (CuTe's per-mode rule; strict=True: refused "
        "where that is not the same memory).");
  def_layout_fn(m, "downcast", [](ComposedArg const& c, Int n, bool s) { return composed_value(unwrap(downcast(c.get("layout"), n, convention(s)))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict);
  def_layout_fn(m, "recast_layout", [](LayoutArg const& l, Int old_bits, Int new_bits, bool s) {
    return unwrap(recast_layout(l.get("layout"), old_bits, new_bits, convention(s)));
  }, nb::arg("layout"), nb::arg("old_bits"), nb::arg("new_bits"), nb::kw_only(), strict,
        "CuTe recast_layout<Old,New> by element widths in bits.");
  def_layout_fn(m, "recast_layout", [](ComposedArg const& c, Int old_bits, Int new_bits, bool s) {
    return composed_value(unwrap(recast_layout(c.get("layout"), old_bits, new_bits, convention(s))));
  }, nb::arg("layout"), nb::arg("old_bits"), nb::arg("new_bits"), nb::kw_only(), strict);

  def_layout_fn(m, "nullspace", [](LayoutArg const& l, bool s) { return unwrap(nullspace(l.get("layout"), convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict,
        "CuTe's nullspace: the stride-0 modes (its contract: L(R(i)) == 0, size(R) == size(L) / size(filter(L))); "
        "strict=True: the whole kernel {i : L(i) == 0}.");
  def_layout_fn(m, "nullspace", [](ComposedArg const& c, bool s) { return unwrap(nullspace(c.get("layout"), convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict);
  def_layout_fn(m, "nullspace", [](CoordArg const& c, bool s) { return unwrap(nullspace(c.get("layout"), convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict);
  def_layout_fn(m, "nullspace", [](F2Arg const& f, bool) { return unwrap(nullspace(f.get("layout"))); }, nb::arg("layout"), nb::kw_only(),
        strict);
  def_layout_fn(m, "coalesce_z", [](LayoutArg const& l, std::optional<IntTupleIn> profile) {
    if (!profile) return coalesce_z(l.get("layout"));
    return unwrap(coalesce_z(l.get("layout"), profile->get("profile")));
  }, nb::arg("layout"), nb::arg("profile").none() = nb::none(),
  "PyCuTe coalesce_z: coalesce keeping the extended function (a trailing size-1 mode where it matters).");
  def_layout_fn(m, "coalesce_z", [](F2Arg const& f) { return coalesce_z(f.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "layout_add", [](LayoutArg const& a, LayoutArg const& b) { return unwrap(layout_add(a.get("a"), b.get("b"))); }, nb::arg("a"),
        nb::arg("b"), "PyCuTe layout_add: R(i) = A(i) + B(i).");
  def_layout_fn(m, "layout_add", [](F2Arg const& a, F2Arg const& b) { return unwrap(layout_add(a.get("a"), b.get("b"))); }, nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "greatest_common_domain", [](nb::handle a, nb::handle b) {
    return unwrap(greatest_common_domain(shape_from_py(a, "a"), shape_from_py(b, "b")));
  }, nb::arg("a"), nb::arg("b"), "PyCuTe greatest_common_domain: the largest layout whose modes cut both shapes alike.");

  def_layout_fn(m, "make_swizzle", [](Int y, Int z) { return unwrap(make_swizzle(y, z)); }, nb::arg("yyy_mask"), nb::arg("zzz_mask"),
        "CuTe make_swizzle<Y,Z>().");
  def_layout_fn(m, "composition", [](LayoutArg const& a, SwizzleArg const& b) { return composed_value(unwrap(composition(a.get("a"), b.get("b")))); }, nb::arg("a"),
        nb::arg("b"), "CuTe composition(Layout, Swizzle), checked against A(B(i)).");
  def_layout_fn(m, "composition", [](LayoutArg const& a, ComposedArg const& b) { return composed_value(unwrap(composition(a.get("a"), b.get("b")))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "composition", [](ComposedArg const& a, ComposedArg const& b) { return composed_value(unwrap(composition(a.get("a"), b.get("b")))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "right_inverse", [](ComposedArg const& c) { return composed_value(unwrap(right_inverse(c.get("layout")))); }, nb::arg("layout"));
  def_layout_fn(m, "left_inverse", [](ComposedArg const& c) { return composed_value(unwrap(left_inverse(c.get("layout")))); }, nb::arg("layout"));
  bind_f2(m);
}

}  // namespace catlayout::python
