#include "catlayout/categories/ops.hpp"

#include <functional>
#include <map>

#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/categories/json.hpp"
#include "catlayout/categories/product.hpp"

namespace catlayout::categories {
namespace {

std::string at(std::string const& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

Result<void> arity(Json const& args, std::string const& path, std::size_t n) {
  if (!args.is_array() || args.size() != n)
    return fail(ErrorKind::invalid_input, "expected ", n, n == 1 ? " argument" : " arguments", " at ", path, ", found ",
                args.is_array() ? std::to_string(args.size()) : std::string("a JSON ") + args.type_name());
  return {};
}

template <class T>
Result<Json> answer(Result<T> const& r) {
  if (!r) return std::unexpected(r.error());
  return to_json(*r);
}

using Unary = std::function<Result<Json>(NestMorphism const&)>;
using Binary = std::function<Result<Json>(NestMorphism const&, NestMorphism const&)>;

Result<Json> unary(Json const& args, std::string const& path, Unary const& op) {
  CL_CHECK(arity(args, path, 1));
  CL_TRY(f, nest_morphism_from_json(args[0], at(path, 0)));
  return op(f);
}

Result<Json> binary(Json const& args, std::string const& path, Binary const& op) {
  CL_CHECK(arity(args, path, 2));
  CL_TRY(f, nest_morphism_from_json(args[0], at(path, 0)));
  CL_TRY(g, nest_morphism_from_json(args[1], at(path, 1)));
  return op(f, g);
}

}  // namespace

Result<Json> run_categorical_op(std::string_view op, Json const& args, std::string const& path) {
  if (op == "nest.compose")  // [f, g]: g after f
    return binary(args, path, [](auto const& f, auto const& g) { return answer(compose(g, f)); });
  if (op == "nest.coalesce")
    return unary(args, path, [](auto const& f) { return answer(Result<NestMorphism>(coalesce(f))); });
  if (op == "nest.complement") return unary(args, path, [](auto const& f) { return answer(complement(f)); });
  if (op == "nest.logical_divide")
    return binary(args, path, [](auto const& f, auto const& g) { return answer(logical_divide(f, g)); });
  if (op == "nest.logical_product")
    return binary(args, path, [](auto const& f, auto const& g) { return answer(logical_product(f, g)); });
  if (op == "nest.to_layout")
    return unary(args, path, [](auto const& f) { return answer(Result<Layout>(to_layout(f))); });
  if (op == "layout.to_nest") {
    CL_CHECK(arity(args, path, 1));
    CL_TRY(l, layout_from_json(args[0], at(path, 0)));
    return answer(standard_representation(l));
  }
  return fail(ErrorKind::invalid_input, "unknown categorical op '", op, "' at ", path);
}

}  // namespace catlayout::categories
