#pragma once
// Bounded-exhaustive checking of the properties of properties.hpp (`catlayout prove`).
//
// Every case within the bounds is checked (all flat layouts with size <= N, flat rank <= R,
// strides in [0, D]; nestings of depth <= 2 for unary properties; all pairs for binary ones),
// on T threads; shard I of N checks the cases whose index is I modulo N (disjoint slices whose
// union is everything); the JSON totals (catlayout.prove/1) of the shards add up by merge_results.
#include <cstdint>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "catlayout/proofs/enumerate.hpp"

namespace catlayout::proofs {

struct ProveOptions {
  Bounds bounds;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::uint64_t shard = 0, shards = 1;
  bool json = false;                  // the totals as one catlayout.prove/1 document
  bool progress = true;               // a progress line on the stream when it is a terminal
  std::vector<std::string> selected;  // names, prefixes ending in '.', or families; empty: all
};

std::vector<std::string> property_names();
// The properties the selectors name; invalid_input naming a selector that names none.
Result<std::vector<std::string>> select_properties(std::vector<std::string> const& selectors);
// Checks the selected properties, one line each on `out` as it finishes (or the JSON totals);
// returns the number of counterexamples. `progress` gets the progress line.
Result<std::uint64_t> prove(ProveOptions const& o, std::ostream& out, std::ostream& progress);
// Adds up shard results (catlayout.prove/1 files run with the same bounds); prints the totals.
Result<std::uint64_t> merge_results(std::vector<std::string> const& files, bool json, std::ostream& out);

}  // namespace catlayout::proofs
