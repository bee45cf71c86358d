#pragma once
// Coalesce (paper Def. 2.3.3.1; CuTe coalesce): the shortest flat layout with the same
// function on the domain; by-mode with a target profile; relative to a coarser shape (§2.3.4).
#include "catlayout/core/layout.hpp"

namespace catlayout {

// Def. 2.3.3.1 / CuTe coalesce: depth <= 1, 1:0 when nothing is left, s:d when one mode is left.
Layout coalesce(Layout const& l);
// CuTe coalesce(L, profile): by-mode on the profile's tuples; extra modes pass through unchanged.
Result<Layout> coalesce(Layout const& l, IntTuple const& profile);
// Def. 2.3.4.7: coal(L, S) = (coal(L_1), ..., coal(L_m))_P over the relative modes of S; pre: shape(L) refines S.
Result<Layout> relative_coalesce(Layout const& l, IntTuple const& coarse);

// CuTe's coalesce_x: keeps the function outside the domain too (the last mode's stride
// survives a trailing size-1 mode). Used by composition, which extends A past size(A).
FlatLayout coalesce_extended(Layout const& l);
// Def. 2.3.3.1 on flat modes: {1},{0} when nothing is left. The values' function is kept,
// so a valid layout's modes give a valid layout's modes.
FlatLayout coalesce_flat(FlatLayout const& f);

}  // namespace catlayout
