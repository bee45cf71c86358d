#pragma once
// A tiler (CuTe): a layout, or a by-mode tuple of tilers <3:4, 8:2>; an integer n is n:1.
#include <optional>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/layout.hpp"

namespace catlayout {

struct Tiler {
  std::optional<Layout> layout;  // set for a layout tiler
  std::vector<Tiler> modes;      // by-mode tiler otherwise
  bool integer = false;          // written as an integer n: layout is n:1

  static Tiler of(Layout l) { return Tiler{std::move(l), {}, false}; }
  static Tiler of_integer(Int n) { return Tiler{*Layout::make(n, 1), {}, true}; }  // pre: n >= 1
  static Tiler by_mode(std::vector<Tiler> m) { return Tiler{std::nullopt, std::move(m), false}; }
  bool is_layout() const { return layout.has_value(); }
};

// The layout divides and products use for a tiler: CuTe's make_layout(n) for an integer n,
// whose single element has stride 0 (1:0), else the layout itself.
Layout const& divisor_layout(Tiler const& t);  // pre: t.is_layout()

std::string to_string(Tiler const& t);  // 6:1 or <3:4,8:2>

// CuTe's rule for a tiler (the divides and products of Def. 2.3.8.1 and 2.3.9.1): a layout tiler
// takes A whole, `whole(A, divisor_layout(B))`; a tuple tiler goes mode by mode, `op(A_i, B_i)`,
// and A's modes past the tiler's stay as they are. invalid_input when B has more modes than A.
using TilerOp = Result<Layout> (*)(Layout const&, Tiler const&, Convention);
using WholeOp = Result<Layout> (*)(Layout const&, Layout const&, Convention);
Result<Layout> apply_tiler(Layout const& a, Tiler const& b, TilerOp op, WholeOp whole, Convention c);

}  // namespace catlayout
