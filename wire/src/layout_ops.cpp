// The op table's rows for the core layout ops (docs/vector-format.md): evaluate, and the ops on [A] or
// [A, second], each typed once (LayoutOp) so that the JSON path here, the checker's text path and
// the bench all call the same engine function.
#include "catlayout/core.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {

using detail::arity;
using detail::at;

Result<Json> op_evaluate(OpRow const&, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, 1, 1));
  CL_TRY(a, layout_from_json(args[0], at(path, 0)));
  if (a.size() > (Int{1} << 24))
    return fail(ErrorKind::invalid_input, "evaluate: size ", a.size(), " at ", path, " is too large to tabulate");
  return Json(tabulate(a));
}

Result<LayoutArgs> layout_args_from_json(OpRow const& row, Json const& args, std::string const& path) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  LayoutArgs x;
  CL_TRY(a, layout_from_json(args[0], at(path, 0)));
  x.a = std::move(a);
  if (args.size() < 2) return x;
  x.has_second = true;
  switch (row.layout.second) {
    case Second::tiler: {
      CL_TRY(b, tiler_from_json(args[1], at(path, 1)));
      x.b = std::move(b);
      break;
    }
    case Second::layout: {
      CL_TRY(b, layout_from_json(args[1], at(path, 1)));
      x.b = Tiler::of(std::move(b));
      break;
    }
    case Second::profile: {
      CL_TRY(p, int_tuple_from_json(args[1], at(path, 1)));
      x.profile = std::move(p);
      break;
    }
    case Second::integer: {
      CL_TRY(n, int_from_json(args[1], at(path, 1)));
      x.n = n;
      break;
    }
    case Second::none: break;
  }
  return x;
}

Result<Json> op_layout(OpRow const& row, Json const& args, std::string const& path, Convention c) {
  // The args and the answer read in place (no move of either out of its Result).
  auto x = layout_args_from_json(row, args, path);
  if (!x) return std::unexpected(std::move(x.error()));
  auto r = row.layout.fn(*x, c);
  if (!r) return std::unexpected(std::move(r.error()));
  return to_json(*r);
}

Result<Layout> coalesce_fn(LayoutArgs const& x, Convention) {
  if (x.has_second) return coalesce(x.a, x.profile);
  return coalesce(x.a);
}
Result<Layout> composition_fn(LayoutArgs const& x, Convention) { return composition(x.a, x.b); }
Result<Layout> complement_fn(LayoutArgs const& x, Convention c) {
  if (x.has_second) return complement(x.a, x.n, c);
  return complement(x.a, c);
}
Result<Layout> logical_divide_fn(LayoutArgs const& x, Convention c) { return logical_divide(x.a, x.b, c); }
Result<Layout> zipped_divide_fn(LayoutArgs const& x, Convention c) { return zipped_divide(x.a, x.b, c); }
Result<Layout> tiled_divide_fn(LayoutArgs const& x, Convention c) { return tiled_divide(x.a, x.b, c); }
Result<Layout> flat_divide_fn(LayoutArgs const& x, Convention c) { return flat_divide(x.a, x.b, c); }
Result<Layout> logical_product_fn(LayoutArgs const& x, Convention c) { return logical_product(x.a, x.b, c); }
Result<Layout> zipped_product_fn(LayoutArgs const& x, Convention c) { return zipped_product(x.a, x.b, c); }
Result<Layout> tiled_product_fn(LayoutArgs const& x, Convention c) { return tiled_product(x.a, x.b, c); }
Result<Layout> flat_product_fn(LayoutArgs const& x, Convention c) { return flat_product(x.a, x.b, c); }
Result<Layout> blocked_product_fn(LayoutArgs const& x, Convention c) { return blocked_product(x.a, *x.b.layout, c); }
Result<Layout> raked_product_fn(LayoutArgs const& x, Convention c) { return raked_product(x.a, *x.b.layout, c); }
Result<Layout> right_inverse_fn(LayoutArgs const& x, Convention) { return right_inverse(x.a); }
Result<Layout> left_inverse_fn(LayoutArgs const& x, Convention) { return left_inverse(x.a); }

}  // namespace catlayout::wire
