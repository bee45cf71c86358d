#pragma once
// Core-internal: build a Layout from values the caller has already validated (a sub-layout of a
// valid layout, a selection or reordering of its modes, a coalesced form). Def. 2.3.1.1 still
// holds; only the checks are skipped. Not installed: users go through Layout::make.
#include <optional>

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
  static IntTuple::FromPadded from_padded() { return {}; }  // parts readable past their ends (a draft's)
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
  // The same, written once: fill(shape, stride) pushes the flat entries straight into the layout's
  // own tuples (no draft copied into them) and returns its size, then the word is written: s:d for
  // one entry, else (s_0, ...):(d_0, ...). pre: the entries make a valid layout of that size (a
  // caller that finds otherwise drops the result); pow2 says whether every shape entry is a power
  // of two (nullopt: counted here).
  template <class Fill>
  [[gnu::always_inline]] static Layout flat_in_place(std::optional<bool> pow2, Fill fill) {
    Layout out{IntTuple::Unfilled{}};  // empty values and words, nothing to overwrite
    Int size = fill(out.shape_.values_, out.stride_.values_);
    std::size_t n = out.shape_.values_.size();
    flat_word(out.shape_, n);
    flat_word(out.stride_, n);
    out.size_ = size;
    if (pow2) out.pow2_ = *pow2;
    else out.set_pow2();
    return out;
  }
  static bool pow2(Layout const& l) { return l.pow2_; }  // every shape entry a power of two

 private:
  // The word of a flat tuple of n entries: a leaf for one (an integer), else ( L ... L ). Written
  // from a constant template in one fixed-size copy where it fits inline (a byte loop here cost
  // ~70 instructions a word).
  static void flat_word(IntTuple& t, std::size_t n) {
    static_assert(IntTuple::leaf_token == 0, "the template's zero bytes are leaves");
    using Word = IntTuple::Word;
    static constexpr std::uint8_t leaves[Word::inline_capacity] = {};
    static constexpr std::uint8_t open_leaves[Word::inline_capacity] = {IntTuple::open_token};
    t.rank_ = static_cast<std::uint32_t>(n);
    if (n == 1) {
      t.word_.assign_from_padded(leaves, 1);
    } else if (n + 2 <= Word::inline_capacity) {
      t.word_.assign_from_padded(open_leaves, n + 2);
      t.word_[n + 1] = IntTuple::close_token;
    } else {
      t.word_.clear();
      t.word_.push_back(IntTuple::open_token);
      t.word_.resize(n + 1, IntTuple::leaf_token);
      t.word_.push_back(IntTuple::close_token);
    }
  }
};

}  // namespace catlayout::detail
