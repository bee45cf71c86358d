#pragma once
// CuTe coprofile (include/cute/layout.hpp:630-639): "the coprofile of a mode as a tuple of _0s",
// "@post congruent(coprofile(@a layout), @a layout(i)) for any i": the codomain's nesting with every
// entry 0. An integer-stride layout's values are integers: 0. Over basis strides, one 0 per entry
// of the codomain, nested as the coordinates the layout gives (coshape's nesting).
#include "catlayout/core/coshape.hpp"

namespace catlayout {

inline Int coprofile(Layout const&) { return 0; }

inline Result<IntTuple> coprofile(CoordLayout const& l) {
  CL_TRY(c, coshape(l));
  std::vector<Int> zeros(c.values().size(), 0);
  return IntTuple::with_profile(c, zeros);
}

}  // namespace catlayout
