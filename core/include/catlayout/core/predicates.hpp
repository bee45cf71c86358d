#pragma once
// Predicates of paper §2.1 and §2.3 on a layout's function and form.
#include "catlayout/core/layout.hpp"

namespace catlayout {

bool is_sorted(Layout const& l);          // §2.1.3.5: flat modes increase in (stride, shape)
bool is_coalesced(Layout const& l);       // §2.3.3: coalesce(L) == L
bool is_non_degenerate(Layout const& l);  // shape entry 1 => stride 0
// §2.1.8 / §2.3.10: sort(squeeze(flatten(L))) has d_i = 0 or s_i*d_i | d_{i+1} for each i.
bool is_tractable(Layout const& l);
bool is_injective(Layout const& l);       // exact: structural where it decides, else tabulation
bool is_compact(Layout const& l);         // §2.1.5: Phi_L is a bijection onto [0, size(L))

}  // namespace catlayout
