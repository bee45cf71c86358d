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

// An order: LayoutLeft / LayoutRight (a Major), or CuTe's Step as a nested tuple of ints.
Order order_from_py(nb::handle h) {
  if (nb::isinstance<Major>(h)) return nb::cast<Major>(h);
  return int_tuple_from_py(h, "order");
}

// CuTe's Step<_1,X,_1>: 1 keeps a mode, None (CuTe's X) drops it.
Projection projection_from_py(nb::handle h) {
  if (!nb::isinstance<nb::tuple>(h) && !nb::isinstance<nb::list>(h))
    invalid_input("a projection is a tuple of 1 and None (CuTe's _1 and X)");
  Projection p;
  for (nb::handle x : h) {
    if (x.is_none()) {
      p.keep.push_back(false);
    } else if (int_from_py(x, "projection entry") == 1) {
      p.keep.push_back(true);
    } else {
      invalid_input("a projection entry is 1 or None (CuTe's _1 or X)");
    }
  }
  return p;
}

nb::tuple partition_to_py(SliceResult r) { return nb::make_tuple(std::move(r.layout), r.offset); }

// A shape, or a layout's shape (greatest_common_domain depends on shapes only).
IntTuple shape_from_py(nb::handle h, std::string_view what) {
  if (auto const* l = as_layout(h)) return l->shape();
  if (nb::isinstance<F2Layout>(h)) return nb::cast<F2Layout const&>(h).shape();
  return int_tuple_from_py(h, what);
}

template <class T>
T parsed(Result<T> r) {
  if (!r) invalid_input(r.error().message);
  return std::move(*r);
}

void bind_f2(nb::module_& m) {
  nb::class_<F2Layout> f2(m, "F2Layout",
                          "A layout with F2 strides (PyCuTe's F<v>): a mode s:F<v> maps c to clmul(c, v), modes add by XOR.");
  f2.def("__init__", [](F2Layout* self, std::string_view text) { new (self) F2Layout(parsed(parse_f2_layout(text))); },
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
  m.def("to_f2", [](LayoutArg l) { return unwrap(to_f2(l.get("layout"))); }, nb::arg("layout"),
        "The F2 layout with L's function (power-of-two modes whose images share no bit).");
  m.def("to_f2", [](ComposedLayout const& c) { return unwrap(to_f2(c)); }, nb::arg("layout"));
  m.def("to_f2", [](LinearLayout const& f) { return to_f2(f); }, nb::arg("layout"));
  m.def("to_linear", [](F2Layout const& l) { return unwrap(to_linear(l)); }, nb::arg("layout"));
  m.def("coalesce", [](F2Layout const& l) { return coalesce(l); }, nb::arg("layout"));
  m.def("composition", [](F2Layout const& a, LayoutArg b) { return unwrap(composition(a, b.get("b"))); }, nb::arg("a"),
        nb::arg("b"), "R(i) = A(B(i)), refused where B steps through a mode of A by a factor that is not a power of two.");
}

}  // namespace

void bind_cute_api(nb::module_& m) {
  nb::enum_<Major>(m, "Major", "CuTe's LayoutLeft (column-major) and LayoutRight (row-major).")
      .value("LayoutLeft", Major::left)
      .value("LayoutRight", Major::right);
  m.attr("LayoutLeft") = Major::left;
  m.attr("LayoutRight") = Major::right;

  m.def("make_ordered_layout", [](IntTupleIn shape, nb::handle order) {
    return unwrap(make_ordered_layout(shape.get("shape"), order_from_py(order)));
  }, nb::arg("shape"), nb::arg("order"),
  "CuTe make_ordered_layout(shape, order): compact, the modes with smaller order entries first.");
  m.def("make_layout_like", [](LayoutArg l) { return unwrap(make_layout_like(l.get("layout"))); }, nb::arg("layout"),
        "CuTe make_layout_like(L): L's shape, compact strides in the order of L's, stride-0 modes kept.");
  m.def("compact_major", [](IntTupleIn shape, Major major) { return IntTupleOut{unwrap(compact_major(shape.get("shape"), major))}; },
        nb::arg("shape"), nb::arg("major") = Major::left, "CuTe compact_major<Major>(shape): the compact strides.");
  m.def("tile_to_shape", [](LayoutArg block, IntTupleIn shape, nb::handle order) {
    return unwrap(tile_to_shape(block.get("block"), shape.get("shape"), order.is_none() ? Order(Major::left) : order_from_py(order)));
  }, nb::arg("block"), nb::arg("shape"), nb::arg("order").none() = nb::none(),
  "CuTe tile_to_shape(block, shape, order): the block repeated to fill shape (blocked_product).");
  m.def("tile_to_shape", [](ComposedLayout const& block, IntTupleIn shape, nb::handle order) {
    return composed_value(unwrap(tile_to_shape(block, shape.get("shape"), order.is_none() ? Order(Major::left) : order_from_py(order))));
  }, nb::arg("block"), nb::arg("shape"), nb::arg("order").none() = nb::none());

  m.def("local_tile", [](LayoutArg l, TilerArg tiler, nb::handle coord, nb::handle proj) {
    Layout const& x = l.get("layout");
    if (proj.is_none()) return partition_to_py(unwrap(local_tile(x, tiler.get("tiler"), slice_coord_from_py(coord))));
    return partition_to_py(unwrap(local_tile(x, tiler.get("tiler"), slice_coord_from_py(coord), projection_from_py(proj))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"), nb::arg("proj").none() = nb::none(),
  "CuTe local_tile(tensor, tiler, coord[, proj]) at layout level: (the tile at coord, its offset).");
  m.def("inner_partition", [](LayoutArg l, TilerArg tiler, nb::handle coord) {
    return partition_to_py(unwrap(inner_partition(l.get("layout"), tiler.get("tiler"), slice_coord_from_py(coord))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"));
  m.def("outer_partition", [](LayoutArg l, TilerArg tiler, nb::handle coord) {
    return partition_to_py(unwrap(outer_partition(l.get("layout"), tiler.get("tiler"), slice_coord_from_py(coord))));
  }, nb::arg("layout"), nb::arg("tiler"), nb::arg("coord"));
  m.def("local_partition", [](LayoutArg l, LayoutArg tile, Int index, nb::handle proj) {
    if (proj.is_none()) return partition_to_py(unwrap(local_partition(l.get("layout"), tile.get("tile"), index)));
    return partition_to_py(unwrap(local_partition(l.get("layout"), tile.get("tile"), index, projection_from_py(proj))));
  }, nb::arg("layout"), nb::arg("tile"), nb::arg("index"), nb::arg("proj").none() = nb::none(),
  "CuTe local_partition(tensor, thread_layout, index[, proj]) at layout level: (thread index's elements, offset).");

  // strict=True: the stricter readings of docs/definitions.md (upcast.strict, downcast.strict,
  // nullspace.strict), the CLI's --strict; the default is CuTe C++'s answer.
  auto const strict = nb::arg("strict") = false;
  m.def("upcast", [](LayoutArg l, Int n, bool s) { return unwrap(upcast(l.get("layout"), n, convention(s))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict,
        "CuTe upcast<N>: the same memory in elements N times larger (CuTe's per-mode rule; strict=True: refused "
        "where that is not the same memory).");
  m.def("upcast", [](ComposedLayout const& c, Int n, bool s) { return composed_value(unwrap(upcast(c, n, convention(s)))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict);
  m.def("downcast", [](LayoutArg l, Int n, bool s) { return unwrap(downcast(l.get("layout"), n, convention(s))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict,
        "CuTe downcast<N>: the same memory in elements N times smaller (CuTe's per-mode rule; strict=True: refused "
        "where that is not the same memory).");
  m.def("downcast", [](ComposedLayout const& c, Int n, bool s) { return composed_value(unwrap(downcast(c, n, convention(s)))); },
        nb::arg("layout"), nb::arg("n"), nb::kw_only(), strict);
  m.def("recast_layout", [](LayoutArg l, Int old_bits, Int new_bits, bool s) {
    return unwrap(recast_layout(l.get("layout"), old_bits, new_bits, convention(s)));
  }, nb::arg("layout"), nb::arg("old_bits"), nb::arg("new_bits"), nb::kw_only(), strict,
        "CuTe recast_layout<Old,New> by element widths in bits.");
  m.def("recast_layout", [](ComposedLayout const& c, Int old_bits, Int new_bits, bool s) {
    return composed_value(unwrap(recast_layout(c, old_bits, new_bits, convention(s))));
  }, nb::arg("layout"), nb::arg("old_bits"), nb::arg("new_bits"), nb::kw_only(), strict);

  m.def("nullspace", [](LayoutArg l, bool s) { return unwrap(nullspace(l.get("layout"), convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict,
        "CuTe's nullspace: the stride-0 modes (its contract: L(R(i)) == 0, size(R) == size(L) / size(filter(L))); "
        "strict=True: the whole kernel {i : L(i) == 0}.");
  m.def("nullspace", [](ComposedLayout const& c, bool s) { return unwrap(nullspace(c, convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict);
  m.def("nullspace", [](CoordLayout const& c, bool s) { return unwrap(nullspace(c, convention(s))); },
        nb::arg("layout"), nb::kw_only(), strict);
  m.def("nullspace", [](F2Layout const& f, bool) { return unwrap(nullspace(f)); }, nb::arg("layout"), nb::kw_only(),
        strict);
  m.def("coalesce_z", [](LayoutArg l, std::optional<IntTupleIn> profile) {
    if (!profile) return coalesce_z(l.get("layout"));
    return unwrap(coalesce_z(l.get("layout"), profile->get("profile")));
  }, nb::arg("layout"), nb::arg("profile").none() = nb::none(),
  "PyCuTe coalesce_z: coalesce keeping the extended function (a trailing size-1 mode where it matters).");
  m.def("coalesce_z", [](F2Layout const& f) { return coalesce_z(f); }, nb::arg("layout"));
  m.def("layout_add", [](LayoutArg a, LayoutArg b) { return unwrap(layout_add(a.get("a"), b.get("b"))); }, nb::arg("a"),
        nb::arg("b"), "PyCuTe layout_add: R(i) = A(i) + B(i).");
  m.def("layout_add", [](F2Layout const& a, F2Layout const& b) { return unwrap(layout_add(a, b)); }, nb::arg("a"), nb::arg("b"));
  m.def("greatest_common_domain", [](nb::handle a, nb::handle b) {
    return unwrap(greatest_common_domain(shape_from_py(a, "a"), shape_from_py(b, "b")));
  }, nb::arg("a"), nb::arg("b"), "PyCuTe greatest_common_domain: the largest layout whose modes cut both shapes alike.");

  m.def("make_swizzle", [](Int y, Int z) { return unwrap(make_swizzle(y, z)); }, nb::arg("yyy_mask"), nb::arg("zzz_mask"),
        "CuTe make_swizzle<Y,Z>().");
  m.def("composition", [](LayoutArg a, Swizzle const& b) { return composed_value(unwrap(composition(a.get("a"), b))); }, nb::arg("a"),
        nb::arg("b"), "CuTe composition(Layout, Swizzle), checked against A(B(i)).");
  m.def("composition", [](LayoutArg a, ComposedLayout const& b) { return composed_value(unwrap(composition(a.get("a"), b))); },
        nb::arg("a"), nb::arg("b"));
  m.def("composition", [](ComposedLayout const& a, ComposedLayout const& b) { return composed_value(unwrap(composition(a, b))); },
        nb::arg("a"), nb::arg("b"));
  m.def("right_inverse", [](ComposedLayout const& c) { return composed_value(unwrap(right_inverse(c))); }, nb::arg("layout"));
  m.def("left_inverse", [](ComposedLayout const& c) { return composed_value(unwrap(left_inverse(c))); }, nb::arg("layout"));
  bind_f2(m);
}

}  // namespace catlayout::python
