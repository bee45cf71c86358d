#pragma once
// The two views of an operation built on complement (complement, logical divide, logical
// product): CuTe's answer, and the categorical paper's, which exists only where the operand is
// complementable (Prop. 2.1.6.21). Outside that fragment CuTe still answers, with a complement
// folded by floor division: (X, comp) is injective, ordered and meets X only at 0, but it is not
// compact, so no categorical complement stands behind it.
#include <string>

#include "catlayout/core/complement.hpp"

namespace catlayout::algorithms {

struct FragmentExplanation {
  std::string operation;           // "complement((3,5):(1,7), 60)"
  Layout operand;                  // the layout whose complement the operation takes
  Int target = 1;                  // the size of the complement's cotarget
  Complementability fragment;      // where the operand stands
  Result<Layout> complement;       // CuTe's comp(operand, target)
  Result<Layout> cute;             // the operation, Convention::cute
  Result<Layout> categorical;      // the operation, Convention::categorical (--strict)
  std::string check;               // (operand, comp) tabulated: CuTe's post-conditions, or what fails
  std::string reason;              // one sentence reconciling the views
};

// comp(A, N); A (/) B (operand B, cotarget shape(coalesce(A))); A (x) B (operand A, N = size(A) cosize(B)).
// pre: the operand's (operand, comp) tabulates within limits::max_tabulate, else the check says so.
FragmentExplanation explain_complement(Layout const& a, Int n);
FragmentExplanation explain_divide(Layout const& a, Layout const& b);
FragmentExplanation explain_product(Layout const& a, Layout const& b);

}  // namespace catlayout::algorithms
