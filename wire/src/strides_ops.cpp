// The op table's rows for layouts beyond integer strides (docs/beyond-integers.md): coord.*,
// swizzle.*, linear.*. Algebra errors keep their kinds (not_representable is inadmissible).
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {

namespace {

using detail::arity;
using detail::at;
constexpr Int max_table = Int{1} << 16;  // entries an evaluate op may produce

Result<void> small_enough(Int size, std::string const& path) {
  if (size > max_table)
    return fail(ErrorKind::invalid_input, "size ", size, " at ", path, " is too large to tabulate (limit ", max_table, ")");
  return {};
}

}  // namespace

Result<Json> op_coord_identity(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(s, int_tuple_from_json(args[0], at(path, 0)));
  auto probe = Layout::make(s, profile(s));  // positive entries, size in range
  if (!probe) return fail(probe.error().kind, probe.error().message, " at ", at(path, 0));
  return to_json(make_identity_layout(s));
}

Result<Json> op_coord_evaluate(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
  CL_CHECK(small_enough(a.size(), at(path, 0)));
  if (a.size() * static_cast<Int>(length(a(0))) > 16 * max_table)
    return fail(ErrorKind::invalid_input, "evaluate: ", a.size(), " coordinates of ", length(a(0)), " entries at ",
                at(path, 0), " are too many to tabulate");
  Json out = Json::array();
  for (Int i = 0; i < a.size(); ++i) out.push_back(to_json(a(i)));
  return out;
}

Result<Json> op_coord_coalesce(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
  return to_json(coalesce(a));
}

Result<Json> op_coord_composition(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
  CL_TRY(b, coord_layout_from_json(args[1], at(path, 1)));
  CL_TRY(r, composition(a, b));
  return to_json(r);
}

Result<Json> op_swizzle_evaluate(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  Json out = Json::array();
  if (args[0].is_object() && args[0].contains("layout")) {  // [composed]
    CL_CHECK(arity(args, path, 1, 1));
    CL_TRY(c, composed_layout_from_json(args[0], at(path, 0)));
    CL_CHECK(small_enough(c.size(), at(path, 0)));
    for (Int i = 0; i < c.size(); ++i) {
      CL_TRY(v, evaluate(c, i));
      out.push_back(v);
    }
    return out;
  }
  CL_TRY(sw, swizzle_from_json(args[0], at(path, 0)));  // [swizzle, offsets...]
  if (args.size() == 1) {
    if (sw.span_bits() > 16)
      return fail(ErrorKind::invalid_input, "the table of ", to_string(sw), " has 2^", sw.span_bits(),
                  " entries: give offsets at ", path);
    for (Int x = 0; x < (Int{1} << sw.span_bits()); ++x) out.push_back(sw(x));
    return out;
  }
  for (std::size_t i = 1; i < args.size(); ++i) {
    CL_TRY(x, int_from_json(args[i], at(path, i)));
    out.push_back(sw(x));
  }
  return out;
}

Result<Json> op_swizzle_composition(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(a, composed_layout_from_json(args[0], at(path, 0)));
  CL_TRY(b, tiler_from_json(args[1], at(path, 1)));
  CL_TRY(r, composition(a, b));
  return to_json(r);
}

Result<Json> op_linear_from_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(c, composed_layout_from_json(args[0], at(path, 0)));
  CL_TRY(f, to_linear(c));
  return to_json(f);
}

Result<Json> op_linear_to_layout(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, linear_from_json(args[0], at(path, 0)));
  CL_TRY(c, to_cute(f));
  return layout_or_composed_json(c);
}

Result<Json> op_linear_compose(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, linear_from_json(args[0], at(path, 0)));
  CL_TRY(g, linear_from_json(args[1], at(path, 1)));
  CL_TRY(r, composition(g, f));  // [f, g]: f first, then g (as nest.compose)
  return to_json(r);
}

Result<Json> op_linear_inverse(OpRow const& row, Json const& args, std::string const& path, Convention) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  CL_TRY(f, linear_from_json(args[0], at(path, 0)));
  CL_TRY(r, inverse(f));
  return to_json(r);
}

}  // namespace catlayout::wire
