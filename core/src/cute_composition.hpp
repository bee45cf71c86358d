#pragma once
// Core-internal: the layout CuTe's composition returns, without the conditions catlayout adds
// (a walk that skews, modes that carry, strides of both signs). Not a function in general: used
// only to follow CuTe past a refusal, to tell whether CuTe would have answered at all.
#include "catlayout/core/layout.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout::detail {

Result<Layout> cute_composition(Layout const& a, Layout const& b);

// (B, comp(B, shape(coalesce(A)))), the layout a divide composes A with (Def. 2.3.8.1, CuTe's
// complement): where B has no complement, the division's error.
Result<Layout> divisor_pair(Layout const& a, Layout const& b);

// CuTe's logical divide, each composition CuTe's (cute_composition): by mode as CuTe's.
Result<Layout> cute_logical_divide(Layout const& a, Tiler const& b);

}  // namespace catlayout::detail
