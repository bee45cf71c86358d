// The conformance commands: `check` runs golden vector files through catlayout, `retag` and
// `export` write them, `conformance run|matrix|list` hold other implementations against them,
// `dist prove|differential` run the long verifications as tasks on Dask distributed.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

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
  if (a.pos.size() != 2) return usage_line("retag IN.json OUT.json");
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

// A command that is a Python program next to runner.py (conformance/runners): the CLI hands it its
// arguments and takes its exit status. `conformance run|matrix|list` (runner.py: other
// implementations in venvs from PyPI, adapter processes); `dist prove|differential` (dist.py: shards
// as Dask tasks), which is told this binary's path (--catlayout) so every shard runs this build.
Command python_command(std::string group, std::string script, std::string sub, std::string usage, std::string summary,
                       std::string example, std::map<std::string, int> options, bool pass_own_path = false) {
  Command c{group + " " + sub, std::move(usage), std::move(summary), std::move(example), std::move(options), nullptr};
  c.run = [script, sub, pass_own_path](Args const& a) {
    std::string dir = CATLAYOUT_RUNNERS_DIR;
    if (char const* env = std::getenv("CATLAYOUT_RUNNERS")) dir = env;
    std::vector<std::string> argv{"python3", dir + "/" + script, sub};
    std::error_code ec;
    auto const self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (pass_own_path && !ec && !a.has("--catlayout")) argv.insert(argv.end(), {"--catlayout", self.string()});
    for (auto const& [o, vals] : a.opt) {
      if (vals.empty()) argv.push_back(o);
      for (auto const& v : vals) argv.insert(argv.end(), {o, v});
    }
    argv.insert(argv.end(), a.pos.begin(), a.pos.end());
    // This catlayout's folder first on PATH: `catlayout` in an --adapter command (`catlayout conformance
    // serve`) is this build, not another one installed elsewhere.
    if (!ec) {
      char const* path = std::getenv("PATH");
      std::string with_self = self.parent_path().string() + (path ? ":" + std::string(path) : "");
      setenv("PATH", with_self.c_str(), 1);
    }
    std::vector<char*> raw;
    for (auto& s : argv) raw.push_back(s.data());
    raw.push_back(nullptr);
    std::cout.flush();
    execvp("python3", raw.data());
    std::cerr << "catlayout: cannot run python3 (" << std::strerror(errno) << "); the program is " << argv[1] << "\n";
    return 2;
  };
  return c;
}

Command runner_command(std::string sub, std::string usage, std::string summary, std::string example,
                       std::map<std::string, int> options) {
  return python_command("conformance", "runner.py", std::move(sub), std::move(usage), std::move(summary),
                        std::move(example), std::move(options));
}

}  // namespace

std::vector<Command> conformance_commands() {
  std::map<std::string, int> common{{"--json", 1},       {"--markdown", 1},      {"--sample", 1}, {"--seed", 1},
                                    {"--timeout", 1},    {"--start-timeout", 1}, {"--venv-dir", 1},
                                    {"--require", 0},    {"--progress", 0},      {"--batch-timeout", 1},
                                    {"--min-agreement", 1}};
  auto dist_opts = [](std::map<std::string, int> o) {
    o.insert({{"--scheduler", 1}, {"--workers", 1}, {"--dir", 1}, {"--venv", 1}, {"--catlayout", 1},
              {"--retries", 1}, {"--kill-worker-after", 1}});
    return o;
  };
  std::map<std::string, int> prove_opts{{"--shards", 1}, {"--max-size", 1}, {"--max-rank", 1}, {"--max-stride", 1}};
  auto run_opts = common, matrix_opts = common;
  run_opts.insert({{"--impl", 1}, {"--version", 1}, {"--adapter", 1}, {"--self-test", 0}});
  matrix_opts.insert({{"--impls", 1}, {"--adapter", 1}});
  return {
      runner_command("run",
                     "conformance run (--impl NAME [--version V] | --adapter 'COMMAND ARGS' [--self-test]) [FILE...] "
                     "[--sample N] [--json F] [--markdown F]",
                     "hold another implementation against vector files (default: the built-in corpus): a known one "
                     "(cute-cpp, pycute, cute-dsl, tensor-layouts, flydsl; pip-installed into its own venv) or any "
                     "process speaking docs/adapter-protocol.md",
                     "catlayout conformance run --impl pycute --sample 32", run_opts),
      runner_command("matrix",
                     "conformance matrix [--impls a,b] [--adapter NAME='COMMAND ARGS']... [FILE...] [--sample N] "
                     "[--json F] [--markdown F]",
                     "implementations against the vectors: exact / functional / differs / refuses / crash / n/a "
                     "(default: every known one, or only the --adapter ones where given)",
                     "catlayout conformance matrix --impls pycute,tensor-layouts --sample 32", matrix_opts),
      runner_command("self-test", "conformance self-test --adapter 'COMMAND ARGS' [--timeout S]",
                     "what is wrong with an adapter's protocol (handshake, JSON, ids, result forms, extra stdout, "
                     "missing answers, hangs), from a few known cases, before any case is judged",
                     "catlayout conformance self-test --adapter 'catlayout conformance serve'",
                     {{"--adapter", 1}, {"--timeout", 1}, {"--start-timeout", 1}, {"--venv-dir", 1}}),
      conformance_serve_command(),
      runner_command("list", "conformance list", "the implementations the runner knows, with their pinned versions",
                     "catlayout conformance list", {}),
      python_command("dist", "dist.py", "prove",
                     "dist prove --shards N [PROVE BOUNDS] [PROPERTY...] [--scheduler A] [--workers W] [--dir D]",
                     "`prove` in N shards, each a task on Dask distributed (a LocalCluster on this machine's cores, "
                     "or --scheduler); one file per finished shard in --dir (a rerun resumes), merged as "
                     "`prove --merge`; Dask is pip-installed into --venv (docs/scale.md)",
                     "catlayout dist prove --shards 4 --workers 2 --max-size 6 --max-rank 2", dist_opts(prove_opts), true),
      python_command("dist", "dist.py", "differential",
                     "dist differential --count N --seed S [--batch B] [--scheduler A] [--workers W] [--dir D]",
                     "random cases in batches of B, each a Dask task: CuTe C++ 4.2's answer (g++ on the "
                     "nvidia-cutlass headers), catlayout's, every difference classified by tabulation; exit 1 on "
                     "one it cannot explain (docs/scale.md)",
                     "catlayout dist differential --count 4 --batch 4 --seed 7 --workers 1",
                     dist_opts({{"--count", 1}, {"--seed", 1}, {"--batch", 1}, {"--oracle-venv", 1}, {"--finished-only", 0}}), true),
      Command{"check", "check [FILE...] [--only OP] [--skip-tag T,...] [--strict] [--threads N] [--report OUT.json]",
              "run golden vector files (default: the built-in corpus); table per op, `N passed, M failed`; "
              "--strict: the categorical convention, skipping cases tagged outside_categorical or strict_differs; --threads N: "
              "threads per file (default 0: one per hardware thread)",
              "catlayout check --only composition",
              {{"--only", 1}, {"--report", 1}, {"--skip-tag", 1}, {"--strict", 0}, {"--threads", 1}}, run_check},
      Command{"retag", "retag IN.json OUT.json",
              "copy a vector file with its computed tags (outside_categorical, strict_differs, cute_wrong, cute_precondition) recomputed by catlayout",
              "catlayout export --out v --ops complement --count 5 && catlayout retag v/complement.json tagged.json", {},
              run_retag},
      Command{"export", "export --out DIR [--seed S] [--count N] [--ops a,b] [--force]",
              "write golden vectors, each case confirmed by an independent witness; atomic writes",
              "catlayout export --out /tmp/catlayout-vectors --seed 7 --count 100 --force",
              {{"--out", 1}, {"--seed", 1}, {"--count", 1}, {"--ops", 1}, {"--force", 0}}, run_export},
  };
}

}  // namespace catlayout::cli
