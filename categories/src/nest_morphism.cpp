#include "catlayout/categories/nest_morphism.hpp"

#include <algorithm>

namespace catlayout::categories {

Result<NestMorphism> NestMorphism::make(IntTuple s, IntTuple t, std::vector<Point> map) {
  CL_TRY(flat, TupleMorphism::make(flatten_values(s), flatten_values(t), std::move(map)));
  return NestMorphism(std::move(s), std::move(t), std::move(flat));
}

Result<NestMorphism> NestMorphism::make(IntTuple s, IntTuple t, TupleMorphism flat) {
  if (!std::ranges::equal(s.values(), flat.domain()) || !std::ranges::equal(t.values(), flat.codomain()))
    return fail(ErrorKind::invalid_input, "the nested tuples ", to_string(s), " and ", to_string(t),
                " do not flatten to the domain and codomain of the Tuple morphism");
  return NestMorphism(std::move(s), std::move(t), std::move(flat));
}

Result<NestMorphism> NestMorphism::identity(IntTuple s) {
  CL_TRY(flat, TupleMorphism::identity(flatten_values(s)));
  auto t = s;
  return NestMorphism(std::move(s), std::move(t), std::move(flat));
}

Int size(NestMorphism const& f) { return size(f.flat()); }
Int cosize(NestMorphism const& f) { return cosize(f.flat()); }

TupleMorphism flatten(NestMorphism const& f) { return f.flat(); }

NestMorphism to_nest(TupleMorphism const& f) {
  return *NestMorphism::make(IntTuple::flat(f.domain()), IntTuple::flat(f.codomain()), f);
}

Result<NestMorphism> compose(NestMorphism const& g, NestMorphism const& f) {
  if (f.codomain() != g.domain())  // Nest compares nestings, not only flattenings
    return fail(ErrorKind::inadmissible, "not composable: codomain(f) = ", to_string(f.codomain()),
                " differs from domain(g) = ", to_string(g.domain()));
  CL_TRY(flat, compose(g.flat(), f.flat()));
  return NestMorphism::make(f.domain(), g.codomain(), std::move(flat));
}

Result<NestMorphism> concat(NestMorphism const& f, NestMorphism const& g) { return concat({f, g}); }

Result<NestMorphism> concat(std::vector<NestMorphism> const& fs) {
  if (fs.empty()) return fail(ErrorKind::inadmissible, "concatenation of no morphisms has no codomain");
  TupleMorphism flat = fs[0].flat();
  std::vector<IntTuple> domains{fs[0].domain()};
  for (std::size_t k = 1; k < fs.size(); ++k) {
    if (fs[k].codomain() != fs[0].codomain())
      return fail(ErrorKind::inadmissible, "cannot concatenate morphisms into different codomains ",
                  to_string(fs[0].codomain()), " and ", to_string(fs[k].codomain()));
    CL_TRY(next, concat(flat, fs[k].flat()));  // (f, g)^flat = f^flat * g^flat
    flat = std::move(next);
    domains.push_back(fs[k].domain());
  }
  return NestMorphism::make(IntTuple(std::move(domains)), fs[0].codomain(), std::move(flat));
}

bool is_isomorphism(NestMorphism const& f) { return is_isomorphism(f.flat()); }

}  // namespace catlayout::categories
