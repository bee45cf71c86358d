// catlayout: one command for every engine. Exit status: 0 ok, 1 algebra error (inadmissible,
// not_complementable, ...), 2 usage or input error, 3 no GPU (gpu commands).
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>

#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"

using namespace catlayout;
namespace fs = std::filesystem;

namespace {

struct Args {
  std::vector<std::string> pos;
  std::map<std::string, std::string> opt;  // --name value, or --flag -> ""
  bool has(std::string const& k) const { return opt.count(k) != 0; }
};

// Options that take a value; every other --x is a flag.
bool takes_value(std::string const& k) {
  return k == "--report" || k == "--only" || k == "--out" || k == "--seed" || k == "--count" || k == "--ops";
}

Args parse_args(int argc, char** argv, int first) {
  Args a;
  for (int i = first; i < argc; ++i) {
    std::string s = argv[i];
    if (s.size() > 2 && s.rfind("--", 0) == 0) {
      if (takes_value(s) && i + 1 < argc)
        a.opt[s] = argv[++i];
      else
        a.opt[s] = "";
    } else {
      a.pos.push_back(s);
    }
  }
  return a;
}

int report_error(Error const& e) {
  std::cerr << "catlayout: " << e.what() << "\n";
  return e.kind == ErrorKind::invalid_input ? 2 : 1;
}

// How each positional argument of an algebra command is read.
enum class Arg { layout, tiler, profile, integer };

Result<Json> read_arg(Arg kind, std::string const& text, std::size_t i) {
  auto where = [&](Error e) { return fail(e.kind, "argument ", i + 1, " '", text, "': ", e.message); };
  switch (kind) {
    case Arg::layout: {
      auto l = parse_layout(text);
      if (!l) return where(l.error());
      return to_json(*l);
    }
    case Arg::tiler: {
      auto t = parse_tiler(text);
      if (!t) return where(t.error());
      return t->is_layout() ? to_json(*t->layout) : to_json(*t);
    }
    case Arg::profile: {
      auto p = parse_int_tuple(text);
      if (!p) return where(p.error());
      return to_json(*p);
    }
    case Arg::integer: {
      auto p = parse_int_tuple(text);
      if (!p || !p->is_leaf()) return fail(ErrorKind::invalid_input, "argument ", i + 1, " '", text, "': expected an integer");
      return Json(p->value());
    }
  }
  return fail(ErrorKind::invalid_input, "unreachable");
}

struct AlgebraCommand {
  std::string op;                 // schema op
  std::vector<Arg> required, optional;
  std::string usage, example, summary;
};

std::map<std::string, AlgebraCommand> const& algebra_commands() {
  static std::map<std::string, AlgebraCommand> m = {
      {"eval", {"evaluate", {Arg::layout}, {}, "eval L", "catlayout eval '(6,2):(8,2)'", "tabulate L(0..size-1)"}},
      {"coalesce", {"coalesce", {Arg::layout}, {Arg::profile}, "coalesce L [PROFILE]",
                    "catlayout coalesce '(2,(1,6)):(1,(6,2))' '(1,1)'", "coalesce, by-mode under a profile"}},
      {"compose", {"composition", {Arg::layout, Arg::tiler}, {}, "compose A B",
                   "catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'", "A o B (B a layout or a tiler <3:4,8:2>)"}},
      {"complement", {"complement", {Arg::layout}, {Arg::integer}, "complement A [N]", "catlayout complement 4:2 24",
                      "comp(A, N), N = cosize(A) by default"}},
      {"divide", {"logical_divide", {Arg::layout, Arg::tiler}, {}, "divide A B", "catlayout divide '(4,2,3):(2,1,8)' 4:2",
                  "logical divide A (/) B"}},
      {"zipped-divide", {"zipped_divide", {Arg::layout, Arg::tiler}, {}, "zipped-divide A B",
                         "catlayout zipped-divide '(8,8):(1,8)' '<2,4>'", "((tiles),(rests))"}},
      {"tiled-divide", {"tiled_divide", {Arg::layout, Arg::tiler}, {}, "tiled-divide A B",
                        "catlayout tiled-divide '(8,8):(1,8)' '<2,4>'", "((tiles),rest0,rest1,...)"}},
      {"flat-divide", {"flat_divide", {Arg::layout, Arg::tiler}, {}, "flat-divide A B",
                       "catlayout flat-divide '(8,8):(1,8)' '<2,4>'", "(tile0,tile1,...,rest0,rest1,...)"}},
      {"product", {"logical_product", {Arg::layout, Arg::tiler}, {}, "product A B",
                   "catlayout product '(2,2):(4,1)' 6:1", "logical product A (x) B"}},
      {"blocked-product", {"blocked_product", {Arg::layout, Arg::layout}, {}, "blocked-product A B",
                           "catlayout blocked-product '(2,5):(5,1)' '(3,4):(1,3)'", "A's blocks, B's arrangement"}},
      {"raked-product", {"raked_product", {Arg::layout, Arg::layout}, {}, "raked-product A B",
                         "catlayout raked-product '(2,5):(5,1)' '(3,4):(1,3)'", "A raked across B"}},
      {"zipped-product", {"zipped_product", {Arg::layout, Arg::tiler}, {}, "zipped-product A B",
                          "catlayout zipped-product '(2,2):(1,2)' '<3,2>'", "((A modes),(products))"}},
      {"tiled-product", {"tiled_product", {Arg::layout, Arg::tiler}, {}, "tiled-product A B",
                         "catlayout tiled-product '(2,2):(1,2)' '<3,2>'", "((A modes),p0,p1,...)"}},
      {"flat-product", {"flat_product", {Arg::layout, Arg::tiler}, {}, "flat-product A B",
                        "catlayout flat-product '(2,2):(1,2)' '<3,2>'", "(a0,a1,...,p0,p1,...)"}},
      {"right-inverse", {"right_inverse", {Arg::layout}, {}, "right-inverse L", "catlayout right-inverse '(4,8):(8,1)'",
                         "R with L(R(i)) = i"}},
      {"left-inverse", {"left_inverse", {Arg::layout}, {}, "left-inverse L", "catlayout left-inverse '(4,8):(8,1)'",
                        "R with R(L(i)) = i"}},
  };
  return m;
}

void print_help(std::ostream& out) {
  out << "catlayout: the CuTe layout algebra, computed and checked\n\n"
         "usage: catlayout COMMAND [ARGS] [--json]\n\n"
         "Layouts are written in CuTe notation, e.g. '(6,2):(8,2)'; a tiler as '<3:4,8:2>'.\n\n"
         "algebra commands:\n";
  for (auto const& [name, c] : algebra_commands())
    out << "  " << std::left << std::setw(30) << c.usage << c.summary << "\n      e.g. " << c.example << "\n";
  out << "conformance:\n"
         "  check [FILE...] [--only OP] [--report OUT.json]\n"
         "                                run golden vector files (default: the built-in corpus)\n"
         "      e.g. catlayout check ../shared/conformance/seed-examples.json\n"
         "  export --out DIR [--seed S] [--count N] [--ops a,b] [--force]\n"
         "                                write golden vectors confirmed by both engines\n"
         "      e.g. catlayout export --out /tmp/vectors --seed 7\n\n"
         "exit status: 0 ok, 1 algebra error (inadmissible, not_complementable, not_tractable,\n"
         "not_refinable), 2 usage or input error, 3 no GPU\n"
         "`catlayout COMMAND --help` shows one command.\n";
}

int run_algebra(std::string const& name, AlgebraCommand const& c, Args const& a) {
  if (a.has("--help")) {
    std::cout << "usage: catlayout " << c.usage << " [--json]\n" << c.summary << "\nexample: " << c.example << "\n";
    return 0;
  }
  if (a.pos.size() < c.required.size() || a.pos.size() > c.required.size() + c.optional.size()) {
    std::cerr << "catlayout " << name << ": expected " << c.usage << "\n";
    return 2;
  }
  Json args = Json::array();
  for (std::size_t i = 0; i < a.pos.size(); ++i) {
    Arg kind = i < c.required.size() ? c.required[i] : c.optional[i - c.required.size()];
    auto j = read_arg(kind, a.pos[i], i);
    if (!j) return report_error(j.error());
    args.push_back(*j);
  }
  auto r = conformance::run_op(c.op, args, "args");
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << r->dump() << "\n";
    return 0;
  }
  if (auto l = layout_from_json(*r, "result")) {
    std::cout << to_string(*l) << "\n";
  } else if (r->is_array()) {
    for (std::size_t i = 0; i < r->size(); ++i) std::cout << (i ? " " : "") << (*r)[i].dump();
    std::cout << "\n";
  } else {
    std::cout << r->dump() << "\n";
  }
  return 0;
}

std::vector<std::string> builtin_vector_files() {
  std::string dir = CATLAYOUT_VECTORS_DIR;
  if (char const* env = std::getenv("CATLAYOUT_VECTORS")) dir = env;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto const& e : fs::recursive_directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

int run_check(Args const& a) {
  if (a.has("--help")) {
    std::cout << "usage: catlayout check [FILE...] [--only OP] [--report OUT.json]\n"
                 "Runs every case, classifies it exact / functional / fail (SCHEMA.md), prints a table per op\n"
                 "and `N passed, M failed`; exit status 0 only if nothing failed.\n"
                 "Without FILE: the built-in corpus (" CATLAYOUT_VECTORS_DIR ", or $CATLAYOUT_VECTORS).\n";
    return 0;
  }
  auto files = a.pos.empty() ? builtin_vector_files() : a.pos;
  if (files.empty()) {
    std::cerr << "catlayout check: no vector files found\n";
    return 2;
  }
  conformance::CheckOptions opt;
  if (a.has("--only")) opt.only_op = a.opt.at("--only");
  std::vector<conformance::CaseOutcome> all;
  for (auto const& f : files) {
    auto r = conformance::check_file(f, opt);
    if (!r) return report_error(r.error());
    std::cout << f << ": " << r->size() << " cases\n";
    all.insert(all.end(), r->begin(), r->end());
  }
  conformance::print_summary(all, std::cout);
  if (a.has("--report")) {
    std::ofstream out(a.opt.at("--report"));
    out << conformance::report_json(all).dump(1) << "\n";
    if (!out) {
      std::cerr << "catlayout check: cannot write " << a.opt.at("--report") << "\n";
      return 2;
    }
  }
  for (auto const& o : all)
    if (o.match == conformance::Match::fail) return 1;
  return 0;
}

int run_export(Args const& a) {
  if (a.has("--help") || !a.has("--out")) {
    (a.has("--help") ? std::cout : std::cerr)
        << "usage: catlayout export --out DIR [--seed S] [--count N] [--ops op1,op2,...] [--force]\n"
           "Writes DIR/<op>.json golden vectors (catlayout.vectors/1) for every op, deterministic per seed;\n"
           "each case is confirmed by an independent witness; files are written atomically and a file\n"
           "with different content is only replaced with --force.\n"
           "example: catlayout export --out /tmp/vectors --seed 7 --count 100\n";
    return a.has("--help") ? 0 : 2;
  }
  conformance::ExportOptions opt;
  opt.out_dir = a.opt.at("--out");
  opt.force = a.has("--force");
  try {
    if (a.has("--seed")) opt.seed = std::stoull(a.opt.at("--seed"));
    if (a.has("--count")) opt.count = std::stoi(a.opt.at("--count"));
  } catch (std::exception const&) {
    std::cerr << "catlayout export: --seed and --count take non-negative integers\n";
    return 2;
  }
  if (opt.count < 0) {
    std::cerr << "catlayout export: --count must be >= 0\n";
    return 2;
  }
  if (a.has("--ops")) {
    std::stringstream ss(a.opt.at("--ops"));
    for (std::string op; std::getline(ss, op, ',');)
      if (!op.empty()) opt.ops.push_back(op);
  }
  auto r = conformance::export_vectors(opt, std::cout);
  if (!r) return report_error(r.error());
  return 0;
}

}  // namespace

static int dispatch(int argc, char** argv);

// A safety net: an exception that escapes is a bug, reported as such, never an abort.
int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (std::exception const& e) {
    std::cerr << "catlayout: internal error (please report): " << e.what() << "\n";
    return 2;
  }
}

static int dispatch(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h" ||
      std::string(argv[1]) == "help") {
    print_help(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  std::string cmd = argv[1];
  Args a = parse_args(argc, argv, 2);
  if (cmd == "check") return run_check(a);
  if (cmd == "export") return run_export(a);
  auto const& cmds = algebra_commands();
  if (auto it = cmds.find(cmd); it != cmds.end()) return run_algebra(cmd, it->second, a);
  std::cerr << "catlayout: unknown command '" << cmd << "'; try catlayout --help\n";
  return 2;
}
