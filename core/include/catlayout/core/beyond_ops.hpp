#pragma once
// Strides beyond integers (docs/beyond-integers.md) for conformance and the CLI: JSON forms of coordinate layouts,
// swizzles, composed and F2-linear layouts; the vector ops coord.*, swizzle.*, linear.* (documented
// in docs/beyond-integers.md); random arguments for the exporter; `catlayout swizzle` / `linear`.
#include <iosfwd>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/json.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

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
Json to_json(LinearLayout const& f);  // {"bases": [...], "in_bits": n, "out_bits": m}
Result<LinearLayout> linear_from_json(Json const& j, std::string const& path);
// A plain layout's JSON when is_plain(c), else the composed form (the result of linear.to_layout).
Json layout_or_composed_json(ComposedLayout const& c);

// The ops of docs/beyond-integers.md, sorted.
std::vector<std::string> beyond_ops();
// Run one op on its args (a JSON array); `path` names args in error messages ("$.cases[3].args").
// invalid_input for an unknown op or malformed args; algebra errors as their kinds
// (not_representable is inadmissible, message "not_representable: ...").
Result<Json> run_beyond_op(std::string_view op, Json const& args, std::string const& path);
// `count` argument arrays for op (deterministic in g), small enough to tabulate; some are
// meant to fail (inadmissible compositions, colliding bits, singular maps).
std::vector<Json> random_beyond_args(std::string const& op, std::mt19937_64& g, int count);

// A random injective power-of-two layout with in_bits input bits whose modes land on disjoint
// ranges of output bits (strides powers of two) among in_bits + extra_out_bits, nested at random:
// exactly the layouts that to_linear accepts and that map to a permutation of bits.
Layout random_pow2_layout(std::mt19937_64& g, int in_bits, int extra_out_bits);


}  // namespace catlayout
