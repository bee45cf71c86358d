#include "cute_api_ops.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"
#include "random_values.hpp"
#include "catlayout/wire/values_json.hpp"

namespace catlayout::conformance {

using wire::Kind;

// ---------------------------------------------------------------------------------------------
// Random arguments

namespace {

using namespace random_values;

Json lj(Layout const& l) { return catlayout::to_json(l); }
Json tj(IntTuple const& t) { return catlayout::to_json(t); }

// A layout of kernel kinds: compact (column-, row-major, permuted), with gaps, zeros, negatives.
Layout kernel_layout(Rng& g, Int max_leaf = 6) {
  switch (uniform(g, 0, 4)) {
    case 0: return random_compact(g, max_leaf);
    case 1: return *make_layout(random_shape(g, max_leaf, 3), coin(g, 2) ? Major::left : Major::right);
    case 2: {  // negative strides
      Layout l = random_int_layout(g, max_leaf, 12);
      Ints d(l.flat_stride().begin(), l.flat_stride().end());
      for (auto& x : d)
        if (coin(g, 2)) x = -x;
      return *Layout::make(l.shape(), IntTuple::with_profile(l.stride(), d));
    }
    default: return random_int_layout(g, max_leaf, 16);
  }
}

// An order for a shape: a permutation of its top-level modes (sometimes a major, sometimes ties).
Json random_order(Rng& g, IntTuple const& shape) {
  if (coin(g, 5)) return coin(g, 2) ? Json("LayoutLeft") : Json("LayoutRight");
  if (shape.is_leaf()) return Json(uniform(g, 0, 3));
  std::vector<Int> o(shape.rank());
  std::iota(o.begin(), o.end(), 0);
  std::shuffle(o.begin(), o.end(), g);
  if (coin(g, 8) && o.size() > 1) o[1] = o[0];  // a tie: CuTe's answer overlaps
  Json j = Json::array();
  for (Int x : o) j.push_back(x);
  return j;
}

// The GMMA shared-memory atoms (CuTe mma_sm90_gmma.hpp: Layout_K_SW128_Atom and siblings, 16-bit K-major
// and M-major, as element layouts): the blocks tile_to_shape meets in kernels.
ComposedLayout gmma_atom(Rng& g) {
  switch (uniform(g, 0, 5)) {
    case 0: return {Swizzle{3, 3, 3}, 0, *parse_layout("(8,64):(64,1)")};  // K SW128, 16-bit elements
    case 1: return {Swizzle{2, 3, 3}, 0, *parse_layout("(8,32):(32,1)")};  // K SW64
    case 2: return {Swizzle{1, 3, 3}, 0, *parse_layout("(8,16):(16,1)")};  // K SW32
    case 3: return {Swizzle{3, 3, 3}, 0, *parse_layout("(64,8):(1,64)")};  // MN SW128
    case 4: return {Swizzle{2, 3, 3}, 0, *parse_layout("(32,8):(1,32)")};  // MN SW64
    default: return {Swizzle{0, 4, 3}, 0, *parse_layout("(8,8):(8,1)")};   // interleave (no swizzle)
  }
}

Json random_one(std::string const& op, Rng& g) {
  if (op == "make_layout") {
    auto s = random_shape(g, 6, 4);
    if (coin(g, 4)) return Json::array({tj(s)});
    return Json::array({tj(s), coin(g, 2) ? "LayoutLeft" : "LayoutRight"});
  }
  if (op == "make_ordered_layout") {
    auto s = random_shape(g, 6, 4);
    return Json::array({tj(s), random_order(g, s)});
  }
  if (op == "make_layout_like") return Json::array({lj(kernel_layout(g))});
  if (op == "tile_to_shape") {
    bool swizzled = coin(g, 3);
    ComposedLayout block = swizzled ? gmma_atom(g) : ComposedLayout{Swizzle{}, 0, random_compact(g, 4)};
    Int r = std::max<Int>(block.layout.rank(), uniform(g, 1, 3));
    Ints target;
    for (Int i = 0; i < r; ++i) {
      Int have = i < static_cast<Int>(block.layout.rank()) ? block.layout.mode(static_cast<std::size_t>(i)).size() : 1;
      target.push_back(have * uniform(g, 1, 4) + (coin(g, 8) ? 1 : 0));  // now and then not a multiple
    }
    IntTuple shape = target.size() == 1 && coin(g, 2) ? IntTuple(target[0]) : IntTuple::flat(target);
    Json a = Json::array({swizzled ? wire::to_json(wire::Value(block)) : lj(block.layout), tj(shape)});
    if (coin(g, 2)) a.push_back(random_order(g, shape));
    return a;
  }
  if (op == "local_tile" || op == "inner_partition" || op == "outer_partition") {
    Layout l = coin(g, 2) ? *make_layout(random_shape(g, 16, 3), coin(g, 2) ? Major::left : Major::right)
                          : kernel_layout(g, 8);
    Json tiler = Json::array(), coord = Json::array();
    bool project = op == "local_tile" && coin(g, 3);
    bool outer = op == "outer_partition";
    std::size_t r = std::min<std::size_t>(l.rank(), static_cast<std::size_t>(uniform(g, 1, 3))) + (project ? 1 : 0);
    for (std::size_t i = 0; i < r; ++i) {
      Int size = i < l.rank() ? l.mode(i).size() : 4;
      std::vector<Int> divisors;
      for (Int d = 1; d <= size; ++d)
        if (size % d == 0) divisors.push_back(d);
      Int t = coin(g, 10) ? uniform(g, 1, size + 1)
                          : divisors[static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(divisors.size()) - 1))];
      tiler.push_back(t);
      Int range = outer ? t : std::max<Int>(size / t, 1);  // a coordinate inside the tile or among the tiles
      coord.push_back(coin(g, 8) ? Json(nullptr) : Json(uniform(g, 0, range - 1)));
    }
    bool flat_index = !project && coin(g, 8);  // an integer indexes the whole mode colexicographically
    Json a = Json::array({lj(l), Json{{"tiler", tiler}}, flat_index ? Json(uniform(g, 0, 1)) : coord});
    if (project) {
      Json p = Json::array();
      std::size_t dropped = static_cast<std::size_t>(uniform(g, 0, static_cast<Int>(r) - 1));
      for (std::size_t i = 0; i < r; ++i) p.push_back(i == dropped ? Json(nullptr) : Json(1));
      a.push_back(p);
    }
    return a;
  }
  if (op == "local_partition") {
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
    Layout threads = coin(g, 6) ? kernel_layout(g, 4) : *make_layout(shape, coin(g, 2) ? Major::left : Major::right);
    return Json::array({lj(l), lj(threads), uniform(g, 0, std::max<Int>(cosize(threads) - 1, 0))});
  }
  if (op == "upcast" || op == "downcast" || op == "recast_layout") {
    static constexpr Int widths[] = {4, 8, 16, 32, 64};
    Json x;
    if (coin(g, 4)) {
      x = wire::to_json(wire::Value(gmma_atom(g)));
    } else {
      Layout l = coin(g, 2) ? *make_layout(random_shape(g, 8, 3), coin(g, 2) ? Major::left : Major::right)
                            : kernel_layout(g, 8);
      x = lj(l);
    }
    if (op == "recast_layout") return Json::array({x, widths[uniform(g, 0, 4)], widths[uniform(g, 0, 4)]});
    return Json::array({x, Int{1} << uniform(g, 0, 3)});
  }
  if (op == "nullspace") {
    if (coin(g, 5)) return Json::array({wire::to_json(wire::Value(ComposedLayout{random_swizzle(g, 6), 0, random_compact(g, 4)}))});
    Layout l = kernel_layout(g, 5);
    Ints d(l.flat_stride().begin(), l.flat_stride().end());
    for (auto& x : d)
      if (coin(g, 3)) x = 0;  // broadcast modes
    return Json::array({lj(*Layout::make(l.shape(), IntTuple::with_profile(l.stride(), d)))});
  }
  if (op == "coalesce_z") {
    Layout l = kernel_layout(g, 4);
    Ints s(l.flat_shape().begin(), l.flat_shape().end());
    for (auto& x : s)
      if (coin(g, 3)) x = 1;  // size-1 modes, trailing ones included
    return Json::array({lj(*Layout::make(IntTuple::with_profile(l.shape(), s), l.stride()))});
  }
  if (op == "layout_add") {
    Layout a = kernel_layout(g, 6);
    Layout b = coin(g, 2) ? random_compact(g, 6) : kernel_layout(g, 6);
    if (coin(g, 4)) b = *Layout::make(a.shape(), IntTuple::with_profile(a.shape(), Ints(length(a.shape()), 0)));
    if (b.size() != a.size() && !coin(g, 6)) {  // mostly a layout of the same size
      b = *make_layout(IntTuple(a.size()), Major::left);
      if (coin(g, 2)) b = *Layout::make(b.shape(), IntTuple(uniform(g, 0, 5)));
    }
    return Json::array({lj(a), lj(b)});
  }
  if (op == "greatest_common_domain") return Json::array({tj(random_shape(g, 12, 4)), tj(random_shape(g, 12, 4))});
  return Json::array();
}

}  // namespace

std::vector<Json> random_cute_api_args(std::string const& op, Rng& g, int count) {
  std::vector<Json> out;
  auto const* row = wire::find_op(op);
  if (!row || row->family != wire::OpFamily::cute_api) return out;
  for (int i = 0; i < count; ++i) out.push_back(random_one(op, g));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Witnesses

namespace {

Result<void> disagrees(std::string const& op, Json const& args, std::string const& why) {
  return fail(ErrorKind::invalid_input, op, " ", args.dump(), ": ", why);
}

}  // namespace

Result<void> witness_cute_api(std::string const& op, Json const& args, Json const& result) {
  auto small = [](Int n) { return n <= (Int{1} << 16); };
  if (op == "make_layout" || op == "make_ordered_layout" || op == "make_layout_like") {
    auto r = layout_from_json(result, "r");
    if (!r) return disagrees(op, args, "the result is no layout");
    auto want_shape = op == "make_layout_like" ? layout_from_json(args[0], "a")->shape() : *int_tuple_from_json(args[0], "s");
    if (!(r->shape() == want_shape)) return disagrees(op, args, "the shape changed");
    // Distinct orders (and no stride-0 mode for make_layout_like) make a compact layout: a bijection onto [0, size).
    bool distinct = op == "make_layout";
    if (op == "make_ordered_layout" && args[1].is_array()) {
      auto o = flatten_values(*int_tuple_from_json(args[1], "o"));
      std::sort(o.begin(), o.end());
      distinct = std::adjacent_find(o.begin(), o.end()) == o.end();
    }
    if (!distinct || !small(r->size())) return {};
    auto t = tabulate(*r);
    std::sort(t.begin(), t.end());
    for (Int i = 0; i < r->size(); ++i)
      if (t[static_cast<std::size_t>(i)] != i) return disagrees(op, args, "not a bijection onto [0, size)");
    if (op == "make_layout" && args.size() == 2 && args[1] == "LayoutRight") {  // the last flat mode is contiguous
      auto s = r->flat_shape(), d = r->flat_stride();
      for (std::size_t k = s.size(); k-- > 0;)
        if (s[k] > 1) {
          if (d[k] != 1) return disagrees(op, args, "row-major, yet the last mode's stride is not 1");
          break;
        }
    }
    return {};
  }
  if (op == "layout_add" && result.is_object() && wire::kind_of(result) == Kind::layout) {
    auto a = layout_from_json(args[0], "a"), b = layout_from_json(args[1], "b"), r = layout_from_json(result, "r");
    if (!a || !b || !r || !small(r->size())) return {};
    for (Int i = 0; i < r->size(); ++i)
      if ((*r)(i) != (*a)(i) + (*b)(i)) return disagrees(op, args, str("R(", i, ") != A(", i, ") + B(", i, ")"));
    return {};
  }
  if (op == "coalesce_z" && wire::kind_of(result) == Kind::layout) {
    auto a = layout_from_json(args[0], "a"), r = layout_from_json(result, "r");
    if (!a || !r || args.size() > 1 || !small(a->size())) return {};
    if (depth(*r) > 1 || r->size() != a->size()) return disagrees(op, args, "depth or size");
    for (Int i = 0; i < a->size() + 10; ++i) {
      auto x = a->extended(i), y = r->extended(i);
      if (!x || !y || *x != *y) return disagrees(op, args, str("the extended functions differ at ", i));
    }
    return {};
  }
  if (op == "nullspace" && wire::kind_of(args[0]) == Kind::layout) {
    auto a = layout_from_json(args[0], "a"), r = layout_from_json(result, "r");
    if (!a || !r || !small(a->size())) return {};
    std::vector<Int> kernel;
    for (Int i = 0; i < a->size(); ++i)
      if ((*a)(i) == 0) kernel.push_back(i);
    auto t = tabulate(*r);
    if (t != kernel) return disagrees(op, args, "the result does not enumerate the kernel in order");
    return {};
  }
  if (op == "greatest_common_domain") {
    auto r = layout_from_json(result, "r");
    auto a = wire::shape_from_json(args[0], "a"), b = wire::shape_from_json(args[1], "b");
    if (!r || !a || !b) return disagrees(op, args, "unreadable");
    Int sa = *product(*a), sb = *product(*b);
    if (depth(*r) != 1 || sa % r->size() || sb % r->size()) return disagrees(op, args, "size or depth");
    auto ca = composition(*make_layout(*a, Major::left), *r), cb = composition(*make_layout(*b, Major::left), *r);
    if (!ca || !cb) return disagrees(op, args, "not admissible in both shapes");
    auto rev = greatest_common_domain(*b, *a);
    if (!rev || !(*rev == *r)) return disagrees(op, args, "not symmetric");
    return {};
  }
  if (op == "local_tile" || op == "inner_partition" || op == "outer_partition" || op == "local_partition") {
    // The sub-layout plus its offset stays inside the layout's image (every element a value of L),
    // where the tiles divide the modes (a tile past a mode's end reads L's extension, as CuTe does).
    auto a = layout_from_json(args[0], "a");
    auto r = layout_from_json(result["layout"], "r");
    if (!a || !r || !small(a->size()) || !small(r->size()) || args.size() > 3) return {};
    if (op == "local_partition") {
      auto t = layout_from_json(args[1], "t");
      if (!t || t->rank() > a->rank()) return {};
      for (std::size_t i = 0; i < t->rank(); ++i)
        if (a->mode(i).size() % t->mode(i).size() != 0) return {};
    } else {
      auto t = tiler_from_json(args[1], "t");
      if (!t || t->is_layout() || t->modes.size() > a->rank()) return {};
      for (std::size_t i = 0; i < t->modes.size(); ++i)
        if (!t->modes[i].integer || a->mode(i).size() % t->modes[i].layout->size() != 0) return {};
    }
    auto ta = tabulate(*a);
    std::set<Int> image(ta.begin(), ta.end());
    Int off = result["offset"].get<Int>();
    for (Int i = 0; i < r->size(); ++i)
      if (!image.count((*r)(i) + off)) return disagrees(op, args, str("element ", i, " lies outside L's image"));
    return {};
  }
  return {};
}

}  // namespace catlayout::conformance

// ---------------------------------------------------------------------------------------------
// Operands of other kinds: F2 layouts

namespace catlayout::conformance {
namespace {

using namespace random_values;

// A random F2 layout: mostly power-of-two modes (F2-linear maps), now and then 3 or 6 (clmul still
// defined, no merge across them); strides random bit patterns, some F0.
F2Layout random_f2(Rng& g, Int max_stride = 1 << 10) {
  static constexpr Int sizes[] = {1, 2, 2, 4, 4, 8, 3, 6};
  std::vector<IntTuple> modes;
  Ints d;
  for (Int i = 0, n = uniform(g, 1, 4); i < n; ++i) {
    modes.push_back(IntTuple(sizes[uniform(g, 0, coin(g, 4) ? 7 : 5)]));
    d.push_back(coin(g, 6) ? 0 : uniform(g, 1, max_stride));
  }
  IntTuple s = modes.size() == 1 && coin(g, 2) ? modes[0] : nest(g, modes);
  return *F2Layout::make(s, IntTuple::with_profile(s, d));
}

// Carry-less product and an F2 layout's value from its JSON, written here again on purpose: the
// witness does not use the engine's evaluator.
std::optional<Int> f2_value(Json const& layout, Int i) {
  std::vector<Int> s, d;
  std::function<void(Json const&, Json const&)> leaves = [&](Json const& a, Json const& b) {
    if (a.is_array()) {
      for (std::size_t k = 0; k < a.size(); ++k) leaves(a[k], b[k]);
      return;
    }
    s.push_back(a.get<Int>());
    d.push_back(b.is_object() ? b["f2"].get<Int>() : b.get<Int>());
  };
  leaves(layout["shape"], layout["stride"]);
  std::uint64_t r = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    Int c = k + 1 == s.size() ? i : i % s[k];
    i = k + 1 == s.size() ? 0 : i / s[k];
    for (int bit = 0; c >> bit; ++bit)
      if ((c >> bit) & 1) {
        if (bit >= 62 || (static_cast<std::uint64_t>(d[k]) >> (62 - bit)) != 0) return std::nullopt;
        r ^= static_cast<std::uint64_t>(d[k]) << bit;
      }
  }
  return static_cast<Int>(r);
}

Int size_of(Json const& layout) {
  Int n = 1;
  std::function<void(Json const&)> walk = [&](Json const& a) {
    if (a.is_array()) {
      for (auto const& x : a) walk(x);
    } else {
      n *= a.get<Int>();
    }
  };
  walk(layout["shape"]);
  return n;
}

}  // namespace

Result<std::vector<Json>> random_kind_args(std::string const& kind, std::string const& op, Rng& g, int count) {
  static std::set<std::string> const f2_ops = {"evaluate", "coalesce", "coalesce_z", "composition", "layout_add",
                                               "nullspace"};
  if (kind != "f2" || !f2_ops.count(op))
    return fail(ErrorKind::invalid_input, "no random operands of kind '", kind, "' for ", op,
                " (f2 with evaluate, coalesce, coalesce_z, composition, layout_add, nullspace)");
  std::vector<Json> out;
  for (int n = 0; n < count; ++n) {
    F2Layout a = random_f2(g);
    if (op == "coalesce_z") {  // size-1 modes, trailing ones included
      Ints s(a.shape().values().begin(), a.shape().values().end());
      for (auto& x : s)
        if (coin(g, 3)) x = 1;
      a = *F2Layout::make(IntTuple::with_profile(a.shape(), s), a.stride());
    }
    if (op == "nullspace" && coin(g, 2)) {  // equal strides cancel: A(i) == 0 off the stride-0 modes too
      Ints d(a.stride().values().begin(), a.stride().values().end());
      if (d.size() > 1) d.back() = d.front();
      a = *F2Layout::make(a.shape(), IntTuple::with_profile(a.stride(), d));
    }
    Json args = Json::array({wire::to_json(a)});
    if (op == "composition") {  // B walks A in power-of-two steps mostly, else in steps of 3
      Int size = a.size();
      Int step = coin(g, 4) ? 3 : Int{1} << uniform(g, 0, 2);
      Int m = std::max<Int>(1, size / step);
      Layout b = coin(g, 2) ? *Layout::make(IntTuple(m), IntTuple(step))
                            : *Layout::make(tup(std::max<Int>(1, m / 2), 2), tup(step, std::max<Int>(1, m / 2) * step));
      args.push_back(catlayout::to_json(b));
    }
    if (op == "layout_add") {  // the same size: the same shape with other strides, or one flat mode
      Ints d;
      for (std::size_t k = 0; k < a.stride().values().size(); ++k) d.push_back(uniform(g, 0, 1 << 10));
      F2Layout b = coin(g, 2) ? *F2Layout::make(a.shape(), IntTuple::with_profile(a.stride(), d))
                              : *F2Layout::make(IntTuple(a.size()), IntTuple(uniform(g, 0, 64)));
      args.push_back(wire::to_json(b));
    }
    out.push_back(std::move(args));
  }
  return out;
}

std::optional<Result<void>> witness_other_kinds(std::string const& op, Json const& args, Json const& result) {
  if (!args.is_array() || args.empty() || wire::kind_of(args[0]) != Kind::f2) return std::nullopt;
  auto bad = [&](std::string const& why) -> Result<void> { return disagrees(op, args, why); };
  Json const& a = args[0];
  Int n = size_of(a);
  if (n > (Int{1} << 16)) return Result<void>{};
  auto fa = [&](Int i) { return f2_value(a, i); };
  if (op == "evaluate") {
    for (Int i = 0; i < n; ++i)
      if (fa(i) != result[static_cast<std::size_t>(i)].get<Int>()) return bad(str("value at ", i));
    return Result<void>{};
  }
  if (op == "coalesce" || op == "coalesce_z") {
    for (Int i = 0; i < n; ++i)
      if (fa(i) != f2_value(result, i)) return bad(str("the function changed at ", i));
    return Result<void>{};
  }
  if (op == "layout_add") {
    for (Int i = 0; i < n; ++i) {
      auto x = fa(i), y = f2_value(args[1], i), z = f2_value(result, i);
      if (!x || !y || !z || (*x ^ *y) != *z) return bad(str("R(", i, ") is not A(i) ^ B(i)"));
    }
    return Result<void>{};
  }
  if (op == "nullspace") {
    auto r = layout_from_json(result, "r");
    if (!r) return bad("the result is no layout");
    std::vector<Int> kernel;
    for (Int i = 0; i < n; ++i)
      if (fa(i) == 0) kernel.push_back(i);
    if (tabulate(*r) != kernel) return bad("the result does not enumerate the kernel in order");
    return Result<void>{};
  }
  if (op == "composition") {
    auto b = layout_from_json(args[1], "b");
    if (!b) return bad("B is no layout");
    for (Int i = 0; i < b->size(); ++i)
      if (f2_value(result, i) != fa((*b)(i))) return bad(str("R(", i, ") is not A(B(", i, "))"));
    return Result<void>{};
  }
  return Result<void>{};
}

}  // namespace catlayout::conformance
