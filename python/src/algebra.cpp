// The direct engine's operations (core/), named as in CuTe. Layout arguments take a Layout, CuTe
// notation or a (shape, stride) pair; tiler arguments also take an int n (n:1) and by-mode tuples.
// strict=True is the categorical convention (the CLI's --strict): it refuses operands outside the
// paper's fragment where CuTe still answers.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"

namespace catlayout::python {

using TilerOp = Result<Layout> (*)(Layout const&, Tiler const&, Convention);
using WholeOp = Result<Layout> (*)(Layout const&, Layout const&, Convention);

static void bind_tiler_op(nb::module_& m, char const* name, TilerOp op, char const* doc) {
  def_layout_fn(m, name, [op](LayoutArg const& a, TilerArg const& b, bool strict) {
    return unwrap(op(a.get("a"), b.get("b"), convention(strict)));
  }, nb::arg("a"), nb::arg("b"), nb::kw_only(), nb::arg("strict") = false, doc);
}

static void bind_whole_op(nb::module_& m, char const* name, WholeOp op, char const* doc) {
  def_layout_fn(m, name, [op](LayoutArg const& a, LayoutArg const& b, bool strict) {
    return unwrap(op(a.get("a"), b.get("b"), convention(strict)));
  }, nb::arg("a"), nb::arg("b"), nb::kw_only(), nb::arg("strict") = false, doc);
}

Result<Layout> compose_tiler(Layout const& a, Tiler const& b) {
  if (b.is_layout() && !b.integer) return composition(a, divisor_layout(b));
  return composition(a, b);
}

void bind_algebra(nb::module_& m) {
  def_layout_fn(m, "size", [](LayoutArg const& l) { return l.get("layout").size(); }, nb::arg("layout"));
  def_layout_fn(m, "cosize", [](LayoutArg const& l) { return cosize(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "rank", [](LayoutArg const& l) { Layout const& x = l.get("layout"); return x.shape().is_leaf() ? std::size_t{1} : x.rank(); },
        nb::arg("layout"));
  def_layout_fn(m, "depth", [](LayoutArg const& l) { return depth(l.get("layout")); }, nb::arg("layout"));

  def_layout_fn(m, "coalesce", [](LayoutArg const& l, std::optional<IntTupleIn> profile) {
    Layout const& x = l.get("layout");
    if (!profile) return coalesce(x);
    return unwrap(coalesce(x, profile->get("profile")));
  }, nb::arg("layout"), nb::arg("profile").none() = nb::none(),
  "Def. 2.3.3.1 / CuTe coalesce; with a profile, mode by mode as CuTe coalesce(layout, profile).");
  def_layout_fn(m, "filter", [](LayoutArg const& l) { return filter(l.get("layout")); }, nb::arg("layout"),
        "CuTe filter: coalesce after dropping stride-0 and size-1 modes.");
  def_layout_fn(m, "composition", [](LayoutArg const& a, TilerArg const& b) {
    if (b.ptr) return unwrap(composition(a.get("a"), *b.ptr));
    return unwrap(compose_tiler(a.get("a"), b.get("b")));
  }, nb::arg("a"), nb::arg("b"), "A o B (Def. 2.3.4.1, CuTe composition); B a layout or a tiler.");
  def_layout_fn(m, "complement", [](LayoutArg const& a, std::optional<IntTupleIn> cotarget, bool strict) {
    Layout const& x = a.get("a");
    if (!cotarget) return unwrap(complement(x, convention(strict)));
    return unwrap(complement(x, cotarget->get("cotarget"), convention(strict)));
  }, nb::arg("a"), nb::arg("cotarget").none() = nb::none(), nb::kw_only(), nb::arg("strict") = false,
  "CuTe complement(A, N) (Def. 2.3.5.1; CuTe's floor fold outside the fragment of Prop. 2.1.6.21); "
  "without N, cosize(A).");
  def_layout_fn(m, "complementability", [](LayoutArg const& a, Int n) {
    auto c = complementability(a.get("a"), n);
    nb::dict d;
    d["complementable"] = c.complementable;
    d["n_complementable"] = c.n_complementable;
    d["why"] = c.why;
    return d;
  }, nb::arg("a"), nb::arg("n"),
  "Where A stands: complementable (Prop. 2.1.6.21), N-complementable (Def. 2.1.6.24), and why not.");

  bind_tiler_op(m, "logical_divide", &logical_divide, "A (/) B = A o (B, comp(B, size(A))) (Def. 2.3.6.5).");
  bind_tiler_op(m, "zipped_divide", &zipped_divide, "((tiles), (rests...)).");
  bind_tiler_op(m, "tiled_divide", &tiled_divide, "((tiles), rest0, rest1, ...).");
  bind_tiler_op(m, "flat_divide", &flat_divide, "(tile0, tile1, ..., rest0, rest1, ...).");
  bind_tiler_op(m, "logical_product", &logical_product, "A (x) B = (A, comp(A, size(A) cosize(B)) o B) (Def. 2.3.7.1).");
  bind_tiler_op(m, "zipped_product", &zipped_product, "CuTe zipped_product.");
  bind_tiler_op(m, "tiled_product", &tiled_product, "CuTe tiled_product.");
  bind_tiler_op(m, "flat_product", &flat_product, "CuTe flat_product.");
  bind_whole_op(m, "blocked_product", &blocked_product, "CuTe blocked_product.");
  bind_whole_op(m, "raked_product", &raked_product, "CuTe raked_product.");

  def_layout_fn(m, "right_inverse", [](LayoutArg const& l) { return right_inverse(l.get("layout")); }, nb::arg("layout"),
        "CuTe right_inverse: R with L(R(i)) = i on the largest compact prefix.");
  def_layout_fn(m, "left_inverse", [](LayoutArg const& l) { return unwrap(left_inverse(l.get("layout"))); }, nb::arg("layout"),
        "CuTe left_inverse: R with R(L(i)) = i for injective L.");
  def_layout_fn(m, "max_common_layout", [](LayoutArg const& a, LayoutArg const& b) { return unwrap(max_common_layout(a.get("a"), b.get("b"))); },
        nb::arg("a"), nb::arg("b"));
  def_layout_fn(m, "max_common_vector", [](LayoutArg const& a, LayoutArg const& b) { return unwrap(max_common_vector(a.get("a"), b.get("b"))); },
        nb::arg("a"), nb::arg("b"));

  def_layout_fn(m, "make_layout", [](nb::args modes) {
    if (modes.size() == 2 && nb::isinstance<Major>(modes[1]))  // CuTe make_layout(shape, LayoutLeft{} / LayoutRight{})
      return unwrap(make_layout(int_tuple_from_py(modes[0], "shape"), nb::cast<Major>(modes[1])));
    std::vector<Layout> ls;
    std::size_t i = 0;
    for (nb::handle h : modes) ls.push_back(layout_from_py(h, str("mode ", i++)));
    return unwrap(make_layout(ls));
  }, "Nested concatenation (A, B, ...) of layouts; make_layout(shape, LayoutLeft | LayoutRight) is CuTe's compact "
     "column- or row-major layout.");
  def_layout_fn(m, "flatten", [](LayoutArg const& l) { return flatten(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "squeeze", [](LayoutArg const& l) { return squeeze(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "filter_zeros", [](LayoutArg const& l) { return filter_zeros(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "sort", [](LayoutArg const& l) { return sort(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "append", [](LayoutArg const& l, std::size_t r) { return append_rank(l.get("layout"), r); }, nb::arg("layout"),
        nb::arg("rank"), "CuTe append<R>: pad with 1:0 modes up to rank R.");
  def_layout_fn(m, "slice", [](nb::handle coord, LayoutArg const& l) { return unwrap(slice(slice_coord_from_py(coord), l.get("layout"))); },
        nb::arg("coord"), nb::arg("layout"), "CuTe slice(coord, layout): None or ':' marks the modes kept.");
  def_layout_fn(m, "slice_and_offset", [](nb::handle coord, LayoutArg const& l) {
    auto r = unwrap(slice_and_offset(slice_coord_from_py(coord), l.get("layout")));
    return nb::make_tuple(r.layout, r.offset);
  }, nb::arg("coord"), nb::arg("layout"),
  nb::sig("def slice_and_offset(coord: int | tuple | None, layout: Layout | str) -> tuple[Layout, int]"));

  def_layout_fn(m, "is_injective", [](LayoutArg const& l) { return is_injective(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "is_compact", [](LayoutArg const& l) { return is_compact(l.get("layout")); }, nb::arg("layout"),
        "§2.1.5: a bijection onto [0, size).");
  def_layout_fn(m, "is_coalesced", [](LayoutArg const& l) { return is_coalesced(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "is_sorted", [](LayoutArg const& l) { return is_sorted(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "is_tractable", [](LayoutArg const& l) { return is_tractable(l.get("layout")); }, nb::arg("layout"));
  def_layout_fn(m, "is_non_degenerate", [](LayoutArg const& l) { return is_non_degenerate(l.get("layout")); }, nb::arg("layout"));
}

}  // namespace catlayout::python
