#pragma once
// Coalesce (paper Def. 2.3.3.1; CuTe coalesce): the shortest flat layout with the same
// function on the domain; by-mode with a target profile; relative to a coarser shape (§2.3.4).
#include "catlayout/core/layout.hpp"

namespace catlayout {

// Def. 2.3.3.1 / CuTe coalesce: depth <= 1, 1:0 when nothing is left, s:d when one mode is left.
Layout coalesce(Layout const& l);
// CuTe coalesce(L, profile): by-mode on the profile's tuples; extra modes pass through unchanged.
Result<Layout> coalesce(Layout const& l, IntTuple const& profile);
// PyCuTe coalesce_z (whitepaper §3.2, PyCuTe docs/04_layout_algebra.md "coalesce vs coalesce_z"):
// depth <= 1 and R(i) == L(i) for every integer i >= 0, CuTe's extended function (the last mode
// unbounded) included: a trailing size-1 mode stays where its stride is not the extension of the
// mode before it ((2,1,6,1):(1,7,8,0) -> (2,6,1):(1,8,0)); one mode is s:d, nothing left is 1:0.
Layout coalesce_z(Layout const& l);
Result<Layout> coalesce_z(Layout const& l, IntTuple const& profile);  // by-mode, as coalesce(L, profile)
// Def. 2.3.4.7: coal(L, S) = (coal(L_1), ..., coal(L_m))_P over the relative modes of S; pre: shape(L) refines S.
Result<Layout> relative_coalesce(Layout const& l, IntTuple const& coarse);

// CuTe's coalesce_x: keeps the function outside the domain too (the last mode's stride
// survives a trailing size-1 mode). Used by composition, which extends A past size(A).
FlatLayout coalesce_extended(Layout const& l);
// Def. 2.3.3.1 on flat modes: {1},{0} when nothing is left. The values' function is kept,
// so a valid layout's modes give a valid layout's modes.
FlatLayout coalesce_flat(FlatLayout const& f);

}  // namespace catlayout
