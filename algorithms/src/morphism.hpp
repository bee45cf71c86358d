#pragma once
// Flat tuple morphisms (paper §3.1.1) as the composition algorithm needs them, with codomain
// entries in Q (paper §4.1.5). Private to catlayout::algorithms: the categories/ room owns the
// public Tuple and Nest morphisms; this is the minimum Algorithm 4.1.2 runs on.
#include <boost/multiprecision/cpp_int.hpp>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::algorithms::detail {

using Rational = boost::multiprecision::cpp_rational;

struct FlatMorphism {
  std::vector<Int> domain;         // S (flat)
  std::vector<Rational> codomain;  // T; integral for a Tuple morphism
  std::vector<std::size_t> map;    // alpha: 0 is the base point *, otherwise a 1-based index into T
};

// Construction 3.1.2.5 (standard representation f_L of a flat layout), with size-1 modes sent to *
// (they carry no function: §3.1.2, filter(L) has the layout function of L). Modes of nonzero stride
// are sorted by (stride, shape); T = (d_1, s_1, d_2/(s_1 d_1), s_2, ...) without the gaps equal to 1.
// integral: pre: strides >= 0 and each gap an integer (tractable), else not_tractable.
// !integral (§4.1.5): any nonzero strides; gaps are rationals (and may be negative).
Result<FlatMorphism> standard_representation(FlatLayout const& l, bool integral, std::string_view name);

// L_f's stride of each domain entry: the product of the codomain entries before its image, 0 for *.
std::vector<Rational> encoded_strides(FlatMorphism const& f);

std::string to_string(Rational const& q);
std::string codomain_string(FlatMorphism const& f);
Result<Int> to_int(Rational const& q, std::string_view what);

}  // namespace catlayout::algorithms::detail
