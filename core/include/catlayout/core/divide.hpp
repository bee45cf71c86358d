#pragma once
// Logical divide (paper Def. 2.3.8.1; CuTe logical_divide) and CuTe's rearrangements of it.
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// Def. 2.3.8.1: A (/) B = A o (B, comp(B, size(A))); by-mode for tilers, A's extra modes kept.
Result<Layout> logical_divide(Layout const& a, Tiler const& b);
Result<Layout> zipped_divide(Layout const& a, Tiler const& b);  // ((tiles), (rests...))
Result<Layout> tiled_divide(Layout const& a, Tiler const& b);   // ((tiles), rest0, rest1, ...)
Result<Layout> flat_divide(Layout const& a, Tiler const& b);    // (tile0, tile1, ..., rest0, rest1, ...)

// CuTe's zip2_by: gather mode 0 and mode 1 of each tiled mode, guided by the tiler's nesting.
Result<Layout> zip2_by(Layout const& l, Tiler const& guide);
// Unpack mode 0 and/or mode 1 of a rank-2 layout into top-level modes.
Result<Layout> unpack_modes(Layout const& l, bool first, bool second);

}  // namespace catlayout
