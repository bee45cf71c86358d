#include "catlayout/conformance/beyond_ops.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"
#include "op_args.hpp"
#include "random_values.hpp"

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

namespace {

using namespace random_values;

Json random_pow2_arg(Rng& g, bool allow_fail) {
  if (allow_fail && coin(g, 8)) {  // colliding bits or a shape that is not a power of two
    Layout l = coin(g, 2) ? *Layout::make(tup(4, 2), tup(3, 16)) : *Layout::make(tup(6, 4), tup(1, 8));
    return to_json(l);
  }
  int n = static_cast<int>(uniform(g, 0, 7));
  int extra = static_cast<int>(uniform(g, 0, 3));
  Layout l = random_pow2_layout(g, n, extra);
  if (coin(g, 2)) return to_json(ComposedLayout{random_swizzle(g, n + extra), 0, l});
  return to_json(l);
}

// A bijection on n bits (a permutation layout, swizzled half the time).
LinearLayout random_bijection(Rng& g, int n) {
  Layout l = random_pow2_layout(g, n, 0);
  ComposedLayout c{coin(g, 2) ? random_swizzle(g, n) : Swizzle{}, 0, l};
  auto f = *to_linear(c);
  return *LinearLayout::make(f.bases(), n);  // out_bits n even when the top bit is unused (n = 0)
}

LinearLayout random_linear(Rng& g, int n, int m) {
  std::vector<std::uint64_t> b;
  for (int k = 0; k < n; ++k) b.push_back(static_cast<std::uint64_t>(uniform(g, 0, (Int{1} << m) - 1)));
  return *LinearLayout::make(b, m);
}

Json random_one(std::string const& op, Rng& g) {
  if (op == "coord.identity") return Json::array({to_json(random_shape(g, 5, 3))});
  if (op == "coord.evaluate")
    return Json::array({to_json(coin(g, 2) ? make_identity_layout(random_shape(g, 5, 3)) : random_coord(g, 4))});
  if (op == "coord.coalesce") {
    auto s = random_shape(g, 4, 3);
    return Json::array({to_json(coin(g, 2) ? make_identity_layout(s) : random_coord(g, 4))});
  }
  if (op == "coord.composition") {
    switch (uniform(g, 0, 3)) {
      case 0: {  // A o identity(shape(A)) = A
        Layout a = random_int_layout(g, 5, 12);
        return Json::array({to_json(a), to_json(make_identity_layout(a.shape()))});
      }
      case 1: {  // identity(S) o B: B's index read as a coordinate of S
        Layout b = random_compact(g, 4);
        IntTuple s = coin(g, 2) ? b.shape() : random_shape(g, 4, 3);
        return Json::array({to_json(make_identity_layout(s)), to_json(b)});
      }
      case 2: {  // B's bases address A's top modes
        Layout a = random_int_layout(g, 4, 10);
        std::vector<std::vector<int>> modes;
        for (std::size_t k = 0; k < a.rank(); ++k) modes.push_back({static_cast<int>(k)});
        return Json::array({to_json(a), to_json(random_coord(g, 3, modes))});
      }
      default:
        return Json::array({to_json(random_coord(g, 4)), to_json(random_int_layout(g, 4, 6))});
    }
  }
  if (op == "swizzle.evaluate") {
    int n = static_cast<int>(uniform(g, 2, 10));
    Swizzle sw = random_swizzle(g, n);
    if (coin(g, 2)) {
      Json a = Json::array({to_json(sw)});
      for (int i = 0; i < 8; ++i) a.push_back(uniform(g, 0, (Int{1} << n) - 1));
      return a;
    }
    return Json::array({to_json(ComposedLayout{sw, coin(g, 3) ? uniform(g, 0, 64) : 0, random_compact(g, 5)})});
  }
  if (op == "swizzle.composition") {
    Layout a = random_compact(g, 6);
    Layout b = coin(g, 2) ? random_compact(g, 4) : random_int_layout(g, 4, 8);
    return Json::array({to_json(ComposedLayout{random_swizzle(g, 8), 0, a}), to_json(b)});
  }
  if (op == "linear.from_layout") return Json::array({random_pow2_arg(g, true)});
  if (op == "linear.to_layout") {
    if (coin(g, 6)) return Json::array({to_json(random_linear(g, 4, 6))});
    auto c = composed_layout_from_json(random_pow2_arg(g, false), "$");
    return Json::array({to_json(*to_linear(*c))});
  }
  if (op == "linear.compose") {
    int n = static_cast<int>(uniform(g, 1, 7));
    LinearLayout f = coin(g, 6) ? random_linear(g, n, n + 1) : random_bijection(g, n);
    LinearLayout h = coin(g, 2) ? random_bijection(g, n) : *to_linear(random_pow2_layout(g, n, 2));
    return Json::array({to_json(f), to_json(h)});
  }
  if (op == "linear.inverse") {
    int n = static_cast<int>(uniform(g, 1, 7));
    return Json::array({to_json(coin(g, 5) ? random_linear(g, n, n) : random_bijection(g, n))});
  }
  return Json::array();
}

}  // namespace

std::vector<Json> random_beyond_args(std::string const& op, Rng& g, int count) {
  std::vector<Json> out;
  if (!registry().count(op)) return out;
  for (int i = 0; i < count; ++i) out.push_back(random_one(op, g));
  return out;
}

}  // namespace catlayout::conformance
