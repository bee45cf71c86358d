#include "catlayout/categories/product.hpp"

#include "catlayout/categories/complement.hpp"
#include "format.hpp"

namespace catlayout::categories {

bool is_product_admissible(TupleMorphism const& f, TupleMorphism const& g) {
  auto fc = complement(f);
  return fc && g.codomain() == fc->domain();
}

bool is_product_admissible(NestMorphism const& f, NestMorphism const& g) {
  auto fc = complement(f);
  return fc && g.codomain() == fc->domain();
}

Result<TupleMorphism> flat_product(TupleMorphism const& f, TupleMorphism const& g) {
  CL_TRY(fc, complement(f));
  if (g.codomain() != fc.domain())
    return fail(ErrorKind::inadmissible, "not product admissible: codomain(g) = ", detail::tuple_text(g.codomain()),
                " differs from domain(f^c) = ", detail::tuple_text(fc.domain()));
  CL_TRY(copies, compose(fc, g));  // g lays out the copies of f inside f's complement
  return concat(f, copies);
}

Result<NestMorphism> logical_product(NestMorphism const& f, NestMorphism const& g) {
  CL_TRY(fc, complement(f));
  if (g.codomain() != fc.domain())
    return fail(ErrorKind::inadmissible, "not product admissible: codomain(g) = ", to_string(g.codomain()),
                " differs from domain(f^c) = ", to_string(fc.domain()));
  CL_TRY(copies, compose(fc, g));
  return concat(f, copies);
}

}  // namespace catlayout::categories
