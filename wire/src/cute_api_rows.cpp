// The op table's rows for CuTe's constructors, partitioners and element-size changes and the
// whitepaper's operations (docs/algebra.md): each typed over values, the kinds each takes
// dispatched once onto core's overloads (as CuTe adds an overload beside each kind).
#include <cstdlib>
#include <map>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/generators/seeded.hpp"
#include "op_rows.hpp"
#include "typed.hpp"

namespace catlayout::wire {
namespace {

using namespace typed;

Result<Value> make_layout_op(std::span<Value const> x, Convention) {
  return give(make_layout(int_tuple(x[0]), x.size() == 2 ? std::get<Major>(order(x[1])) : Major::left));
}

Result<Value> make_ordered_layout_op(std::span<Value const> x, Convention) {
  return give(make_ordered_layout(int_tuple(x[0]), order(x[1])));
}

Result<Value> make_layout_like_op(std::span<Value const> x, Convention) { return give(make_layout_like(layout(x[0]))); }

Result<Value> tile_to_shape_op(std::span<Value const> x, Convention c) {
  Order o = x.size() == 3 ? order(x[2]) : Order(Major::left);
  return layout_or_composed(x[0], [&](auto const& block) { return tile_to_shape(block, int_tuple(x[1]), o, c); });
}

// The partitioners: the tile at a coordinate (local_tile with a projection; inner_partition
// without), the elements at a coordinate of every tile, a thread's elements.
template <Result<SliceResult> (*F)(Layout const&, Tiler const&, SliceCoord const&)>
Result<Value> partition_op(std::span<Value const> x, Convention) {
  auto const& c = std::get<SliceCoord>(x[2]);
  if (x.size() == 4) return give(local_tile(layout(x[0]), tiler(x[1]), c, std::get<Projection>(x[3])));
  return give(F(layout(x[0]), tiler(x[1]), c));
}

Result<Value> local_partition_op(std::span<Value const> x, Convention) {
  if (x.size() == 4) return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2]), std::get<Projection>(x[3])));
  return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2])));
}

// upcast, downcast: of an integer-stride or a swizzled layout.
template <bool Up>
Result<Value> element_size_op(std::span<Value const> x, Convention c) {
  return layout_or_composed(x[0], [&](auto const& l) { return Up ? upcast(l, integer(x[1]), c) : downcast(l, integer(x[1]), c); });
}

Result<Value> recast_layout_op(std::span<Value const> x, Convention c) {
  return layout_or_composed(x[0], [&](auto const& l) { return recast_layout(l, integer(x[1]), integer(x[2]), c); });
}

Result<Value> nullspace_op(std::span<Value const> x, Convention c) {
  return std::visit(
      [c](auto const& l) -> Result<Value> {
        if constexpr (requires { nullspace(l, c); }) return give(nullspace(l, c));
        else if constexpr (requires { nullspace(l); }) return give(nullspace(l));  // F2: the kernel is a subspace, one answer
        else return fail(ErrorKind::invalid_input, "nullspace takes a layout at args[0]");
      },
      x[0]);
}

Result<Value> coalesce_z_op(std::span<Value const> x, Convention) {
  if (auto const* f = std::get_if<F2Layout>(&x[0])) {
    if (x.size() == 2) return fail(ErrorKind::invalid_input, "coalesce_z of an F2 layout takes no profile at args");
    return give(coalesce_z(*f));
  }
  auto const* l = std::get_if<Layout>(&x[0]);
  if (!l) return fail(ErrorKind::invalid_input, "coalesce_z takes a layout or an F2 layout at args[0]");
  return x.size() == 1 ? give(coalesce_z(*l)) : give(coalesce_z(*l, int_tuple(x[1])));
}

// An F2 layout, or an integer layout whose strides are all 0 (the zero of every stride kind).
std::optional<F2Layout> f2_of(Value const& x) {
  if (auto const* f = std::get_if<F2Layout>(&x)) return *f;
  if (auto const* l = std::get_if<Layout>(&x)) return zero_as_f2(*l);
  return std::nullopt;
}

Result<Value> layout_add_op(std::span<Value const> x, Convention) {
  if (std::holds_alternative<Layout>(x[0]) && std::holds_alternative<Layout>(x[1]))
    return give(layout_add(layout(x[0]), layout(x[1])));
  auto fa = f2_of(x[0]), fb = f2_of(x[1]);
  if (fa && fb) return give(layout_add(*fa, *fb));
  return fail(ErrorKind::invalid_input, "layout_add adds two integer layouts or two F2 layouts (the integer 0 is ",
              "the zero of both) at args");
}

Result<Value> greatest_common_domain_op(std::span<Value const> x, Convention) {
  return give(greatest_common_domain(int_tuple(x[0]), int_tuple(x[1])));
}

// CuTe coshape: the codomain's extent, an integer for integer strides, a coordinate for basis strides.
Result<Value> coshape_op(std::span<Value const> x, Convention) {
  if (auto const* l = std::get_if<Layout>(&x[0])) return give(coshape(*l));
  if (auto const* c = std::get_if<CoordLayout>(&x[0])) return give(coshape(*c));
  return not_defined("coshape", "this kind of layout");
}

// coshape's definition tabulated apart from coshape(): each codomain entry's largest value over the
// domain, the strides taken absolute, plus one.
Result<void> coshape_witness(std::span<Value const> x, Value const& r) {
  CoordLayout l = coord(x[0]);
  if (l.size() > (Int{1} << 16)) return {};
  auto f = flat_modes(l);
  std::map<std::vector<int>, Int> top;
  for (Int i = 0; i < l.size(); ++i) {
    std::map<std::vector<int>, Int> at;
    for (std::size_t k = 0, rest = static_cast<std::size_t>(i); k < f.shape.size(); rest /= f.shape[k], ++k)
      at[f.stride[k].path] += static_cast<Int>(rest % f.shape[k]) * std::abs(f.stride[k].scale);
    for (auto const& [path, v] : at) top[path] = std::max(top[path], v + 1);
  }
  for (auto const& [path, extent] : top) {
    Value entry = r;  // the result's entry at `path`: an integer for the integer path
    for (int p : path) {
      auto const* t = std::get_if<IntTuple>(&entry);
      if (!t || t->is_leaf() || static_cast<std::size_t>(p) >= t->rank()) return fail(ErrorKind::invalid_input, "coshape has no entry at a codomain mode");
      entry = t->mode(p);
    }
    auto const* t = std::get_if<IntTuple>(&entry);
    Int got = t && t->is_leaf() ? t->value() : std::holds_alternative<Int>(entry) ? std::get<Int>(entry) : -1;
    if (got != extent) return fail(ErrorKind::invalid_input, "coshape entry ", got, " is not the tabulated extent ", extent);
  }
  return {};
}

generators::Args coshape_args(generators::Rng& g) {
  if (generators::coin(g, 2)) return {generators::random_layout(g)};
  return {generators::coin(g, 2) ? generators::random_coord(g, 4) : make_identity_layout(generators::random_shape(g, 5, 3))};
}

// cute/swizzle_layout.hpp get_swizzle_portion / get_nonswizzle_portion: of a plain, swizzled or chained layout.
template <bool Swizzled>
Result<Value> portion_op(std::span<Value const> x, Convention) {
  return std::visit(
      [](auto const& l) -> Result<Value> {
        using L = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<L, Layout> || std::is_same_v<L, ComposedLayout> || std::is_same_v<L, ComposedChain>) {
          if constexpr (Swizzled) return give(get_swizzle_portion(l));
          else return give(get_nonswizzle_portion(l));
        } else {
          return not_defined(Swizzled ? "get_swizzle_portion" : "get_nonswizzle_portion", "this kind of layout");
        }
      },
      x[0]);
}

// The portions are the composed layout's swizzle and layout, and put back with its offset they are its
// function: sw(off + layout(i)) == C(i) (a plain layout: the identity Sw<0,4,3>, and itself).
Result<void> portion_witness(std::span<Value const> x, Value const& r, bool swizzled) {
  ComposedLayout c;
  if (auto const* p = std::get_if<ComposedLayout>(&x[0])) c = *p;
  else if (auto const* l = std::get_if<Layout>(&x[0])) c = ComposedLayout{Swizzle{0, 4, 3}, 0, *l};
  else return {};
  auto const* sw = std::get_if<Swizzle>(&r);
  auto const* l = std::get_if<Layout>(&r);
  if (swizzled ? !(sw && *sw == c.sw) : !(l && *l == c.layout))
    return fail(ErrorKind::invalid_input, "the portion is not the composed layout's ", swizzled ? "swizzle" : "layout");
  for (Int i = 0; i < std::min<Int>(c.size(), Int{1} << 12); ++i) {
    CL_TRY(v, evaluate(c, i));
    CL_TRY(y, c.layout.at(i));
    if (v != c.sw(c.offset + y)) return fail(ErrorKind::invalid_input, "sw o off o layout is not the composed layout at ", i);
  }
  return {};
}

generators::Args portion_args(generators::Rng& g) {
  if (generators::coin(g, 4)) return {generators::random_layout(g)};
  return {generators::random_gmma_atom(g)};
}

constexpr auto no = Strict::none, conv = Strict::paper, reading = Strict::reading;
constexpr bool layout_result = true, kinds = true, later = true;
using T = Takes;

// A row of the conformance suite (ops.hpp's in_suite), or with `later`, catlayout's until the suite adopts it.
OpRow row(std::string_view name, std::size_t min_args, Strict strict, bool returns_layout, bool other_kinds, Typed typed,
          OpDoc doc, bool later = false) {
  OpRow r = typed_row(name, OpFamily::cute_api, min_args, strict, returns_layout, other_kinds, std::move(typed), doc);
  r.in_suite = !later;
  return r;
}

}  // namespace

std::vector<OpRow> cute_api_rows() {
  return {
      row("make_layout", 1, no, layout_result, !kinds, {{T::shape, T::major}, make_layout_op, nullptr, generators::make_layout_args},
          {"make-layout", "make-layout SHAPE [LayoutLeft|LayoutRight]",
           "CuTe make_layout(shape, LayoutLeft{} / LayoutRight{}): compact column- or row-major",
           "catlayout make-layout '(4,(2,3))' LayoutRight"}),
      row("make_ordered_layout", 2, no, layout_result, !kinds, {{T::shape, T::order}, make_ordered_layout_op, nullptr, generators::make_ordered_layout_args},
          {"make-ordered-layout", "make-ordered-layout SHAPE ORDER",
           "CuTe make_ordered_layout: compact, modes with smaller order entries first",
           "catlayout make-ordered-layout '(2,2,2,2)' '(0,2,3,1)'"}),
      row("make_layout_like", 1, no, layout_result, !kinds, {{T::layout}, make_layout_like_op, nullptr, generators::make_layout_like_args},
          {"make-layout-like", "make-layout-like L",
           "CuTe make_layout_like: L's shape, compact strides in the order of L's, stride-0 modes kept",
           "catlayout make-layout-like '(2,3,4,5):(0,42,1,0)'"}),
      row("tile_to_shape", 2, conv, layout_result, kinds, {{T::layout, T::shape, T::order}, tile_to_shape_op, nullptr, generators::tile_to_shape_args},
          {"tile-to-shape", "tile-to-shape BLOCK SHAPE [ORDER]",
           "CuTe tile_to_shape: the block (swizzled or not) repeated to fill the shape",
           "catlayout tile-to-shape 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(128,64)'"}),
      row("local_tile", 3, conv, !layout_result, !kinds,
          {{T::layout, T::tiler, T::coord, T::projection}, partition_op<inner_partition>, nullptr, generators::local_tile_args},
          {"local-tile", "local-tile L TILER COORD [PROJ]", "CuTe local_tile at layout level: the tile at COORD and its offset",
           "catlayout local-tile '(128,64):(1,128)' '<32,16,8>' '(1,2,_)' '(_1,_1,X)'"}),
      row("inner_partition", 3, conv, !layout_result, !kinds, {{T::layout, T::tiler, T::coord}, partition_op<inner_partition>, nullptr, generators::inner_partition_args},
          {"inner-partition", "inner-partition L TILER COORD",
           "CuTe inner_partition: the tile at COORD (zipped_divide, then slice the rest)",
           "catlayout inner-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"}),
      row("outer_partition", 3, conv, !layout_result, !kinds, {{T::layout, T::tiler, T::coord}, partition_op<outer_partition>, nullptr, generators::outer_partition_args},
          {"outer-partition", "outer-partition L TILER COORD",
           "CuTe outer_partition: element COORD of every tile (zipped_divide, then slice the tile)",
           "catlayout outer-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"}),
      row("local_partition", 3, conv, !layout_result, !kinds,
          {{T::layout, T::layout, T::integer, T::projection}, local_partition_op, nullptr, generators::local_partition_args},
          {"local-partition", "local-partition L THREADS INDEX [PROJ]",
           "CuTe local_partition: thread INDEX's elements and their offset",
           "catlayout local-partition '(16,64):(1,16)' '(2,16):(16,1)' 5"}),
      row("upcast", 2, reading, layout_result, kinds, {{T::layout, T::integer}, element_size_op<true>, nullptr, generators::upcast_args},
          {"upcast", "upcast L N",
           "CuTe upcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N times larger",
           "catlayout upcast '(4,4):(4,1)' 4"}),
      row("downcast", 2, reading, layout_result, kinds, {{T::layout, T::integer}, element_size_op<false>, nullptr, generators::downcast_args},
          {"downcast", "downcast L N",
           "CuTe downcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N times "
           "smaller",
           "catlayout downcast '(4,4):(4,1)' 2"}),
      row("recast_layout", 3, reading, layout_result, kinds, {{T::layout, T::integer, T::integer}, recast_layout_op, nullptr, generators::recast_layout_args},
          {"recast-layout", "recast-layout L OLD_BITS NEW_BITS", "CuTe recast_layout<Old,New> by element widths in bits",
           "catlayout recast-layout 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' 16 32"}),
      row("nullspace", 1, reading, layout_result, kinds, {{T::layout}, nullspace_op, nullptr, generators::nullspace_args},
          {"nullspace", "nullspace L", "CuTe nullspace: the stride-0 modes of L; --strict: every index L maps to 0",
           "catlayout nullspace '(2,4,6):(1,2,0)'"}),
      row("coalesce_z", 1, no, layout_result, kinds, {{T::layout, T::int_tuple}, coalesce_z_op, nullptr, generators::coalesce_z_args},
          {"coalesce-z", "coalesce-z L [PROFILE]", "PyCuTe coalesce_z: coalesce keeping the extended function",
           "catlayout coalesce-z '(2,1,6,1):(1,7,8,0)'"}),
      row("layout_add", 2, no, layout_result, kinds, {{T::layout, T::layout}, layout_add_op, nullptr, generators::layout_add_args},
          {"layout-add", "layout-add A B", "PyCuTe layout_add: R(i) = A(i) + B(i) (XOR for F2 strides)",
           "catlayout layout-add '(4,3):(1,4)' '(4,3):(3,1)'"}),
      row("greatest_common_domain", 2, no, layout_result, !kinds, {{T::domain, T::domain}, greatest_common_domain_op, nullptr, generators::greatest_common_domain_args},
          {"greatest-common-domain", "greatest-common-domain SHAPE SHAPE", "PyCuTe greatest_common_domain of two shapes",
           "catlayout greatest-common-domain '(6,35)' '(15,14)'"}),
      row("get_swizzle_portion", 1, no, !layout_result, kinds,
          {{T::layout}, portion_op<true>, [](std::span<Value const> x, Value const& r) { return portion_witness(x, r, true); },
           portion_args},
          {"get-swizzle-portion", "get-swizzle-portion L",
           "CuTe get_swizzle_portion: the swizzle of a swizzled layout (Sw<0,4,3> for a plain layout)",
           "catlayout get-swizzle-portion 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'"},
          later),
      row("get_nonswizzle_portion", 1, no, layout_result, kinds,
          {{T::layout}, portion_op<false>, [](std::span<Value const> x, Value const& r) { return portion_witness(x, r, false); },
           portion_args},
          {"get-nonswizzle-portion", "get-nonswizzle-portion L",
           "CuTe get_nonswizzle_portion: the layout under a swizzled layout's swizzle (a plain layout itself)",
           "catlayout get-nonswizzle-portion 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'"},
          later),
      row("coshape", 1, no, !layout_result, kinds, {{T::layout}, coshape_op, coshape_witness, coshape_args},
          {"coshape", "coshape L", "CuTe coshape: the codomain's extent (absolute strides), a coordinate for basis strides",
           "catlayout coshape '(4,8):(1@0,1@1)'"},
          later),
  };
}

}  // namespace catlayout::wire
