// Bounded-exhaustive proofs of the algebra's properties (proofs-tests/).
#include <iostream>

#include "command.hpp"
#ifdef CATLAYOUT_HAVE_PROOFS
#include "catlayout/proofs/prove.hpp"
#endif

namespace catlayout::cli {

std::vector<Command> proof_commands() {
#ifdef CATLAYOUT_HAVE_PROOFS
  Command p{"prove", "prove [--max-size N] [--max-rank R] [--max-stride D] [--threads T] [--shard I/N] [--json] [PROPERTY...]",
            "check properties on every case within the bounds; totals: cases checked, counterexamples",
            "catlayout prove --max-size 8 --max-rank 2 composition.function",
            {{"--max-size", 1}, {"--max-rank", 1}, {"--max-stride", 1}, {"--threads", 1}, {"--shard", 1}, {"--json", 0}},
            nullptr};
  p.run = [](Args const& a) {
    std::vector<std::string> args = a.pos;
    for (auto const& [o, vals] : a.opt) {
      args.push_back(o);
      args.insert(args.end(), vals.begin(), vals.end());
    }
    return proofs::prove_main(args, std::cout, std::cerr);
  };
  return {p};
#else
  return {};
#endif
}

}  // namespace catlayout::cli
