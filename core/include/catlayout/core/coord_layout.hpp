#pragma once
// Coordinate strides (CuTe ScaledBasis): a stride is an element of the coordinate semimodule, an
// integer times a basis element E<p0,p1,...> (CuTe ScaledBasis, cute/numeric/arithmetic_tuple.hpp;
// review of the CuTe paper: "a codomain chosen from an integer-semimodule ... coordinate tuples").
// make_identity_layout((4,8)) = (4,8):(1@0,1@1) maps an index to its (m, n) coordinate.
// Notation: CuTe prints ScaledBasis<T,Ns...> as the value, then "@N" for each N in reverse, so
// 3*E<0,1> (mode 1 of mode 0, scaled by 3) is 3@1@0. Integers print as in core (no CuTe '_').
#include <map>
#include <string_view>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout {

// scale * E<path...>: `scale` at nested mode `path` of the coordinate, 0 elsewhere (CuTe E<Ns...>).
// The empty path is an integer stride (CuTe E<> = 1).
struct ScaledBasis {
  Int scale = 0;
  std::vector<int> path;

  bool operator==(ScaledBasis const&) const = default;
  bool is_integer() const { return path.empty(); }
  // The semimodule zero: the integer 0 (CuTe _0 adds to any basis element).
  bool is_zero_integer() const { return path.empty() && scale == 0; }
};

std::string to_string(ScaledBasis const& b);  // 3@1@0 for 3*E<0,1>; 5 for an integer

// A nested tuple of ScaledBasis entries: the stride of a coordinate layout.
class BasisTuple {
 public:
  BasisTuple() = default;                                       // the empty tuple ()
  BasisTuple(ScaledBasis b) : value_(std::move(b)), leaf_(true) {}  // NOLINT: an entry is a depth-0 tuple
  BasisTuple(Int v) : value_{v, {}}, leaf_(true) {}              // NOLINT: an integer stride
  explicit BasisTuple(std::vector<BasisTuple> c) : children_(std::move(c)) {}

  bool is_leaf() const { return leaf_; }
  ScaledBasis const& value() const { return value_; }
  std::vector<BasisTuple> const& children() const { return children_; }
  std::size_t rank() const { return leaf_ ? 1 : children_.size(); }
  BasisTuple const& mode(std::size_t i) const { return leaf_ ? *this : children_.at(i); }

  bool operator==(BasisTuple const& o) const = default;

 private:
  std::vector<BasisTuple> children_;
  ScaledBasis value_;
  bool leaf_ = false;
};

std::string to_string(BasisTuple const& t);
std::vector<ScaledBasis> flatten_values(BasisTuple const& t);

// A coordinate in sparse form: path -> value, the empty path for an integer; zeros are omitted.
using SparseCoord = std::map<std::vector<int>, Int>;

// A layout whose strides are scaled basis elements: L(i) = sum_k c_k(i) * d_k, a coordinate.
class CoordLayout {
 public:
  // Paper Def. 2.3.1.1 over the coordinate semimodule; pre: congruent, positive shape, every
  // per-path offset in int64, and the stride paths form a tree (no nonzero stride's path is a
  // proper prefix of another's: an integer cannot be added to a tuple, CuTe's ArithmeticTuple).
  static Result<CoordLayout> make(IntTuple shape, BasisTuple stride);
  static CoordLayout of(Layout const& l);  // every stride an integer (empty path)
  CoordLayout() : shape_(1), stride_(Int{0}) {}  // 1:0

  IntTuple const& shape() const { return shape_; }
  BasisTuple const& stride() const { return stride_; }
  Int size() const { return size_; }
  std::size_t rank() const { return shape_.rank(); }
  CoordLayout mode(std::size_t i) const;
  // The codomain: the distinct paths of the non-integer strides, sorted (empty: integer-valued).
  std::vector<std::vector<int>> const& codomain() const { return codomain_; }
  bool is_integral() const { return codomain_.empty(); }
  // The layout with these integer strides; invalid_input when a stride is a basis element.
  Result<Layout> to_layout() const;

  // L(i) as a coordinate shaped by codomain(): a tuple as deep as the deepest path, zeros
  // elsewhere; an integer when integral. pre for operator(): 0 <= i < size.
  IntTuple operator()(Int i) const;
  Result<IntTuple> at(Int i) const;
  Result<SparseCoord> sparse_at(Int i) const;
  // CuTe's extended function: the last flat mode is unbounded (as composition uses it).
  Result<SparseCoord> sparse_extended(Int i) const;
  // A sparse coordinate laid out in this layout's codomain (paths outside it are dropped).
  IntTuple shape_coord(SparseCoord const& c) const;

  bool operator==(CoordLayout const& o) const { return shape_ == o.shape_ && stride_ == o.stride_; }

 private:
  IntTuple shape_;
  BasisTuple stride_;
  Int size_ = 1;
  std::vector<std::vector<int>> codomain_;
};

std::string to_string(CoordLayout const& l);  // (4,8):(1@0,1@1)
// CuTe notation with basis strides: ((2,2),8):((1@0@0,1@1@0),1@1); an optional '_' before an
// integer is accepted (CuTe's static-integer mark), so CuTe's own prints parse: CuTe C++'s
// (_4,_8):(_1@0,_1@1) (print(ScaledBasis): the value, then @N for each N in reverse) and CuTe
// DSL's (4,8):(1@0,1@1). Writing CuTe's form back: to_string(l, Notation::cute) (notation.hpp).
Result<CoordLayout> parse_coord_layout(std::string_view text);
// The same at text[pos] (after blanks), the rest of the text left unread: on success pos moves
// past the layout, on failure pos is where the parse stopped; columns count from text's start.
Result<CoordLayout> scan_coord_layout(std::string_view text, std::size_t& pos);

// CuTe make_identity_layout(shape) = shape : make_basis_like(shape): E<p> at the leaf at path p;
// an integer shape gets the integer stride 1 (E<>).
CoordLayout make_identity_layout(IntTuple const& shape);

// Flat views: parallel shapes and strides.
struct FlatCoordLayout {
  std::vector<Int> shape;
  std::vector<ScaledBasis> stride;
};
FlatCoordLayout flat_modes(CoordLayout const& l);
Result<CoordLayout> from_flat(FlatCoordLayout const& f);

// Def. 2.3.3.1 / CuTe coalesce over basis strides: s_i:d_i and s_{i+1}:d_{i+1} merge when
// s_i * d_i == d_{i+1} (same path, scale multiplied); size-1 modes drop; 1:0 when nothing is left.
CoordLayout coalesce(CoordLayout const& l);

// Def. 2.3.7.1 / CuTe composition over the coordinate semimodule: R(i) = A(B(i)), B's nesting.
// A basis stride c@p of B composes mode p of A with s:c (CuTe's RHS ScaledBasis case); an integer
// stride composes all of A. Each fold runs core's algorithm with its admissibility checks and
// messages (stride/shape divisibility, walk past a mode, overlap), multiplying basis strides.
Result<CoordLayout> composition(CoordLayout const& a, CoordLayout const& b);
Result<CoordLayout> composition(CoordLayout const& a, Layout const& b);
Result<CoordLayout> composition(Layout const& a, CoordLayout const& b);

// A(c) for a coordinate c of A's domain, each mode taken with its extended function (what
// composition guarantees): an integer c reads the (sub)layout colexicographically, a tuple
// sums its modes; a leaf's mode 0 is itself (CuTe get<0>(int)).
Result<SparseCoord> evaluate_at_coord(CoordLayout const& a, IntTuple const& coord);

}  // namespace catlayout
