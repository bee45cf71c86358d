#pragma once
// JSON forms of the layouts beyond integer strides (docs/beyond-integers.md), beside layout_json.hpp's:
// coordinate layouts, swizzles, composed and F2-linear layouts.
#include <string>

#include "catlayout/core/composed_chain.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_linear.hpp"
#include "catlayout/wire/layout_json.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::wire {

// {"shape": T, "stride": S}: S is congruent to T, each entry an integer or {"basis": [p0,...], "scale": k}
// for k*E<p0,...> (the path outer mode first; CuTe prints it k@...@p0). A plain layout is one.
Json to_json(CoordLayout const& l);
Result<CoordLayout> coord_layout_from_json(Json const& j, std::string const& path);
Json to_json(Swizzle const& s);  // {"swizzle": [B, M, S]}
Result<Swizzle> swizzle_from_json(Json const& j, std::string const& path);
// {"swizzle": [B,M,S], "offset": k, "layout": L}; reading also accepts a plain layout (identity swizzle)
// and a missing offset (0).
Json to_json(ComposedLayout const& c);
Result<ComposedLayout> composed_layout_from_json(Json const& j, std::string const& path);
// A chain (CuTe's nested ComposedLayout<A, O, B>, A(O + B(x))), the composed form nested as CuTe nests it:
// {"swizzle": [B,M,S], "offset": k, "layout": X} for A a swizzle, {"outer": Y, "offset": k, "layout": X}
// for A a layout or another composed value; X (CuTe's B) a layout, a swizzle {"swizzle": [B,M,S]} or a
// composed value. A chain that is one swizzle, offset and layout is the composed form above.
Json to_json(ComposedChain const& c);
Result<ComposedChain> composed_chain_from_json(Json const& j, std::string const& path);
Json to_json(LinearLayout const& f);  // {"bases": [...], "in_bits": n, "out_bits": m}
Result<LinearLayout> linear_from_json(Json const& j, std::string const& path);
// A plain layout's JSON when is_plain(c), else the composed form (the result of linear.to_layout).
Json layout_or_composed_json(ComposedLayout const& c);

}  // namespace catlayout::wire
