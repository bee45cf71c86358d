// The op table's rows for the categorical engine (docs/vector-format.md): nest.compose [f, g] (g o f),
// nest.coalesce [f], nest.complement [f], nest.logical_divide [f, g], nest.logical_product [f, g],
// nest.to_layout [f], layout.to_nest [L]; the Error whose kind the vectors expect.
#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/categories/product.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {
namespace {

using categories::NestMorphism;
using detail::at;

// The categorical engine's own wording: "expected 1 argument at ...".
Result<void> arity(Json const& args, std::string const& path, std::size_t n) {
  if (!args.is_array() || args.size() != n)
    return fail(ErrorKind::invalid_input, "expected ", n, n == 1 ? " argument" : " arguments", " at ", path, ", found ",
                args.is_array() ? std::to_string(args.size()) : std::string("a JSON ") + args.type_name());
  return {};
}

NestMorphism const& f(std::span<MorphismValue const> a, std::size_t i) { return std::get<NestMorphism>(a[i]); }

template <class T>
Result<MorphismValue> value(Result<T> r) {
  if (!r) return std::unexpected(r.error());
  return Result<MorphismValue>(std::in_place, std::move(*r));  // one move, straight into the variant
}

}  // namespace

Result<std::vector<MorphismValue>> morphism_args_from_json(OpRow const& row, Json const& args, std::string const& path) {
  CL_CHECK(arity(args, path, row.min_args));
  std::vector<MorphismValue> xs;
  xs.reserve(args.size());  // one allocation, no move of a morphism on growing
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (row.morphism.from_layout) {
      CL_TRY(l, layout_from_json(args[i], at(path, i)));
      xs.emplace_back(std::move(l));
    } else {
      CL_TRY(m, wire::nest_morphism_from_json(args[i], at(path, i)));
      xs.emplace_back(std::move(m));
    }
  }
  return xs;
}

Result<Json> op_morphism(OpRow const& row, Json const& args, std::string const& path, Convention) {
  // The args and the answer read in place (no move of either out of its Result).
  auto xs = morphism_args_from_json(row, args, path);
  if (!xs) return std::unexpected(std::move(xs.error()));
  auto r = row.morphism.fn(*xs);
  if (!r) return std::unexpected(std::move(r.error()));
  return std::visit([](auto const& v) -> Json { return to_json(v); }, *r);
}

Result<MorphismValue> nest_compose_fn(std::span<MorphismValue const> a) {  // [f, g]: g after f
  return value(categories::compose(f(a, 1), f(a, 0)));
}
Result<MorphismValue> nest_coalesce_fn(std::span<MorphismValue const> a) {
  return value(Result<NestMorphism>(categories::coalesce(f(a, 0))));
}
Result<MorphismValue> nest_complement_fn(std::span<MorphismValue const> a) { return value(categories::complement(f(a, 0))); }
Result<MorphismValue> nest_logical_divide_fn(std::span<MorphismValue const> a) {
  return value(categories::logical_divide(f(a, 0), f(a, 1)));
}
Result<MorphismValue> nest_logical_product_fn(std::span<MorphismValue const> a) {
  return value(categories::logical_product(f(a, 0), f(a, 1)));
}
Result<MorphismValue> nest_to_layout_fn(std::span<MorphismValue const> a) {
  return value(Result<Layout>(categories::to_layout(f(a, 0))));
}
Result<MorphismValue> layout_to_nest_fn(std::span<MorphismValue const> a) {
  return value(categories::standard_representation(std::get<Layout>(a[0])));
}

}  // namespace catlayout::wire
