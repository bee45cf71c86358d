// Seeded arguments of the schema's operations (args.hpp), one function per op. Each draws in a fixed order:
// the committed vectors were drawn with them, so a change here changes `catlayout export`.
#include "catlayout/generators/args.hpp"

#include <functional>
#include <map>
#include <numeric>
#include <string_view>

namespace catlayout::generators {
namespace {

// A tiler for A: by mode (1 in 3, integers or tractable layouts), else one layout.
Arg tiler_for(Rng& g, Layout const& a) {
  if (uniform(g, 0, 2) == 0 && a.rank() >= 1 && !a.shape().is_leaf()) {
    std::vector<Tiler> modes;
    for (std::size_t i = 0, n = uniform(g, 1, a.rank()); i < n; ++i)
      modes.push_back(uniform(g, 0, 1) ? Tiler::of_integer(uniform(g, 1, 4)) : Tiler::of(random_tractable(g)));
    return Tiler::by_mode(std::move(modes));
  }
  return uniform(g, 0, 1) ? random_tractable(g) : random_layout(g, 4, 8);
}

// A power-of-two layout, swizzled half the time; with allow_fail, 1 in 8 one that to_linear refuses.
Arg random_pow2_arg(Rng& g, bool allow_fail) {
  if (allow_fail && coin(g, 8)) {  // colliding bits or a shape that is not a power of two
    Layout l = coin(g, 2) ? *Layout::make(tup(4, 2), tup(3, 16)) : *Layout::make(tup(6, 4), tup(1, 8));
    return l;
  }
  int n = static_cast<int>(uniform(g, 0, 7));
  int extra = static_cast<int>(uniform(g, 0, 3));
  Layout l = random_pow2_layout(g, n, extra);
  if (coin(g, 2)) return ComposedLayout{random_swizzle(g, n + extra), 0, l};
  return l;
}

// An order for a shape: a permutation of its top-level modes (sometimes a major, sometimes ties).
Arg random_order(Rng& g, IntTuple const& shape) {
  if (coin(g, 5)) return coin(g, 2) ? Major::left : Major::right;
  if (shape.is_leaf()) return IntTuple(uniform(g, 0, 3));
  std::vector<Int> o(shape.rank());
  std::iota(o.begin(), o.end(), 0);
  std::shuffle(o.begin(), o.end(), g);
  if (coin(g, 8) && o.size() > 1) o[1] = o[0];  // a tie: CuTe's answer overlaps
  std::vector<IntTuple> t(o.begin(), o.end());
  return IntTuple(std::move(t));
}

}  // namespace

// ---- the layout operations of core ----

namespace {

// A and a tiler for A: composition and the divides draw A nested compact or any; the products
// (but blocked and raked) nested compact up to 4 or tractable.
Args layout_and_tiler(Rng& g, bool product) {
  auto a = product ? (uniform(g, 0, 1) ? random_nested_compact(g, 4) : random_tractable(g))
                   : (uniform(g, 0, 1) ? random_nested_compact(g) : random_layout(g));
  return {a, tiler_for(g, a)};
}

// blocked_product and raked_product: a nested compact block and a nested compact or tractable layout.
Args block_and_layout(Rng& g) {
  return {random_nested_compact(g, 4), uniform(g, 0, 1) ? random_nested_compact(g, 4) : random_tractable(g)};
}

// right_inverse and left_inverse: one nested compact or tractable layout.
Args inverse_operand(Rng& g) { return {uniform(g, 0, 1) ? random_nested_compact(g) : random_tractable(g)}; }

}  // namespace

Args evaluate_args(Rng& g) { return {random_layout(g)}; }

Args coalesce_args(Rng& g) {
  auto a = random_layout(g);
  if (uniform(g, 0, 1)) return {a};
  std::vector<IntTuple> p;  // a profile: some modes' own, the others 1
  for (std::size_t i = 0, n = uniform(g, 1, a.rank()); i < n; ++i)
    p.push_back(uniform(g, 0, 1) ? profile(a.shape().mode(i)) : IntTuple(1));
  return {a, IntTuple(std::move(p))};
}

Args composition_args(Rng& g) { return layout_and_tiler(g, false); }

Args complement_args(Rng& g) {
  auto a = uniform(g, 0, 3) ? random_tractable(g) : random_layout(g, 4, 12);
  if (uniform(g, 0, 2) == 0) return {a};
  return {a, cosize(a) * uniform(g, 1, 3) + uniform(g, 0, 2)};
}

Args logical_divide_args(Rng& g) { return layout_and_tiler(g, false); }
Args zipped_divide_args(Rng& g) { return layout_and_tiler(g, false); }
Args tiled_divide_args(Rng& g) { return layout_and_tiler(g, false); }
Args flat_divide_args(Rng& g) { return layout_and_tiler(g, false); }
Args logical_product_args(Rng& g) { return layout_and_tiler(g, true); }
Args zipped_product_args(Rng& g) { return layout_and_tiler(g, true); }
Args tiled_product_args(Rng& g) { return layout_and_tiler(g, true); }
Args flat_product_args(Rng& g) { return layout_and_tiler(g, true); }
Args blocked_product_args(Rng& g) { return block_and_layout(g); }
Args raked_product_args(Rng& g) { return block_and_layout(g); }
Args right_inverse_args(Rng& g) { return inverse_operand(g); }
Args left_inverse_args(Rng& g) { return inverse_operand(g); }

Args layout_to_nest_args(Rng& g) { return {uniform(g, 0, 3) ? random_tractable(g) : random_layout(g, 4, 12)}; }

Args mutual_refinement_args(Rng& g) {
  int leaves = 0;
  auto t = random_nested_shape(g, 2, 8, leaves);
  if (uniform(g, 0, 1)) return {t, random_nested_shape(g, 2, 8, leaves)};
  // A refinement-friendly partner: split each entry of a flattening.
  std::vector<IntTuple> parts;
  for (Int v : flatten_values(t)) {
    Int d = 1;
    for (Int k = 2; k <= v; ++k)
      if (v % k == 0 && uniform(g, 0, 1)) {
        d = k;
        break;
      }
    parts.push_back(d == 1 || d == v ? IntTuple(v) : tup(d, v / d));
  }
  return {t, IntTuple(parts)};
}

// ---- coordinate, swizzled and F2-linear layouts ----

Args coord_identity_args(Rng& g) { return {random_shape(g, 5, 3)}; }

Args coord_evaluate_args(Rng& g) {
  return {coin(g, 2) ? make_identity_layout(random_shape(g, 5, 3)) : random_coord(g, 4)};
}

Args coord_coalesce_args(Rng& g) {
  auto s = random_shape(g, 4, 3);
  return {coin(g, 2) ? make_identity_layout(s) : random_coord(g, 4)};
}

Args coord_composition_args(Rng& g) {
  switch (uniform(g, 0, 3)) {
    case 0: {  // A o identity(shape(A)) = A
      Layout a = random_int_layout(g, 5, 12);
      return {a, make_identity_layout(a.shape())};
    }
    case 1: {  // identity(S) o B: B's index read as a coordinate of S
      Layout b = random_compact(g, 4);
      IntTuple s = coin(g, 2) ? b.shape() : random_shape(g, 4, 3);
      return {make_identity_layout(s), b};
    }
    case 2: {  // B's bases address A's top modes
      Layout a = random_int_layout(g, 4, 10);
      std::vector<std::vector<int>> modes;
      for (std::size_t k = 0; k < a.rank(); ++k) modes.push_back({static_cast<int>(k)});
      return {a, random_coord(g, 3, modes)};
    }
    default:
      return {random_coord(g, 4), random_int_layout(g, 4, 6)};
  }
}

Args swizzle_evaluate_args(Rng& g) {
  int n = static_cast<int>(uniform(g, 2, 10));
  Swizzle sw = random_swizzle(g, n);
  if (coin(g, 2)) {
    Args a = {sw};
    for (int i = 0; i < 8; ++i) a.push_back(uniform(g, 0, (Int{1} << n) - 1));
    return a;
  }
  return {ComposedLayout{sw, coin(g, 3) ? uniform(g, 0, 64) : 0, random_compact(g, 5)}};
}

Args swizzle_composition_args(Rng& g) {
  Layout a = random_compact(g, 6);
  Layout b = coin(g, 2) ? random_compact(g, 4) : random_int_layout(g, 4, 8);
  return {ComposedLayout{random_swizzle(g, 8), 0, a}, b};
}

Args linear_from_layout_args(Rng& g) { return {random_pow2_arg(g, true)}; }

Args linear_to_layout_args(Rng& g) {
  if (coin(g, 6)) return {random_linear(g, 4, 6)};
  Arg p = random_pow2_arg(g, false);  // a layout reads as a composed layout with the identity swizzle
  auto const* c = std::get_if<ComposedLayout>(&p);
  return {*to_linear(c ? *c : ComposedLayout{Swizzle{}, 0, std::get<Layout>(p)})};
}

Args linear_compose_args(Rng& g) {
  int n = static_cast<int>(uniform(g, 1, 7));
  LinearLayout f = coin(g, 6) ? random_linear(g, n, n + 1) : random_bijection(g, n);
  LinearLayout h = coin(g, 2) ? random_bijection(g, n) : *to_linear(random_pow2_layout(g, n, 2));
  return {f, h};
}

Args linear_inverse_args(Rng& g) {
  int n = static_cast<int>(uniform(g, 1, 7));
  return {coin(g, 5) ? random_linear(g, n, n) : random_bijection(g, n)};
}

// ---- CuTe's layout API ----

namespace {

// The partitioners' tile coordinate: local_tile's among the tiles (with a projection 1 in 3),
// inner_partition's among the tiles, outer_partition's inside a tile.
enum class Partition { local_tile, inner, outer };

Args partition_args(Rng& g, Partition kind) {
  Layout l = coin(g, 2) ? *make_layout(random_shape(g, 16, 3), coin(g, 2) ? Major::left : Major::right)
                        : random_kernel_layout(g, 8);
  std::vector<Tiler> tiler;
  std::vector<SliceCoord> coord;
  bool project = kind == Partition::local_tile && coin(g, 3);
  bool outer = kind == Partition::outer;
  std::size_t r = std::min<std::size_t>(l.rank(), static_cast<std::size_t>(uniform(g, 1, 3))) + (project ? 1 : 0);
  for (std::size_t i = 0; i < r; ++i) {
    Int size = i < l.rank() ? l.mode(i).size() : 4;
    std::vector<Int> divisors;
    for (Int d = 1; d <= size; ++d)
      if (size % d == 0) divisors.push_back(d);
    Int t = coin(g, 10) ? uniform(g, 1, size + 1)
                        : divisors[static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(divisors.size()) - 1))];
    tiler.push_back(Tiler::of_integer(t));
    Int range = outer ? t : std::max<Int>(size / t, 1);  // a coordinate inside the tile or among the tiles
    coord.push_back(coin(g, 8) ? SliceCoord::hole() : SliceCoord::of(uniform(g, 0, range - 1)));
  }
  bool flat_index = !project && coin(g, 8);  // an integer indexes the whole mode colexicographically
  Args a = {l, Tiler::by_mode(std::move(tiler)), flat_index ? Arg(uniform(g, 0, 1)) : Arg(SliceCoord::tuple(coord))};
  if (project) {
    Projection p;
    std::size_t dropped = static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(r) - 1));
    for (std::size_t i = 0; i < r; ++i) p.keep.push_back(i != dropped);
    a.push_back(p);
  }
  return a;
}

// upcast and downcast (a factor 1..8) and recast_layout (an old and a new width): a layout or a GMMA atom.
Args recast_args(Rng& g, bool recast_layout) {
  static constexpr Int widths[] = {4, 8, 16, 32, 64};
  Arg x;
  if (coin(g, 4)) {
    x = random_gmma_atom(g);
  } else {
    Layout l = coin(g, 2) ? *make_layout(random_shape(g, 8, 3), coin(g, 2) ? Major::left : Major::right)
                          : random_kernel_layout(g, 8);
    x = l;
  }
  if (recast_layout) return {x, widths[uniform(g, 0, 4)], widths[uniform(g, 0, 4)]};
  return {x, Int{1} << uniform(g, 0, 3)};
}

}  // namespace

Args make_layout_args(Rng& g) {
  auto s = random_shape(g, 6, 4);
  if (coin(g, 4)) return {s};
  return {s, coin(g, 2) ? Major::left : Major::right};
}

Args make_ordered_layout_args(Rng& g) {
  auto s = random_shape(g, 6, 4);
  return {s, random_order(g, s)};
}

Args make_layout_like_args(Rng& g) { return {random_kernel_layout(g)}; }

Args tile_to_shape_args(Rng& g) {
  bool swizzled = coin(g, 3);
  ComposedLayout block = swizzled ? random_gmma_atom(g) : ComposedLayout{Swizzle{}, 0, random_compact(g, 4)};
  Int r = std::max<Int>(block.layout.rank(), uniform(g, 1, 3));
  Ints target;
  for (Int i = 0; i < r; ++i) {
    Int have = i < static_cast<Int>(block.layout.rank()) ? block.layout.mode(static_cast<std::size_t>(i)).size() : 1;
    target.push_back(have * uniform(g, 1, 4) + (coin(g, 8) ? 1 : 0));  // now and then not a multiple
  }
  IntTuple shape = target.size() == 1 && coin(g, 2) ? IntTuple(target[0]) : IntTuple::flat(target);
  Args a = {swizzled ? Arg(block) : Arg(block.layout), shape};
  if (coin(g, 2)) a.push_back(random_order(g, shape));
  return a;
}

Args local_tile_args(Rng& g) { return partition_args(g, Partition::local_tile); }
Args inner_partition_args(Rng& g) { return partition_args(g, Partition::inner); }
Args outer_partition_args(Rng& g) { return partition_args(g, Partition::outer); }

Args local_partition_args(Rng& g) {
  Layout l = *make_layout(random_shape(g, 16, 2), coin(g, 2) ? Major::left : Major::right);
  std::vector<Int> sizes;  // a thread count per mode of L that divides it, as kernels choose
  for (std::size_t i = 0; i < std::min<std::size_t>(l.rank(), 2); ++i) {
    Int size = l.mode(i).size();
    std::vector<Int> divisors;
    for (Int d = 1; d <= size; ++d)
      if (size % d == 0) divisors.push_back(d);
    sizes.push_back(divisors[static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(divisors.size()) - 1))]);
  }
  IntTuple shape = sizes.size() == 1 ? IntTuple(sizes[0]) : IntTuple::flat(sizes);
  Layout threads = coin(g, 6) ? random_kernel_layout(g, 4) : *make_layout(shape, coin(g, 2) ? Major::left : Major::right);
  return {l, threads, uniform(g, 0, std::max<Int>(cosize(threads) - 1, 0))};
}

Args upcast_args(Rng& g) { return recast_args(g, false); }
Args downcast_args(Rng& g) { return recast_args(g, false); }
Args recast_layout_args(Rng& g) { return recast_args(g, true); }

Args nullspace_args(Rng& g) {
  if (coin(g, 5)) return {ComposedLayout{random_swizzle(g, 6), 0, random_compact(g, 4)}};
  Layout l = random_kernel_layout(g, 5);
  Ints d(l.flat_stride().begin(), l.flat_stride().end());
  for (auto& x : d)
    if (coin(g, 3)) x = 0;  // broadcast modes
  return {*Layout::make(l.shape(), IntTuple::with_profile(l.stride(), d))};
}

Args coalesce_z_args(Rng& g) {
  Layout l = random_kernel_layout(g, 4);
  Ints s(l.flat_shape().begin(), l.flat_shape().end());
  for (auto& x : s)
    if (coin(g, 3)) x = 1;  // size-1 modes, trailing ones included
  return {*Layout::make(IntTuple::with_profile(l.shape(), s), l.stride())};
}

Args layout_add_args(Rng& g) {
  Layout a = random_kernel_layout(g, 6);
  Layout b = coin(g, 2) ? random_compact(g, 6) : random_kernel_layout(g, 6);
  if (coin(g, 4)) b = *Layout::make(a.shape(), IntTuple::with_profile(a.shape(), Ints(length(a.shape()), 0)));
  if (b.size() != a.size() && !coin(g, 6)) {  // mostly a layout of the same size
    b = *make_layout(IntTuple(a.size()), Major::left);
    if (coin(g, 2)) b = *Layout::make(b.shape(), IntTuple(uniform(g, 0, 5)));
  }
  return {a, b};
}

Args greatest_common_domain_args(Rng& g) { return {random_shape(g, 12, 4), random_shape(g, 12, 4)}; }

// ---- F2 layouts as operands ----

Args f2_evaluate_args(Rng& g) { return {random_f2(g)}; }

Args f2_coalesce_args(Rng& g) { return {random_f2(g)}; }

Args f2_coalesce_z_args(Rng& g) {
  F2Layout a = random_f2(g);
  Ints s(a.shape().values().begin(), a.shape().values().end());  // size-1 modes, trailing ones included
  for (auto& x : s)
    if (coin(g, 3)) x = 1;
  a = *F2Layout::make(IntTuple::with_profile(a.shape(), s), a.stride());
  return {a};
}

Args f2_composition_args(Rng& g) {
  F2Layout a = random_f2(g);
  // B walks A in power-of-two steps mostly, else in steps of 3
  Int size = a.size();
  Int step = coin(g, 4) ? 3 : Int{1} << uniform(g, 0, 2);
  Int m = std::max<Int>(1, size / step);
  Layout b = coin(g, 2) ? *Layout::make(IntTuple(m), IntTuple(step))
                        : *Layout::make(tup(std::max<Int>(1, m / 2), 2), tup(step, std::max<Int>(1, m / 2) * step));
  return {a, b};
}

Args f2_layout_add_args(Rng& g) {
  F2Layout a = random_f2(g);
  // the same size: the same shape with other strides, or one flat mode
  Ints d;
  for (std::size_t k = 0; k < a.stride().values().size(); ++k) d.push_back(uniform(g, 0, 1 << 10));
  F2Layout b = coin(g, 2) ? *F2Layout::make(a.shape(), IntTuple::with_profile(a.stride(), d))
                          : *F2Layout::make(IntTuple(a.size()), IntTuple(uniform(g, 0, 64)));
  return {a, b};
}

Args f2_nullspace_args(Rng& g) {
  F2Layout a = random_f2(g);
  if (coin(g, 2)) {  // equal strides cancel: A(i) == 0 off the stride-0 modes too
    Ints d(a.stride().values().begin(), a.stride().values().end());
    if (d.size() > 1) d.back() = d.front();
    a = *F2Layout::make(a.shape(), IntTuple::with_profile(a.stride(), d));
  }
  return {a};
}

// ---- by op name: tables of the functions above ----

namespace {

using ArgsFn = Args (*)(Rng&);
using OpTable = std::map<std::string_view, ArgsFn, std::less<>>;

Args by_name(OpTable const& table, std::string const& op, Rng& g) {
  auto it = table.find(op);
  return it == table.end() ? Args{} : it->second(g);
}

}  // namespace

Args f2_op_args(std::string const& op, Rng& g) {
  static OpTable const table = {
      {"evaluate", f2_evaluate_args},
      {"coalesce", f2_coalesce_args},
      {"coalesce_z", f2_coalesce_z_args},
      {"composition", f2_composition_args},
      {"layout_add", f2_layout_add_args},
      {"nullspace", f2_nullspace_args},
  };
  return by_name(table, op, g);
}

}  // namespace catlayout::generators
