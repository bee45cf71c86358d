#include "catlayout/algorithms/representability.hpp"

#include "catlayout/algorithms/composition.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout::algorithms {

Result<CompositionExplanation> explain_composition(Layout const& a, Layout const& b) {
  if (b.size() > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, "size(B) = ", b.size(), " exceeds the tabulation limit");
  CompositionExplanation x;
  x.core = composition(a, b);
  x.categorical = categorical_composition(b, a);
  x.rational = rational_composition(b, a);
  std::vector<Int> t;
  for (Int i = 0; i < b.size(); ++i) {
    Int bi = b(i);
    if (bi == INT64_MIN) return fail(ErrorKind::invalid_input, "B(", i, ") = ", bi, " has no int64 negation");
    auto v = a.extended(bi < 0 ? -bi : bi);  // A(-x) = -A(x) (docs/representation.md)
    if (!v) return std::unexpected(v.error());
    t.push_back(bi < 0 ? -*v : *v);
  }
  x.table = t;
  CL_TRY(rep, represent(t));
  x.representable = rep.layout;
  std::string comp = "A(B(i)) = " + (rep.layout ? to_string(*rep.layout) : "no layout");
  if (x.core && rep.layout)
    x.reason = "core accepts; " + comp;
  else if (x.core)
    x.reason = "core accepts, yet the composite is no layout (" + rep.reason + "): core is wrong";
  else if (rep.layout)
    x.reason = "core rejects (" + x.core.error().message + "), but the composite is the layout " +
               to_string(*rep.layout) + ": core's conditions are sufficient, not necessary";
  else
    x.reason = "core rejects, and rightly: no layout has the composite function (" + rep.reason + ")";
  return x;
}

}  // namespace catlayout::algorithms
