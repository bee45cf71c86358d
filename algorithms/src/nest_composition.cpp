// Algorithm 4.1.2 on the categories engine's Nest morphisms (when catlayout::categories is built).
#include "catlayout/algorithms/composition.hpp"

#include "catlayout/core/coalesce.hpp"
#if CATLAYOUT_HAS_CATEGORIES
#include "catlayout/categories/encoding.hpp"
#include "catlayout/categories/refinement.hpp"
#endif

namespace catlayout::algorithms {

#if CATLAYOUT_HAS_CATEGORIES
Result<Layout> nest_composition(Layout const& a, Layout const& b) {
  namespace cat = catlayout::categories;
  auto fl = flat_modes(a);  // size-1 modes carry no function: send them to * (stride 0)
  for (std::size_t i = 0; i < fl.shape.size(); ++i)
    if (fl.shape[i] == 1) fl.stride[i] = 0;
  CL_TRY(strides, substitute(fl.stride, profile(a.shape())));
  CL_TRY(a0, Layout::make(a.shape(), strides));
  CL_TRY(f, cat::standard_representation(a0));                 // f_A : S -> T (Construction 3.1.2.5)
  CL_TRY(g, cat::standard_representation(coalesce(b)));        // g : U -> V of coal(B)
  CL_TRY(mr, mutual_refinement(f.codomain(), g.domain()));     // Algorithm 4.1.1
  CL_TRY(fp, cat::pullback(f, mr.first));                      // f' : S' -> T' (§3.2.5)
  // flat(T') is a prefix of flat(U'): the same map lands in U' (Construction 4.1.2.1).
  CL_TRY(fu, cat::NestMorphism::make(fp.domain(), mr.second, fp.map().values()));
  CL_TRY(gp, cat::pushforward(g, mr.second));                  // g' : U' -> V' (§3.2.5)
  CL_TRY(h, cat::compose(gp, fu));                             // g' o f'
  return relative_coalesce(cat::to_layout(h), a.shape());      // B o A = coal(L_{g' o f'}, shape(A))
}
#else
Result<Layout> nest_composition(Layout const&, Layout const&) {
  return fail(ErrorKind::invalid_input, "nest_composition: catlayout was built without categories/");
}
#endif

}  // namespace catlayout::algorithms
