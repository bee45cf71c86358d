#pragma once
// The JSON forms of the values the newer operations take and give (docs/algebra.md "Wire forms"),
// and a reader that tells the layout kinds apart by their form:
//   layout            {"shape": T, "stride": T}                         (docs/vector-format.md)
//   coordinate layout stride entries {"basis": [...], "scale": k}       (docs/beyond-integers.md)
//   F2 layout         stride entries {"f2": v} (and 0)                   PyCuTe's F<v>
//   composed layout   {"swizzle": [B,M,S], "offset": k, "layout": L}
//   composed chain    the same with "layout" a swizzle or composed value, or "outer": Y for a layout
//                     or composed value outside (CuTe's nested ComposedLayout, strides_json.hpp)
//   swizzle           {"swizzle": [B,M,S]}
//   order             "LayoutLeft", "LayoutRight", or an int tuple (CuTe's Step)
//   slice coordinate  an int tuple with null for CuTe's _
//   projection        an array of 1 and null (CuTe's Step<_1,X,...>, null for X)
//   layout and offset {"layout": L, "offset": k}                          (a partition)
#include <variant>

#include "catlayout/core/compact.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "catlayout/core/partition.hpp"
#include "catlayout/wire/value.hpp"

namespace catlayout::wire {

Json to_json(F2Layout const& l);
Result<F2Layout> f2_layout_from_json(Json const& j, std::string const& path);
Json to_json(SliceResult const& r);
Json to_json(SliceCoord const& c);
Result<SliceCoord> slice_coord_from_json(Json const& j, std::string const& path);
Result<Projection> projection_from_json(Json const& j, std::string const& path);
Result<Order> order_from_json(Json const& j, std::string const& path);
Result<Major> major_from_json(Json const& j, std::string const& path);
// A shape argument: an int tuple, or a layout's shape (greatest_common_domain depends on shapes only).
Result<IntTuple> shape_from_json(Json const& j, std::string const& path);

// The kind a JSON value's form names, read with that kind's reader (its errors). Not notation.hpp's
// catlayout::AnyLayout (three kinds): a name apart, so neither hides the other inside catlayout::wire.
using KindedValue = std::variant<Layout, CoordLayout, F2Layout, ComposedLayout, Swizzle, Tiler, ComposedChain>;
enum class Kind { layout, coord, f2, composed, swizzle, tiler, other };
Kind kind_of(Json const& j);
Result<KindedValue> value_from_json(Json const& j, std::string const& path);
Json to_json(KindedValue const& v);

// An operand read as its position takes it (value.hpp's Takes), a layout in the kind its value is.
Result<Value> operand_from_json(Takes takes, Json const& j, std::string const& path);
// Any value in its JSON form (a table as an array; a partition as {"layout", "offset"}).
Json to_json(Value const& v);

}  // namespace catlayout::wire
