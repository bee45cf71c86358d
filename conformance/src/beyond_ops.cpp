#include "catlayout/conformance/beyond_ops.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"
#include "catlayout/wire/ops.hpp"
#include "random_values.hpp"

namespace catlayout::conformance {

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
  auto const* row = wire::find_op(op);
  if (!row || row->family != wire::OpFamily::strides) return out;
  for (int i = 0; i < count; ++i) out.push_back(random_one(op, g));
  return out;
}

}  // namespace catlayout::conformance
