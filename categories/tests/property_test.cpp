// Properties over random morphisms: each operation's encoded layout is the direct engine's answer.
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::categories;
using namespace catlayout::categories::testing;

namespace {

// A random composable pair f: S -> T, g: T -> U in Nest.
std::pair<NestMorphism, NestMorphism> composable_pair(std::mt19937_64& g) {
  auto f = random_nest(g, random_morphism(g));
  auto h = random_from(g, f.flat().codomain());
  return {f, *NestMorphism::make(f.codomain(), random_nesting(g, h.codomain()), h)};
}

}  // namespace

// §3.2.6.4: L_{g o f} = L_g o L_f: the same function, and the same form up to the strides of
// size-1 modes (CuTe leaves arbitrary strides there; the paper's composite is non-degenerate).
TEST(CategoricalProperties, CompositionEncodesLayoutComposition) {
  std::mt19937_64 g(41);
  for (int k = 0; k < 400; ++k) {
    auto [f, h] = composable_pair(g);
    auto hf = compose(h, f);
    ASSERT_TRUE(hf) << to_string(f) << " then " << to_string(h);
    auto core = catlayout::composition(to_layout(h), to_layout(f));
    ASSERT_TRUE(core) << to_string(to_layout(h)) << " o " << to_string(to_layout(f)) << ": " << core.error().what();
    EXPECT_TRUE(same_function(to_layout(*hf), *core)) << to_string(f) << " then " << to_string(h);
    EXPECT_EQ(non_degenerate(to_layout(*hf)), non_degenerate(*core)) << to_string(f) << " then " << to_string(h);
  }
}

// Prop. 3.1.5.24 and §3.1.5.4: L_{coal f} = coal(L_f), structurally; f coalesced iff L_f is.
TEST(CategoricalProperties, CoalesceEncodesLayoutCoalesce) {
  std::mt19937_64 g(42);
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_morphism(g));
    auto c = coalesce(f);
    auto core = catlayout::coalesce(to_layout(f));
    EXPECT_EQ(to_layout(c), core) << to_string(f) << " coalesced to " << to_string(c);
    EXPECT_TRUE(is_coalesced(c.flat()) || size(c) == 1) << to_string(c);
    if (size(f) > 1) {  // CuTe writes the empty layout as 1:0, the paper as ()
      auto flat = flat_modes(to_layout(f));
      auto coal = flat_modes(core);
      EXPECT_EQ(is_coalesced(f.flat()), flat.shape == coal.shape && flat.stride == coal.stride) << to_string(f);
    }
  }
}

// §3.1.5.2-3: squeeze and sort commute with encoding.
TEST(CategoricalProperties, SqueezeAndSortEncodeTheirLayoutOperations) {
  std::mt19937_64 g(43);
  for (int k = 0; k < 400; ++k) {
    auto f = random_morphism(g, 3);
    EXPECT_EQ(to_layout(squeeze(f)), catlayout::squeeze(to_layout(f))) << to_string(f);
    auto s = sort(f);
    EXPECT_TRUE(is_sorted(s));
    EXPECT_EQ(flat_modes(to_layout(s)).stride, flat_modes(catlayout::sort(to_layout(f))).stride) << to_string(f);
    EXPECT_EQ(flat_modes(to_layout(s)).shape, flat_modes(catlayout::sort(to_layout(f))).shape) << to_string(f);
  }
}

// §3.2.6.3: coal(L_{f^c}) = comp(L_f, size(T)), and f^c is a complement of f.
TEST(CategoricalProperties, ComplementEncodesLayoutComplement) {
  std::mt19937_64 g(44);
  int complementable = 0;
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_morphism(g));
    auto c = complement(f);
    EXPECT_EQ(c.has_value(), is_complementable(f));
    if (!c) {
      EXPECT_EQ(c.error().kind, ErrorKind::not_complementable);
      continue;
    }
    ++complementable;
    EXPECT_TRUE(is_complement(c->flat(), f.flat()));
    auto core = catlayout::complement(to_layout(f), cosize(f));
    ASSERT_TRUE(core) << to_string(f) << ": " << core.error().what();
    EXPECT_EQ(catlayout::coalesce(to_layout(*c)), *core) << to_string(f) << " complement " << to_string(*c);
  }
  EXPECT_GT(complementable, 50);
}

// §3.2.6.5: L_{f / g} and L_f / L_g have the same function (coal(L_{f / g}) = coal(L_f / L_g)).
TEST(CategoricalProperties, LogicalDivideEncodesLayoutDivide) {
  std::mt19937_64 g(45);
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_morphism(g));
    auto tile = random_into(g, f.flat().domain());
    auto d0 = logical_divide(f, *NestMorphism::make(random_nesting(g, tile.domain()), f.domain(), tile));
    if (!is_complementable(tile)) {
      ASSERT_FALSE(d0);
      EXPECT_EQ(d0.error().kind, ErrorKind::not_complementable);
      continue;
    }
    ASSERT_TRUE(d0) << d0.error().what();
    auto gl = to_layout(*NestMorphism::make(random_nesting(g, tile.domain()), f.domain(), tile));
    auto core = catlayout::logical_divide(to_layout(f), Tiler::of(gl));
    ASSERT_TRUE(core) << to_string(to_layout(f)) << " / " << to_string(gl) << ": " << core.error().what();
    EXPECT_TRUE(same_function(to_layout(*d0), *core)) << to_string(f) << " / " << to_string(tile);
    EXPECT_EQ(catlayout::coalesce(to_layout(*d0)), catlayout::coalesce(*core));
  }
}

// §3.2.6.6: L_{f (x) g} = L_f (x) L_g.
TEST(CategoricalProperties, LogicalProductEncodesLayoutProduct) {
  std::mt19937_64 g(46);
  int admissible = 0;
  for (int k = 0; k < 400; ++k) {
    auto f = random_nest(g, random_from(g, random_entries(g, static_cast<std::size_t>(uniform(g, 1, 3)), 5), 5, true));
    auto fc = complement(f);
    ASSERT_TRUE(fc);
    auto rep = random_into(g, fc->flat().domain());
    auto h = *NestMorphism::make(random_nesting(g, rep.domain()), fc->domain(), rep);
    auto p = logical_product(f, h);
    ASSERT_TRUE(p) << to_string(f) << " x " << to_string(h) << ": " << p.error().what();
    ++admissible;
    auto core = catlayout::logical_product(to_layout(f), Tiler::of(to_layout(h)));
    ASSERT_TRUE(core) << to_string(to_layout(f)) << " x " << to_string(to_layout(h)) << ": " << core.error().what();
    EXPECT_TRUE(same_function(to_layout(*p), *core)) << to_string(f) << " x " << to_string(h);
  }
  EXPECT_GT(admissible, 100);
}
