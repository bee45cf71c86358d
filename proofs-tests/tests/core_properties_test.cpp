// Properties of the direct engine (catlayout::core) over generated layouts. Each test names one
// theorem or post-condition; the checks themselves live in properties.cpp (shared with `prove`).
#include "property_testing.hpp"

namespace catlayout::proofs {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using testing::expect;
using testing::expect_on;
namespace g = gen;

// ---- evaluation and predicates ----
CL_PROPERTY(Evaluate, AgreesWithIndependentEvaluator, ()) { expect(evaluate_agrees(*g::layout())); }
CL_PROPERTY(Predicates, AgreeWithBruteForce, ()) { expect(predicates_agree(*g::layout())); }

// ---- coalesce ----
CL_PROPERTY(Coalesce, Idempotent, ()) { expect(coalesce_idempotent(*g::layout())); }
CL_PROPERTY(Coalesce, PreservesFunctionAndSize, ()) { expect(coalesce_preserves_function(*g::layout())); }
CL_PROPERTY(Coalesce, MinimalAgainstBruteForce, ()) { expect(coalesce_minimal(*g::layout())); }
CL_PROPERTY(Coalesce, EqualFunctionsIffEqualCoalesce, ()) {
  expect_on(g::equal_size_pair(), coalesce_characterises_function);
}

// ---- composition ----
CL_PROPERTY(Composition, FunctionIsAAfterB, ()) { expect_on(g::composable_pair(), composition_function); }
CL_PROPERTY(Composition, ShapeRefinesB, ()) { expect_on(g::composable_pair(), composition_refines); }
CL_PROPERTY(Composition, Associative, ()) { expect_on(g::composable_triple(), composition_associative); }

// ---- complement ----
static rc::Gen<std::pair<Layout, Int>> complementable() {
  using K = g::Kind;
  return rc::gen::mapcat(g::layout_of({K::compact, K::tractable, K::column_major, K::row_major, K::with_zeros}),
                         [](Layout a) {
                           Int c = cosize(filter(a));
                           return rc::gen::map(rc::gen::inRange<Int>(1, 3 * c + 3),
                                               [a](Int n) { return std::make_pair(a, n); });
                         });
}
CL_PROPERTY(Complement, DisjointSortedCoalescedCompact, ()) { expect_on(complementable(), complement_properties); }
CL_PROPERTY(Complement, UniqueAgainstBruteForce, ()) {
  g::Options small{.max_shape = 4, .max_size = 16, .max_leaves = 3};
  using K = g::Kind;
  auto a = *g::layout_of({K::compact, K::tractable, K::with_zeros}, small);
  auto n = *rc::gen::inRange<Int>(1, 33);
  expect(complement_unique(a, n));
}

// ---- divide and product ----
static rc::Gen<std::pair<Layout, Layout>> divisible_pair() {
  using K = g::Kind;
  g::Options tile{.max_shape = 4, .max_leaves = 3};
  return rc::gen::mapcat(g::layout(), [tile](Layout a) {
    return rc::gen::map(rc::gen::weightedOneOf<Layout>({{2, g::fitting_for(a)},
                                                       {2, g::layout_of({K::compact, K::tractable}, tile)}}),
                        [a](Layout b) { return std::make_pair(a, b); });
  });
}
CL_PROPERTY(Divide, ZippedMode0IsComposition, ()) { expect_on(divisible_pair(), divide_mode0_is_composition); }
CL_PROPERTY(Divide, RearrangesAWhenSizesMatch, ()) { expect_on(divisible_pair(), divide_permutes); }
static rc::Gen<std::pair<Layout, Layout>> product_pair() {
  using K = g::Kind;
  g::Options small{.max_shape = 4, .max_size = 64, .max_leaves = 3};
  return rc::gen::pair(g::layout_of({K::compact, K::tractable, K::column_major, K::row_major, K::arbitrary}, small),
                       g::layout(small));
}
CL_PROPERTY(Product, Mode0IsAAndSizeMultiplies, ()) { expect_on(product_pair(), product_mode0_is_a); }
CL_PROPERTY(Product, BlockedAndRakedRearrangeTheSameOffsets, ()) { expect_on(product_pair(), blocked_raked_agree); }

// ---- inverses ----
CL_PROPERTY(Inverse, RightInverse, ()) { expect(right_inverse_property(*g::layout())); }
CL_PROPERTY(Inverse, LeftInverseOfInjective, ()) {
  using K = g::Kind;
  expect(left_inverse_property(*g::layout_of({K::compact, K::tractable, K::row_major, K::arbitrary})));
}

// ---- text and JSON ----
CL_PROPERTY(Text, PrintParseRoundTrip, ()) {
  g::Options o;
  o.negative = true;
  expect(text_round_trip(*g::layout(o)));
}
CL_PROPERTY(Json, RoundTrip, ()) {
  g::Options o;
  o.negative = true;
  expect(json_round_trip(*g::layout(o)));
}

// The generators themselves: every kind appears, with nesting and size-1 and stride-0 modes.
TEST(Generators, CoverEveryKind) {
  int nested = 0, unit = 0, zero = 0, untractable = 0, compact = 0, deep = 0;
  rc::detail::TestParams params;
  for (int seed = 0; seed < 400; ++seed) {
    auto l = g::layout()(rc::Random(seed), 50).value();
    nested += depth(l) >= 2;
    deep += depth(l) >= 3;
    auto f = flat_modes(l);
    unit += std::count(f.shape.begin(), f.shape.end(), 1) > 0;
    zero += std::count(f.stride.begin(), f.stride.end(), 0) > 0;
    untractable += !is_tractable(l);
    compact += is_compact(l);
  }
  EXPECT_GT(nested, 20);
  EXPECT_GT(deep, 2);
  EXPECT_GT(unit, 20);
  EXPECT_GT(zero, 20);
  EXPECT_GT(untractable, 20);
  EXPECT_GT(compact, 20);
}

}  // namespace
}  // namespace catlayout::proofs
