#pragma once
// A tiler (CuTe): a layout, or a by-mode tuple of tilers <3:4, 8:2>; an integer n is n:1.
#include <optional>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout {

struct Tiler {
  std::optional<Layout> layout;  // set for a layout tiler
  std::vector<Tiler> modes;      // by-mode tiler otherwise

  static Tiler of(Layout l) { return Tiler{std::move(l), {}}; }
  static Tiler by_mode(std::vector<Tiler> m) { return Tiler{std::nullopt, std::move(m)}; }
  bool is_layout() const { return layout.has_value(); }
};

std::string to_string(Tiler const& t);  // 6:1 or <3:4,8:2>

}  // namespace catlayout
