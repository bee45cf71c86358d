#include "catlayout/categories/tuple_morphism.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/small_vec.hpp"
#include "format.hpp"

namespace catlayout::categories {
namespace {

Result<Int> checked_size(std::vector<Int> const& t, char const* which) {
  Int p = 1;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 1) return fail(ErrorKind::invalid_input, which, " entry ", i + 1, " is ", t[i], ", not positive");
    auto q = checked_mul(p, t[i], which);
    if (!q) return fail(ErrorKind::invalid_input, "the size of the ", which, " exceeds the int64 range");
    p = *q;
  }
  return p;
}

Int product(std::vector<Int> const& t) {
  Int p = 1;
  for (Int x : t) p *= x;
  return p;
}

}  // namespace

Result<TupleMorphism> TupleMorphism::make(std::vector<Int> s, std::vector<Int> t, std::vector<Point> map) {
  if (map.size() != s.size())
    return fail(ErrorKind::invalid_input, "the map has ", map.size(), " entries but the domain has ", s.size());
  CL_TRY(alpha, FinMap::make(std::move(map), t.size()));
  return make(std::move(s), std::move(t), std::move(alpha));
}

Result<TupleMorphism> TupleMorphism::make(std::vector<Int> s, std::vector<Int> t, FinMap alpha) {
  CL_CHECK(checked_size(s, "domain"));
  CL_CHECK(checked_size(t, "codomain"));
  if (alpha.m() != s.size() || alpha.n() != t.size())
    return fail(ErrorKind::invalid_input, "a map <", alpha.m(), ">_* -> <", alpha.n(), ">_* cannot lie under tuples of length ",
                s.size(), " and ", t.size());
  SmallVec<Point, 16> preimage(t.size() + 1, star);  // inline: make runs for every intermediate morphism
  for (Point i = 1; i <= s.size(); ++i) {
    Point j = alpha(i);
    if (j == star) continue;
    if (preimage[j] != star)  // Tuple morphisms lie over tractable maps only
      return fail(ErrorKind::invalid_input, "alpha is not tractable: alpha(", preimage[j], ") = alpha(", i, ") = ", j);
    preimage[j] = i;
    if (s[i - 1] != t[j - 1])
      return fail(ErrorKind::invalid_input, "s_", i, " = ", s[i - 1], " differs from t_", j, " = ", t[j - 1],
                  " although alpha(", i, ") = ", j);
  }
  return TupleMorphism(std::move(s), std::move(t), std::move(alpha));
}

Result<TupleMorphism> TupleMorphism::identity(std::vector<Int> s) {
  auto alpha = FinMap::identity(s.size());
  auto t = s;
  return make(std::move(s), std::move(t), std::move(alpha));
}

Int size(TupleMorphism const& f) { return product(f.domain()); }
Int cosize(TupleMorphism const& f) { return product(f.codomain()); }

Result<TupleMorphism> compose(TupleMorphism const& g, TupleMorphism const& f) {
  if (f.codomain() != g.domain())
    return fail(ErrorKind::inadmissible, "not composable: codomain(f) = ", detail::tuple_text(f.codomain()),
                " differs from domain(g) = ", detail::tuple_text(g.domain()));
  CL_TRY(alpha, compose(g.map(), f.map()));
  return TupleMorphism::make(f.domain(), g.codomain(), std::move(alpha));
}

Result<TupleMorphism> sum(TupleMorphism const& f, TupleMorphism const& g) {
  auto s = f.domain(), t = f.codomain();
  s.insert(s.end(), g.domain().begin(), g.domain().end());
  t.insert(t.end(), g.codomain().begin(), g.codomain().end());
  return TupleMorphism::make(std::move(s), std::move(t), sum(f.map(), g.map()));  // may overflow size
}

bool disjoint_images(TupleMorphism const& f, TupleMorphism const& g) {
  return f.codomain() == g.codomain() && disjoint_images(f.map(), g.map());
}

Result<TupleMorphism> concat(TupleMorphism const& f, TupleMorphism const& g) {
  if (f.codomain() != g.codomain())
    return fail(ErrorKind::inadmissible, "cannot concatenate morphisms into different codomains ",
                detail::tuple_text(f.codomain()), " and ", detail::tuple_text(g.codomain()));
  CL_TRY(alpha, concat(f.map(), g.map()));
  auto s = f.domain();
  s.insert(s.end(), g.domain().begin(), g.domain().end());
  return TupleMorphism::make(std::move(s), f.codomain(), std::move(alpha));
}

bool is_isomorphism(TupleMorphism const& f) { return is_bijective(f.map()); }

}  // namespace catlayout::categories
