#pragma once
// Core-internal: build a Layout from values the caller has already validated (a sub-layout of a
// valid layout, a selection or reordering of its modes, a coalesced form). Def. 2.3.1.1 still
// holds; only the checks are skipped. Not installed: users go through Layout::make.
#include <array>
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
  // once) up to max_flat_word modes. One mode stays on the two-integer path: in place, it counted more instructions.
  static Layout trusted_flat(std::span<Int const> s, std::span<Int const> d, Int size) {
    if (s.size() == 1) return trusted(s[0], d[0], size);
    if (s.size() > max_flat_word) return trusted(IntTuple::flat(s), IntTuple::flat(d), size);
    return Layout(checked(), s, d, flat_words(s.size()), static_cast<std::uint32_t>(s.size()), size);
  }
  // The same built in the Result that returns it (a Layout returned and then moved into a Result
  // copies each part again), from entries readable up to what a tuple keeps inline (a FixedFlat's
  // arrays): each part, the word too, copied in one fixed-size move.
  static Result<Layout> trusted_flat_result(IntTuple::FromPadded p, std::span<Int const> s, std::span<Int const> d,
                                            Int size) {
    static_assert(Ints::inline_capacity <= max_flat_word);
    if (s.size() > Ints::inline_capacity) return trusted(IntTuple::flat(s), IntTuple::flat(d), size);
    return Result<Layout>(std::in_place, checked(), p, s, d, flat_words(s.size()), static_cast<std::uint32_t>(s.size()),
                          size);
  }
  // The same, written once: fill(shape, stride) pushes the flat entries straight into the layout's
  // own tuples (no draft copied into them) and returns its size, then the word is written: s:d for
  // one entry, else (s_0, ...):(d_0, ...). pre: the entries make a valid layout of that size (a
  // caller that finds otherwise drops the result); pow2 says whether every shape entry is a power
  // of two (nullopt: counted here).
  template <class Fill>
  [[gnu::always_inline]] static Layout flat_in_place(std::optional<bool> pow2, Fill fill) {
    Layout out(checked(), IntTuple::Unfilled{});  // empty values and words, nothing to overwrite
    fill_flat(out, pow2, fill);
    return out;
  }
  // The same built in the Result that returns it (a Layout moved into a Result copies each part again).
  template <class Fill>
  [[gnu::always_inline]] static Result<Layout> flat_in_place_result(std::optional<bool> pow2, Fill fill) {
    Result<Layout> out(std::in_place, checked(), IntTuple::Unfilled{});
    fill_flat(*out, pow2, fill);
    return out;
  }
  static bool pow2(Layout const& l) { return l.pow2_; }  // every shape entry a power of two

 private:
  template <class Fill>
  [[gnu::always_inline]] static void fill_flat(Layout& out, std::optional<bool> pow2, Fill& fill) {
    Int size = fill(out.shape_.values_, out.stride_.values_);
    std::size_t n = out.shape_.values_.size();
    flat_word(out.shape_, n);
    flat_word(out.stride_, n);
    out.size_ = size;
    if (pow2) out.pow2_ = *pow2;
    else out.set_pow2();
  }
  // The word of a flat tuple of n entries, a leaf for n = 1, else ( L ... L ) up to what a tuple
  // keeps inline, each padded to that length: a fixed-size copy reads that far (a byte loop here
  // cost ~70 instructions a word).
  static constexpr std::size_t word_capacity = IntTuple::Word::inline_capacity, max_flat_word = word_capacity - 2;
  static constexpr auto flat_words_table = [] {
    std::array<std::array<std::uint8_t, word_capacity>, max_flat_word + 1> w{};
    static_assert(IntTuple::leaf_token == 0, "zero bytes are leaves");
    w[0][0] = IntTuple::open_token;  // () for no entries; w[1] is one leaf
    w[0][1] = IntTuple::close_token;
    for (std::size_t n = 2; n <= max_flat_word; ++n) {
      w[n][0] = IntTuple::open_token;
      for (std::size_t k = 1; k <= n; ++k) w[n][k] = IntTuple::leaf_token;
      w[n][n + 1] = IntTuple::close_token;
    }
    return w;
  }();
  static std::span<std::uint8_t const> flat_words(std::size_t n) {
    return {flat_words_table[n].data(), n == 1 ? 1 : n + 2};
  }

  static void flat_word(IntTuple& t, std::size_t n) {
    t.rank_ = static_cast<std::uint32_t>(n);
    if (n == 1) {  // flat_words(n) without its length's branch (it counted here)
      t.word_.assign_from_padded(flat_words_table[1].data(), 1);
    } else if (n <= max_flat_word) {
      t.word_.assign_from_padded(flat_words_table[n].data(), n + 2);
    } else {
      t.word_.clear();
      t.word_.push_back(IntTuple::open_token);
      t.word_.resize(n + 1, IntTuple::leaf_token);
      t.word_.push_back(IntTuple::close_token);
    }
  }
};

}  // namespace catlayout::detail
