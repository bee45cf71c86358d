#include "catlayout/conformance/export.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"

namespace catlayout::conformance {
namespace {

using Rng = std::mt19937_64;

Int uniform(Rng& g, Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); }

IntTuple random_shape(Rng& g, int depth, Int max_leaf, int& leaves) {
  if (depth == 0 || uniform(g, 0, 3) != 0) {
    ++leaves;
    return IntTuple(uniform(g, 1, max_leaf));
  }
  std::vector<IntTuple> c;
  for (Int i = 0, n = uniform(g, 1, 3); i < n; ++i) c.push_back(random_shape(g, depth - 1, max_leaf, leaves));
  return IntTuple(std::move(c));
}

Layout with_strides(IntTuple const& shape, std::vector<Int> const& d) { return *Layout::make(shape, *substitute(d, profile(shape))); }

// Any layout: ranks 1-3, nesting up to depth 2, strides 0..max_stride.
Layout random_layout(Rng& g, Int max_leaf = 6, Int max_stride = 24) {
  int leaves = 0;
  std::vector<IntTuple> modes;
  for (Int i = 0, r = uniform(g, 1, 3); i < r; ++i) modes.push_back(random_shape(g, 2, max_leaf, leaves));
  IntTuple shape = modes.size() == 1 ? modes[0] : IntTuple(modes);
  std::vector<Int> d;
  for (int i = 0; i < leaves; ++i) d.push_back(uniform(g, 0, max_stride));
  return with_strides(shape, d);
}

// A compact layout in a random mode order (column-major of a permutation), nested at random.
Layout random_compact(Rng& g, Int max_leaf = 6) {
  int leaves = 0;
  std::vector<IntTuple> modes;
  for (Int i = 0, r = uniform(g, 1, 3); i < r; ++i) modes.push_back(random_shape(g, 1, max_leaf, leaves));
  IntTuple shape = modes.size() == 1 ? modes[0] : IntTuple(modes);
  auto s = flatten_values(shape);
  std::vector<std::size_t> order(s.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), g);
  std::vector<Int> d(s.size());
  Int p = 1;
  for (auto i : order) {
    d[i] = p;
    p *= s[i];
  }
  return with_strides(shape, d);
}

// A tractable layout: a compact layout scaled, with gaps and stride-0 modes mixed in.
Layout random_tractable(Rng& g) {
  auto c = random_compact(g, 5);
  auto f = flat_modes(c);
  std::vector<std::size_t> order(f.shape.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return f.stride[a] < f.stride[b]; });
  Int p = uniform(g, 1, 3);
  for (auto i : order) {
    if (uniform(g, 0, 7) == 0) {
      f.stride[i] = 0;
      continue;
    }
    f.stride[i] = p;
    p *= f.shape[i] * uniform(g, 1, 2);
  }
  return with_strides(c.shape(), f.stride);
}

Json lj(Layout const& l) { return to_json(l); }

// Witnesses: independent confirmations of a result, by tabulation.
Result<void> witness_composition(Layout const& a, Layout const& b, Layout const& r) {
  if (r.size() != b.size()) return fail(ErrorKind::invalid_input, "size ", r.size(), " != size(B) ", b.size());
  for (Int i = 0; i < r.size(); ++i) {
    auto ab = a.extended(b(i));
    if (!ab || *ab != r(i))
      return fail(ErrorKind::invalid_input, "composition ", to_string(a), " o ", to_string(b), " = ", to_string(r),
                  " differs from A(B(i)) at i = ", i);
  }
  return {};
}

Result<void> witness(std::string const& op, Json const& args, Json const& result) {
  auto a = layout_from_json(args[0], "a");
  auto r = layout_from_json(result, "r");
  // Huge layouts (the int64 corner cases) are confirmed by the engines' own checks alone.
  if (!a || !r || a->size() > (Int{1} << 20) || r->size() > (Int{1} << 20)) return {};
  if (op == "coalesce" && args.size() == 1) {
    if (tabulate(*a) != tabulate(*r)) return fail(ErrorKind::invalid_input, "coalesce changed the function of ", to_string(*a));
  } else if (op == "composition" && args[1].contains("shape")) {
    return witness_composition(*a, *layout_from_json(args[1], "b"), *r);
  } else if (op == "complement") {
    auto both = make_layout({filter(*a), *r});
    if (!both || !is_injective(*both))
      return fail(ErrorKind::invalid_input, "complement ", to_string(*r), " overlaps ", to_string(*a));
    Int n = args.size() > 1 ? args[1].get<Int>() : cosize(filter(*a));
    auto t = tabulate(*both);
    std::set<Int> image(t.begin(), t.end());
    for (Int i = 0; i < n; ++i)
      if (!image.count(i)) return fail(ErrorKind::invalid_input, "complement of ", to_string(*a), " misses ", i);
  } else if ((op == "logical_divide" || op == "zipped_divide") && args[1].contains("shape")) {
    return witness_composition(*a, *layout_from_json(args[1], "b"), r->mode(0));
  } else if (op == "logical_product" && args[1].contains("shape")) {
    if (!(r->mode(0) == *a)) return fail(ErrorKind::invalid_input, "product mode 0 is not A");
  } else if (op == "right_inverse") {
    for (Int i = 0; i < r->size(); ++i)
      if ((*a)((*r)(i)) != i) return fail(ErrorKind::invalid_input, "right inverse fails at ", i);
  } else if (op == "left_inverse" && is_injective(*a)) {
    for (Int i = 0; i < a->size(); ++i) {
      auto x = r->extended((*a)(i));
      if (!x || *x != i) return fail(ErrorKind::invalid_input, "left inverse fails at ", i);
    }
  }
  return {};
}

// Random arguments for an op (schema JSON).
Json random_args(std::string const& op, Rng& g) {
  auto tiler_for = [&](Layout const& a) -> Json {
    if (uniform(g, 0, 2) == 0 && a.rank() >= 1 && !a.shape().is_leaf()) {
      Json modes = Json::array();
      for (std::size_t i = 0, n = uniform(g, 1, a.rank()); i < n; ++i)
        modes.push_back(uniform(g, 0, 1) ? Json(uniform(g, 1, 4)) : lj(random_tractable(g)));
      return Json{{"tiler", modes}};
    }
    return lj(uniform(g, 0, 1) ? random_tractable(g) : random_layout(g, 4, 8));
  };
  if (op == "evaluate") return Json::array({lj(random_layout(g))});
  if (op == "coalesce") {
    auto a = random_layout(g);
    if (uniform(g, 0, 1)) return Json::array({lj(a)});
    Json p = Json::array();
    for (std::size_t i = 0, n = uniform(g, 1, a.rank()); i < n; ++i)
      p.push_back(uniform(g, 0, 1) ? to_json(profile(a.shape().mode(i))) : Json(1));
    return Json::array({lj(a), p});
  }
  if (op == "composition") {
    auto a = uniform(g, 0, 1) ? random_compact(g) : random_layout(g);
    return Json::array({lj(a), tiler_for(a)});
  }
  if (op == "complement") {
    auto a = uniform(g, 0, 3) ? random_tractable(g) : random_layout(g, 4, 12);
    if (uniform(g, 0, 2) == 0) return Json::array({lj(a)});
    return Json::array({lj(a), cosize(a) * uniform(g, 1, 3) + uniform(g, 0, 2)});
  }
  if (op.ends_with("_divide")) {
    auto a = uniform(g, 0, 1) ? random_compact(g) : random_layout(g);
    return Json::array({lj(a), tiler_for(a)});
  }
  if (op == "blocked_product" || op == "raked_product")
    return Json::array({lj(random_compact(g, 4)), lj(uniform(g, 0, 1) ? random_compact(g, 4) : random_tractable(g))});
  if (op.ends_with("_product")) {
    auto a = uniform(g, 0, 1) ? random_compact(g, 4) : random_tractable(g);
    return Json::array({lj(a), tiler_for(a)});
  }
  if (op == "right_inverse" || op == "left_inverse")
    return Json::array({lj(uniform(g, 0, 1) ? random_compact(g) : random_tractable(g))});
  if (op == "layout.to_nest") return Json::array({lj(uniform(g, 0, 3) ? random_tractable(g) : random_layout(g, 4, 12))});
  if (op == "mutual_refinement") {
    int leaves = 0;
    auto t = random_shape(g, 2, 8, leaves);
    if (uniform(g, 0, 1)) return Json::array({to_json(t), to_json(random_shape(g, 2, 8, leaves))});
    // A refinement-friendly partner: split each entry of a flattening.
    std::vector<IntTuple> parts;
    for (Int v : flatten_values(t)) {
      Int d = 1;
      for (Int k = 2; k <= v; ++k)
        if (v % k == 0 && uniform(g, 0, 1)) {
          d = k;
          break;
        }
      parts.push_back(d == 1 || d == v ? IntTuple(v) : tup(d, v / d));
    }
    return Json::array({to_json(t), to_json(IntTuple(parts))});
  }
  return Json::array();
}

// Corner cases every export carries: size-1 modes, stride 0, the empty tuple, deep nesting,
// values near the int64 limit.
std::vector<Json> corner_args(std::string const& op) {
  auto L = [](char const* s) { return lj(*parse_layout(s)); };
  std::vector<Json> unary = {L("1:0"), L("(1,1):(0,0)"), L("():()"), L("(4,1):(1,0)"), L("(2,(1,(3,(1,2)))):(1,(0,(2,(0,6))))"),
                             L("((((((2))))),3):((((((3))))),1)"), L("(2,3):(0,0)"), L("4611686018427387904:1"),
                             L("(2,2305843009213693952):(2305843009213693952,1)"), L("(3,2):(1,4)")};
  if (op == "evaluate") return {Json::array({L("1:0")}), Json::array({L("():()")}), Json::array({L("(2,1,3):(5,7,0)")})};
  if (op == "coalesce" || op == "right_inverse" || op == "left_inverse" || op == "complement" ||
      op == "layout.to_nest") {
    std::vector<Json> v;
    for (auto const& u : unary) v.push_back(Json::array({u}));
    if (op == "complement")
      for (auto c : {"(2,2):(1,1)", "(2,2):(1,3)", "(4,6):(1,4)"}) v.push_back(Json::array({L(c), 24}));
    return v;
  }
  if (op == "composition")
    return {Json::array({L("(3,2):(1,4)"), L("4:1")}), Json::array({L("(4,6):(2,3)"), L("6:3")}),
            Json::array({L("1:0"), L("4:2")}), Json::array({L("(4,3,1):(3,1,0)"), L("24:1")}),
            Json::array({L("4611686018427387904:1"), L("2:2")}), Json::array({L("2:4611686018427387904"), L("2:2")}),
            Json::array({L("(2,(1,6)):(1,(6,2))"), L("(1,(2,1)):(0,(3,0))")})};
  if (op.ends_with("_divide") || op.ends_with("_product"))
    return {Json::array({L("(4,4):(1,4)"), L("(2,2):(1,2)")}), Json::array({L("(1,1):(0,0)"), L("1:0")}),
            Json::array({L("(2,2):(2,3)"), L("2:1")})};
  if (op == "mutual_refinement")
    return {Json::array({Json::array({8, 8}), Json::array({3, 8, 8})}), Json::array({Json::array(), Json::array()}),
            Json::array({1, Json::array({1, 1})}), Json::array({4611686018427387904, Json::array({2, 2305843009213693952})})};
  return {};
}

}  // namespace

Result<Json> export_op(std::string const& op, ExportOptions const& opt) {
  if (!is_known_op(op)) return fail(ErrorKind::invalid_input, "op '", op, "' is not implemented in this build");
  Rng g(opt.seed ^ std::hash<std::string>{}(op));
  std::vector<Json> all = corner_args(op);
  for (int i = 0; i < opt.count; ++i) all.push_back(random_args(op, g));
  Json cases = Json::array();
  std::set<std::string> seen;
  int n = 0;
  for (auto const& args : all) {
    if (args.empty() || !seen.insert(args.dump()).second) continue;
    auto r = run_op(op, args, "args");
    Json expect;
    if (r) {
      auto w = witness(op, args, *r);
      if (!w)
        return fail(ErrorKind::invalid_input, "export stopped: the engines disagree on ", op, " ", args.dump(), ": ",
                    w.error().message);
      expect = *r;
    } else {
      expect = error_json(r.error());
    }
    char id[64];
    std::snprintf(id, sizeof id, "%s/%04d", op.c_str(), n++);
    cases.push_back({{"id", id}, {"op", op}, {"args", args}, {"expect", expect}});
  }
  return Json{{"schema", "catlayout.vectors/1"},
              {"source", str("catlayout export ", CATLAYOUT_VERSION, " (seed ", opt.seed, ", count ", opt.count,
                             "): expectations computed by catlayout's engines and confirmed by tabulation")},
              {"cases", cases}};
}

Result<void> write_atomically(std::string const& path, std::string const& content, bool force) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path, ec) && !force) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream old;
    old << in.rdbuf();
    if (old.str() == content) return {};
    return fail(ErrorKind::invalid_input, path, " exists with different content; use --force to replace it");
  }
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) return fail(ErrorKind::invalid_input, "cannot write ", tmp);
  }
  fs::rename(tmp, path, ec);
  if (ec) return fail(ErrorKind::invalid_input, "cannot rename ", tmp, " to ", path, ": ", ec.message());
  return {};
}

Result<std::vector<std::string>> export_vectors(ExportOptions const& opt, std::ostream& log) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opt.out_dir, ec);
  if (ec) return fail(ErrorKind::invalid_input, "cannot create ", opt.out_dir, ": ", ec.message());
  auto ops = opt.ops.empty() ? known_ops() : opt.ops;
  std::vector<std::string> written;
  for (auto const& op : ops) {
    CL_TRY(doc, export_op(op, opt));
    std::string path = (fs::path(opt.out_dir) / (op + ".json")).string();
    CL_CHECK(write_atomically(path, doc.dump(1) + "\n", opt.force));
    log << path << ": " << doc["cases"].size() << " cases\n";
    written.push_back(path);
  }
  return written;
}

}  // namespace catlayout::conformance
