#include "catlayout/core/layout_add.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/common_domain.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/represent.hpp"

namespace catlayout {

Result<Layout> layout_add(Layout const& a, Layout const& b) {
  if (a.size() != b.size())
    return fail(ErrorKind::inadmissible, "layout_add: size(A) = ", a.size(), " for A = ", to_string(a), " but size(B) = ",
                b.size(), " for B = ", to_string(b), ": the sum is defined on a common domain");
  Layout ca = coalesce(a), cb = coalesce(b);
  CL_TRY(g, greatest_common_domain(ca.shape(), cb.shape()));
  if (g.size() == a.size()) {
    Ints d;
    for (Int at : g.flat_stride()) {
      CL_TRY(x, checked_add(ca(at), cb(at), "stride"));  // at < size: A and B are linear on G's modes
      d.push_back(x);
    }
    CL_TRY(r, Layout::make(g.shape(), IntTuple::flat(d)));
    return coalesce(r);
  }
  if (a.size() > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, "layout_add: ", to_string(ca), " and ", to_string(cb),
                " have no common refinement, and size ", a.size(), " is too large to tabulate their sum");
  std::vector<Int> sum(static_cast<std::size_t>(a.size()));
  for (Int i = 0; i < a.size(); ++i) {
    CL_TRY(x, checked_add(a(i), b(i), "value"));
    sum[static_cast<std::size_t>(i)] = x;
  }
  CL_TRY(r, represent(sum));
  if (!r.layout)
    return fail(ErrorKind::not_representable, "layout_add: no layout has the function A(i) + B(i) of A = ", to_string(a),
                " and B = ", to_string(b), ": ", r.reason);
  return *r.layout;
}

}  // namespace catlayout
