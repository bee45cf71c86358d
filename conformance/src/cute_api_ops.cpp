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
#include "op_args.hpp"
#include "seeded_json.hpp"
#include "catlayout/conformance/wire.hpp"

namespace catlayout::conformance {

// ---------------------------------------------------------------------------------------------
// Ops

namespace {

using detail::arity;
using detail::at;
using wire::Kind;
using Op = std::function<Result<Json>(Json const& args, std::string const& path, Convention c)>;

template <class T>
Result<Json> json_of(Result<T> const& r) {
  if (!r) return std::unexpected(r.error());
  return wire::to_json(wire::Value(*r));
}
Result<Json> json_of(Result<SliceResult> const& r) {
  if (!r) return std::unexpected(r.error());
  return wire::to_json(*r);
}

// A shape argument: an int tuple, or a layout's shape (greatest_common_domain depends on shapes only).
Result<IntTuple> shape_arg(Json const& j, std::string const& path) {
  if (j.is_object() && j.contains("shape")) {
    CL_TRY(v, wire::value_from_json(j, path));
    if (auto const* l = std::get_if<Layout>(&v)) return l->shape();
    if (auto const* f = std::get_if<F2Layout>(&v)) return f->shape();
    if (auto const* c = std::get_if<CoordLayout>(&v)) return c->shape();
  }
  return int_tuple_from_json(j, path);
}

// [X, N...] where X is a layout or a composed layout: f on whichever it is.
template <class F>
Result<Json> layout_or_composed(Json const& x, std::string const& path, F f) {
  CL_TRY(v, wire::value_from_json(x, path));
  if (auto const* l = std::get_if<Layout>(&v)) return json_of(f(*l));
  if (auto const* c = std::get_if<ComposedLayout>(&v)) return json_of(f(*c));
  return fail(ErrorKind::invalid_input, "expected a layout or a composed layout at ", path);
}

std::map<std::string, Op, std::less<>> const& registry() {
  static std::map<std::string, Op, std::less<>> const ops = [] {
    std::map<std::string, Op, std::less<>> m;
    m["make_layout"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 2));
      CL_TRY(s, int_tuple_from_json(args[0], at(path, 0)));
      Major major = Major::left;
      if (args.size() == 2) {
        CL_TRY(mj, wire::major_from_json(args[1], at(path, 1)));
        major = mj;
      }
      return json_of(make_layout(s, major));
    };
    m["make_ordered_layout"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(s, int_tuple_from_json(args[0], at(path, 0)));
      CL_TRY(o, wire::order_from_json(args[1], at(path, 1)));
      return json_of(make_ordered_layout(s, o));
    };
    m["make_layout_like"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(l, layout_from_json(args[0], at(path, 0)));
      return json_of(make_layout_like(l));
    };
    m["tile_to_shape"] = [](Json const& args, std::string const& path, Convention c) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 3));
      CL_TRY(s, int_tuple_from_json(args[1], at(path, 1)));
      Order o = Major::left;
      if (args.size() == 3) {
        CL_TRY(oo, wire::order_from_json(args[2], at(path, 2)));
        o = std::move(oo);
      }
      return layout_or_composed(args[0], at(path, 0), [&](auto const& block) { return tile_to_shape(block, s, o, c); });
    };
    for (char const* name : {"local_tile", "inner_partition", "outer_partition"}) {
      std::string op = name;
      m[op] = [op](Json const& args, std::string const& path, Convention) -> Result<Json> {
        CL_CHECK(arity(args, path, 3, op == "local_tile" ? 4 : 3));
        CL_TRY(l, layout_from_json(args[0], at(path, 0)));
        CL_TRY(t, tiler_from_json(args[1], at(path, 1)));
        CL_TRY(c, wire::slice_coord_from_json(args[2], at(path, 2)));
        if (args.size() == 4) {
          CL_TRY(p, wire::projection_from_json(args[3], at(path, 3)));
          return json_of(local_tile(l, t, c, p));
        }
        if (op == "outer_partition") return json_of(outer_partition(l, t, c));
        return json_of(inner_partition(l, t, c));
      };
    }
    m["local_partition"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 3, 4));
      CL_TRY(l, layout_from_json(args[0], at(path, 0)));
      CL_TRY(tile, layout_from_json(args[1], at(path, 1)));
      CL_TRY(index, int_from_json(args[2], at(path, 2)));
      if (args.size() == 4) {
        CL_TRY(p, wire::projection_from_json(args[3], at(path, 3)));
        return json_of(local_partition(l, tile, index, p));
      }
      return json_of(local_partition(l, tile, index));
    };
    for (char const* name : {"upcast", "downcast"}) {
      bool up = std::string_view(name) == "upcast";
      m[name] = [up](Json const& args, std::string const& path, Convention) -> Result<Json> {
        CL_CHECK(arity(args, path, 2, 2));
        CL_TRY(n, int_from_json(args[1], at(path, 1)));
        return layout_or_composed(args[0], at(path, 0),
                                  [&](auto const& x) { return up ? upcast(x, n) : downcast(x, n); });
      };
    }
    m["recast_layout"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 3, 3));
      CL_TRY(from, int_from_json(args[1], at(path, 1)));
      CL_TRY(to, int_from_json(args[2], at(path, 2)));
      return layout_or_composed(args[0], at(path, 0), [&](auto const& x) { return recast_layout(x, from, to); });
    };
    m["nullspace"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(v, wire::value_from_json(args[0], at(path, 0)));
      return std::visit(
          [&](auto const& x) -> Result<Json> {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Swizzle> || std::is_same_v<T, Tiler>)
              return fail(ErrorKind::invalid_input, "nullspace takes a layout at ", at(path, 0));
            else
              return json_of(nullspace(x));
          },
          v);
    };
    m["coalesce_z"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 2));
      CL_TRY(v, wire::value_from_json(args[0], at(path, 0)));
      if (auto const* f = std::get_if<F2Layout>(&v)) {
        if (args.size() == 2) return fail(ErrorKind::invalid_input, "coalesce_z of an F2 layout takes no profile at ", path);
        return wire::to_json(coalesce_z(*f));
      }
      auto const* l = std::get_if<Layout>(&v);
      if (!l) return fail(ErrorKind::invalid_input, "coalesce_z takes a layout or an F2 layout at ", at(path, 0));
      if (args.size() == 1) return catlayout::to_json(coalesce_z(*l));
      CL_TRY(p, int_tuple_from_json(args[1], at(path, 1)));
      return json_of(coalesce_z(*l, p));
    };
    m["layout_add"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(a, wire::value_from_json(args[0], at(path, 0)));
      CL_TRY(b, wire::value_from_json(args[1], at(path, 1)));
      auto const *la = std::get_if<Layout>(&a), *lb = std::get_if<Layout>(&b);
      if (la && lb) return json_of(layout_add(*la, *lb));
      // F2 and the integer zero (the zero of every stride kind) mix.
      auto f2_of = [](wire::Value const& v) -> std::optional<F2Layout> {
        if (auto const* f = std::get_if<F2Layout>(&v)) return *f;
        if (auto const* l = std::get_if<Layout>(&v)) {
          for (Int d : l->flat_stride())
            if (d != 0) return std::nullopt;
          return *F2Layout::make(l->shape(), l->stride());
        }
        return std::nullopt;
      };
      auto fa = f2_of(a), fb = f2_of(b);
      if (fa && fb) return json_of(layout_add(*fa, *fb));
      return fail(ErrorKind::invalid_input, "layout_add adds two integer layouts or two F2 layouts (the integer 0 is ",
                  "the zero of both) at ", path);
    };
    m["greatest_common_domain"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(a, shape_arg(args[0], at(path, 0)));
      CL_TRY(b, shape_arg(args[1], at(path, 1)));
      return json_of(greatest_common_domain(a, b));
    };
    return m;
  }();
  return ops;
}

// The integer-stride plain kinds: what the older ops' own paths read.
bool plain(Json const& j) {
  auto k = wire::kind_of(j);
  return k == Kind::layout || k == Kind::tiler || k == Kind::other;
}

}  // namespace

std::vector<std::string> const& cute_api_ops() {
  static std::vector<std::string> const names = [] {
    std::vector<std::string> v;
    for (auto const& [k, _] : registry()) v.push_back(k);
    return v;
  }();
  return names;
}

Result<Json> run_cute_api_op(std::string_view op, Json const& args, std::string const& path, Convention c) {
  auto it = registry().find(op);
  if (it == registry().end()) return fail(ErrorKind::invalid_input, "unknown op '", op, "'");
  return it->second(args, path, c);
}

std::optional<Result<Json>> run_other_kinds(std::string_view op, Json const& args, std::string const& path) {
  if (!args.is_array() || std::all_of(args.begin(), args.end(), plain)) return std::nullopt;
  auto value = [&](std::size_t i) { return wire::value_from_json(args[i], at(path, i)); };
  auto unsupported = [&](std::string const& what) -> Result<Json> {
    return fail(ErrorKind::invalid_input, op, " is not defined for ", what, " (docs/algebra.md) at ", path);
  };
  if (op == "evaluate" || op == "coalesce" || op == "right_inverse" || op == "left_inverse") {
    if (auto r = arity(args, path, 1, op == "coalesce" ? 2 : 1); !r) return std::unexpected(r.error());
    if (args.size() == 2) return unsupported("a profile with this kind of layout");
    auto v = value(0);
    if (!v) return std::unexpected(v.error());
    if (auto const* f = std::get_if<F2Layout>(&*v)) {
      if (op == "coalesce") return wire::to_json(coalesce(*f));
      if (op == "evaluate") {
        if (f->size() > (Int{1} << 24)) return fail(ErrorKind::invalid_input, "evaluate: size ", f->size(), " is too large");
        Json out = Json::array();
        for (Int i = 0; i < f->size(); ++i) out.push_back((*f)(i));
        return out;
      }
      return unsupported("F2 layouts");
    }
    if (auto const* c = std::get_if<ComposedLayout>(&*v)) {
      if (op == "right_inverse") return json_of(right_inverse(*c));
      if (op == "left_inverse") return json_of(left_inverse(*c));
      if (op == "coalesce")  // CuTe coalesce(ComposedLayout) = sw o off o coalesce(L)
        return wire::to_json(wire::Value(ComposedLayout{c->sw, c->offset, coalesce(c->layout)}));
      return run_op("swizzle.evaluate", args, path);
    }
    if (std::holds_alternative<CoordLayout>(*v)) {
      if (op == "evaluate" || op == "coalesce") return run_op("coord." + std::string(op), args, path);
      return unsupported("coordinate layouts");
    }
    return unsupported("this kind of value");
  }
  if (op == "composition") {
    if (auto r = arity(args, path, 2, 2); !r) return std::unexpected(r.error());
    auto a = value(0), b = value(1);
    if (!a) return std::unexpected(a.error());
    if (!b) return std::unexpected(b.error());
    return std::visit(
        [&](auto const& x, auto const& y) -> Result<Json> {
          using A = std::decay_t<decltype(x)>;
          using B = std::decay_t<decltype(y)>;
          if constexpr (std::is_same_v<A, Layout> && (std::is_same_v<B, Swizzle> || std::is_same_v<B, ComposedLayout>))
            return json_of(composition(x, y));
          else if constexpr (std::is_same_v<A, ComposedLayout> && std::is_same_v<B, ComposedLayout>)
            return json_of(composition(x, y));
          else if constexpr (std::is_same_v<A, ComposedLayout> && (std::is_same_v<B, Layout> || std::is_same_v<B, Tiler>))
            return json_of(composition(x, y));
          else if constexpr (std::is_same_v<A, F2Layout> && std::is_same_v<B, Layout>)
            return json_of(composition(x, y));
          else if constexpr ((std::is_same_v<A, CoordLayout> || std::is_same_v<A, Layout>) &&
                             (std::is_same_v<B, CoordLayout> || std::is_same_v<B, Layout>))
            return run_op("coord.composition", args, path);
          else
            return unsupported("these kinds of operands");
        },
        *a, *b);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Random arguments

std::vector<Json> random_cute_api_args(std::string const& op, std::mt19937_64& g, int count) {
  std::vector<Json> out;
  if (!registry().count(op)) return out;
  for (int i = 0; i < count; ++i)
    out.push_back(args_json(proofs::seeded::cute_api_op_args(op, g), ComposedForm::layout_when_plain));
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
    auto a = shape_arg(args[0], "a"), b = shape_arg(args[1], "b");
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

Result<std::vector<Json>> random_kind_args(std::string const& kind, std::string const& op, std::mt19937_64& g,
                                          int count) {
  static std::set<std::string> const f2_ops = {"evaluate", "coalesce", "coalesce_z", "composition", "layout_add",
                                               "nullspace"};
  if (kind != "f2" || !f2_ops.count(op))
    return fail(ErrorKind::invalid_input, "no random operands of kind '", kind, "' for ", op,
                " (f2 with evaluate, coalesce, coalesce_z, composition, layout_add, nullspace)");
  std::vector<Json> out;
  for (int n = 0; n < count; ++n) out.push_back(args_json(proofs::seeded::f2_op_args(op, g)));
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
