#pragma once
// CuTe's sublayout access layout<I...>(L) (include/cute/layout.hpp:555-567, get<I...>(L) of
// layout.hpp:499-503): mode I of L, then mode J of that, ... (docs/definitions.md layout_mode).
// A layout with an integer shape is its own mode 0 (CuTe's get<0>(int)); any other index past the
// rank stops CuTe's compile (invalid_input here).
#include <span>

#include "catlayout/core/layout.hpp"

namespace catlayout {

inline Result<Layout> layout_mode(Layout const& l, std::span<Int const> path) {
  Layout at = l;
  for (Int i : path) {
    if (i < 0 || static_cast<std::size_t>(i) >= at.rank())
      return fail(ErrorKind::invalid_input, "layout_mode: mode ", i, " of ", to_string(at), " is out of range [0, ",
                  at.rank(), ")");
    Layout next = at.mode(static_cast<std::size_t>(i));
    at = std::move(next);
  }
  return at;
}

}  // namespace catlayout
