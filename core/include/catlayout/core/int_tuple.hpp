#pragma once
// Nested tuples of integers (paper §2.2): an integer (depth 0) or a tuple of nested tuples.
#include <vector>

#include "catlayout/core/error.hpp"

namespace catlayout {

class IntTuple {
 public:
  IntTuple() = default;                         // the empty tuple ()
  IntTuple(Int v) : value_(v), leaf_(true) {}   // NOLINT: an integer is a depth-0 tuple
  explicit IntTuple(std::vector<IntTuple> children) : children_(std::move(children)) {}

  bool is_leaf() const { return leaf_; }
  Int value() const { return value_; }
  std::vector<IntTuple> const& children() const { return children_; }
  // CuTe's rank: an integer has rank 1.
  std::size_t rank() const { return leaf_ ? 1 : children_.size(); }
  // Mode i; an integer is its own mode 0 (CuTe's get<0>(int)).
  IntTuple const& mode(std::size_t i) const { return leaf_ ? *this : children_.at(i); }

  bool operator==(IntTuple const& o) const = default;

 private:
  std::vector<IntTuple> children_;
  Int value_ = 0;
  bool leaf_ = false;
};

// tup(2, tup(1, 6)) is (2,(1,6)).
template <class... Ts>
IntTuple tup(Ts const&... ts) {
  return IntTuple(std::vector<IntTuple>{IntTuple(ts)...});
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

}  // namespace catlayout
