#pragma once
// Morphisms encode layouts (paper §3.1.2, §3.2.2): L_f has shape S and stride d_i = 0 when
// alpha(i) = *, else t_1 ... t_{alpha(i)-1}. A layout is encoded by some morphism iff it is
// tractable; its standard representation f_L (Construction 3.1.2.5) is the canonical one.
#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/core/layout.hpp"

namespace catlayout::categories {

// §3.1.2: L_f, the flat layout (s_1..s_m):(d_1..d_m) (a tuple even when m = 1).
Layout to_layout(TupleMorphism const& f);
// §3.2.2: L_f, the flat layout L_{f^flat} with the nesting of S.
Layout to_layout(NestMorphism const& f);

// §2.1.8 / Prop. 3.1.2.10: some Tuple morphism encodes L^flat, i.e. the nonzero strides are
// >= 0 and, sorted by (stride, shape), each s_i d_i divides d_{i+1}. Unlike core's
// is_tractable, size-1 modes are not dropped first: (1,4):(3,1) is encoded by no morphism.
bool is_encodable(Layout const& l);
// Construction 3.1.2.5: f_L: S^flat -> T of L^flat; not_tractable when no morphism encodes L.
Result<TupleMorphism> flat_standard_representation(Layout const& l);
// §3.2.2: f_L: shape(L) -> T with the flat T of the flat construction.
Result<NestMorphism> standard_representation(Layout const& l);

// Def. 3.1.2.12: T has no unused entry 1, no two unused entries in a row and none after the
// last used one; modes with equal (stride, shape) keep their order. Then f = f_{L_f}.
bool is_standard_form(TupleMorphism const& f);
// §3.2.2: f^flat has standard form and T is a flat tuple.
bool is_standard_form(NestMorphism const& f);
// §3.1.2: non-degenerate: s_i = 1 implies alpha(i) = *, so L_f has no size-1 mode with stride != 0.
bool is_non_degenerate(TupleMorphism const& f);
bool is_non_degenerate(NestMorphism const& f);  // §3.2.2: iff f^flat is

}  // namespace catlayout::categories
