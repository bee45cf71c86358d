#include "cute_api_ops.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/limits.hpp"
#include "seeded_json.hpp"
#include "catlayout/wire/values_json.hpp"

namespace catlayout::conformance {

using namespace catlayout::wire;  // the JSON forms of the values

using wire::Kind;

// ---------------------------------------------------------------------------------------------
// Witnesses

namespace {

Result<void> disagrees(std::string const& op, Json const& args, std::string const& why) {
  return fail(ErrorKind::invalid_input, op, " ", args.dump(), ": ", why);
}

}  // namespace

Result<void> witness_cute_api(std::string const& op, Json const& args, Json const& result) {
  auto small = [](Int n) { return n <= (Int{1} << 16); };
  if (op == "make_layout" || op == "make_ordered_layout" || op == "make_layout_like") {
    auto r = layout_from_json(result, "r");
    if (!r) return disagrees(op, args, "the result is no layout");
    auto want_shape = op == "make_layout_like" ? layout_from_json(args[0], "a")->shape() : *int_tuple_from_json(args[0], "s");
    if (!(r->shape() == want_shape)) return disagrees(op, args, "the shape changed");
    // Distinct orders (and no stride-0 mode for make_layout_like) make a compact layout: a bijection onto [0, size).
    bool distinct = op == "make_layout";
    if (op == "make_ordered_layout" && args[1].is_array()) {
      auto o = flatten_values(*int_tuple_from_json(args[1], "o"));
      std::sort(o.begin(), o.end());
      distinct = std::adjacent_find(o.begin(), o.end()) == o.end();
    }
    if (!distinct || !small(r->size())) return {};
    auto t = tabulate(*r);
    std::sort(t.begin(), t.end());
    for (Int i = 0; i < r->size(); ++i)
      if (t[static_cast<std::size_t>(i)] != i) return disagrees(op, args, "not a bijection onto [0, size)");
    if (op == "make_layout" && args.size() == 2 && args[1] == "LayoutRight") {  // the last flat mode is contiguous
      auto s = r->flat_shape(), d = r->flat_stride();
      for (std::size_t k = s.size(); k-- > 0;)
        if (s[k] > 1) {
          if (d[k] != 1) return disagrees(op, args, "row-major, yet the last mode's stride is not 1");
          break;
        }
    }
    return {};
  }
  if (op == "layout_add" && result.is_object() && wire::kind_of(result) == Kind::layout) {
    auto a = layout_from_json(args[0], "a"), b = layout_from_json(args[1], "b"), r = layout_from_json(result, "r");
    if (!a || !b || !r || !small(r->size())) return {};
    for (Int i = 0; i < r->size(); ++i)
      if ((*r)(i) != (*a)(i) + (*b)(i)) return disagrees(op, args, str("R(", i, ") != A(", i, ") + B(", i, ")"));
    return {};
  }
  if (op == "coalesce_z" && wire::kind_of(result) == Kind::layout) {
    auto a = layout_from_json(args[0], "a"), r = layout_from_json(result, "r");
    if (!a || !r || args.size() > 1 || !small(a->size())) return {};
    if (depth(*r) > 1 || r->size() != a->size()) return disagrees(op, args, "depth or size");
    for (Int i = 0; i < a->size() + 10; ++i) {
      auto x = a->extended(i), y = r->extended(i);
      if (!x || !y || *x != *y) return disagrees(op, args, str("the extended functions differ at ", i));
    }
    return {};
  }
  if (op == "nullspace" && wire::kind_of(args[0]) == Kind::layout) {
    // CuTe's three @post lines (layout.hpp:1477-1480): A(R(i)) == 0, no stride-0 mode of extent > 1
    // in R, size(R) == size(A) / size(filter(A)); with no negative stride the kernel is exactly the
    // stride-0 modes' coordinates, so R enumerates it in order (the strict reading, which CuTe's
    // answer leaves where negative strides cancel: (3,3):(3,-3) -> 1:0).
    auto a = layout_from_json(args[0], "a"), r = layout_from_json(result, "r");
    if (!a || !r || !small(a->size())) return {};
    auto fa = flat_modes(*a), fr = flat_modes(*r);
    Int filtered = 1;
    bool negative = false;
    for (std::size_t k = 0; k < fa.shape.size(); ++k) {
      if (fa.stride[k] != 0) filtered *= fa.shape[k];
      negative = negative || fa.stride[k] < 0;
    }
    if (r->size() != a->size() / filtered)
      return disagrees(op, args, str("size ", r->size(), ", size(A) / size(filter(A)) is ", a->size() / filtered));
    for (std::size_t k = 0; k < fr.shape.size(); ++k)
      if (fr.stride[k] == 0 && fr.shape[k] > 1) return disagrees(op, args, "the result has a stride-0 mode");
    std::vector<Int> kernel;
    for (Int i = 0; i < a->size(); ++i)
      if ((*a)(i) == 0) kernel.push_back(i);
    auto t = tabulate(*r);
    for (Int x : t)
      if (x < 0 || x >= a->size() || (*a)(x) != 0) return disagrees(op, args, str("A(R(i)) != 0 at R(i) = ", x));
    if (!negative && t != kernel) return disagrees(op, args, "the result does not enumerate the kernel in order");
    return {};
  }
  if (op == "greatest_common_domain") {
    auto r = layout_from_json(result, "r");
    auto a = wire::shape_from_json(args[0], "a"), b = wire::shape_from_json(args[1], "b");
    if (!r || !a || !b) return disagrees(op, args, "unreadable");
    Int sa = *product(*a), sb = *product(*b);
    if (depth(*r) != 1 || sa % r->size() || sb % r->size()) return disagrees(op, args, "size or depth");
    auto ca = composition(*make_layout(*a, Major::left), *r), cb = composition(*make_layout(*b, Major::left), *r);
    if (!ca || !cb) return disagrees(op, args, "not admissible in both shapes");
    auto rev = greatest_common_domain(*b, *a);
    if (!rev || !(*rev == *r)) return disagrees(op, args, "not symmetric");
    return {};
  }
  if (op == "local_tile" || op == "inner_partition" || op == "outer_partition" || op == "local_partition") {
    // The sub-layout plus its offset stays inside the layout's image (every element a value of L),
    // where the tiles divide the modes (a tile past a mode's end reads L's extension, as CuTe does).
    auto a = layout_from_json(args[0], "a");
    auto r = layout_from_json(result["layout"], "r");
    if (!a || !r || !small(a->size()) || !small(r->size()) || args.size() > 3) return {};
    if (op == "local_partition") {
      auto t = layout_from_json(args[1], "t");
      if (!t || t->rank() > a->rank()) return {};
      for (std::size_t i = 0; i < t->rank(); ++i)
        if (a->mode(i).size() % t->mode(i).size() != 0) return {};
    } else {
      auto t = tiler_from_json(args[1], "t");
      if (!t || t->is_layout() || t->modes.size() > a->rank()) return {};
      for (std::size_t i = 0; i < t->modes.size(); ++i)
        if (!t->modes[i].integer || a->mode(i).size() % t->modes[i].layout->size() != 0) return {};
    }
    auto ta = tabulate(*a);
    std::set<Int> image(ta.begin(), ta.end());
    Int off = result["offset"].get<Int>();
    for (Int i = 0; i < r->size(); ++i)
      if (!image.count((*r)(i) + off)) return disagrees(op, args, str("element ", i, " lies outside L's image"));
    return {};
  }
  return {};
}

}  // namespace catlayout::conformance

// ---------------------------------------------------------------------------------------------
// Operands of other kinds: F2 layouts

namespace catlayout::conformance {
namespace {

// Carry-less product and an F2 layout's value from its JSON, written here again on purpose: the
// witness does not use the engine's evaluator.
std::optional<Int> f2_value(Json const& layout, Int i) {
  std::vector<Int> s, d;
  std::function<void(Json const&, Json const&)> leaves = [&](Json const& a, Json const& b) {
    if (a.is_array()) {
      for (std::size_t k = 0; k < a.size(); ++k) leaves(a[k], b[k]);
      return;
    }
    s.push_back(a.get<Int>());
    d.push_back(b.is_object() ? b["f2"].get<Int>() : b.get<Int>());
  };
  leaves(layout["shape"], layout["stride"]);
  std::uint64_t r = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    Int c = k + 1 == s.size() ? i : i % s[k];
    i = k + 1 == s.size() ? 0 : i / s[k];
    for (int bit = 0; c >> bit; ++bit)
      if ((c >> bit) & 1) {
        if (bit >= 62 || (static_cast<std::uint64_t>(d[k]) >> (62 - bit)) != 0) return std::nullopt;
        r ^= static_cast<std::uint64_t>(d[k]) << bit;
      }
  }
  return static_cast<Int>(r);
}

Int size_of(Json const& layout) {
  Int n = 1;
  std::function<void(Json const&)> walk = [&](Json const& a) {
    if (a.is_array()) {
      for (auto const& x : a) walk(x);
    } else {
      n *= a.get<Int>();
    }
  };
  walk(layout["shape"]);
  return n;
}

}  // namespace

Result<std::vector<Json>> random_kind_args(std::string const& kind, std::string const& op, std::mt19937_64& g,
                                          int count) {
  static std::set<std::string> const f2_ops = {"evaluate", "coalesce", "coalesce_z", "composition", "layout_add",
                                               "nullspace"};
  if (kind != "f2" || !f2_ops.count(op))
    return fail(ErrorKind::invalid_input, "no random operands of kind '", kind, "' for ", op,
                " (f2 with evaluate, coalesce, coalesce_z, composition, layout_add, nullspace)");
  std::vector<Json> out;
  for (int n = 0; n < count; ++n) out.push_back(args_json(generators::f2_op_args(op, g)));
  return out;
}

std::optional<Result<void>> witness_other_kinds(std::string const& op, Json const& args, Json const& result) {
  if (!args.is_array() || args.empty() || wire::kind_of(args[0]) != Kind::f2) return std::nullopt;
  auto bad = [&](std::string const& why) -> Result<void> { return disagrees(op, args, why); };
  Json const& a = args[0];
  Int n = size_of(a);
  if (n > (Int{1} << 16)) return Result<void>{};
  auto fa = [&](Int i) { return f2_value(a, i); };
  if (op == "evaluate") {
    for (Int i = 0; i < n; ++i)
      if (fa(i) != result[static_cast<std::size_t>(i)].get<Int>()) return bad(str("value at ", i));
    return Result<void>{};
  }
  if (op == "coalesce" || op == "coalesce_z") {
    for (Int i = 0; i < n; ++i)
      if (fa(i) != f2_value(result, i)) return bad(str("the function changed at ", i));
    return Result<void>{};
  }
  if (op == "layout_add") {
    for (Int i = 0; i < n; ++i) {
      auto x = fa(i), y = f2_value(args[1], i), z = f2_value(result, i);
      if (!x || !y || !z || (*x ^ *y) != *z) return bad(str("R(", i, ") is not A(i) ^ B(i)"));
    }
    return Result<void>{};
  }
  if (op == "nullspace") {
    auto r = layout_from_json(result, "r");
    if (!r) return bad("the result is no layout");
    std::vector<Int> kernel;
    for (Int i = 0; i < n; ++i)
      if (fa(i) == 0) kernel.push_back(i);
    if (tabulate(*r) != kernel) return bad("the result does not enumerate the kernel in order");
    return Result<void>{};
  }
  if (op == "composition") {
    auto b = layout_from_json(args[1], "b");
    if (!b) return bad("B is no layout");
    for (Int i = 0; i < b->size(); ++i)
      if (f2_value(result, i) != fa((*b)(i))) return bad(str("R(", i, ") is not A(B(", i, "))"));
    return Result<void>{};
  }
  return Result<void>{};
}

}  // namespace catlayout::conformance
