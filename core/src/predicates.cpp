#include "catlayout/core/predicates.hpp"

#include <algorithm>
#include <unordered_set>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {

bool is_sorted(Layout const& l) { return flatten(l) == sort(l) || flat_modes(l).shape.size() <= 1; }

bool is_coalesced(Layout const& l) { return coalesce(l) == l; }

bool is_non_degenerate(Layout const& l) {
  auto f = flat_modes(l);
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.shape[i] == 1 && f.stride[i] != 0) return false;
  return true;
}

bool is_tractable(Layout const& l) {
  auto f = flat_modes(sort(squeeze(l)));
  for (std::size_t i = 0; i + 1 < f.shape.size(); ++i) {
    if (f.stride[i] == 0) continue;
    __int128 reach = static_cast<__int128>(f.shape[i]) * f.stride[i];
    if (reach == 0 || f.stride[i + 1] % static_cast<Int>(reach) != 0) return false;
  }
  return true;
}

bool is_injective(Layout const& l) {
  auto f = flat_modes(sort(squeeze(l)));
  bool increasing = true;  // positive strides, each beyond the reach of those below it
  __int128 reach = 0;
  for (std::size_t i = 0; i < f.shape.size(); ++i) {
    if (f.stride[i] <= 0 || f.stride[i] <= reach) increasing = false;
    reach += static_cast<__int128>(f.shape[i] - 1) * f.stride[i];
  }
  if (increasing) return true;
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.stride[i] == 0) return false;  // a size > 1 mode that does not move
  auto t = tabulate(l);
  std::unordered_set<Int> seen(t.begin(), t.end());
  return seen.size() == t.size();
}

bool is_compact(Layout const& l) {
  auto f = flat_modes(sort(filter_zeros(squeeze(l))));
  if (flat_modes(squeeze(l)).shape.size() != f.shape.size()) return false;  // a stride-0 mode repeats 0
  Int expect = 1;
  for (std::size_t i = 0; i < f.shape.size(); ++i) {
    if (f.stride[i] != expect) return false;
    expect *= f.shape[i];
  }
  return true;
}

}  // namespace catlayout
