#pragma once
// The two views of a case as text, one line each (the CLI's `explain` and Python's explain()).
#include <string>

#include "catlayout/algorithms/fragment.hpp"
#include "catlayout/algorithms/representability.hpp"

namespace catlayout::algorithms {

std::string to_text(FragmentExplanation const& x);
std::string to_text(CompositionExplanation const& x, Layout const& a, Layout const& b);

}  // namespace catlayout::algorithms
