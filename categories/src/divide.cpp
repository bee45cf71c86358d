#include "catlayout/categories/divide.hpp"

#include "catlayout/categories/complement.hpp"
#include "format.hpp"

namespace catlayout::categories {

Result<TupleMorphism> flat_divide(TupleMorphism const& f, TupleMorphism const& g) {
  CL_TRY(gc, complement(g));
  if (g.codomain() != f.domain())
    return fail(ErrorKind::inadmissible, "not divisible: codomain(g) = ", detail::tuple_text(g.codomain()),
                " differs from domain(f) = ", detail::tuple_text(f.domain()));
  CL_TRY(tiles, concat(g, gc));  // g * g^c is an isomorphism onto domain(f)
  return compose(f, tiles);
}

Result<NestMorphism> logical_divide(NestMorphism const& f, NestMorphism const& g) {
  CL_TRY(gc, complement(g));
  if (g.codomain() != f.domain())
    return fail(ErrorKind::inadmissible, "not divisible: codomain(g) = ", to_string(g.codomain()),
                " differs from domain(f) = ", to_string(f.domain()));
  CL_TRY(tiles, concat(g, gc));  // (g, g^c): (U, U^c) -> domain(f)
  return compose(f, tiles);
}

}  // namespace catlayout::categories
