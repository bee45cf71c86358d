#include "catlayout/algorithms/fragment.hpp"

#include <unordered_set>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/product.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout::algorithms {
namespace {

// CuTe's stated post-conditions of comp(X, N), by tabulation: (X, C) injective, C strictly
// increasing, C(j) in X's image only at j = 0; and whether (X, C) is compact (the paper's sense).
std::string tabulated_check(Layout const& x, Layout const& c) {
  auto both = make_layout({filter(x), c});
  if (!both) return "(X, comp) is no layout: " + both.error().message;
  if (both->size() > limits::max_tabulate) return str("(X, comp) has ", both->size(), " elements: not tabulated");
  std::unordered_set<Int> image;
  for (Int i = 0; i < both->size(); ++i)
    if (!image.insert((*both)(i)).second) return str("(X, comp) is not injective: it repeats ", (*both)(i));
  for (Int j = 1; j < c.size(); ++j)
    if (c(j) <= c(j - 1)) return str("comp is not increasing: comp(", j, ") = ", c(j), " <= comp(", j - 1, ")");
  auto fx = filter(x);
  std::unordered_set<Int> xs;
  for (Int i = 0; i < fx.size(); ++i) xs.insert(fx(i));
  for (Int j = 1; j < c.size(); ++j)
    if (xs.count(c(j))) return str("comp(", j, ") = ", c(j), " is also in X's image");
  bool compact = cosize(*both) == both->size();
  return str("(X, comp) = ", to_string(*both), ": injective, comp increasing, images meet only at 0; ",
             compact ? "compact" : str("not compact (", both->size(), " elements over [0, ", cosize(*both), "))"));
}

FragmentExplanation explain(std::string operation, Layout operand, std::span<Int const> cotarget,
                            Result<Layout> cute, Result<Layout> categorical) {
  FragmentExplanation x{std::move(operation), std::move(operand), 1, {}, Layout(), std::move(cute), std::move(categorical), {}, {}};
  for (Int t : cotarget)
    if (__builtin_mul_overflow(x.target, t, &x.target)) x.target = 0;  // past int64: no complement either
  x.fragment = complementability(x.operand, cotarget);
  x.complement = catlayout::complement(x.operand, cotarget);
  x.check = x.complement ? tabulated_check(x.operand, *x.complement) : "no complement: " + x.complement.error().message;
  if (!x.cute)
    x.reason = "refused in both views: " + x.cute.error().message;
  else if (x.fragment.complementable && x.categorical)
    x.reason = "inside the categorical fragment: both views give " + to_string(*x.cute);
  else if (x.categorical)
    x.reason = "both views give " + to_string(*x.cute);
  else
    x.reason = "outside the categorical fragment (" + x.fragment.why + "): CuTe's answer " + to_string(*x.cute) +
               " rests on a complement by floor division that is injective but not compact; the categorical "
               "paper has none (--strict refuses)";
  return x;
}

}  // namespace

FragmentExplanation explain_complement(Layout const& a, Int n) {
  return explain(str("complement(", to_string(a), ", ", n, ")"), a, std::span<Int const>(&n, 1),
                 complement(a, n, Convention::cute), complement(a, n, Convention::categorical));
}

FragmentExplanation explain_divide(Layout const& a, Layout const& b) {
  auto coal = coalesce_flat(flat_modes(a));  // CuTe's cotarget: shape(coalesce(A))
  return explain(str("logical_divide(", to_string(a), ", ", to_string(b), ")"), b, coal.shape,
                 logical_divide(a, Tiler::of(b), Convention::cute), logical_divide(a, Tiler::of(b), Convention::categorical));
}

FragmentExplanation explain_product(Layout const& a, Layout const& b) {
  Int n = 0;  // past int64: complement refuses N = 0, and so does the product
  if (__builtin_mul_overflow(a.size(), cosize(b), &n)) n = 0;
  return explain(str("logical_product(", to_string(a), ", ", to_string(b), ")"), a, std::span<Int const>(&n, 1),
                 logical_product(a, Tiler::of(b), Convention::cute),
                 logical_product(a, Tiler::of(b), Convention::categorical));
}

}  // namespace catlayout::algorithms
