// The op table's rows for Triton's linear layouts (core/named_linear.hpp, docs/beyond-integers.md):
// triton.*. Their operands and answers are the JSON forms of triton_json.hpp; text forms (#ttg.linear,
// LinearLayout's print) are strings, read and written by the same functions as the CLI's.
#include "catlayout/core/notation.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "catlayout/wire/triton_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {

using detail::arity;
using detail::at;

namespace {

Json any_layout_json(AnyLayout const& l) {
  if (auto const* c = std::get_if<ComposedLayout>(&l)) return layout_or_composed_json(*c);
  return to_json(std::get<Layout>(l));
}

Json json_of(NamedLinearLayout const& f) { return to_json(f); }

// An answer written, or its error (libstdc++ 12's std::expected has no transform).
template <class T, class Write>
Result<Json> written(Result<T> r, Write write) {
  if (!r) return std::unexpected(std::move(r.error()));
  return write(*r);
}

Result<std::string> text_of(Json const& j, std::string const& path) {
  if (!j.is_string()) return fail(ErrorKind::invalid_input, "expected a string at ", path);
  return j.get<std::string>();
}

}  // namespace

Result<Json> op_triton_from_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(l, layout_from_json(args[0], at(path, 0)));
  CL_TRY(ins, named_dims_from_json(args[1], at(path, 1)));
  CL_TRY(outs, named_dims_from_json(args[2], at(path, 2)));
  CL_TRY(f, from_cute(l, ins, std::move(outs)));
  return to_json(f);
}

// A row of one Triton layout: the arity checked, the layout read, fn's answer written.
template <class Fn>
Result<Json> on_layout(OpRow const& row, Json const& args, std::string const& path, Fn fn) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, named_linear_from_json(args[0], at(path, 0)));
  return fn(f);
}

Result<Json> op_triton_to_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  return on_layout(row, args, path, [](NamedLinearLayout const& f) { return written(to_cute(f), any_layout_json); });
}

Result<Json> op_triton_compose(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, named_linear_from_json(args[0], at(path, 0)));
  CL_TRY(g, named_linear_from_json(args[1], at(path, 1)));
  CL_TRY(r, compose(f, g));  // [f, g]: f first, then g (as linear.compose and nest.compose)
  return to_json(r);
}

Result<Json> op_triton_invert(OpRow const& row, Json const& args, std::string const& path, Convention) {
  return on_layout(row, args, path, [](NamedLinearLayout const& f) { return written(invert(f), json_of); });
}

Result<Json> op_triton_pseudoinvert(OpRow const& row, Json const& args, std::string const& path, Convention) {
  return on_layout(row, args, path, [](NamedLinearLayout const& f) { return written(pseudoinvert(f), json_of); });
}

Result<Json> op_triton_apply(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, named_linear_from_json(args[0], at(path, 0)));
  CL_TRY(x, named_values_from_json(args[1], at(path, 1)));
  auto y = evaluate(f, x);
  if (!y) return fail(y.error().kind, y.error().message, " at ", at(path, 1));
  return Json(*y);
}

// [text] -> the layout (either text form); [layout] -> its print (Triton's str).
Result<Json> op_triton_parse(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(t, text_of(args[0], at(path, 0)));
  auto f = parse_named_linear(t);
  if (!f) return fail(f.error().kind, f.error().message, " at ", at(path, 0));
  return to_json(*f);
}

Result<Json> op_triton_print(OpRow const& row, Json const& args, std::string const& path, Convention) {
  return on_layout(row, args, path, [](NamedLinearLayout const& f) -> Result<Json> { return Json(to_string(f)); });
}

}  // namespace catlayout::wire
