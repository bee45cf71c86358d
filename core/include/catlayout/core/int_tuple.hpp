#pragma once
// Nested tuples of integers (paper §2.2): an integer (depth 0) or a tuple of nested tuples.
//
// Stored flat, without a tree: the integers in order (the flat entries, paper's flat(T)) and
// the nesting as a bracket word over {leaf, (, )}. Both stay inline up to 8 entries, so the
// layouts kernels use never allocate, congruence is an equality of words, and substituting
// values into a profile (X)_P is a copy.
#include <span>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/core/small_vec.hpp"

namespace catlayout {

namespace detail {
struct LayoutAccess;  // core's builder of tuples and layouts it has already validated
}
class Layout;

using Ints = SmallVec<Int, 8>;

class IntTuple {
 public:
  enum Token : std::uint8_t { leaf_token = 0, open_token = 1, close_token = 2 };
  using Word = SmallVec<std::uint8_t, 24>;

  IntTuple() : word_{open_token, close_token}, rank_(0) {}   // the empty tuple ()
  IntTuple(Int v) : values_{v}, word_{leaf_token}, rank_(1) {}  // NOLINT: an integer is a depth-0 tuple
  explicit IntTuple(std::vector<IntTuple> const& children);
  // (v_0, ..., v_{n-1}): a flat tuple of integers.
  static IntTuple flat(std::span<Int const> values);
  // The nesting of `profile` filled with `values` (paper: (X)_P); pre: lengths agree.
  static IntTuple with_profile(IntTuple const& profile, std::span<Int const> values);

  bool is_leaf() const { return word_.size() == 1; }
  Int value() const { return is_leaf() ? values_[0] : 0; }
  std::vector<IntTuple> children() const;
  // CuTe's rank: an integer has rank 1.
  std::size_t rank() const { return rank_; }
  // Mode i; an integer is its own mode 0 (CuTe's get<0>(int)). Throws std::out_of_range past the rank.
  IntTuple mode(std::size_t i) const;
  // Append a mode to a tuple (pre: !is_leaf()).
  void push_back(IntTuple const& child);

  // The flat entries, in order, and the bracket word: equal words mean congruent tuples.
  std::span<Int const> values() const { return {values_.data(), values_.size()}; }
  Word const& word() const { return word_; }

  bool operator==(IntTuple const& o) const { return values_ == o.values_ && word_ == o.word_; }

 private:
  friend struct detail::LayoutAccess;
  friend class Layout;  // builds its tuples from checked parts in place
  struct Unfilled {};   // no values and no word yet: core fills both in place
  explicit IntTuple(Unfilled) {}
  IntTuple(std::span<Int const> values, std::span<std::uint8_t const> word);
  [[gnu::always_inline]] IntTuple(std::span<Int const> values, std::span<std::uint8_t const> word, std::uint32_t rank)
      : rank_(rank) {
    values_.append(values.data(), values.size());  // inline: the one copy of a layout built from a draft
    word_.append(word.data(), word.size());
  }
  // The same from parts readable up to what a tuple keeps inline (8 values, 24 tokens) past their
  // starts, such as a draft's fixed arrays: each copied in one fixed-size move where it fits.
  struct FromPadded {};
  [[gnu::always_inline]] IntTuple(FromPadded, std::span<Int const> values, std::span<std::uint8_t const> word,
                                  std::uint32_t rank)
      : rank_(rank) {
    values_.assign_from_padded(values.data(), values.size());
    word_.assign_from_padded(word.data(), word.size());
  }
  void count_rank();
  Ints values_;
  Word word_;
  std::uint32_t rank_ = 0;
};

// tup(2, tup(1, 6)) is (2,(1,6)).
template <class... Ts>
IntTuple tup(Ts const&... ts) {
  IntTuple t;
  (t.push_back(IntTuple(ts)), ...);
  return t;
}

std::size_t depth(IntTuple const& t);
std::size_t length(IntTuple const& t);               // number of flat entries
std::vector<Int> flatten_values(IntTuple const& t);
IntTuple flatten(IntTuple const& t);                 // integers stay integers, tuples become flat tuples
IntTuple profile(IntTuple const& t);                 // same nesting, every entry 1
bool congruent(IntTuple const& a, IntTuple const& b);
Result<Int> product(IntTuple const& t);              // size of a shape, overflow-checked
// Put flat values into the nesting of a profile (paper: (X)_P). pre: length(P) == values.size().
Result<IntTuple> substitute(std::vector<Int> const& values, IntTuple const& profile);
// §2.2.4: T' refines T when each entry t of T is replaced in T' by a nested tuple of size t.
bool refines(IntTuple const& refined, IntTuple const& coarse);
// The relative modes of T' over T: the sub-tuple of T' standing for each flat entry of T.
Result<std::vector<IntTuple>> relative_modes(IntTuple const& refined, IntTuple const& coarse);
// Tuple with one more entry at the back / concatenation of two tuples' modes.
IntTuple append(IntTuple const& t, IntTuple const& x);
IntTuple wrap(IntTuple const& t);                    // an integer becomes (integer); tuples stay
IntTuple unwrap(IntTuple const& t);                  // (x) becomes x, recursively

std::string to_string(IntTuple const& t);
void append_to(std::string& out, IntTuple const& t);  // to_string(t), appended to out

}  // namespace catlayout
