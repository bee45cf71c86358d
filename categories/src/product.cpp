#include "catlayout/categories/product.hpp"

#include "catlayout/categories/complement.hpp"
#include "format.hpp"

namespace catlayout::categories {
namespace {

// The one construction in Tuple and in Nest: f * (f^c o g), resp. (f, f^c o g).
template <class Morphism>
bool admissible(Morphism const& f, Morphism const& g) {
  auto fc = complement(f);
  return fc && g.codomain() == fc->domain();
}

template <class Morphism>
Result<Morphism> product_of(Morphism const& f, Morphism const& g) {
  CL_TRY(fc, complement(f));
  if (g.codomain() != fc.domain())
    return fail(ErrorKind::inadmissible, "not product admissible: codomain(g) = ", detail::tuple_text(g.codomain()),
                " differs from domain(f^c) = ", detail::tuple_text(fc.domain()));
  CL_TRY(copies, compose(fc, g));  // g lays out the copies of f inside f's complement
  return concat(f, copies);
}

}  // namespace

bool is_product_admissible(TupleMorphism const& f, TupleMorphism const& g) { return admissible(f, g); }
bool is_product_admissible(NestMorphism const& f, NestMorphism const& g) { return admissible(f, g); }

Result<TupleMorphism> flat_product(TupleMorphism const& f, TupleMorphism const& g) { return product_of(f, g); }

Result<NestMorphism> logical_product(NestMorphism const& f, NestMorphism const& g) { return product_of(f, g); }

}  // namespace catlayout::categories
