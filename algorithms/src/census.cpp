#include "catlayout/algorithms/census.hpp"

#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/representability.hpp"
#include "catlayout/core/composition.hpp"

namespace catlayout::algorithms {

Result<Census> census(Layout const& a, CensusDomain const& dom) {
  Int n = a.size();
  if (n > 4096) return fail(ErrorKind::invalid_input, "census of ", to_string(a), ": size ", n, " exceeds 4096");
  Int bound = dom.fit_cosize ? cosize(a) : n;
  Census c;
  for (Int s = std::max<Int>(dom.min_shape, 1); s <= n; ++s)
    for (Int d = std::max<Int>(dom.min_stride, 0); d < n; ++d) {
      if ((s - 1) * d >= bound) continue;  // B's image must fit
      CL_TRY(b, Layout::make(s, d));
      CensusRow row{s, d, std::nullopt};
      std::vector<Int> t;
      for (Int i = 0; i < s; ++i) {
        CL_TRY(v, a.extended(b(i)));
        t.push_back(v);
      }
      CL_TRY(rep, represent(t));
      row.composite = rep.layout;
      row.core = composition(a, b).has_value();
      row.categorical = categorical_composition(b, a).has_value();
      row.rational = rational_composition(b, a).has_value();
      ++c.candidates;
      c.representable += row.composite.has_value();
      c.core += row.core;
      c.categorical += row.categorical;
      c.rational += row.rational;
      c.rows.push_back(std::move(row));
    }
  return c;
}

}  // namespace catlayout::algorithms
