#pragma once
// Ownership of a tile by a thread-value layout: does every element belong to exactly one
// (thread, value)? Which are replicated (by how many owners, in which threads), which are not
// covered, which threads of the block hold nothing. The algebra says why: a thread mode of stride 0
// replicates, a cosize below the tile leaves elements uncovered.
#include <string>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::analysis {

struct OwnershipReport {
  Int tile = 0, threads = 0, values = 0, block_threads = 0;
  std::vector<Int> owners;                     // owners[e]: how many (t, v) map to element e
  std::vector<Int> first_thread, first_value;  // the first (t, v) in thread-major order (-1: none)
  Int once = 0, replicated = 0;                // elements with exactly one / more than one owner
  Int max_owners = 0;
  std::vector<Int> uncovered;                  // elements with no owner
  // Threads holding exactly the same elements as a lower thread, grouped with it: each group
  // holds one set of elements max_owners-fold.
  std::vector<std::vector<Int>> replica_groups;
  std::vector<Int> idle_threads;               // [threads, block_threads): no value at all
  std::vector<std::string> stride0_modes;      // thread or value modes of stride 0 and size > 1
  bool exact() const { return replicated == 0 && uncovered.empty(); }
};

// tv: (thread, value) -> element of [0, tile). block_threads: the block's thread count (0: the
// layout's). pre: rank 2, tile >= 1, every tv(t, v) in [0, tile) (else invalid_input naming (t, v)),
// block_threads >= size(mode 0) when given, sizes <= max_pairs of access.hpp.
Result<OwnershipReport> ownership(Layout const& tv, Int tile, Int block_threads = 0);

}  // namespace catlayout::analysis
