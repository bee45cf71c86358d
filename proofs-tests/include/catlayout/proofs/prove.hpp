#pragma once
// `catlayout prove`: bounded-exhaustive checking of the properties of properties.hpp.
//
//   catlayout prove [--max-size N] [--max-rank R] [--max-stride D] [--threads T]
//                   [--shard I/N] [--json] [--list] [--merge FILE...] [PROPERTY...]
//
// Every case within the bounds is checked (all flat layouts with size <= N, flat rank <= R,
// strides in [0, D]; nestings of depth <= 2 for unary properties; all pairs for binary ones),
// on T threads; --shard I/N checks the cases whose index is I modulo N (disjoint slices whose
// union is everything); --json prints the totals as one JSON document, which --merge adds up.
// Exit status: 0 no counterexample, 1 a counterexample, 2 usage error.
#include <ostream>
#include <string>
#include <vector>

namespace catlayout::proofs {

int prove_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);

}  // namespace catlayout::proofs
