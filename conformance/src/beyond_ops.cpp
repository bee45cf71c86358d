#include "catlayout/conformance/beyond_ops.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"
#include "op_args.hpp"
#include "seeded_json.hpp"

namespace catlayout::conformance {

// ---------------------------------------------------------------------------------------------
// Ops

namespace {

using Op = std::function<Result<Json>(Json const& args, std::string const& path)>;

using detail::arity;
using detail::at;
constexpr Int max_table = Int{1} << 16;  // entries an evaluate op may produce

Result<void> small_enough(Int size, std::string const& path) {
  if (size > max_table)
    return fail(ErrorKind::invalid_input, "size ", size, " at ", path, " is too large to tabulate (limit ", max_table, ")");
  return {};
}

std::map<std::string, Op, std::less<>> const& registry() {
  static std::map<std::string, Op, std::less<>> const ops = [] {
    std::map<std::string, Op, std::less<>> m;
    m["coord.identity"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(s, int_tuple_from_json(args[0], at(path, 0)));
      auto probe = Layout::make(s, profile(s));  // positive entries, size in range
      if (!probe) return fail(probe.error().kind, probe.error().message, " at ", at(path, 0));
      return to_json(make_identity_layout(s));
    };
    m["coord.evaluate"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
      CL_CHECK(small_enough(a.size(), at(path, 0)));
      if (a.size() * static_cast<Int>(length(a(0))) > 16 * max_table)
        return fail(ErrorKind::invalid_input, "evaluate: ", a.size(), " coordinates of ", length(a(0)), " entries at ",
                    at(path, 0), " are too many to tabulate");
      Json out = Json::array();
      for (Int i = 0; i < a.size(); ++i) out.push_back(to_json(a(i)));
      return out;
    };
    m["coord.coalesce"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
      return to_json(coalesce(a));
    };
    m["coord.composition"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(a, coord_layout_from_json(args[0], at(path, 0)));
      CL_TRY(b, coord_layout_from_json(args[1], at(path, 1)));
      CL_TRY(r, composition(a, b));
      return to_json(r);
    };
    m["swizzle.evaluate"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1 + static_cast<std::size_t>(max_table)));
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
    };
    m["swizzle.composition"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(a, composed_layout_from_json(args[0], at(path, 0)));
      CL_TRY(b, tiler_from_json(args[1], at(path, 1)));
      CL_TRY(r, composition(a, b));
      return to_json(r);
    };
    m["linear.from_layout"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(c, composed_layout_from_json(args[0], at(path, 0)));
      CL_TRY(f, to_linear(c));
      return to_json(f);
    };
    m["linear.to_layout"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(f, linear_from_json(args[0], at(path, 0)));
      CL_TRY(c, to_cute(f));
      return layout_or_composed_json(c);
    };
    m["linear.compose"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 2, 2));
      CL_TRY(f, linear_from_json(args[0], at(path, 0)));
      CL_TRY(g, linear_from_json(args[1], at(path, 1)));
      CL_TRY(r, composition(g, f));  // [f, g]: f first, then g (as nest.compose)
      return to_json(r);
    };
    m["linear.inverse"] = [](Json const& args, std::string const& path) -> Result<Json> {
      CL_CHECK(arity(args, path, 1, 1));
      CL_TRY(f, linear_from_json(args[0], at(path, 0)));
      CL_TRY(r, inverse(f));
      return to_json(r);
    };
    return m;
  }();
  return ops;
}

}  // namespace

std::vector<std::string> beyond_ops() {
  std::vector<std::string> names;
  for (auto const& [k, v] : registry()) names.push_back(k);
  return names;
}

Result<Json> run_beyond_op(std::string_view op, Json const& args, std::string const& path) {
  auto it = registry().find(op);
  if (it == registry().end()) return fail(ErrorKind::invalid_input, "unknown op '", op, "'");
  return it->second(args, path);
}

// ---------------------------------------------------------------------------------------------
// Random arguments

std::vector<Json> random_beyond_args(std::string const& op, std::mt19937_64& g, int count) {
  std::vector<Json> out;
  if (!registry().count(op)) return out;
  for (int i = 0; i < count; ++i) out.push_back(args_json(proofs::seeded::stride_op_args(op, g)));
  return out;
}

}  // namespace catlayout::conformance
