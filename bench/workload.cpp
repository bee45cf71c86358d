#include "workload.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <stdexcept>

#include "catlayout/conformance/export.hpp"
#include "catlayout/generators/seeded.hpp"
#include "catlayout/wire/ops.hpp"

namespace catlayout::bench {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using namespace generators;  // the workload's layouts and tilers: GPU kernels' kinds
using Style = LayoutStyle;
constexpr Int max_size = 4096;

IntTuple parse_tuple(std::string_view s) { return *parse_int_tuple(s); }
Layout parse(std::string_view s) { return *parse_layout(s); }

// Each op on a case, returning what the op returns (a Layout or a Result).
auto coalesce_op(CoreCase const& c) { return coalesce(c.a); }
auto composition_op(CoreCase const& c) { return composition(c.a, c.b); }
auto complement_op(CoreCase const& c) { return complement(c.a, c.n); }
auto logical_divide_op(CoreCase const& c) { return logical_divide(c.a, c.b); }
auto zipped_divide_op(CoreCase const& c) { return zipped_divide(c.a, c.b); }
auto tiled_divide_op(CoreCase const& c) { return tiled_divide(c.a, c.b); }
auto flat_divide_op(CoreCase const& c) { return flat_divide(c.a, c.b); }
auto logical_product_op(CoreCase const& c) { return logical_product(c.a, c.b); }
auto zipped_product_op(CoreCase const& c) { return zipped_product(c.a, c.b); }
auto tiled_product_op(CoreCase const& c) { return tiled_product(c.a, c.b); }
auto flat_product_op(CoreCase const& c) { return flat_product(c.a, c.b); }
auto blocked_product_op(CoreCase const& c) { return blocked_product(c.a, *c.b.layout); }
auto raked_product_op(CoreCase const& c) { return raked_product(c.a, *c.b.layout); }
auto right_inverse_op(CoreCase const& c) { return right_inverse(c.a); }
auto left_inverse_op(CoreCase const& c) { return left_inverse(c.a); }

template <auto Op>
Result<Layout> as_result(CoreCase const& c) {
  return Op(c);
}
template <auto Op>
void run_kept(CoreCase const& c) {
  auto r = Op(c);
  benchmark::DoNotOptimize(r);
}
struct OpFns {
  CoreFn fn;
  CoreRun run;
};
template <auto Op>
constexpr OpFns fns_of() {
  return {as_result<Op>, run_kept<Op>};
}

std::map<std::string, OpFns, std::less<>> const& fns() {
  static const std::map<std::string, OpFns, std::less<>> m = {
      {"coalesce", fns_of<coalesce_op>()},
      {"composition", fns_of<composition_op>()},
      {"complement", fns_of<complement_op>()},
      {"logical_divide", fns_of<logical_divide_op>()},
      {"zipped_divide", fns_of<zipped_divide_op>()},
      {"tiled_divide", fns_of<tiled_divide_op>()},
      {"flat_divide", fns_of<flat_divide_op>()},
      {"logical_product", fns_of<logical_product_op>()},
      {"zipped_product", fns_of<zipped_product_op>()},
      {"tiled_product", fns_of<tiled_product_op>()},
      {"flat_product", fns_of<flat_product_op>()},
      {"blocked_product", fns_of<blocked_product_op>()},
      {"raked_product", fns_of<raked_product_op>()},
      {"right_inverse", fns_of<right_inverse_op>()},
      {"left_inverse", fns_of<left_inverse_op>()},
  };
  // The ops are the op table's core layout rows: the timed loops call each engine function directly
  // (a row's typed function would add its indirection and its Result to what is timed), so this map
  // only names the call; a row without one here, or a name here without a row, is a bench bug.
  static bool const same_ops = [] {
    std::size_t rows = 0;
    for (auto const& row : wire::op_table())
      if (row.family == wire::OpFamily::core && row.layout.fn) {
        ++rows;
        if (!m.contains(row.name)) throw std::logic_error("bench: no timed call for the op table's row " + std::string(row.name));
      }
    if (rows != m.size()) throw std::logic_error("bench: a timed call names an op that is not a core row of the op table");
    return true;
  }();
  (void)same_ops;
  return m;
}

// Profiles of A used throughout (ranks 1-6, depth up to 3, TV layouts).
const char* const kRank1 = "1";
const char* const kRank2 = "(1,1)";
const char* const kRank3 = "(1,1,1)";
const char* const kTV = "((1,1),(1,1))";
const char* const kTV3 = "((1,1),(1,1,1))";
const char* const kDepth3 = "((1,(1,1)),1)";
const char* const kRank6 = "(1,1,1,1,1,1)";
const char* const kNested = "(1,(1,1),1)";

// Fill `cases` cases of `op`: fixed realistic cases first, then random ones cycling over the
// generator list; every case is one catlayout accepts (the others are redrawn).
template <class Gen>
void fill_op(CoreOp& op, Rng& g, std::vector<CoreCase> fixed, std::vector<Gen> const& gens) {
  auto fn = fns().at(op.name).fn;
  op.fn = fn;
  op.run = fns().at(op.name).run;
  for (auto& c : fixed)
    if (fn(c)) op.cases.push_back(std::move(c));
  std::size_t k = 0;
  int tries = 0;
  while (static_cast<int>(op.cases.size()) < cases_per_op && tries < 100000) {
    ++tries;
    CoreCase c = gens[k % gens.size()](g);
    auto r = fn(c);
    if (!r || r->size() > max_size * 16) continue;
    op.cases.push_back(std::move(c));
    ++k;
  }
}

CoreCase unary(Layout a) { return CoreCase{std::move(a), {}, 0, false}; }
CoreCase binary(Layout a, Tiler b) { return CoreCase{std::move(a), std::move(b), 0, true}; }

using Gen = std::function<CoreCase(Rng&)>;

std::vector<CoreOp> build() {
  std::vector<CoreOp> out;
  Rng g(seed);
  auto P = [](const char* s) { return parse_tuple(s); };
  std::vector<const char*> all_profiles = {kRank1, kRank2, kRank3, kTV, kTV3, kDepth3, kRank6, kNested};
  auto unary_gens = [&](Style st) {
    std::vector<Gen> gens;
    for (auto p : all_profiles) gens.push_back([p, st, &P](Rng& r) { return unary(realistic_layout(r, P(p), st)); });
    return gens;
  };
  Layout tv1 = parse("((4,8),(2,2)):((32,1),(16,8))");
  Layout tv2 = parse("((4,8),(2,2,2)):((64,1),(16,8,256))");
  Layout tile = parse("(128,64):(64,1)");
  auto tiler = [](std::string_view s) { return *parse_tiler(s); };

  {
    CoreOp op{"coalesce", {}, nullptr};
    fill_op(op, g, {unary(tv1), unary(tv2), unary(tile), unary(parse("((2,4),(2,8)):((1,2),(8,16))"))},
            unary_gens(Style{0.3, 0.15}));
    out.push_back(std::move(op));
  }
  {
    CoreOp op{"composition", {}, nullptr};
    std::vector<std::pair<const char*, const char*>> pairs = {
        {kRank2, kRank2}, {kRank2, kTV}, {kTV, kRank1}, {kRank3, kRank2}, {kDepth3, kRank1}, {kRank6, kRank2},
        {kTV3, kTV}};
    std::vector<Gen> gens;
    for (auto [pa, pb] : pairs)
      gens.push_back([pa, pb, &P](Rng& r) {
        Layout a = realistic_layout(r, P(pa), Style{0.2, 0.0});
        return binary(a, Tiler::of(layout_onto(r, P(pb), a.size())));
      });
    gens.push_back([&P](Rng& r) {  // by-mode tiler: composition(A, <B0, B1>)
      Layout a = realistic_layout(r, P(kRank2), Style{});
      return binary(a, random_by_mode_tiler(r, a, 2, 'l'));
    });
    fill_op(op, g,
            {binary(parse("(16,8):(1,16)"), Tiler::of(tv1)), binary(parse("(32,8):(1,32)"), Tiler::of(tv2)),
             binary(tile, tiler("<16:1,8:1>")), binary(parse("(6,2):(8,2)"), tiler("(4,3):(3,1)"))},
            gens);
    out.push_back(std::move(op));
  }
  {
    CoreOp op{"complement", {}, nullptr};
    std::vector<Gen> gens;
    for (auto p : all_profiles)
      gens.push_back([p, &P](Rng& r) {
        CoreCase c = unary(realistic_layout(r, P(p), Style{0.4, 0.0, 1024}));
        c.n = cosize(c.a) * (Int{1} << uniform(r, 0, 2));
        return c;
      });
    auto with_n = [](Layout a, Int n) { CoreCase c = unary(std::move(a)); c.n = n; return c; };
    fill_op(op, g, {with_n(parse("4:2"), 24), with_n(tv1, 128), with_n(parse("(2,2):(1,8)"), 64)}, gens);
    out.push_back(std::move(op));
  }
  // Divides: the same inputs for logical/zipped/tiled/flat.
  {
    std::vector<Gen> gens = {
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kRank2), Style{}); return binary(a, random_by_mode_tiler(r, a, 2, 'i')); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kRank2), Style{}); return binary(a, random_by_mode_tiler(r, a, 2, 'l')); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kTV), Style{}); return binary(a, random_by_mode_tiler(r, a, 2, 'i')); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kRank3), Style{}); return binary(a, random_by_mode_tiler(r, a, 2, 'i')); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kRank1), Style{}); return binary(a, random_layout_tiler(r, a.size(), 1)); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kDepth3), Style{}); return binary(a, random_by_mode_tiler(r, a, 1, 'l')); },
        [&P](Rng& r) { Layout a = realistic_layout(r, P(kRank6), Style{}); return binary(a, random_by_mode_tiler(r, a, 2, 'i')); },
    };
    std::vector<CoreCase> fixed = {binary(tile, tiler("<16,8>")), binary(tile, tiler("<16:1,8:1>")),
                                   binary(tile, tiler("<(4,4):(1,32),8:1>")), binary(tv1, tiler("<4,2>"))};
    for (auto name : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}) {
      CoreOp op{name, {}, nullptr};
      Rng gd(seed + 1);  // the same inputs for each variant
      fill_op(op, gd, fixed, gens);
      out.push_back(std::move(op));
    }
  }
  // Products: a tile times a (small) repetition layout, the same inputs for the variants.
  {
    std::vector<Gen> gens = {
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank2), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank2), Style{0, 0, 4096 / a.size()})));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank1), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank1), Style{0, 0, 4096 / a.size()})));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kTV), Style{0, 0, 128});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank2), Style{0, 0, 4096 / a.size()})));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank2), Style{0, 0, 64});
          Int budget = 4096 / a.size();
          std::vector<Tiler> m;
          for (int i = 0; i < 2; ++i) m.push_back(Tiler::of(realistic_layout(r, P(kRank1), Style{0, 0, i == 0 ? 8 : budget / 8})));
          return binary(a, Tiler::by_mode(std::move(m)));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank3), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank1), Style{0, 0, 4096 / a.size()})));
        },
    };
    std::vector<CoreCase> fixed = {binary(parse("(2,2):(1,2)"), Tiler::of(parse("(4,8):(1,4)"))),
                                   binary(parse("(4,8):(8,1)"), tiler("<2:1,4:1>"))};
    for (auto name : {"logical_product", "zipped_product", "tiled_product", "flat_product"}) {
      CoreOp op{name, {}, nullptr};
      Rng gp(seed + 2);
      fill_op(op, gp, fixed, gens);
      out.push_back(std::move(op));
    }
    std::vector<Gen> lgens = {
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank2), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank2), Style{0, 0, 4096 / a.size()})));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank1), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank2), Style{0, 0, 4096 / a.size()})));
        },
        [&P](Rng& r) {
          Layout a = realistic_layout(r, P(kRank3), Style{0, 0, 64});
          return binary(a, Tiler::of(realistic_layout(r, P(kRank2), Style{0, 0, 4096 / a.size()})));
        },
    };
    std::vector<CoreCase> lfixed = {binary(parse("(2,4):(4,1)"), Tiler::of(parse("(8,4):(1,8)"))),
                                    binary(parse("(4,1):(1,0)"), Tiler::of(parse("(8,32):(32,1)")))};
    for (auto name : {"blocked_product", "raked_product"}) {
      CoreOp op{name, {}, nullptr};
      Rng gp(seed + 3);
      fill_op(op, gp, lfixed, lgens);
      out.push_back(std::move(op));
    }
  }
  {
    CoreOp op{"right_inverse", {}, nullptr};
    fill_op(op, g, {unary(tv1), unary(tv2), unary(tile)}, unary_gens(Style{0.3, 0.1}));
    out.push_back(std::move(op));
  }
  {
    CoreOp op{"left_inverse", {}, nullptr};
    fill_op(op, g, {unary(tv1), unary(tv2), unary(tile)}, unary_gens(Style{0.3, 0.0}));
    out.push_back(std::move(op));
  }
  return out;
}

}  // namespace

std::vector<CoreOp> const& core_workload() {
  static const std::vector<CoreOp> w = build();
  return w;
}

CoreFn core_fn(std::string const& op) { return fns().at(op).fn; }

CoreRun core_run(std::string const& op) { return fns().at(op).run; }

std::vector<Layout> const& eval_layouts() {
  static const std::vector<Layout> ls = [] {
    Rng g(seed + 10);
    std::vector<Layout> v = {parse("((4,8),(2,2)):((32,1),(16,8))"), parse("((4,8),(2,2,2)):((64,1),(16,8,256))"),
                             parse("(128,32):(32,1)"), parse("((8,4),(4,2,4)):((4,128),(1,32,256))")};
    const char* profiles[] = {kRank1, kRank2, kRank3, kTV, kTV3, kDepth3, kRank6, kNested};
    for (int i = 0; v.size() < 64; ++i) {
      Style st{0.3, 0.05, 4096};
      v.push_back(realistic_layout(g, parse_tuple(profiles[i % 8]), st));
    }
    return v;
  }();
  return ls;
}

std::vector<EvalPoint> const& eval_points() {
  static const std::vector<EvalPoint> ps = [] {
    Rng g(seed + 11);
    std::vector<EvalPoint> v;
    auto const& ls = eval_layouts();
    for (int k = 0; k < 64; ++k)
      for (std::uint32_t j = 0; j < ls.size(); ++j) v.push_back({j, uniform(g, 0, ls[j].size() - 1)});
    std::shuffle(v.begin(), v.end(), g);
    return v;
  }();
  return ps;
}

Json workload_json() {
  Json ops = Json::object();
  for (auto const& op : core_workload()) {
    Json cases = Json::array();
    for (auto const& c : op.cases) {
      Json args = Json::array({to_json(c.a)});
      if (op.name == "complement") args.push_back(c.n);
      else if (c.has_b) args.push_back(to_json(c.b));
      cases.push_back(args);
    }
    ops[op.name] = cases;
  }
  Json layouts = Json::array();
  for (auto const& l : eval_layouts()) layouts.push_back(to_json(l));
  Json points = Json::array();
  for (auto const& p : eval_points()) points.push_back(Json::array({p.layout, p.index}));
  return Json{{"schema", "catlayout.bench-workload/1"},
              {"seed", seed},
              {"ops", ops},
              {"evaluate", {{"layouts", layouts}, {"points", points}}}};
}

Json const& checker_document() {
  static const Json doc = [] {
    std::vector<std::string> ops = {"composition",     "complement",    "coalesce",      "logical_divide",
                                    "logical_product", "zipped_divide", "tiled_product", "blocked_product",
                                    "right_inverse",   "left_inverse",  "nest.compose",
                                    "nest.logical_divide", "mutual_refinement", "layout.to_nest"};
    std::vector<Json> per_op;
    for (auto const& op : ops) {
      conformance::ExportOptions opt;
      opt.seed = seed;
      opt.count = 1000;
      auto d = conformance::export_op(op, opt);
      if (!d) continue;
      per_op.push_back((*d)["cases"]);
    }
    Json cases = Json::array();
    // evaluate is left out: its exported cases carry whole tabulations (51 KB a case on average,
    // 94% of such a document's bytes), which measures JSON number parsing, not the algebra.
    // Interleave the ops (a mixed document), cycling until there are 10,000 cases.
    std::size_t i = 0;
    while (cases.size() < 10000) {
      for (auto const& c : per_op) {
        if (cases.size() >= 10000) break;
        Json x = c[i % c.size()];
        x["id"] = "bench/" + std::to_string(cases.size());
        cases.push_back(std::move(x));
      }
      ++i;
    }
    return Json{{"schema", "catlayout.vectors/1"},
                {"source", "catlayout_bench: exporter cases of 14 ops (all but evaluate), interleaved and cycled to 10,000"},
                {"cases", cases}};
  }();
  return doc;
}

}  // namespace catlayout::bench
