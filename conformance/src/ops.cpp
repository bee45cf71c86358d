#include "catlayout/conformance/ops.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "catlayout/core.hpp"
#include "catlayout/conformance/beyond_ops.hpp"
#ifdef CATLAYOUT_HAVE_CATEGORIES
#include "catlayout/categories/ops.hpp"
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
#include "catlayout/algorithms/mutual_refinement.hpp"
#endif
#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/ops.hpp"
#endif
#include "cute_api_ops.hpp"
#include "op_args.hpp"

namespace catlayout::conformance {
namespace {

using Op = std::function<Result<Json>(Json const& args, std::string const& path, Convention c)>;

using detail::arity;
using detail::at;

Result<Json> layout_result(Result<Layout> const& r) {
  if (!r) return std::unexpected(r.error());
  return to_json(*r);
}

// Unary layout ops: [layout].
Op unary(Result<Layout> (*f)(Layout const&)) {
  return [f](Json const& args, std::string const& path, Convention) -> Result<Json> {
    CL_CHECK(arity(args, path, 1, 1));
    CL_TRY(a, layout_from_json(args[0], at(path, 0)));
    return layout_result(f(a));
  };
}

// Binary ops [layout, B], B read by `read`: a layout-or-tiler (divides, products) or a layout
// (the rank-sensitive products).
template <class B, Result<B> (*read)(Json const&, std::string const&)>
Op binary(Result<Layout> (*f)(Layout const&, B const&, Convention)) {
  return [f](Json const& args, std::string const& path, Convention c) -> Result<Json> {
    CL_CHECK(arity(args, path, 2, 2));
    CL_TRY(a, layout_from_json(args[0], at(path, 0)));
    CL_TRY(b, read(args[1], at(path, 1)));
    return layout_result(f(a, b, c));
  };
}
constexpr auto by_tiler = binary<Tiler, tiler_from_json>;
constexpr auto by_layout = binary<Layout, layout_from_json>;

Result<Layout> compose_tiler(Layout const& a, Tiler const& b, Convention) { return composition(a, b); }
Result<Layout> right_inv(Layout const& l) { return right_inverse(l); }

std::map<std::string, Op, std::less<>> const& registry() {
  static std::map<std::string, Op, std::less<>> ops = [] {
    std::map<std::string, Op, std::less<>> m;
    m["evaluate"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(a, layout_from_json(args[0], at(path, 0)));
      if (a.size() > (Int{1} << 24))
        return fail(ErrorKind::invalid_input, "evaluate: size ", a.size(), " at ", path, " is too large to tabulate");
      return Json(tabulate(a));
    };
    m["coalesce"] = [](Json const& args, std::string const& path, Convention) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 2));
      CL_TRY(a, layout_from_json(args[0], at(path, 0)));
      if (args.size() == 1) return to_json(coalesce(a));
      CL_TRY(p, int_tuple_from_json(args[1], at(path, 1)));
      return layout_result(coalesce(a, p));
    };
    m["composition"] = by_tiler(compose_tiler);
    m["complement"] = [](Json const& args, std::string const& path, Convention c) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 2));
      CL_TRY(a, layout_from_json(args[0], at(path, 0)));
      if (args.size() == 1) return layout_result(complement(a, c));
      CL_TRY(n, int_from_json(args[1], at(path, 1)));
      return layout_result(complement(a, n, c));
    };
    m["logical_divide"] = by_tiler(logical_divide);
    m["zipped_divide"] = by_tiler(zipped_divide);
    m["tiled_divide"] = by_tiler(tiled_divide);
    m["flat_divide"] = by_tiler(flat_divide);
    m["logical_product"] = by_tiler(logical_product);
    m["zipped_product"] = by_tiler(zipped_product);
    m["tiled_product"] = by_tiler(tiled_product);
    m["flat_product"] = by_tiler(flat_product);
    m["blocked_product"] = by_layout(blocked_product);
    m["raked_product"] = by_layout(raked_product);
    m["right_inverse"] = unary(right_inv);
    m["left_inverse"] = unary(left_inverse);
    // CuTe's constructors, partitioners and element-size changes; the whitepaper's operations.
    for (auto const& op : cute_api_ops())
      m[op] = [op](Json const& args, std::string const& path, Convention c) { return run_cute_api_op(op, args, path, c); };
    // Strides beyond integers: coordinate strides, swizzles, F2 (docs/beyond-integers.md).
    for (auto const& op : beyond_ops())
      m[op] = [op](Json const& args, std::string const& path, Convention) { return run_beyond_op(op, args, path); };
#ifdef CATLAYOUT_HAVE_CATEGORIES
    for (auto op : {"nest.compose", "nest.coalesce", "nest.complement", "nest.logical_divide", "nest.logical_product",
                    "nest.to_layout", "layout.to_nest"}) {
      std::string name = op;
      m[name] = [name](Json const& args, std::string const& path, Convention) {
        return categories::run_categorical_op(name, args, path);
      };
    }
#endif
#ifdef CATLAYOUT_HAVE_GPU
    for (auto const& op : gpu::gpu_ops())
      m[op] = [op](Json const& args, std::string const& path, Convention) { return gpu::run_gpu_op(op, args, path); };
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
    m["mutual_refinement"] = [](Json const& args, std::string const& path, Convention) {
      return catlayout::run_mutual_refinement(args, path);
    };
#endif
    return m;
  }();
  return ops;
}

}  // namespace

std::vector<std::string> const& known_ops() {
  static std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (auto const& [k, _] : registry()) v.push_back(k);
    return v;
  }();
  return names;
}

bool is_known_op(std::string_view op) { return registry().count(op) != 0; }

bool returns_layout(std::string_view op) {
  static std::set<std::string_view> const ops = {
      "coalesce",        "composition",   "complement",     "logical_divide",  "zipped_divide",
      "tiled_divide",    "flat_divide",   "logical_product", "zipped_product", "tiled_product",
      "flat_product",    "blocked_product", "raked_product", "right_inverse",  "left_inverse",
      "nest.to_layout",  "make_layout",   "make_ordered_layout", "make_layout_like", "tile_to_shape",
      "upcast",          "downcast",      "recast_layout",  "nullspace",       "coalesce_z",
      "layout_add",      "greatest_common_domain"};
  return ops.count(op) != 0;
}

Result<Json> run_op(std::string_view op, Json const& args, std::string const& path, Convention c) {
  auto it = registry().find(op);
  if (it == registry().end()) return fail(ErrorKind::invalid_input, "op '", op, "' is not implemented");
  // Composed layouts, swizzles, coordinate and F2 strides as operands of the older ops.
  if (op == "evaluate" || op == "coalesce" || op == "composition" || op == "right_inverse" || op == "left_inverse")
    if (auto r = run_other_kinds(op, args, path)) return std::move(*r);
  return it->second(args, path, c);
}

bool depends_on_convention(std::string_view op) {
  static std::set<std::string_view> const ops = {"complement",      "logical_divide",  "zipped_divide",  "tiled_divide",
                                                 "flat_divide",     "logical_product", "zipped_product", "tiled_product",
                                                 "flat_product",    "blocked_product", "raked_product",
                                                 "tile_to_shape",   "local_tile",      "local_partition",
                                                 "inner_partition", "outer_partition"};
  return ops.count(op) != 0;
}

}  // namespace catlayout::conformance
