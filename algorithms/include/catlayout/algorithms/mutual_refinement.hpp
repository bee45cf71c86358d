#pragma once
// Mutual refinement (paper §3.2.5 and Algorithm 4.1.1): refinements T' of T and U' of U
// whose flattenings agree on T's length, flat(T') being a prefix of flat(U').
#include <string>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::algorithms {

struct MutualRefinement {
  IntTuple first;                             // T', nested as T (a relative mode of one entry is that integer)
  IntTuple second;                            // U', nested as U
  std::vector<std::vector<Int>> first_modes;  // mode_i(T', T) for each flat entry t_i of T
  std::vector<std::vector<Int>> second_modes; // mode_j(U', U) for each flat entry u_j of U
};

// Algorithm 4.1.1; pre: entries positive (else invalid_input). Error not_refinable names the two
// entries that divide neither way, or T's entries left over once U is used up (size(T) > size(U)).
// Extension: trailing 1s of T left over join U's last relative mode (the paper stops there).
Result<MutualRefinement> mutual_refinement(IntTuple const& t, IntTuple const& u);

// (X_1, ..., X_k)_P with relative modes X_i: an integer when X_i has one entry (paper: (X')_prof(T)).
Result<IntTuple> substitute_modes(std::vector<std::vector<Int>> const& modes, IntTuple const& profile);

}  // namespace catlayout::algorithms
