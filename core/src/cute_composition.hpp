#pragma once
// Core-internal: the layout CuTe's composition returns, without the conditions catlayout adds
// (a walk that skews, modes that carry, strides of both signs). Not a function in general: used
// only to follow CuTe past a refusal, to tell whether CuTe would have answered at all.
#include "catlayout/core/layout.hpp"

namespace catlayout::detail {

Result<Layout> cute_composition(Layout const& a, Layout const& b);

}  // namespace catlayout::detail
