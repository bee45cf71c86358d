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
  // Fill a layout in place (in its Result: no move of the finished value) from checked parts.
  static void assign(Layout& l, Ints&& s, Ints&& d, IntTuple::Word const& w, std::size_t rank, Int size) {
    l.shape_.values_ = std::move(s);
    l.shape_.word_ = w;
    l.shape_.rank_ = static_cast<std::uint32_t>(rank);
    l.stride_.values_ = std::move(d);
    l.stride_.word_ = w;
    l.stride_.rank_ = static_cast<std::uint32_t>(rank);
    l.size_ = size;
    bool pow2 = true;  // a local: a member would be read and written back once per entry
    for (Int x : l.shape_.values()) pow2 &= (x & (x - 1)) == 0;
    l.pow2_ = pow2;
  }
  static Layout trusted_flat(std::span<Int const> s, std::span<Int const> d, Int size) {
    if (s.size() == 1) return trusted(s[0], d[0], size);
    return trusted(IntTuple::flat(s), IntTuple::flat(d), size);
  }
};

}  // namespace catlayout::detail
