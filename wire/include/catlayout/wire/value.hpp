#pragma once
// One value type: every kind of value an operation of the op table takes or gives, JSON-free.
// The CLI reads values from text, the wire from JSON (values_json.hpp), Python from its objects;
// each op row's function takes and gives these (ops.hpp).
#include <span>
#include <variant>
#include <vector>

#include "catlayout/core/compact.hpp"
#include "catlayout/core/composed_chain.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/mixed.hpp"
#include "catlayout/core/partition.hpp"
#include "catlayout/core/swizzle.hpp"
#include "catlayout/core/tiler.hpp"

namespace catlayout::wire {

// A value: a layout of any stride kind (integer, coordinate, F2, swizzled), a chain of layouts,
// offsets and swizzles (CuTe's nested ComposedLayout), a swizzle, a tiler,
// an int tuple (a shape, a profile, a coordinate of a domain), an integer, an order (a major or
// CuTe's Step), a coordinate with holes, a projection, a partition (a layout and its offset), or
// a table an op gives (integers, coordinates); and a layout, tiler or int tuple whose integers are
// each static or run-time (core/mixed.hpp: CuTe's `_4` and `4`).
using Value = std::variant<Layout, CoordLayout, F2Layout, ComposedLayout, Swizzle, Tiler, IntTuple, Int, Order,
                           SliceCoord, Projection, SliceResult, std::vector<Int>, std::vector<IntTuple>, ComposedChain,
                           MixedLayout, MixedTiler, MixedTuple>;
using Values = std::vector<Value>;

// What an operand position takes, and so how the CLI and the wire read it: a layout of any kind;
// a tiler (a layout, an integer, by-mode, or a layout of another kind, a swizzle); an int tuple
// (a profile, an index or coordinate of a domain); an integer; an order (LayoutLeft, LayoutRight
// or a Step); a major; a coordinate with holes (_); a projection ((_1,X,_1)); a shape (an int
// tuple of positive entries); a domain (a shape, or a layout's shape).
enum class Takes { layout, tiler, int_tuple, integer, order, major, coord, projection, shape, domain };

// A layout in the kind its value is: a chain that is one swizzle, offset and layout is a swizzled
// layout (and a chain of one layout that layout); a swizzled layout with the identity swizzle and offset 0 is a
// plain layout, and so is a coordinate layout without a basis stride (docs/algebra.md "Wire forms"
// tells the kinds apart the same way). Every other value is itself.
Value as_kind(Value v);

// An integer-stride layout or tiler (what every operation takes), as opposed to the other kinds.
bool integer_strides(Value const& v);

// A value read with CuTe's marks (static `_4`, run-time `4`): a mixed layout, tiler or int tuple.
bool is_mixed(Value const& v);
// A mixed value whose every integer is static, as the value of today's kind (a layout, a tiler, an
// int tuple; an integer for a tuple of one integer); every other value is itself.
Value unmarked_static(Value v);
// A layout, tiler or int tuple with every integer marked static (an answer in CuTe's print).
Value marked_static(Value v);

}  // namespace catlayout::wire
