#pragma once
// A mutual refinement with the tuples it refines (what its diagram needs).
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "convert.hpp"

namespace catlayout::python {

struct Refinement {
  IntTuple t, u;
  algorithms::MutualRefinement result;
};

}  // namespace catlayout::python
