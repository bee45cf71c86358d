#pragma once
// The category Fin_* (paper §3.1.1): objects <n>_* = {*, 1, ..., n}, morphisms pointed maps.
// A map alpha: <m>_* -> <n>_* is stored as (alpha(1), ..., alpha(m)) with 0 standing for *,
// the encoding of the vector format (docs/vector-format.md) and of the paper's companion code.
#include <cstddef>
#include <vector>

#include "catlayout/core/error.hpp"

namespace catlayout::categories {

using Point = std::size_t;        // a point of <n>_*: 1..n, or the base point
inline constexpr Point star = 0;  // the base point *

class FinMap {
 public:
  // §3.1.1: alpha: <m>_* -> <n>_* with m = values.size(); pre: every value <= n (invalid_input).
  static Result<FinMap> make(std::vector<Point> values, std::size_t n);
  // §3.1.1: id_<n>, the identity of <n>_*.
  static FinMap identity(std::size_t n);

  std::size_t m() const { return values_.size(); }  // the domain is <m>_*
  std::size_t n() const { return n_; }              // the codomain is <n>_*
  // alpha(i) for i in <m>_*; alpha(*) = *.
  Point operator()(Point i) const { return i == star ? star : values_[i - 1]; }
  std::vector<Point> const& values() const { return values_; }

  bool operator==(FinMap const&) const = default;

 private:
  FinMap(std::vector<Point> values, std::size_t n) : values_(std::move(values)), n_(n) {}
  std::vector<Point> values_;
  std::size_t n_ = 0;
};

// §3.1.1: alpha is tractable when each j != * has at most one preimage.
bool is_tractable(FinMap const& alpha);
// Def. 3.1.5.45 (on the underlying map): injective on <m>_*, so tractable and alpha(i) != * for all i.
bool is_injective(FinMap const& alpha);
// §3.1.1: a bijection <m>_* -> <n>_* (an isomorphism of Fin_*).
bool is_bijective(FinMap const& alpha);
// Image(alpha) \ {*}, increasing.
std::vector<Point> image(FinMap const& alpha);
// Def. 3.1.5.32: Image(alpha) and Image(beta) meet only in *; pre: same codomain (else false).
bool disjoint_images(FinMap const& alpha, FinMap const& beta);

// §3.1.1: beta o alpha, first alpha then beta; pre: alpha.n() == beta.m() (inadmissible).
Result<FinMap> compose(FinMap const& beta, FinMap const& alpha);
// §3.1.5.1: alpha (+) beta: <m+p>_* -> <n+q>_*, beta shifted past alpha's codomain.
FinMap sum(FinMap const& alpha, FinMap const& beta);
// §3.1.5.5: alpha * beta: <m+p>_* -> <n>_*; pre: same codomain, disjoint images (inadmissible).
Result<FinMap> concat(FinMap const& alpha, FinMap const& beta);

}  // namespace catlayout::categories
