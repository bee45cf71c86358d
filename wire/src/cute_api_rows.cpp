// The op table's rows for CuTe's constructors, partitioners and element-size changes and the
// whitepaper's operations (docs/algebra.md), and the operands of other kinds (composed layouts,
// swizzles, coordinate and F2 strides) that the older ops take.
#include <algorithm>
#include <numeric>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/wire/values_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {

// ---------------------------------------------------------------------------------------------
// Ops

namespace {

using detail::arity;
using detail::at;
using wire::Kind;

template <class T>
Result<Json> json_of(Result<T> const& r) {
  if (!r) return std::unexpected(r.error());
  return wire::to_json(wire::Value(*r));
}
Result<Json> json_of(Result<SliceResult> const& r) {
  if (!r) return std::unexpected(r.error());
  return wire::to_json(*r);
}

// [X, N...] where X is a layout or a composed layout: f on whichever it is.
template <class F>
Result<Json> layout_or_composed(Json const& x, std::string const& path, F f) {
  CL_TRY(v, wire::value_from_json(x, path));
  if (auto const* l = std::get_if<Layout>(&v)) return json_of(f(*l));
  if (auto const* c = std::get_if<ComposedLayout>(&v)) return json_of(f(*c));
  return fail(ErrorKind::invalid_input, "expected a layout or a composed layout at ", path);
}

// A shape argument read at `path`: every entry positive, checked on the shape as given, so the
// message names it (the engines would name the shape they derive: tile_to_shape's grid of tiles,
// make_ordered_layout's parts).
Result<IntTuple> positive_shape_from_json(Json const& j, std::string const& path) {
  CL_TRY(s, int_tuple_from_json(j, path));
  auto v = s.values();
  for (std::size_t k = 0; k < v.size(); ++k)
    if (v[k] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", v[k], " at flat position ", k, " of ", to_string(s), " at ",
                  path, " is not positive");
  return s;
}

}  // namespace

Result<Json> op_make_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(s, positive_shape_from_json(args[0], at(path, 0)));
  Major major = Major::left;
  if (args.size() == 2) {
    CL_TRY(mj, wire::major_from_json(args[1], at(path, 1)));
    major = mj;
  }
  return json_of(make_layout(s, major));
}

Result<Json> op_make_ordered_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(s, positive_shape_from_json(args[0], at(path, 0)));
  CL_TRY(o, wire::order_from_json(args[1], at(path, 1)));
  return json_of(make_ordered_layout(s, o));
}

Result<Json> op_make_layout_like(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(l, layout_from_json(args[0], at(path, 0)));
  return json_of(make_layout_like(l));
}

Result<Json> op_tile_to_shape(OpRow const& row, Json const& args, std::string const& path, Convention c) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(s, positive_shape_from_json(args[1], at(path, 1)));
  Order o = Major::left;
  if (args.size() == 3) {
    CL_TRY(oo, wire::order_from_json(args[2], at(path, 2)));
    o = std::move(oo);
  }
  return layout_or_composed(args[0], at(path, 0), [&](auto const& block) { return tile_to_shape(block, s, o, c); });
}

// local_tile, inner_partition, outer_partition: [layout, tiler, coordinate (, projection)].
Result<Json> op_tile_partition(OpRow const& row, Json const& args, std::string const& path, Convention) {
  std::string_view op = row.name;
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(l, layout_from_json(args[0], at(path, 0)));
  CL_TRY(t, tiler_from_json(args[1], at(path, 1)));
  CL_TRY(c, wire::slice_coord_from_json(args[2], at(path, 2)));
  if (args.size() == 4) {
    CL_TRY(p, wire::projection_from_json(args[3], at(path, 3)));
    return json_of(local_tile(l, t, c, p));
  }
  if (op == "outer_partition") return json_of(outer_partition(l, t, c));
  return json_of(inner_partition(l, t, c));
}

Result<Json> op_local_partition(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(l, layout_from_json(args[0], at(path, 0)));
  CL_TRY(tile, layout_from_json(args[1], at(path, 1)));
  CL_TRY(index, int_from_json(args[2], at(path, 2)));
  if (args.size() == 4) {
    CL_TRY(p, wire::projection_from_json(args[3], at(path, 3)));
    return json_of(local_partition(l, tile, index, p));
  }
  return json_of(local_partition(l, tile, index));
}

// upcast, downcast: [layout or composed layout, n].
Result<Json> op_recast(OpRow const& row, Json const& args, std::string const& path, Convention conv) {
  bool up = row.name == "upcast";
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(n, int_from_json(args[1], at(path, 1)));
  return layout_or_composed(args[0], at(path, 0),
                            [&](auto const& x) { return up ? upcast(x, n, conv) : downcast(x, n, conv); });
}

Result<Json> op_recast_layout(OpRow const& row, Json const& args, std::string const& path, Convention conv) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(from, int_from_json(args[1], at(path, 1)));
  CL_TRY(to, int_from_json(args[2], at(path, 2)));
  return layout_or_composed(args[0], at(path, 0), [&](auto const& x) { return recast_layout(x, from, to, conv); });
}

Result<Json> op_nullspace(OpRow const& row, Json const& args, std::string const& path, Convention conv) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(v, wire::value_from_json(args[0], at(path, 0)));
  return std::visit(
      [&](auto const& x) -> Result<Json> {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Swizzle> || std::is_same_v<T, Tiler>)
          return fail(ErrorKind::invalid_input, "nullspace takes a layout at ", at(path, 0));
        else if constexpr (requires { nullspace(x, conv); })
          return json_of(nullspace(x, conv));
        else
          return json_of(nullspace(x));  // F2: the kernel is a subspace, one answer
      },
      v);
}

Result<Json> op_coalesce_z(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(v, wire::value_from_json(args[0], at(path, 0)));
  if (auto const* f = std::get_if<F2Layout>(&v)) {
    if (args.size() == 2) return fail(ErrorKind::invalid_input, "coalesce_z of an F2 layout takes no profile at ", path);
    return wire::to_json(coalesce_z(*f));
  }
  auto const* l = std::get_if<Layout>(&v);
  if (!l) return fail(ErrorKind::invalid_input, "coalesce_z takes a layout or an F2 layout at ", at(path, 0));
  if (args.size() == 1) return wire::to_json(coalesce_z(*l));
  CL_TRY(p, int_tuple_from_json(args[1], at(path, 1)));
  return json_of(coalesce_z(*l, p));
}

Result<Json> op_layout_add(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, wire::value_from_json(args[0], at(path, 0)));
  CL_TRY(b, wire::value_from_json(args[1], at(path, 1)));
  auto const *la = std::get_if<Layout>(&a), *lb = std::get_if<Layout>(&b);
  if (la && lb) return json_of(layout_add(*la, *lb));
  // F2 and the integer zero (the zero of every stride kind) mix.
  auto f2_of = [](wire::Value const& v) -> std::optional<F2Layout> {
    if (auto const* f = std::get_if<F2Layout>(&v)) return *f;
    if (auto const* l = std::get_if<Layout>(&v)) return zero_as_f2(*l);
    return std::nullopt;
  };
  auto fa = f2_of(a), fb = f2_of(b);
  if (fa && fb) return json_of(layout_add(*fa, *fb));
  return fail(ErrorKind::invalid_input, "layout_add adds two integer layouts or two F2 layouts (the integer 0 is ",
              "the zero of both) at ", path);
}

Result<Json> op_greatest_common_domain(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, shape_from_json(args[0], at(path, 0)));
  CL_TRY(b, shape_from_json(args[1], at(path, 1)));
  return json_of(greatest_common_domain(a, b));
}


namespace {

// The integer-stride plain kinds: what the older ops' own paths read.
bool plain(Json const& j) {
  auto k = wire::kind_of(j);
  return k == Kind::layout || k == Kind::tiler || k == Kind::other;
}

}  // namespace

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

}  // namespace catlayout::wire
