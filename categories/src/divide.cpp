#include "catlayout/categories/divide.hpp"

#include "catlayout/categories/complement.hpp"
#include "format.hpp"

namespace catlayout::categories {
namespace {

// The one construction in Tuple and in Nest: f o (g * g^c), resp. f o (g, g^c).
template <class Morphism>
Result<Morphism> divide_of(Morphism const& f, Morphism const& g) {
  CL_TRY(gc, complement(g));
  if (g.codomain() != f.domain())
    return fail(ErrorKind::inadmissible, "not divisible: codomain(g) = ", detail::tuple_text(g.codomain()),
                " differs from domain(f) = ", detail::tuple_text(f.domain()));
  CL_TRY(tiles, concat(g, gc));  // g * g^c: an isomorphism onto domain(f)
  return compose(f, tiles);
}

}  // namespace

Result<TupleMorphism> flat_divide(TupleMorphism const& f, TupleMorphism const& g) { return divide_of(f, g); }

Result<NestMorphism> logical_divide(NestMorphism const& f, NestMorphism const& g) { return divide_of(f, g); }

}  // namespace catlayout::categories
