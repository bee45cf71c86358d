// Seeded Nest morphisms and the categorical operations' arguments (seeded_morphisms.hpp).
#include "catlayout/generators/morphisms.hpp"

#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/encoding.hpp"

namespace catlayout::generators {

using categories::NestMorphism;

NestMorphism random_morphism_into(IntTuple const& codomain, Rng& g) {
  auto t = flatten_values(codomain);
  std::vector<Int> targets(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) targets[i] = static_cast<Int>(i) + 1;
  std::shuffle(targets.begin(), targets.end(), g);
  targets.resize(uniform(g, 0, static_cast<Int>(targets.size())));
  std::vector<categories::Point> map;
  std::vector<Int> dom;
  for (Int j : targets) {
    if (uniform(g, 0, 4) == 0) {
      map.push_back(0);
      dom.push_back(uniform(g, 1, 5));
    }
    map.push_back(static_cast<categories::Point>(j));
    dom.push_back(t[j - 1]);
  }
  if (map.empty() || uniform(g, 0, 3) == 0) {
    map.push_back(0);
    dom.push_back(uniform(g, 1, 5));
  }
  // Nest the domain: group runs of consecutive entries at random.
  std::vector<IntTuple> modes;
  for (std::size_t i = 0; i < dom.size();) {
    std::size_t n = std::min<std::size_t>(dom.size() - i, uniform(g, 1, 3));
    if (n == 1) {
      modes.emplace_back(dom[i]);
    } else {
      std::vector<IntTuple> grp(dom.begin() + i, dom.begin() + i + n);
      modes.emplace_back(std::move(grp));
    }
    i += n;
  }
  IntTuple domain = modes.size() == 1 && uniform(g, 0, 1) ? modes[0] : IntTuple(modes);
  return *NestMorphism::make(domain, codomain, std::move(map));
}

NestMorphism random_nest(Rng& g) {
  for (int tries = 0; tries < 20; ++tries)
    if (auto f = categories::standard_representation(random_tractable(g))) return *f;
  return *NestMorphism::make(IntTuple(1), IntTuple(1), {1});
}

std::vector<NestMorphism> nest_op_args(std::string const& op, Rng& g) {
  if (op == "nest.to_layout" || op == "nest.coalesce" || op == "nest.complement")
    return {uniform(g, 0, 2) ? random_nest(g) : random_morphism_into(random_nest(g).codomain(), g)};
  if (op == "nest.compose") {
    auto gm = random_nest(g);
    auto f = random_morphism_into(gm.domain(), g);
    return {f, gm};
  }
  if (op == "nest.logical_divide") {
    auto f = random_nest(g);
    return {f, random_morphism_into(f.domain(), g)};
  }
  if (op == "nest.logical_product") {
    auto f = random_nest(g);
    auto fc = categories::complement(f);
    if (!fc) return {f, f};  // an error case: f has no complement
    return {f, random_morphism_into(fc->domain(), g)};
  }
  return {};
}

}  // namespace catlayout::generators
