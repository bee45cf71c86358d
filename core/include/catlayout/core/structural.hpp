#pragma once
#include <initializer_list>
#include <span>
// Structural operations of paper §2.1.3 and §2.3.2: they rearrange modes, never compute.
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout {

Result<Layout> make_layout(std::span<Layout const> modes);       // nested concatenation (A,B,...)
Result<Layout> make_layout(std::initializer_list<Layout> modes);
inline Result<Layout> make_layout(std::vector<Layout> const& modes) { return make_layout(std::span<Layout const>(modes)); }
Result<Layout> flat_concat(Layout const& a, Layout const& b);    // §2.1.3: A * B on flattenings
Layout flatten(Layout const& l);                                 // §2.3.2: L^flat
Layout squeeze(Layout const& l);                                 // §2.1.3.2: drop size-1 modes (flat)
Layout filter_zeros(Layout const& l);                            // §2.1.3.3: drop stride-0 modes (flat)
Layout sort(Layout const& l);                                    // §2.1.3.5: stable by (stride, shape), flat
Result<Layout> restrict_modes(Layout const& l, std::vector<std::size_t> const& flat_indices);  // §2.1.3.1
Layout append_rank(Layout const& l, std::size_t rank);           // CuTe append<R>: pad with 1:0 modes

}  // namespace catlayout
