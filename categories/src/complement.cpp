#include "catlayout/categories/complement.hpp"

#include "valid.hpp"

namespace catlayout::categories {

bool is_complementable(TupleMorphism const& f) { return is_injective(f.map()); }
bool is_complementable(NestMorphism const& f) { return is_complementable(f.flat()); }

bool is_complement(TupleMorphism const& g, TupleMorphism const& f) {
  if (!disjoint_images(f, g)) return false;
  auto fg = concat(f, g);
  return fg && is_isomorphism(*fg);
}

Result<TupleMorphism> complement(TupleMorphism const& f) {
  for (Point i = 1; i <= f.domain().size(); ++i)
    if (f.alpha(i) == star)  // f * f^c would send mode i to * and so not be an isomorphism
      return fail(ErrorKind::not_complementable, "f is not complementable (Def. 3.1.5.45): alpha(", i,
                  ") = *, so alpha is not injective");
  std::vector<bool> used(f.codomain().size() + 1, false);
  for (Point j : f.map().values()) used[j] = true;
  std::vector<Int> u;
  std::vector<Point> beta;
  for (Point j = 1; j <= f.codomain().size(); ++j)
    if (!used[j]) {
      u.push_back(f.codomain()[j - 1]);
      beta.push_back(j);
    }
  return detail::valid(TupleMorphism::make(std::move(u), f.codomain(), std::move(beta)));
}

Result<NestMorphism> complement(NestMorphism const& f) {
  CL_TRY(c, complement(f.flat()));
  IntTuple u(std::vector<IntTuple>(c.domain().begin(), c.domain().end()));
  return NestMorphism::make(std::move(u), f.codomain(), std::move(c));
}

}  // namespace catlayout::categories
