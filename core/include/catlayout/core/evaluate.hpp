#pragma once
// Phi_L on many indices at once (Def. 2.3.1.1; CuTe's extended function past size, §4.1.6): the
// array path of the Python package and of C++ users.
#include <span>

#include "catlayout/core/layout.hpp"

namespace catlayout {

// out[k] = L(idx[k]) (else invalid_input, out's content then unspecified): out.size() ==
// idx.size(); a negative index is named with its position; past size, CuTe's extended function
// (an int64 overflow there is an error).
Result<void> evaluate(Layout const& l, std::span<Int const> idx, std::span<Int> out);

}  // namespace catlayout
