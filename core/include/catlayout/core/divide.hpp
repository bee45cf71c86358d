#pragma once
// Logical divide (paper Def. 2.3.8.1; CuTe logical_divide) and CuTe's rearrangements of it.
#include "catlayout/core/tiler.hpp"

namespace catlayout {

// Def. 2.3.8.1: A (/) B = A o (B, comp(B, size(A))); by-mode for tilers, A's extra modes kept.
// comp is CuTe's complement (against shape(coalesce(A))); Convention::categorical refuses a tiler
// that has no complement in the paper's sense.
Result<Layout> logical_divide(Layout const& a, Tiler const& b, Convention c = Convention::cute);
Result<Layout> zipped_divide(Layout const& a, Tiler const& b, Convention c = Convention::cute);  // ((tiles), (rests...))
Result<Layout> tiled_divide(Layout const& a, Tiler const& b, Convention c = Convention::cute);   // ((tiles), rest0, rest1, ...)
Result<Layout> flat_divide(Layout const& a, Tiler const& b, Convention c = Convention::cute);    // (tile0, tile1, ..., rest0, rest1, ...)

// CuTe's zip2_by: gather mode 0 and mode 1 of each tiled mode, guided by the tiler's nesting.
Result<Layout> zip2_by(Layout const& l, Tiler const& guide);
// Unpack mode 0 and/or mode 1 of a rank-2 layout into top-level modes.
Result<Layout> unpack_modes(Layout const& l, bool first, bool second);

// CuTe's rearrangements of a logical divide or product by the tiler b: zipped ((tiles),(rests)),
// tiled ((tiles),rest0,rest1,...), flat (tile0,...,rest0,...). Errors pass through.
enum class Arrangement { zipped, tiled, flat };
Result<Layout> arrange(Result<Layout> const& logical, Tiler const& b, Arrangement how);

}  // namespace catlayout
