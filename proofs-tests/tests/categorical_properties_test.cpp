// Cross-engine properties: the categorical engine (catlayout::categories, paper ch. 3) and the
// algorithms (paper ch. 4) against the direct engine. Compiled only when those targets are in
// the build (CMakeLists.txt defines CATLAYOUT_HAVE_CATEGORIES / CATLAYOUT_HAVE_ALGORITHMS).
#include "property_testing.hpp"

#if defined(CATLAYOUT_HAVE_CATEGORIES)
#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/categories/product.hpp"
#include "catlayout/categories/realization.hpp"
#include "catlayout/categories/text.hpp"

namespace catlayout::categories {


using namespace catlayout::wire;  // the JSON forms of the values
// A morphism in a counterexample: the paper's arrow notation and the schema's JSON.
inline void showValue(TupleMorphism const& f, std::ostream& os) { os << to_string(f) << " " << to_json(f).dump(); }
inline void showValue(NestMorphism const& f, std::ostream& os) { os << to_string(f) << " " << to_json(f).dump(); }
}  // namespace catlayout::categories

namespace catlayout::proofs {
namespace {

namespace cat = catlayout::categories;
using testing::expect;

std::string show(cat::NestMorphism const& f) { return cat::to_string(f) + " " + cat::to_json(f).dump(); }
std::string show(cat::TupleMorphism const& f) { return cat::to_string(f) + " " + cat::to_json(f).dump(); }

// A generator's own construction must succeed: an error here is a bug in the generator (or a
// refusal of a valid morphism), reported as an exception rather than dereferenced.
template <class T>
T must(Result<T> r) {
  if (!r) throw std::logic_error("generator built an invalid morphism: " + r.error().what());
  return std::move(*r);
}

// ---- generators ----
// A flat codomain T: 1..5 entries in [1, 5].
rc::Gen<std::vector<Int>> codomain() {
  return rc::gen::mapcat(rc::gen::inRange(1, 6), [](int n) {
    return rc::gen::container<std::vector<Int>>(n, rc::gen::inRange<Int>(1, 6));
  });
}

// A Tuple morphism into T: each domain mode goes to * (any size 1..4) or to an unused entry j
// of T (size t_j); alpha tractable by construction. injective: no *, every mode mapped once.
rc::Gen<cat::TupleMorphism> morphism_into(std::vector<Int> t, bool injective = false) {
  std::size_t n = t.size();
  return rc::gen::map(
      rc::gen::tuple(rc::gen::container<std::vector<int>>(n + 2, rc::gen::inRange(0, 3)),
                     rc::gen::container<std::vector<Int>>(n + 2, rc::gen::inRange<Int>(1, 5)),
                     rc::gen::container<std::vector<std::size_t>>(n, rc::gen::inRange<std::size_t>(0, 1000))),
      [t, n, injective](std::tuple<std::vector<int>, std::vector<Int>, std::vector<std::size_t>> const& r) {
        auto const& [use, star_sizes, keys] = r;
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return keys[x] < keys[y]; });
        std::vector<Int> s;
        std::vector<cat::Point> alpha;
        std::size_t next = 0;
        for (std::size_t k = 0; k < n + 2; ++k) {
          if (!injective && use[k] == 0) {  // a *-mode
            s.push_back(star_sizes[k]);
            alpha.push_back(cat::star);
          } else if (next < n && (injective || use[k] == 1)) {
            std::size_t j = order[next++];
            s.push_back(t[j]);
            alpha.push_back(j + 1);
          }
        }
        if (s.empty()) {  // the domain needs one mode: a * of size 1
          s.push_back(1);
          alpha.push_back(cat::star);
        }
        return must(cat::TupleMorphism::make(s, t, alpha));
      });
}

// A Tuple morphism out of S: each mode of S goes to * or to its own new entry of U (size s_i),
// the used entries in a random order among 0..2 unused entries of U (sizes 1..4).
rc::Gen<cat::TupleMorphism> morphism_from(std::vector<Int> s) {
  std::size_t m = s.size();
  return rc::gen::map(
      rc::gen::tuple(rc::gen::container<std::vector<int>>(m, rc::gen::inRange(0, 4)),
                     rc::gen::container<std::vector<std::size_t>>(m + 2, rc::gen::inRange<std::size_t>(0, 1000)),
                     rc::gen::container<std::vector<Int>>(2, rc::gen::inRange<Int>(1, 5)), rc::gen::inRange(0, 3)),
      [s, m](std::tuple<std::vector<int>, std::vector<std::size_t>, std::vector<Int>, int> const& r) {
        auto const& [use, keys, extra_sizes, extras] = r;
        // slots: the mapped modes of S (index i) and the extra entries (index m + e), in key order
        std::vector<std::size_t> slots;
        for (std::size_t i = 0; i < m; ++i)
          if (use[i] != 0) slots.push_back(i);  // use 0: the mode goes to *
        for (int e = 0; e < extras; ++e) slots.push_back(m + e);
        std::stable_sort(slots.begin(), slots.end(), [&](auto x, auto y) { return keys[x] < keys[y]; });
        std::vector<Int> u;
        std::vector<cat::Point> alpha(m, cat::star);
        for (auto x : slots) {
          u.push_back(x < m ? s[x] : extra_sizes[x - m]);
          if (x < m) alpha[x] = u.size();
        }
        if (u.empty()) u.push_back(1);
        return must(cat::TupleMorphism::make(s, u, alpha));
      });
}

rc::Gen<cat::TupleMorphism> morphism() {
  return rc::gen::mapcat(codomain(), [](std::vector<Int> t) { return morphism_into(t); });
}

// A nesting of a flat tuple: contiguous groups (cut mask), as enumerate.cpp's nestings().
rc::Gen<IntTuple> nesting_of(std::vector<Int> v) {
  return rc::gen::map(rc::gen::inRange<unsigned>(0, 1u << std::min<std::size_t>(v.size(), 8)), [v](unsigned mask) {
    if (v.size() == 1) return mask & 1 ? IntTuple(v[0]) : tup(v[0]);
    std::vector<IntTuple> modes, group;
    for (std::size_t k = 0; k < v.size(); ++k) {
      group.emplace_back(v[k]);
      if (k + 1 == v.size() || (mask >> k) & 1u) {
        modes.push_back(group.size() == 1 ? group[0] : IntTuple(group));
        group.clear();
      }
    }
    return IntTuple(std::move(modes));
  });
}

rc::Gen<cat::NestMorphism> nest_of(cat::TupleMorphism f) {
  return rc::gen::map(rc::gen::pair(nesting_of(f.domain()), nesting_of(f.codomain())),
                      [f](std::pair<IntTuple, IntTuple> const& st) {
                        return must(cat::NestMorphism::make(st.first, st.second, f));
                      });
}

rc::Gen<cat::NestMorphism> nest_morphism() {
  return rc::gen::mapcat(morphism(), [](cat::TupleMorphism f) { return nest_of(f); });
}

bool same_function(Layout const& a, Layout const& b) { return a.size() == b.size() && table(a) == table(b); }

// ---- Tuple/Nest against core ----
// §3.1.4: |f| (computed from the definition) is Phi_{L_f}.
CL_PROPERTY(Categorical, RealizationIsLayoutFunction, ()) {
  auto f = *nest_morphism();
  auto t = cat::tabulate(f);
  RC_ASSERT(t.has_value());
  if (*t != table(cat::to_layout(f))) RC_FAIL("|f| != Phi_{L_f} for f = " + show(f) + ", L_f = " + describe(cat::to_layout(f)));
}

// §3.2.6.4: L_{g o f} = L_g o L_f (core composition accepts it and agrees as a function).
CL_PROPERTY(Categorical, CompositionEncodesComposition, ()) {
  auto f = *nest_morphism();
  auto g = *rc::gen::mapcat(morphism_from(f.flat().codomain()),
                            [f](cat::TupleMorphism h) {
                              return rc::gen::map(nesting_of(h.codomain()), [f, h](IntTuple u) {
                                return must(cat::NestMorphism::make(f.codomain(), u, h));
                              });
                            });
  auto gf = cat::compose(g, f);
  if (!gf) RC_FAIL("compose(g, f) refused a composable pair: " + gf.error().what());
  auto core = composition(cat::to_layout(g), cat::to_layout(f));
  std::string what = "f = " + show(f) + ", g = " + show(g) + ", L_{g o f} = " + describe(cat::to_layout(*gf));
  if (!core) RC_FAIL(what + ": core refuses L_g o L_f: " + core.error().what());
  if (!same_function(cat::to_layout(*gf), *core)) RC_FAIL(what + " but L_g o L_f = " + describe(*core));
}

// Prop. 3.1.5.24: L_{coal f} = coal(L_f), structurally (Nest: CuTe's form).
CL_PROPERTY(Categorical, CoalesceEncodesCoalesce, ()) {
  auto f = *nest_morphism();
  auto c = cat::coalesce(f);
  if (!(cat::to_layout(c) == coalesce(cat::to_layout(f))))
    RC_FAIL("f = " + show(f) + ": L_{coal f} = " + describe(cat::to_layout(c)) + ", coal(L_f) = " +
            describe(coalesce(cat::to_layout(f))));
}

// §3.2.6.3: coal(L_{f^c}) = complement(L_f, size T), for complementable f.
CL_PROPERTY(Categorical, ComplementEncodesComplement, ()) {
  auto f = *rc::gen::mapcat(rc::gen::mapcat(codomain(), [](std::vector<Int> t) {
    return rc::gen::weightedOneOf<cat::TupleMorphism>({{2, morphism_into(t, true)}, {1, morphism_into(t)}});
  }), [](cat::TupleMorphism h) { return nest_of(h); });
  auto c = cat::complement(f);
  RC_ASSERT(c.has_value() == cat::is_complementable(f));
  if (!c) return testing::expect(Outcome::skip());
  auto core = complement(cat::to_layout(f), cat::cosize(f));
  std::string what = "f = " + show(f) + ", f^c = " + show(*c);
  if (!core) RC_FAIL(what + ": core refuses complement(L_f, size T): " + core.error().what());
  if (!(coalesce(cat::to_layout(*c)) == *core))
    RC_FAIL(what + ": coal(L_{f^c}) = " + describe(coalesce(cat::to_layout(*c))) + ", complement(L_f) = " + describe(*core));
  expect(Outcome::ok());
}

// (f^c)^c is f sorted (by alpha), for f with injective alpha (no *-modes).
CL_PROPERTY(Categorical, DoubleComplementIsSorted, ()) {
  auto f = *rc::gen::mapcat(codomain(), [](std::vector<Int> t) { return morphism_into(t, true); });
  auto c = cat::complement(f);
  RC_ASSERT(c.has_value());
  auto cc = cat::complement(*c);
  RC_ASSERT(cc.has_value());
  if (!(*cc == cat::sort(f)))
    RC_FAIL("f = " + show(f) + ": (f^c)^c = " + show(*cc) + " but sort(f) = " + show(cat::sort(f)));
}

// §3.2.6.5: coal(L_{f / g}) = coal(L_f (/) L_g) for g complementable into the domain of f.
CL_PROPERTY(Categorical, DivideEncodesLogicalDivide, ()) {
  auto f = *nest_morphism();
  auto g = *rc::gen::mapcat(morphism_into(f.flat().domain(), true), [f](cat::TupleMorphism h) {
    return rc::gen::map(nesting_of(h.domain()),
                        [f, h](IntTuple s) { return must(cat::NestMorphism::make(s, f.domain(), h)); });
  });
  auto d = cat::logical_divide(f, g);
  std::string what = "f = " + show(f) + ", g = " + show(g);
  if (!d) RC_FAIL(what + ": the categorical divide refuses: " + d.error().what());
  auto core = logical_divide(cat::to_layout(f), Tiler::of(cat::to_layout(g)));
  if (!core) RC_FAIL(what + ": core refuses L_f (/) L_g: " + core.error().what());
  if (!(coalesce(cat::to_layout(*d)) == coalesce(*core)))
    RC_FAIL(what + ": coal(L_{f/g}) = " + describe(coalesce(cat::to_layout(*d))) + ", coal(L_f (/) L_g) = " +
            describe(coalesce(*core)));
}

// §3.2.6.6: L_{f (x) g} = L_f (x) L_g for product-admissible f, g (g into the domain of f^c).
rc::Gen<std::pair<cat::NestMorphism, cat::NestMorphism>> product_pair() {
  auto fgen = rc::gen::mapcat(codomain(), [](std::vector<Int> t) { return morphism_into(t, true); });
  return rc::gen::mapcat(fgen, [](cat::TupleMorphism f) {
    auto fc = *cat::complement(f);
    return rc::gen::map(morphism_into(fc.domain()), [f, fc](cat::TupleMorphism g) {
      return std::make_pair(cat::to_nest(f), cat::to_nest(g));
    });
  });
}
CL_PROPERTY(Categorical, ProductEncodesLogicalProduct, ()) {
  auto [f, g] = *product_pair();
  RC_ASSERT(cat::is_product_admissible(f, g));
  auto p = cat::logical_product(f, g);
  std::string what = "f = " + show(f) + ", g = " + show(g);
  if (!p) RC_FAIL(what + ": the categorical product refuses: " + p.error().what());
  auto core = logical_product(cat::to_layout(f), Tiler::of(cat::to_layout(g)));
  if (!core) RC_FAIL(what + ": core refuses L_f (x) L_g: " + core.error().what());
  if (!same_function(cat::to_layout(*p), *core))
    RC_FAIL(what + ": L_{f (x) g} = " + describe(cat::to_layout(*p)) + ", L_f (x) L_g = " + describe(*core));
}

// Construction 3.1.2.5: f_L exists iff L is encodable, is in standard form, and L_{f_L} = L.
CL_PROPERTY(Categorical, StandardRepresentationRoundTrip, ()) {
  auto l = *gen::layout();
  auto f = cat::standard_representation(l);
  if (f.has_value() != cat::is_encodable(l))
    RC_FAIL(describe(l) + ": standard_representation " + (f ? "succeeds" : "fails") + " but is_encodable says " +
            (cat::is_encodable(l) ? "yes" : "no"));
  if (!f) return expect(Outcome::skip());
  if (!cat::is_standard_form(*f)) RC_FAIL(describe(l) + ": f_L = " + show(*f) + " is not in standard form");
  if (!(cat::to_layout(*f) == l)) RC_FAIL(describe(l) + ": L_{f_L} = " + describe(cat::to_layout(*f)));
  expect(Outcome::ok());
}

}  // namespace
}  // namespace catlayout::proofs
#endif  // CATLAYOUT_HAVE_CATEGORIES

#if defined(CATLAYOUT_HAVE_ALGORITHMS)
#include "catlayout/algorithms/admissibility.hpp"
#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/algorithms/representability.hpp"

namespace catlayout::proofs {
namespace {

using namespace catlayout::algorithms;  // paper chapter 4

using testing::expect;

// Algorithm 4.1.2 (paper B o A = core composition(B, A)) agrees with the direct algorithm as a
// function wherever both are defined; its shape refines A's.
CL_PROPERTY(Algorithms, CategoricalCompositionAgreesWithCore, ()) {
  auto [outer, inner] = *gen::composable_pair();  // core: outer o inner; paper: A = inner, B = outer
  auto cat = categorical_composition(inner, outer);
  auto core = composition(outer, inner);
  std::string what = "A = " + describe(inner) + ", B = " + describe(outer);
  if (!cat) return expect(Outcome::skip());
  if (!refines(cat->shape(), inner.shape())) RC_FAIL(what + ": B o A = " + describe(*cat) + " does not refine shape(A)");
  auto ta = table(inner);
  FlatFn b(outer);
  auto tr = table(*cat);
  for (std::size_t i = 0; i < ta.size(); ++i)
    if (ta[i] < 0 || ta[i] >= outer.size() || tr[i] != b(ta[i]))
      RC_FAIL(what + ": categorical B o A = " + describe(*cat) + " is not B(A(i)) at " + std::to_string(i));
  if (core && !same_function(*cat, *core))
    RC_FAIL(what + ": categorical " + describe(*cat) + " and core " + describe(*core) + " differ");
  expect(Outcome::ok());
}

// Mutually refinable (the categorical algorithm runs) => admissible (§4.1.6).
CL_PROPERTY(Algorithms, RefinableImpliesAdmissible, ()) {
  auto [outer, inner] = *gen::composable_pair();
  auto cat = categorical_composition(inner, outer);
  if (!cat) return expect(Outcome::skip());
  auto adm = admissible_for_composition(inner, outer);
  if (!adm)
    RC_FAIL("A = " + describe(inner) + ", B = " + describe(outer) + ": Algorithm 4.1.2 gives " + describe(*cat) +
            " but admissible_for_composition says " + adm.error().what());
  expect(Outcome::ok());
}

// Representability agrees with the engines: represent(table of L) = coalesce(L); a composite core
// accepts is represented by coalesce(core); a table represent refuses is one core refuses too.
CL_PROPERTY(Algorithms, RepresentabilityAgrees, ()) {
  auto l = *gen::layout();
  auto t = table(l);
  auto r = represent(t);
  RC_ASSERT(r.has_value());
  if (!r->layout || !(*r->layout == coalesce(l)))
    RC_FAIL(describe(l) + ": represent(its table) = " + (r->layout ? describe(*r->layout) : r->reason) +
            ", coalesce = " + describe(coalesce(l)));
  auto [a, b] = *gen::composable_pair();
  auto x = explain_composition(a, b);
  if (!x || !x->table) return expect(Outcome::skip());
  auto rep = represent(*x->table);
  RC_ASSERT(rep.has_value());
  std::string what = "A = " + describe(a) + ", B = " + describe(b);
  if (x->core && !(rep->layout && *rep->layout == coalesce(*x->core)))
    RC_FAIL(what + ": core gives " + describe(*x->core) + " but represent says " +
            (rep->layout ? describe(*rep->layout) : rep->reason));
  if (rep->layout && table(*rep->layout) != *x->table) RC_FAIL(what + ": represent's layout has another function");
  expect(Outcome::ok());
}

// Algorithm 4.1.1: T' refines T, U' refines U, flat(T') is a prefix of flat(U').
CL_PROPERTY(Algorithms, MutualRefinementRefines, ()) {
  auto t = *gen::layout_profile({}), u = *gen::layout_profile({});
  auto tv = *rc::gen::container<std::vector<Int>>(length(t), rc::gen::elementOf(std::vector<Int>{1, 2, 3, 4, 6, 8}));
  auto uv = *rc::gen::container<std::vector<Int>>(length(u), rc::gen::elementOf(std::vector<Int>{1, 2, 3, 4, 6, 8}));
  IntTuple T = t.is_leaf() ? IntTuple(tv[0]) : *substitute(tv, t), U = u.is_leaf() ? IntTuple(uv[0]) : *substitute(uv, u);
  auto m = mutual_refinement(T, U);
  if (!m) {
    if (m.error().kind != ErrorKind::not_refinable) RC_FAIL(m.error().what());
    return expect(Outcome::skip());
  }
  std::string what = "T = " + to_string(T) + ", U = " + to_string(U) + ": T' = " + to_string(m->first) +
                     ", U' = " + to_string(m->second);
  if (!refines(m->first, T)) RC_FAIL(what + ": T' does not refine T");
  if (!refines(m->second, U)) RC_FAIL(what + ": U' does not refine U");
  auto ft = flatten_values(m->first), fu = flatten_values(m->second);
  if (ft.size() > fu.size() || !std::equal(ft.begin(), ft.end(), fu.begin()))
    RC_FAIL(what + ": flat(T') is not a prefix of flat(U')");
  expect(Outcome::ok());
}

}  // namespace
}  // namespace catlayout::proofs
#endif  // CATLAYOUT_HAVE_ALGORITHMS
