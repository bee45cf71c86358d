#pragma once
// Core-internal: build a Layout from values the caller has already validated (a sub-layout of a
// valid layout, a selection or reordering of its modes, a coalesced form). Def. 2.3.1.1 still
// holds; only the checks are skipped. Not installed: users go through Layout::make.
#include "catlayout/core/layout.hpp"

namespace catlayout::detail {

struct LayoutAccess {
  static Layout trusted(IntTuple shape, IntTuple stride, Int size) {
    return Layout(std::move(shape), std::move(stride), size);
  }
  // A tuple from a well-formed bracket word and as many values as it has leaves.
  static IntTuple tuple(Ints values, IntTuple::Word word) {
    IntTuple t;
    t.values_ = std::move(values);
    t.word_ = std::move(word);
    t.count_rank();
    return t;
  }
  static IntTuple tuple(Ints values, IntTuple::Word word, std::size_t rank) {  // rank known to the caller
    IntTuple t;
    t.values_ = std::move(values);
    t.word_ = std::move(word);
    t.rank_ = static_cast<std::uint32_t>(rank);
    return t;
  }
  // The key to Layout's constructor from checked parts (built in its Result: one copy of each part).
  static Layout::Checked checked() { return {}; }
  // s:d for one mode, else the flat tuples (s_0, ...):(d_0, ...), built in place (each part copied
  // once) up to 8 modes. One mode stays on the two-integer path: in place, it counted more instructions.
  static Layout trusted_flat(std::span<Int const> s, std::span<Int const> d, Int size) {
    if (s.size() == 1) return trusted(s[0], d[0], size);
    if (s.size() > 8) return trusted(IntTuple::flat(s), IntTuple::flat(d), size);
    std::uint8_t word[10];  // ( L ... L ): at most 8 leaves here
    word[0] = IntTuple::open_token;
    for (std::size_t k = 0; k < s.size(); ++k) word[k + 1] = IntTuple::leaf_token;
    word[s.size() + 1] = IntTuple::close_token;
    return Layout(checked(), s, d, std::span<std::uint8_t const>(word, s.size() + 2),
                  static_cast<std::uint32_t>(s.size()), size);
  }
};

}  // namespace catlayout::detail
