// catlayout_bench: Google Benchmark suite over every algebra operation of both engines,
// evaluation, parsing and the vector checker, on the fixed seeded workload of workload.cpp.
// Each benchmark iterates over a pre-generated vector of N inputs per iteration and reports
// items_per_second, so the time per item is the time per operation. Medians of 5 repetitions.
//
//   catlayout_bench [google-benchmark flags]
//   catlayout_bench --dump-workload FILE    the core-op workload as JSON (for bench/compare)
//   catlayout_bench --write-vectors FILE    the 10,000-case checker document (for `catlayout check`)
//   catlayout_bench --time-json FILE        time core ops on given cases (bench/compare's cat(same))
//   catlayout_bench --count-json FILE N     run them N times, untimed (instruction counts: bench/compare)
//   catlayout_bench --iterations N [google-benchmark flags]   every row exactly N iterations, once
//                                           (instruction counts per row: bench/ab --instructions)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <stdexcept>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>

#include "catlayout/algorithms/composition.hpp"
#include "catlayout/analysis.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/categories.hpp"
#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/wire/ops.hpp"
#include "workload.hpp"

namespace catlayout::bench {

using namespace catlayout::algorithms;  // paper chapter 4

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

// --iterations N: every row runs exactly N iterations, once, instead of 5 repetitions of at least
// 0.2 s. For an instruction counter: bench/ab --instructions runs each row under callgrind at N and
// 2N iterations and takes the difference, so start-up and workload generation cancel out.
benchmark::IterationCount fixed_iterations = 0;

template <class B>
B* common(B* b) {
  if (fixed_iterations > 0) return b->Iterations(fixed_iterations)->Repetitions(1);
  return b->Repetitions(5)->ReportAggregatesOnly(true)->MinTime(0.2);
}

// ---------------------------------------------------------------- core ops
void core_op(benchmark::State& state, CoreOp const* op) {
  auto run = op->run;
  for (auto _ : state)
    for (auto const& c : op->cases) run(c);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(op->cases.size()));
}

// The error path: inadmissible compositions (every call formats an error message).
std::vector<std::pair<Layout, Tiler>> const& inadmissible() {
  static const std::vector<std::pair<Layout, Tiler>> v = [] {
    std::vector<std::pair<Layout, Tiler>> out;
    // Six refusals, the fifth by mode (at start-up, the bench says so if one is answered).
    char const* pairs[][2] = {{"(3,2):(1,4)", "4:1"},         {"(4,6):(1,5)", "(2,4):(3,1)"},
                              {"(6,2):(8,2)", "(4,3):(5,1)"}, {"((4,8),(2,2)):((32,1),(16,8))", "8:3"},
                              {"((4,6),8):((2,3),24)", "<6:3,8:1>"}, {"(12,4):(1,13)", "(8,2):(1,8)"}};
    for (auto const& p : pairs) out.emplace_back(*parse_layout(p[0]), *parse_tiler(p[1]));
    for (auto const& [a, b] : out)
      if (composition(a, b)) std::cerr << "catlayout_bench: expected inadmissible: " << to_string(a) << "\n";
    return out;
  }();
  return v;
}

void core_composition_inadmissible(benchmark::State& state) {
  auto const& v = inadmissible();
  for (auto _ : state)
    for (auto const& [a, b] : v) {
      auto r = composition(a, b);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(v.size()));
}

// ---------------------------------------------------------------- evaluation
void eval_random_access(benchmark::State& state) {
  auto const& ls = eval_layouts();
  auto const& ps = eval_points();
  for (auto _ : state) {
    Int sum = 0;
    for (auto const& p : ps) sum += ls[p.layout](p.index);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(ps.size()));
}

std::int64_t total_size() {
  std::int64_t n = 0;
  for (auto const& l : eval_layouts()) n += l.size();
  return n;
}

void eval_tabulate(benchmark::State& state) {
  auto const& ls = eval_layouts();
  for (auto _ : state)
    for (auto const& l : ls) {
      auto v = tabulate(l);
      benchmark::DoNotOptimize(v.data());
    }
  state.SetItemsProcessed(state.iterations() * total_size());
}

// Iteration by calling L(i) for i = 0..size-1 (what a user loop without tabulate does).
void eval_loop_call(benchmark::State& state) {
  auto const& ls = eval_layouts();
  for (auto _ : state)
    for (auto const& l : ls) {
      Int sum = 0;
      for (Int i = 0, n = l.size(); i < n; ++i) sum += l(i);
      benchmark::DoNotOptimize(sum);
    }
  state.SetItemsProcessed(state.iterations() * total_size());
}

// ---------------------------------------------------------------- parsing
std::vector<std::string> const& layout_texts() {
  static const std::vector<std::string> v = [] {
    std::vector<std::string> out;
    for (auto const& l : eval_layouts()) out.push_back(to_string(l));
    for (auto const& op : core_workload())
      for (auto const& c : op.cases)
        if (out.size() < 512) out.push_back(to_string(c.a));
    return out;
  }();
  return v;
}

void parse_layout_bench(benchmark::State& state) {
  auto const& v = layout_texts();
  std::int64_t bytes = 0;
  for (auto const& s : v) bytes += static_cast<std::int64_t>(s.size());
  for (auto _ : state)
    for (auto const& s : v) {
      auto r = parse_layout(s);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(v.size()));
  state.SetBytesProcessed(state.iterations() * bytes);
}

void parse_tiler_bench(benchmark::State& state) {
  static const std::vector<std::string> v = [] {
    std::vector<std::string> out;
    for (auto const& op : core_workload())
      if (op.name == "logical_divide" || op.name == "logical_product")
        for (auto const& c : op.cases) out.push_back(to_string(c.b));
    return out;
  }();
  for (auto _ : state)
    for (auto const& s : v) {
      auto r = parse_tiler(s);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(v.size()));
}

// ---------------------------------------------------------------- categories
namespace cat = catlayout::categories;

std::vector<Layout> const& tractable_layouts() {
  static const std::vector<Layout> v = [] {
    std::vector<Layout> out;
    auto take = [&](Layout const& l) {
      if (out.size() < 256 && cat::standard_representation(l)) out.push_back(l);
    };
    for (auto const& l : eval_layouts()) take(l);
    for (auto const& op : core_workload())
      if (op.name == "coalesce" || op.name == "complement" || op.name == "composition")
        for (auto const& c : op.cases) take(c.a);
    return out;
  }();
  return v;
}

std::vector<cat::NestMorphism> const& standard_reps() {
  static const std::vector<cat::NestMorphism> v = [] {
    std::vector<cat::NestMorphism> out;
    for (auto const& l : tractable_layouts()) out.push_back(*cat::standard_representation(l));
    return out;
  }();
  return v;
}

// Admissible exporter arguments of a categorical op, read as morphisms (or int tuples).
std::vector<Json> exported_args(std::string const& op) {
  conformance::ExportOptions opt;
  opt.seed = seed;
  opt.count = 300;
  std::vector<Json> out;
  auto d = conformance::export_op(op, opt);
  if (!d) {
    std::cerr << "catlayout_bench: export " << op << ": " << d.error().what() << "\n";
    return out;
  }
  for (auto const& c : (*d)["cases"])
    if (!(c["expect"].is_object() && c["expect"].contains("error"))) out.push_back(c["args"]);
  return out;
}

using MorphPair = std::pair<cat::NestMorphism, cat::NestMorphism>;
std::vector<MorphPair> const& morph_pairs(std::string const& op) {
  static std::map<std::string, std::vector<MorphPair>> cache;
  auto it = cache.find(op);
  if (it != cache.end()) return it->second;
  std::vector<MorphPair> v;
  for (auto const& a : exported_args(op)) {
    auto f = wire::nest_morphism_from_json(a[0], "f");
    auto g = wire::nest_morphism_from_json(a[1], "g");
    if (f && g) v.emplace_back(*f, *g);
  }
  return cache[op] = std::move(v);
}

std::vector<cat::NestMorphism> const& morphs(std::string const& op) {
  static std::map<std::string, std::vector<cat::NestMorphism>> cache;
  auto it = cache.find(op);
  if (it != cache.end()) return it->second;
  std::vector<cat::NestMorphism> v;
  for (auto const& a : exported_args(op))
    if (auto f = wire::nest_morphism_from_json(a[0], "f")) v.push_back(*f);
  return cache[op] = std::move(v);
}

template <class Items, class F>
void over(benchmark::State& state, Items const& items, F f) {
  if (items.empty()) {
    state.SkipWithError("empty workload");
    return;
  }
  for (auto _ : state)
    for (auto const& x : items) {
      auto r = f(x);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(items.size()));
}

void cat_standard_representation(benchmark::State& s) {
  over(s, tractable_layouts(), [](Layout const& l) { return cat::standard_representation(l); });
}
void cat_to_layout(benchmark::State& s) {
  over(s, standard_reps(), [](cat::NestMorphism const& f) { return cat::to_layout(f); });
}
void cat_compose(benchmark::State& s) {
  over(s, morph_pairs("nest.compose"), [](MorphPair const& p) { return cat::compose(p.second, p.first); });
}
void cat_coalesce(benchmark::State& s) {
  over(s, morphs("nest.coalesce"), [](cat::NestMorphism const& f) { return cat::coalesce(f); });
}
void cat_complement(benchmark::State& s) {
  over(s, morphs("nest.complement"), [](cat::NestMorphism const& f) { return cat::complement(f); });
}
void cat_logical_divide(benchmark::State& s) {
  over(s, morph_pairs("nest.logical_divide"), [](MorphPair const& p) { return cat::logical_divide(p.first, p.second); });
}
void cat_logical_product(benchmark::State& s) {
  over(s, morph_pairs("nest.logical_product"),
       [](MorphPair const& p) { return cat::logical_product(p.first, p.second); });
}

// ---------------------------------------------------------------- algorithms
void alg_mutual_refinement(benchmark::State& s) {
  static const std::vector<std::pair<IntTuple, IntTuple>> v = [] {
    std::vector<std::pair<IntTuple, IntTuple>> out;
    for (auto const& a : exported_args("mutual_refinement")) {
      auto t = int_tuple_from_json(a[0], "t");
      auto u = int_tuple_from_json(a[1], "u");
      if (t && u) out.emplace_back(*t, *u);
    }
    return out;
  }();
  over(s, v, [](auto const& p) { return mutual_refinement(p.first, p.second); });
}

// The core composition workload through Algorithm 4.1.2 (paper B o A = core composition(B, A)):
// the cases it accepts (tractable, mutually refinable).
std::vector<std::pair<Layout, Layout>> const& categorical_pairs() {
  static const std::vector<std::pair<Layout, Layout>> v = [] {
    std::vector<std::pair<Layout, Layout>> out;
    for (auto const& op : core_workload())
      if (op.name == "composition")
        for (auto const& c : op.cases)
          if (c.b.is_layout() && categorical_composition(*c.b.layout, c.a)) out.emplace_back(*c.b.layout, c.a);
    return out;
  }();
  return v;
}

void alg_categorical_composition(benchmark::State& s) {
  over(s, categorical_pairs(), [](auto const& p) { return categorical_composition(p.first, p.second); });
}
void alg_nest_composition(benchmark::State& s) {
  over(s, categorical_pairs(), [](auto const& p) { return nest_composition(p.first, p.second); });
}
// core composition on exactly the cases categorical_composition accepts (same inputs, engine ratio).
void core_composition_same_cases(benchmark::State& s) {
  over(s, categorical_pairs(), [](auto const& p) { return composition(p.second, p.first); });
}

// ---------------------------------------------------------------- the vector checker
void check_document_10k(benchmark::State& state) {
  auto const& doc = checker_document();
  std::size_t failed = 0;
  for (auto _ : state) {
    auto r = conformance::check_document(doc, "bench", {});
    if (r)
      for (auto const& o : *r) failed += o.match == conformance::Match::fail;
    benchmark::DoNotOptimize(r);
  }
  if (failed) state.SkipWithError("the checker reported failures");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(doc["cases"].size()));
}

void parse_and_check_10k(benchmark::State& state) {
  static const std::string text = checker_document().dump();
  for (auto _ : state) {
    auto doc = Json::parse(text);
    auto r = conformance::check_document(doc, "bench", {});
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations() * 10000);
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

void json_parse_10k(benchmark::State& state) {
  static const std::string text = checker_document().dump();
  for (auto _ : state) {
    auto doc = Json::parse(text);
    benchmark::DoNotOptimize(doc);
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}

// The streaming check_file (check.cpp) on the same document written to a temporary file: the
// file is read, scanned, and only the cases off the fast path are parsed.
void stream_check(benchmark::State& state, unsigned threads) {
  static const std::string path = [] {
    std::string p = (std::filesystem::temp_directory_path() / "catlayout-bench-v10k.json").string();
    std::ofstream(p) << checker_document().dump() << "\n";
    return p;
  }();
  conformance::CheckOptions opt;
  opt.threads = threads;
  std::size_t failed = 0;
  for (auto _ : state) {
    auto r = conformance::check_file(path, opt);
    if (!r) {
      state.SkipWithError(r.error().what().c_str());
      return;
    }
    for (auto const& o : *r) failed += o.match == conformance::Match::fail;
    benchmark::DoNotOptimize(r);
  }
  if (failed) state.SkipWithError("the checker reported failures");
  state.SetItemsProcessed(state.iterations() * 10000);
}

// On one thread (the row's history), and on every hardware thread (check_file's default; its row
// is timed by the wall clock, the process's CPU time beside it).
void stream_check_10k(benchmark::State& state) { stream_check(state, 1); }
void stream_check_10k_threads(benchmark::State& state) { stream_check(state, 0); }

// The engines' share of the checker: the same 10,000 cases with their args and expectations read
// beforehand (by the DOM readers, outside the timing), so an iteration runs only what the op table's
// rows run after reading (the engine calls) and compares each result with its expectation.
// No reader of the file can make the checker faster than this row.
template <class T>
struct Expected {
  std::optional<ErrorKind> error;
  std::optional<T> value;
};

template <class T>
bool same(T const& a, T const& b) { return a == b; }
// A refinement's JSON has its two tuples only (run_mutual_refinement), so only they are compared.
bool same(MutualRefinement const& a, MutualRefinement const& b) { return a.first == b.first && a.second == b.second; }

// The outcome is what the case expects: classify's exact match, on values instead of JSON.
template <class T>
bool agrees(Result<T> const& r, Expected<T> const& e) {
  return r ? e.value && same(*r, *e.value) : e.error && r.error().kind == *e.error;
}

template <class T, class Read>
Expected<T> expected(Json const& x, Read read) {
  Expected<T> e;
  ErrorKind k{};
  if (x.contains("error") && parse_kind(x["error"].get<std::string>(), k)) e.error = k;
  else if (auto v = read(x)) e.value = std::move(*v);
  return e;
}

// One case of the checker document as a call of its engine (the op table's typed function), args
// and expectation bound; an empty function for an op this row does not know (the bench then says so).
std::function<bool()> engine_case(Json const& c) {
  std::string op = c["op"];
  Json const& a = c["args"];
  Json const& x = c["expect"];
  auto const* row = wire::find_op(op);
  if (row && row->layout.fn) {
    auto want = expected<Layout>(x, [](Json const& j) { return layout_from_json(j, "x"); });
    auto in = wire::layout_args_from_json(*row, a, "a");
    if (!in) return [=, e = in.error()] { return agrees(Result<Layout>(std::unexpected(e)), want); };
    return [=, fn = row->layout.fn, in = *in] { return agrees(fn(in, Convention::cute), want); };
  }
  if (row && row->morphism.fn) {
    bool layout = row->returns_layout;
    auto want = expected<wire::MorphismValue>(x, [layout](Json const& j) -> std::optional<wire::MorphismValue> {
      if (layout) {
        if (auto l = layout_from_json(j, "x")) return wire::MorphismValue(*l);
      } else if (auto f = wire::nest_morphism_from_json(j, "x")) {
        return wire::MorphismValue(*f);
      }
      return std::nullopt;
    });
    auto in = wire::morphism_args_from_json(*row, a, "a");
    if (!in) return [=, e = in.error()] { return agrees(Result<wire::MorphismValue>(std::unexpected(e)), want); };
    return [=, fn = row->morphism.fn, in = *in] { return agrees(fn(in), want); };
  }
  if (op == "mutual_refinement") {
    IntTuple t = *int_tuple_from_json(a[0], "t"), u = *int_tuple_from_json(a[1], "u");
    auto want = expected<MutualRefinement>(x, [](Json const& j) -> std::optional<MutualRefinement> {
      auto first = int_tuple_from_json(j["first"], "first");
      auto second = int_tuple_from_json(j["second"], "second");
      if (!first || !second) return std::nullopt;
      return MutualRefinement{*first, *second, {}, {}};
    });
    return [=] { return agrees(mutual_refinement(t, u), want); };
  }
  return {};
}

void engines_10k(benchmark::State& state) {
  static const std::vector<std::function<bool()>> cases = [] {
    std::vector<std::function<bool()>> v;
    for (auto const& c : checker_document()["cases"]) v.push_back(engine_case(c));
    return v;
  }();
  std::size_t disagree = 0;
  for (auto const& f : cases)
    if (!f || !f()) ++disagree;
  if (disagree) {
    state.SkipWithError(("engines_10k: " + std::to_string(disagree) + " cases unknown or not as expected").c_str());
    return;
  }
  for (auto _ : state)
    for (auto const& f : cases) {
      bool ok = f();
      benchmark::DoNotOptimize(ok);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(cases.size()));
}

// The analyses (docs/analysis.md) on the classic cases: one report per iteration, from the
// layouts (make_access included), so the rows are what `catlayout analyze` spends per question.
struct AnalysisCase {
  Layout tv;
  ComposedLayout data;
  analysis::AccessSpec spec;
};

AnalysisCase transpose_32x32() { return {*parse_layout("(32,32):(1,32)"), {{}, 0, *parse_layout("(32,32):(32,1)")}, {}}; }
AnalysisCase ldmatrix_sw333() {
  return {*parse_layout("((8,4),8):((1,64),8)"), *parse_composed_layout("Sw<3,3,3> o (8,64):(64,1)"), {2, 8, 0}};
}

template <class F>
void analysis_row(benchmark::State& state, AnalysisCase const& c, F f) {
  for (auto _ : state) {
    auto a = analysis::make_access(c.tv, c.data, c.spec);
    if (!a) {
      state.SkipWithError(a.error().what().c_str());
      return;
    }
    auto r = f(*a);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}

void analysis_banks_transpose(benchmark::State& s) {
  analysis_row(s, transpose_32x32(), [](auto const& a) { return analysis::bank_conflicts(a); });
}
void analysis_banks_ldmatrix(benchmark::State& s) {
  analysis_row(s, ldmatrix_sw333(), [](auto const& a) { return analysis::bank_conflicts(a); });
}
void analysis_coalescing_transpose(benchmark::State& s) {
  analysis_row(s, transpose_32x32(), [](auto const& a) { return analysis::coalescing(a); });
}
void analysis_widest_vector(benchmark::State& s) {
  auto c = ldmatrix_sw333();
  Layout plain_tv = *parse_layout("((4,8),(2,2,2)):((32,1),(16,8,128))");
  ComposedLayout row_major{{}, 0, *parse_layout("(16,16):(16,1)")};
  for (auto _ : s) {
    auto algebra = analysis::widest_vector(plain_tv, row_major, {2, 1, 0});
    auto enumeration = analysis::widest_vector(c.tv, c.data, {2, 1, 0});
    benchmark::DoNotOptimize(algebra);
    benchmark::DoNotOptimize(enumeration);
  }
  s.SetItemsProcessed(s.iterations() * 2);
}

void register_all() {
  for (auto const& op : core_workload())
    common(benchmark::RegisterBenchmark(("core/" + op.name).c_str(), core_op, &op));
  common(benchmark::RegisterBenchmark("core/composition_inadmissible", core_composition_inadmissible));
  common(benchmark::RegisterBenchmark("eval/random_access", eval_random_access));
  common(benchmark::RegisterBenchmark("eval/tabulate", eval_tabulate));
  common(benchmark::RegisterBenchmark("eval/loop_call", eval_loop_call));
  common(benchmark::RegisterBenchmark("parse/parse_layout", parse_layout_bench));
  common(benchmark::RegisterBenchmark("parse/parse_tiler", parse_tiler_bench));
  common(benchmark::RegisterBenchmark("categories/standard_representation", cat_standard_representation));
  common(benchmark::RegisterBenchmark("categories/to_layout", cat_to_layout));
  common(benchmark::RegisterBenchmark("categories/compose", cat_compose));
  common(benchmark::RegisterBenchmark("categories/coalesce", cat_coalesce));
  common(benchmark::RegisterBenchmark("categories/complement", cat_complement));
  common(benchmark::RegisterBenchmark("categories/logical_divide", cat_logical_divide));
  common(benchmark::RegisterBenchmark("categories/logical_product", cat_logical_product));
  common(benchmark::RegisterBenchmark("algorithms/mutual_refinement", alg_mutual_refinement));
  common(benchmark::RegisterBenchmark("algorithms/categorical_composition", alg_categorical_composition));
  common(benchmark::RegisterBenchmark("algorithms/nest_composition", alg_nest_composition));
  common(benchmark::RegisterBenchmark("algorithms/core_composition_same_cases", core_composition_same_cases));
  common(benchmark::RegisterBenchmark("check/check_document_10k", check_document_10k))
      ->Unit(benchmark::kMillisecond);
  common(benchmark::RegisterBenchmark("check/json_parse_10k", json_parse_10k))->Unit(benchmark::kMillisecond);
  common(benchmark::RegisterBenchmark("check/parse_and_check_10k", parse_and_check_10k))
      ->Unit(benchmark::kMillisecond);
  common(benchmark::RegisterBenchmark("check/stream_check_10k", stream_check_10k))->Unit(benchmark::kMillisecond);
  common(benchmark::RegisterBenchmark("check/stream_check_10k_threads", stream_check_10k_threads))
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MeasureProcessCPUTime();
  common(benchmark::RegisterBenchmark("check/engines_10k", engines_10k))->Unit(benchmark::kMillisecond);
  common(benchmark::RegisterBenchmark("analysis/banks_transpose_32x32", analysis_banks_transpose))
      ->Unit(benchmark::kMicrosecond);
  common(benchmark::RegisterBenchmark("analysis/banks_ldmatrix_sw333", analysis_banks_ldmatrix))
      ->Unit(benchmark::kMicrosecond);
  common(benchmark::RegisterBenchmark("analysis/coalescing_transpose_32x32", analysis_coalescing_transpose))
      ->Unit(benchmark::kMicrosecond);
  common(benchmark::RegisterBenchmark("analysis/widest_vector", analysis_widest_vector))
      ->Unit(benchmark::kMicrosecond);
}

// The cases of a {"ops": {op: [args...]}} file (bench/compare's workload), op by op.
std::vector<CoreOp> ops_from_json(char const* file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the file");
  Json j = Json::parse(in);
  std::vector<CoreOp> ops;
  for (auto const& [op, cases] : j.at("ops").items()) {
    CoreOp o{op, {}, nullptr};
    try {
      o.run = core_run(op);  // resolved once, here
    } catch (std::out_of_range const&) {
      throw std::runtime_error("ops." + op + ": not a core op of the workload");
    }
    for (std::size_t k = 0; k < cases.size(); ++k) {
      auto const& args = cases[k];
      auto where = "ops." + op + "[" + std::to_string(k) + "]";
      auto value = [&](auto r) {  // a case that does not read: its path and the reader's message
        if (!r) throw std::runtime_error(where + ": " + r.error().message);
        return *r;
      };
      CoreCase c;
      c.a = value(layout_from_json(args.at(0), where + "[0]"));
      if (op == "complement") c.n = args.at(1).get<Int>();
      else if (args.size() > 1) c.b = value(tiler_from_json(args[1], where + "[1]")), c.has_b = true;
      o.cases.push_back(std::move(c));
    }
    if (!o.cases.empty()) ops.push_back(std::move(o));
  }
  return ops;
}

// --count-json FILE PASSES: run each op on its cases PASSES times, untimed, for an instruction
// counter (bench/compare --instructions runs it under callgrind at two pass counts and takes the
// difference, so parsing and start-up cancel out); prints {op: cases}.
int count_json(char const* file, char const* passes_text) {
  int passes = std::atoi(passes_text);
  if (passes < 1) {
    std::cerr << "catlayout_bench: --count-json wants a positive pass count, not " << passes_text << "\n";
    return 2;
  }
  Json out = Json::object();
  for (auto const& o : ops_from_json(file)) {
    CoreRun run = o.run;
    for (int p = 0; p < passes; ++p)
      for (auto const& c : o.cases) run(c);
    out[o.name] = o.cases.size();
  }
  std::cout << out.dump() << "\n";
  return 0;
}

// --time-json FILE: time core ops on given cases ({"ops": {op: [args...]}}) with a plain loop
// (median of 5 runs of >= 20 ms CPU time), as bench/compare's CuTe harness does; prints {op: ns}.
int time_json(char const* file) {
  Json out = Json::object();
  for (auto const& o : ops_from_json(file)) {
    CoreRun run = o.run;
    auto fn = [&] {
      for (auto const& c : o.cases) run(c);
    };
    // CPU time of this thread, as Google Benchmark's items_per_second.
    auto now = [] { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return double(t.tv_sec) + 1e-9 * double(t.tv_nsec); };
    auto secs = [&](double t0) { return now() - t0; };
    fn();
    int reps = 1;
    for (;;) {
      double t0 = now();
      for (int r = 0; r < reps; ++r) fn();
      if (secs(t0) > 0.02) break;
      reps *= 2;
    }
    std::vector<double> ns;
    for (int k = 0; k < 5; ++k) {
      double t0 = now();
      for (int r = 0; r < reps; ++r) fn();
      ns.push_back(secs(t0) * 1e9 / (double(reps) * double(o.cases.size())));
    }
    std::sort(ns.begin(), ns.end());
    out[o.name] = ns[2];
  }
  std::cout << out.dump() << "\n";
  return 0;
}

int write_json(char const* file, Json const& j) {
  std::ofstream out(file);
  out << j.dump() << "\n";
  if (!out) {
    std::cerr << "catlayout_bench: cannot write " << file << "\n";
    return 2;
  }
  return 0;
}

}  // namespace
}  // namespace catlayout::bench

int main(int argc, char** argv) {
  using namespace catlayout::bench;
  if (argc == 3 && std::strcmp(argv[1], "--dump-workload") == 0) return write_json(argv[2], workload_json());
  try {  // a case file that does not parse, or a case that is not a layout: say so, exit 2
    if (argc == 3 && std::strcmp(argv[1], "--time-json") == 0) return time_json(argv[2]);
    if (argc == 4 && std::strcmp(argv[1], "--count-json") == 0) return count_json(argv[2], argv[3]);
  } catch (std::exception const& e) {
    std::cerr << "catlayout_bench: " << argv[2] << ": " << e.what() << "\n";
    return 2;
  }
  if (argc == 3 && std::strcmp(argv[1], "--write-vectors") == 0) return write_json(argv[2], checker_document());
  if (argc >= 3 && std::strcmp(argv[1], "--iterations") == 0) {
    fixed_iterations = std::atoll(argv[2]);
    if (fixed_iterations < 1) {
      std::cerr << "catlayout_bench: --iterations wants a positive count, not " << argv[2] << "\n";
      return 2;
    }
    argv[2] = argv[0];  // drop the two words; Google Benchmark reads the rest
    argv += 2;
    argc -= 2;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  register_all();
  benchmark::AddCustomContext("workload", "seed " + std::to_string(seed) + ", " + std::to_string(cases_per_op) +
                                              " cases per core op");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
