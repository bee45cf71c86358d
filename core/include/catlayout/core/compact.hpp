#pragma once
// Compact layouts (paper §2.1.5: Phi_L a bijection onto [0, size)) built from a shape and a mode
// order, as CuTe's constructors build them (cute/stride.hpp compact_major, compact_order;
// cute/layout.hpp make_layout(shape, LayoutLeft/LayoutRight), make_ordered_layout, make_layout_like).
#include <variant>

#include "catlayout/core/layout.hpp"

namespace catlayout {

// CuTe's LayoutLeft (column-major, GenColMajor) and LayoutRight (row-major, GenRowMajor).
enum class Major { left, right };

// The order of a compact layout's modes: a major, or CuTe's Step, an int tuple congruent to a
// coarsening of the shape whose smaller entries get the smaller strides.
using Order = std::variant<Major, IntTuple>;

std::string_view major_name(Major m);  // "LayoutLeft" / "LayoutRight"
// LayoutLeft / GenColMajor, LayoutRight / GenRowMajor, else an int tuple (CuTe's Step, _N allowed).
Result<Order> parse_order(std::string_view text);

// CuTe compact_major<Major>(shape, current): the compact strides, starting at `current`; a
// size-1 entry gets stride 0 (CuTe's static 1). Left walks the leaves first to last at every level,
// right last to first. pre: a valid shape (positive, product in int64).
Result<IntTuple> compact_major(IntTuple const& shape, Major m, Int current = 1);
// cute/stride.hpp:348 compact_major<Major>(shape, current) with `current` an int tuple: an integer
// starts the walk above; a tuple goes mode by mode (each of its terminals starting that mode's
// walk). pre (else invalid_input): a tuple current meets a tuple shape of its rank (CuTe's
// "Invalid parameters", "Mismatched Ranks").
Result<IntTuple> compact_major(IntTuple const& shape, Major m, IntTuple const& current);

// CuTe compact_order(shape, order): each leaf o of the order covers a sub-shape S_o of the shape
// and starts at the product of the sizes of the sub-shapes with a smaller order entry; S_o is then
// compact column-major from there. Equal entries start at the same stride (CuTe's answer: the
// layout is then not injective). pre (else invalid_input): order is congruent to a coarsening of shape.
Result<IntTuple> compact_order(IntTuple const& shape, Order const& order);

// CuTe make_layout(shape, LayoutLeft{} / LayoutRight{}).
Result<Layout> make_layout(IntTuple const& shape, Major m);
// CuTe make_ordered_layout(shape, order) = shape : compact_order(shape, order). pre (else
// invalid_input, flagged cute_answers): parts of more than one element have distinct order entries
// (CuTe answers a layout that is not compact there).
Result<Layout> make_ordered_layout(IntTuple const& shape, Order const& order);
// CuTe make_layout_like(L): L's shape, with the compact strides that follow the order of L's
// strides; a stride-0 mode keeps stride 0 (its shape counts as 1 in the order). pre (else inadmissible,
// flagged cute_answers): L's modes of more than one element and nonzero stride have distinct strides.
Result<Layout> make_layout_like(Layout const& l);

}  // namespace catlayout
