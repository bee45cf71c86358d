// The algebra commands compute through the schema's op dispatcher, so the CLI, the checker and
// the exporter share one path; `check` and `export` run the conformance suites.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>

#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"
#include "catlayout/wire/values_json.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "catlayout/core/notation.hpp"
#include "bits.hpp"
#include "command.hpp"

namespace catlayout::cli {
namespace {

// What a positional argument is: a layout of any kind (integer, coordinate, F2 strides or swizzled),
// a tiler (or any layout), a shape or profile, an integer, an order (LayoutLeft, LayoutRight or a
// Step), a major, a coordinate with holes (_), a projection ((_1,X,_1)).
enum class Arg { layout, tiler, profile, integer, order, major, coord, projection };

// A layout of any kind in any notation (core/notation.hpp's reader, then F2 strides F<v>).
Result<Json> read_any_layout(std::string const& text) {
  auto any = parse_any_layout(text);
  if (any)
    return std::visit(
        [](auto const& l) -> Json {
          if constexpr (std::is_same_v<std::decay_t<decltype(l)>, ComposedLayout>) return layout_or_composed_json(l);
          else return to_json(l);
        },
        *any);
  if (text.find('F') != std::string::npos)
    if (auto f = parse_f2_layout(text)) return wire::to_json(*f);
  return std::unexpected(any.error());
}

Result<Json> read_arg(Arg kind, std::string const& text, std::size_t i) {
  auto where = [&](Error const& e) { return fail(e.kind, "argument ", i + 1, " '", text, "': ", e.message); };
  auto checked = [&](auto r) -> Result<Json> {
    if (!r) return where(r.error());
    return Json(std::move(*r));
  };
  switch (kind) {
    case Arg::layout: return checked(read_any_layout(text));
    case Arg::tiler: {
      auto t = parse_tiler(text);
      if (t) return to_json(*t);
      if (auto any = read_any_layout(text)) return *any;  // a swizzled, coordinate or F2 layout as B
      if (auto sw = parse_swizzle(text)) return to_json(*sw);  // a swizzle as B (CuTe composition(Layout, Swizzle))
      return where(t.error());
    }
    case Arg::profile: {
      auto p = parse_int_tuple(text);
      if (!p) return where(p.error());
      return to_json(*p);
    }
    case Arg::integer: {
      std::size_t pos = 0;
      auto v = scan_integer(text, pos);
      if (!v || pos != text.size()) return fail(ErrorKind::invalid_input, "argument ", i + 1, " '", text, "': expected an integer");
      return Json(*v);
    }
    case Arg::order: {
      auto o = parse_order(text);
      if (!o) return where(o.error());
      if (auto const* m = std::get_if<Major>(&*o)) return Json(std::string(major_name(*m)));
      return to_json(std::get<IntTuple>(*o));
    }
    case Arg::major: {
      auto o = parse_order(text);
      if (!o || !std::holds_alternative<Major>(*o))
        return fail(ErrorKind::invalid_input, "argument ", i + 1, " '", text, "': expected LayoutLeft or LayoutRight");
      return Json(std::string(major_name(std::get<Major>(*o))));
    }
    case Arg::coord: {
      auto c = parse_slice_coord(text);
      if (!c) return where(c.error());
      return wire::to_json(*c);
    }
    case Arg::projection: {
      auto p = parse_projection(text);
      if (!p) return where(p.error());
      Json j = Json::array();
      for (bool k : p->keep) j.push_back(k ? Json(1) : Json(nullptr));
      return j;
    }
  }
  return fail(ErrorKind::invalid_input, "unreachable");
}

// A result as text in the chosen notation: a layout of any kind, a partition (layout and offset),
// a table, or the JSON of anything else.
void print_result(Json const& r, bool json, Notation n) {
  using wire::Kind;
  if (json) {
    std::cout << r.dump() << "\n";
    return;
  }
  if (r.is_object() && r.contains("layout") && r.contains("offset") && !r.contains("swizzle")) {
    print_result(r["layout"], false, n);  // a partition: the sub-layout, then where it starts
    std::cout << "offset " << r["offset"].dump() << "\n";
    return;
  }
  switch (wire::kind_of(r)) {
    case Kind::layout:
      if (auto l = layout_from_json(r, "result")) return void(std::cout << to_string(*l, n) << "\n");
      break;
    case Kind::coord:
      if (auto c = coord_layout_from_json(r, "result")) return void(std::cout << to_string(*c, n) << "\n");
      break;
    case Kind::f2:
      if (auto f = wire::f2_layout_from_json(r, "result")) return void(std::cout << to_string(*f) << "\n");
      break;
    case Kind::composed:
      if (auto c = composed_layout_from_json(r, "result")) return void(std::cout << to_string(*c, n) << "\n");
      break;
    default: break;
  }
  if (r.is_array()) {
    for (std::size_t i = 0; i < r.size(); ++i) std::cout << (i ? " " : "") << r[i].dump();
    std::cout << "\n";
  } else {
    std::cout << r.dump() << "\n";
  }
}

// The ops that take layouts beyond integer strides (docs/algebra.md's table); the others say so.
bool takes_other_kinds(std::string const& op) {
  static std::set<std::string> const ops = {"evaluate",  "coalesce",   "composition",   "right_inverse", "left_inverse",
                                            "nullspace", "coalesce_z", "layout_add",    "tile_to_shape", "upcast",
                                            "downcast",  "recast_layout", "greatest_common_domain"};
  return ops.count(op) != 0;
}

Command algebra(std::string name, std::string op, std::vector<Arg> required, std::vector<Arg> optional,
                std::string usage, std::string summary, std::string example) {
  Command c{name, usage, summary, example, {{"--json", 0}, {"--print", 1}}, nullptr};
  if (conformance::depends_on_convention(op)) c.options["--strict"] = 0;
  c.run = [c, op, required, optional](Args const& a) -> int {
    if (a.pos.size() < required.size() || a.pos.size() > required.size() + optional.size())
      return usage_error(c, "expected " + std::to_string(required.size()) + " argument(s)");
    Notation notation = Notation::catlayout;
    if (a.has("--print")) {
      auto n = parse_notation(a.value("--print"));
      if (!n) return usage_error(c, n.error().message);
      notation = *n;
    }
    Json args = Json::array();
    for (std::size_t i = 0; i < a.pos.size(); ++i) {
      Arg kind = i < required.size() ? required[i] : optional[i - required.size()];
      auto j = read_arg(kind, a.pos[i], i);
      if (!j) return report_error(j.error());
      bool other = (kind == Arg::layout || kind == Arg::tiler) && wire::kind_of(*j) != wire::Kind::layout &&
                   wire::kind_of(*j) != wire::Kind::tiler;
      if (other && !takes_other_kinds(op))
        return report_error(Error{ErrorKind::invalid_input,
                                  str(c.name, " is defined for integer-stride layouts; argument ", i + 1, " '", a.pos[i],
                                      "' is not one (docs/algebra.md lists the operations each kind of layout takes)")});
      args.push_back(*j);
    }
    bool strict = a.has("--strict");
    auto r = conformance::run_op(op, args, "args", strict ? Convention::categorical : Convention::cute);
    if (!r) return report_error(r.error());
    print_result(*r, a.has("--json"), notation);
    // CuTe's answer outside the categorical paper's fragment: say so, and how to refuse it.
    if (!strict && conformance::depends_on_convention(op))
      if (auto cat = conformance::run_op(op, args, "args", Convention::categorical); !cat)
        std::cerr << "note: outside the categorical fragment: " << cat.error().message
                  << " (this is CuTe's answer; --strict refuses it)\n";
    return 0;
  };
  return c;
}

std::vector<std::string> builtin_vector_files() {
  std::string dir = CATLAYOUT_VECTORS_DIR;
  if (char const* env = std::getenv("CATLAYOUT_VECTORS")) dir = env;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto const& e : std::filesystem::recursive_directory_iterator(dir, ec)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    if (e.path().filename().string().ends_with(".report.json")) continue;  // hardware reports, not vectors
#ifndef CATLAYOUT_HAVE_GPU
    // The tensor-core facts need the gpu room's catalogue; a build without it leaves them out.
    if (e.path().parent_path().filename() == "gpu") continue;
#endif
    files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

int run_check(Args const& a) {
  auto files = a.pos.empty() ? builtin_vector_files() : a.pos;
  if (files.empty()) {
    std::cerr << "catlayout check: no vector files found\n";
    return 2;
  }
  conformance::CheckOptions opt;
  if (a.has("--only")) opt.only_op = a.value("--only");
  if (a.has("--strict")) opt.convention = Convention::categorical;
  auto threads = bounded_option(a, "--threads", 0, 1024, 0);  // 0: one per hardware thread
  if (!threads) return report_error(threads.error());
  opt.threads = static_cast<unsigned>(*threads);
  if (a.has("--skip-tag")) {
    std::stringstream ss(a.value("--skip-tag"));
    for (std::string t; std::getline(ss, t, ',');)
      if (!t.empty()) opt.skip_tags.push_back(t);
  }
  std::vector<conformance::CaseOutcome> all;
  for (auto const& f : files) {
    auto r = conformance::check_file(f, opt);
    if (!r) return report_error(r.error());
    std::cout << f << ": " << r->size() << " cases\n";
    if (all.empty()) all = std::move(*r);  // one file (the common case): no copy of its outcomes
    else all.insert(all.end(), std::make_move_iterator(r->begin()), std::make_move_iterator(r->end()));
  }
  conformance::print_summary(all, std::cout);
  if (a.has("--report")) {
    auto w = conformance::write_atomically(a.value("--report"), conformance::report_json(all).dump(1, ' ', false, Json::error_handler_t::replace) + "\n", true);
    if (!w) return report_error(w.error());
  }
  for (auto const& o : all)
    if (o.match == conformance::Match::fail && !o.skipped) return 1;
  return 0;
}

int run_retag(Args const& a) {
  if (a.pos.size() != 2) {
    std::cerr << "usage: catlayout retag IN.json OUT.json\n";
    return 2;
  }
  std::ifstream in(a.pos[0], std::ios::binary);
  if (!in) return report_error(Error{ErrorKind::invalid_input, "cannot open " + a.pos[0]});
  Json doc = Json::parse(in, nullptr, false);
  if (doc.is_discarded()) return report_error(Error{ErrorKind::invalid_input, a.pos[0] + ": not valid JSON"});
  auto r = conformance::retag_document(std::move(doc), a.pos[0]);
  if (!r) return report_error(r.error());
  auto w = conformance::write_atomically(a.pos[1], r->dump(1) + "\n", true);
  if (!w) return report_error(w.error());
  return 0;
}

int run_export(Args const& a) {
  if (!a.has("--out")) {
    std::cerr << "catlayout export: --out DIR is required\n";
    return 2;
  }
  conformance::ExportOptions opt;
  opt.out_dir = a.value("--out");
  opt.force = a.has("--force");
  try {
    if (a.has("--seed")) opt.seed = std::stoull(a.value("--seed"));
    if (a.has("--count")) opt.count = std::stoi(a.value("--count"));
  } catch (std::exception const&) {
    std::cerr << "catlayout export: --seed and --count take non-negative integers\n";
    return 2;
  }
  if (opt.count < 0) {
    std::cerr << "catlayout export: --count must be >= 0\n";
    return 2;
  }
  if (a.has("--ops")) {
    std::stringstream ss(a.value("--ops"));
    for (std::string op; std::getline(ss, op, ',');)
      if (!op.empty()) opt.ops.push_back(op);
  }
  auto r = conformance::export_vectors(opt, std::cout);
  if (!r) return report_error(r.error());
  return 0;
}

}  // namespace

std::vector<Command> algebra_commands() {
  using A = Arg;
  return {
      algebra("eval", "evaluate", {A::layout}, {}, "eval L", "tabulate L(0), ..., L(size-1)",
              "catlayout eval '(6,2):(8,2)'"),
      algebra("coalesce", "coalesce", {A::layout}, {A::profile}, "coalesce L [PROFILE]",
              "coalesce; by-mode under a target profile", "catlayout coalesce '(2,(1,6)):(1,(6,2))' '(1,1)'"),
      algebra("compose", "composition", {A::layout, A::tiler}, {}, "compose A B",
              "A o B, B a layout or a tiler <3:4,8:2>", "catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'"),
      algebra("complement", "complement", {A::layout}, {A::integer}, "complement A [N]",
              "comp(A, N), CuTe's (N = cosize(A) by default); --strict: only where the categorical paper has one",
              "catlayout complement 4:2 24"),
      algebra("divide", "logical_divide", {A::layout, A::tiler}, {}, "divide A B", "logical divide A (/) B",
              "catlayout divide '(4,2,3):(2,1,8)' 4:2"),
      algebra("zipped-divide", "zipped_divide", {A::layout, A::tiler}, {}, "zipped-divide A B", "((tiles),(rests))",
              "catlayout zipped-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("tiled-divide", "tiled_divide", {A::layout, A::tiler}, {}, "tiled-divide A B",
              "((tiles),rest0,rest1,...)", "catlayout tiled-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("flat-divide", "flat_divide", {A::layout, A::tiler}, {}, "flat-divide A B",
              "(tile0,tile1,...,rest0,rest1,...)", "catlayout flat-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("product", "logical_product", {A::layout, A::tiler}, {}, "product A B", "logical product A (x) B",
              "catlayout product '(2,2):(4,1)' 6:1"),
      algebra("blocked-product", "blocked_product", {A::layout, A::layout}, {}, "blocked-product A B",
              "A's blocks laid out by B (rank-sensitive)", "catlayout blocked-product '(2,5):(5,1)' '(3,4):(1,3)'"),
      algebra("raked-product", "raked_product", {A::layout, A::layout}, {}, "raked-product A B",
              "A raked across B (rank-sensitive)", "catlayout raked-product '(2,5):(5,1)' '(3,4):(1,3)'"),
      algebra("zipped-product", "zipped_product", {A::layout, A::tiler}, {}, "zipped-product A B",
              "((A's modes),(products))", "catlayout zipped-product '(2,2):(1,2)' '<3,2>'"),
      algebra("tiled-product", "tiled_product", {A::layout, A::tiler}, {}, "tiled-product A B",
              "((A's modes),p0,p1,...)", "catlayout tiled-product '(2,2):(1,2)' '<3,2>'"),
      algebra("flat-product", "flat_product", {A::layout, A::tiler}, {}, "flat-product A B", "(a0,a1,...,p0,p1,...)",
              "catlayout flat-product '(2,2):(1,2)' '<3,2>'"),
      algebra("right-inverse", "right_inverse", {A::layout}, {}, "right-inverse L", "R with L(R(i)) = i",
              "catlayout right-inverse '(4,8):(8,1)'"),
      algebra("left-inverse", "left_inverse", {A::layout}, {}, "left-inverse L", "R with R(L(i)) = i",
              "catlayout left-inverse '(4,8):(8,1)'"),
      // CuTe's constructors, partitioners and element-size changes; the whitepaper's operations.
      algebra("make-layout", "make_layout", {A::profile}, {A::major}, "make-layout SHAPE [LayoutLeft|LayoutRight]",
              "CuTe make_layout(shape, LayoutLeft{} / LayoutRight{}): compact column- or row-major",
              "catlayout make-layout '(4,(2,3))' LayoutRight"),
      algebra("make-ordered-layout", "make_ordered_layout", {A::profile, A::order}, {}, "make-ordered-layout SHAPE ORDER",
              "CuTe make_ordered_layout: compact, modes with smaller order entries first",
              "catlayout make-ordered-layout '(2,2,2,2)' '(0,2,3,1)'"),
      algebra("make-layout-like", "make_layout_like", {A::layout}, {}, "make-layout-like L",
              "CuTe make_layout_like: L's shape, compact strides in the order of L's, stride-0 modes kept",
              "catlayout make-layout-like '(2,3,4,5):(0,42,1,0)'"),
      algebra("tile-to-shape", "tile_to_shape", {A::layout, A::profile}, {A::order}, "tile-to-shape BLOCK SHAPE [ORDER]",
              "CuTe tile_to_shape: the block (swizzled or not) repeated to fill the shape",
              "catlayout tile-to-shape 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(128,64)'"),
      algebra("local-tile", "local_tile", {A::layout, A::tiler, A::coord}, {A::projection},
              "local-tile L TILER COORD [PROJ]", "CuTe local_tile at layout level: the tile at COORD and its offset",
              "catlayout local-tile '(128,64):(1,128)' '<32,16,8>' '(1,2,_)' '(_1,_1,X)'"),
      algebra("local-partition", "local_partition", {A::layout, A::layout, A::integer}, {A::projection},
              "local-partition L THREADS INDEX [PROJ]", "CuTe local_partition: thread INDEX's elements and their offset",
              "catlayout local-partition '(16,64):(1,16)' '(2,16):(16,1)' 5"),
      algebra("inner-partition", "inner_partition", {A::layout, A::tiler, A::coord}, {}, "inner-partition L TILER COORD",
              "CuTe inner_partition: the tile at COORD (zipped_divide, then slice the rest)",
              "catlayout inner-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"),
      algebra("outer-partition", "outer_partition", {A::layout, A::tiler, A::coord}, {}, "outer-partition L TILER COORD",
              "CuTe outer_partition: element COORD of every tile (zipped_divide, then slice the tile)",
              "catlayout outer-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"),
      algebra("upcast", "upcast", {A::layout, A::integer}, {}, "upcast L N",
              "CuTe upcast<N>: the same memory in elements N times larger", "catlayout upcast '(4,4):(4,1)' 4"),
      algebra("downcast", "downcast", {A::layout, A::integer}, {}, "downcast L N",
              "CuTe downcast<N>: the same memory in elements N times smaller", "catlayout downcast '(4,4):(4,1)' 2"),
      algebra("recast-layout", "recast_layout", {A::layout, A::integer, A::integer}, {}, "recast-layout L OLD_BITS NEW_BITS",
              "CuTe recast_layout<Old,New> by element widths in bits",
              "catlayout recast-layout 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' 16 32"),
      algebra("nullspace", "nullspace", {A::layout}, {}, "nullspace L", "the layout of the indices L maps to 0",
              "catlayout nullspace '(2,4,6):(1,2,0)'"),
      algebra("coalesce-z", "coalesce_z", {A::layout}, {A::profile}, "coalesce-z L [PROFILE]",
              "PyCuTe coalesce_z: coalesce keeping the extended function", "catlayout coalesce-z '(2,1,6,1):(1,7,8,0)'"),
      algebra("layout-add", "layout_add", {A::layout, A::layout}, {}, "layout-add A B",
              "PyCuTe layout_add: R(i) = A(i) + B(i) (XOR for F2 strides)",
              "catlayout layout-add '(4,3):(1,4)' '(4,3):(3,1)'"),
      algebra("greatest-common-domain", "greatest_common_domain", {A::profile, A::profile}, {},
              "greatest-common-domain SHAPE SHAPE", "PyCuTe greatest_common_domain of two shapes",
              "catlayout greatest-common-domain '(6,35)' '(15,14)'"),
  };
}

std::vector<Command> beyond_commands() {
  auto forward = [](int (*main)(std::vector<std::string> const&, std::ostream&, std::ostream&)) {
    return [main](Args const& a) { return main(a.pos, std::cout, std::cerr); };
  };
  return {
      Command{"swizzle", "swizzle B M S [OFFSET...]", "Swizzle<B,M,S>: its masks and its table (XOR of bits [M+S,M+S+B) into [M,M+B))",
              "catlayout swizzle 3 4 3 0 128 256", {}, forward(swizzle_main)},
      Command{"linear", "linear L", "the F2 linear form of a power-of-two layout (or Sw<B,M,S> o L), and back",
              "catlayout linear 'Sw<3,3,3> o (8,64):(64,1)'", {}, forward(linear_main)},
  };
}

// `conformance run|matrix|list`: other implementations against the vectors. The runner is a
// Python program (conformance/runners/runner.py: venvs from PyPI, adapter processes); the CLI hands
// it the arguments and takes its exit status.
Command runner_command(std::string sub, std::string usage, std::string summary, std::string example,
                       std::map<std::string, int> options) {
  Command c{"conformance " + sub, std::move(usage), std::move(summary), std::move(example), std::move(options), nullptr};
  c.run = [sub](Args const& a) {
    std::string dir = CATLAYOUT_RUNNERS_DIR;
    if (char const* env = std::getenv("CATLAYOUT_RUNNERS")) dir = env;
    std::vector<std::string> argv{"python3", dir + "/runner.py", sub};
    for (auto const& [o, vals] : a.opt) {
      if (vals.empty()) argv.push_back(o);
      for (auto const& v : vals) argv.insert(argv.end(), {o, v});
    }
    argv.insert(argv.end(), a.pos.begin(), a.pos.end());
    std::vector<char*> raw;
    for (auto& s : argv) raw.push_back(s.data());
    raw.push_back(nullptr);
    std::cout.flush();
    execvp("python3", raw.data());
    std::cerr << "catlayout conformance: cannot run python3 (" << std::strerror(errno) << "); the runner is "
              << argv[1] << "\n";
    return 2;
  };
  return c;
}

std::vector<Command> conformance_commands() {
  std::map<std::string, int> common{{"--json", 1},       {"--markdown", 1},      {"--sample", 1}, {"--seed", 1},
                                    {"--timeout", 1},    {"--start-timeout", 1}, {"--venv-dir", 1},
                                    {"--require", 0},    {"--progress", 0},      {"--batch-timeout", 1},
                                    {"--min-agreement", 1}};
  auto run_opts = common, matrix_opts = common;
  run_opts.insert({{"--impl", 1}, {"--version", 1}});
  matrix_opts.insert({"--impls", 1});
  return {
      runner_command("run", "conformance run --impl NAME [--version V] [FILE...] [--sample N] [--json F] [--markdown F]",
                     "hold another implementation (cute-cpp, pycute, cute-dsl, tensor-layouts, flydsl; pip-installed "
                     "into its own venv) against vector files (default: the built-in corpus)",
                     "catlayout conformance run --impl pycute --sample 32", run_opts),
      runner_command("matrix", "conformance matrix [--impls a,b] [FILE...] [--sample N] [--json F] [--markdown F]",
                     "every implementation against the vectors: exact / functional / differs / refuses / crash / n/a",
                     "catlayout conformance matrix --impls pycute,tensor-layouts --sample 32", matrix_opts),
      runner_command("list", "conformance list", "the implementations the runner knows, with their pinned versions",
                     "catlayout conformance list", {}),
      Command{"check", "check [FILE...] [--only OP] [--skip-tag T,...] [--strict] [--threads N] [--report OUT.json]",
              "run golden vector files (default: the built-in corpus); table per op, `N passed, M failed`; "
              "--strict: the categorical convention, skipping cases tagged outside_categorical; --threads N: "
              "threads per file (default 0: one per hardware thread)",
              "catlayout check --only composition",
              {{"--only", 1}, {"--report", 1}, {"--skip-tag", 1}, {"--strict", 0}, {"--threads", 1}}, run_check},
      Command{"retag", "retag IN.json OUT.json",
              "copy a vector file with SCHEMA.md's tags (outside_categorical, cute_wrong) recomputed by catlayout",
              "catlayout export --out v --ops complement --count 5 && catlayout retag v/complement.json tagged.json", {},
              run_retag},
      Command{"export", "export --out DIR [--seed S] [--count N] [--ops a,b] [--force]",
              "write golden vectors, each case confirmed by an independent witness; atomic writes",
              "catlayout export --out /tmp/catlayout-vectors --seed 7 --count 100 --force",
              {{"--out", 1}, {"--seed", 1}, {"--count", 1}, {"--ops", 1}, {"--force", 0}}, run_export},
  };
}

}  // namespace catlayout::cli
