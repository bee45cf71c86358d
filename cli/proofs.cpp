// `catlayout prove`: bounded-exhaustive proofs of the algebra's properties (proofs-tests/).
// Exit status: 0 no counterexample, 1 a counterexample, 2 usage error.
#include <charconv>
#include <iostream>
#include <optional>

#include "command.hpp"
#ifdef CATLAYOUT_HAVE_PROOFS
#include "catlayout/core/quote.hpp"
#include "catlayout/proofs/prove.hpp"
#endif

namespace catlayout::cli {

#ifdef CATLAYOUT_HAVE_PROOFS
namespace {

Result<proofs::ProveOptions> options(Args const& a) {
  proofs::ProveOptions o;
  CL_TRY(size, bounded_option(a, "--max-size", 1, 1 << 20, static_cast<std::uint64_t>(o.bounds.max_size)));
  CL_TRY(rank, bounded_option(a, "--max-rank", 1, 8, static_cast<std::uint64_t>(o.bounds.max_rank)));
  CL_TRY(stride, bounded_option(a, "--max-stride", 0, 1 << 20, static_cast<std::uint64_t>(o.bounds.max_stride)));
  CL_TRY(threads, bounded_option(a, "--threads", 1, 1024, o.threads));
  o.bounds = {static_cast<Int>(size), static_cast<int>(rank), static_cast<Int>(stride)};
  o.threads = static_cast<unsigned>(threads);
  if (a.has("--shard")) {
    std::string const& s = a.value("--shard");
    auto slash = s.find('/');
    auto si = slash == std::string::npos ? std::nullopt : parse_count(s.substr(0, slash));
    auto sn = slash == std::string::npos ? std::nullopt : parse_count(s.substr(slash + 1));
    if (!si || !sn || *sn == 0 || *si >= *sn)
      return fail(ErrorKind::invalid_input, "--shard expects I/N with 0 <= I < N, found '", shortened(s), "'");
    o.shard = *si;
    o.shards = *sn;
  }
  o.json = a.has("--json");
  o.selected = a.pos;
  return o;
}

int prove_command(Args const& a) {
  auto say = [](Error const& e) {
    std::cerr << "catlayout prove: " << e.message << "\n";
    return 2;
  };
  if (a.has("--merge")) {
    auto r = proofs::merge_results(a.pos, a.has("--json"), std::cout);
    if (!r) return say(r.error());
    return *r ? 1 : 0;
  }
  auto o = options(a);
  if (!o) return say(o.error());
  if (a.has("--list")) {
    auto names = proofs::select_properties(o->selected);
    if (!names) return say(names.error());
    for (auto const& n : *names) std::cout << n << "\n";
    return 0;
  }
  auto r = proofs::prove(*o, std::cout, std::cerr);
  if (!r) return say(r.error());
  return *r ? 1 : 0;
}

}  // namespace
#endif

std::vector<Command> proof_commands() {
#ifdef CATLAYOUT_HAVE_PROOFS
  return {Command{"prove",
                  "prove [--max-size N] [--max-rank R] [--max-stride D] [--threads T] [--shard I/N] [--json] "
                  "[--list] [PROPERTY...] | prove --merge [--json] FILE...",
                  "check properties on every case within the bounds (defaults 16, 3, 5); PROPERTY: a name from "
                  "--list, a prefix ending in '.', or a family; totals: cases checked, counterexamples",
                  "catlayout prove --max-size 8 --max-rank 2 composition.function",
                  {{"--max-size", 1}, {"--max-rank", 1}, {"--max-stride", 1}, {"--threads", 1}, {"--shard", 1},
                   {"--json", 0}, {"--list", 0}, {"--merge", 0}},
                  prove_command}};
#else
  return {};
#endif
}

}  // namespace catlayout::cli
