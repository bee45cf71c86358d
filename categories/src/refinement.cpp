#include "catlayout/categories/refinement.hpp"

namespace catlayout::categories {
namespace {

// Replace the k-th flat entry of t by parts[k], keeping t's nesting around it.
IntTuple replace_entries(IntTuple const& t, std::vector<IntTuple> const& parts, std::size_t& k) {
  if (t.is_leaf()) return parts[k++];
  std::vector<IntTuple> c;
  for (auto const& x : t.children()) c.push_back(replace_entries(x, parts, k));
  return IntTuple(std::move(c));
}

IntTuple replace_entries(IntTuple const& t, std::vector<IntTuple> const& parts) {
  std::size_t k = 0;
  return replace_entries(t, parts, k);
}

// first[j] = the number of flat entries of parts before parts[j].
std::vector<std::size_t> offsets(std::vector<IntTuple> const& parts) {
  std::vector<std::size_t> first(parts.size() + 1, 0);
  for (std::size_t j = 0; j < parts.size(); ++j) first[j + 1] = first[j] + length(parts[j]);
  return first;
}

Result<std::vector<IntTuple>> modes_of(IntTuple const& refined, IntTuple const& coarse, char const* what) {
  if (!refines(refined, coarse))
    return fail(ErrorKind::inadmissible, to_string(refined), " does not refine the ", what, " ", to_string(coarse));
  return relative_modes(refined, coarse);
}

}  // namespace

Result<NestMorphism> pullback(NestMorphism const& f, IntTuple const& refined_codomain) {
  CL_TRY(tmodes, modes_of(refined_codomain, f.codomain(), "codomain"));
  auto first = offsets(tmodes);
  auto const& s = f.flat().domain();
  std::vector<IntTuple> smodes;
  std::vector<Point> alpha;
  for (Point i = 1; i <= s.size(); ++i) {
    Point j = f.alpha(i);
    if (j == star) {  // a *-mode is not refined: it still goes to * as a whole
      smodes.emplace_back(s[i - 1]);
      alpha.push_back(star);
      continue;
    }
    smodes.push_back(tmodes[j - 1]);  // S'_i = T'_alpha(i), entry by entry
    for (std::size_t k = first[j - 1]; k < first[j]; ++k) alpha.push_back(k + 1);
  }
  return NestMorphism::make(replace_entries(f.domain(), smodes), refined_codomain, std::move(alpha));
}

Result<NestMorphism> pushforward(NestMorphism const& g, IntTuple const& refined_domain) {
  CL_TRY(smodes, modes_of(refined_domain, g.domain(), "domain"));
  auto const& t = g.flat().codomain();
  std::vector<IntTuple> tmodes(t.begin(), t.end());  // T'_j = t_j unless some mode lands on j
  for (Point i = 1; i <= smodes.size(); ++i)
    if (g.alpha(i) != star) tmodes[g.alpha(i) - 1] = smodes[i - 1];
  auto first = offsets(tmodes);
  std::vector<Point> alpha;
  for (Point i = 1; i <= smodes.size(); ++i) {
    Point j = g.alpha(i);
    for (std::size_t k = 0; k < length(smodes[i - 1]); ++k) alpha.push_back(j == star ? star : first[j - 1] + k + 1);
  }
  return NestMorphism::make(refined_domain, replace_entries(g.codomain(), tmodes), std::move(alpha));
}

}  // namespace catlayout::categories
