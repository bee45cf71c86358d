#pragma once
// The census of the blog "Tiling Is Function Composition": for a layout A, over the integral
// composands B = s:d whose image fits inside A's domain, how many composites A o B are layouts.
// docs/census.md states the definition under which the blog's four counts come out.
#include <optional>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::algorithms {

// The candidate set: min_shape <= s <= N, min_stride <= d < N, (s-1) d < bound, N = size(A), bound =
// N (fit_cosize = false: B's image inside A's domain) or cosize(A). The blog's set is the default.
struct CensusDomain {
  Int min_shape = 1;
  Int min_stride = 0;
  bool fit_cosize = false;
};

struct CensusRow {
  Int shape, stride;                // B = shape:stride
  std::optional<Layout> composite;  // the layout with the function A(B(i)), when one exists
  bool core = false;                // core composition(A, B) accepts
  bool categorical = false;         // Algorithm 4.1.2 (paper A o B) succeeds
  bool rational = false;            // §4.1.5 succeeds
};

struct Census {
  Int candidates = 0, representable = 0, core = 0, categorical = 0, rational = 0;
  std::vector<CensusRow> rows;
};

// Blog census; pre: size(A) <= 4096 (the candidate set has O(N log N) members, each tabulated).
Result<Census> census(Layout const& a, CensusDomain const& domain = {});

}  // namespace catlayout::algorithms
