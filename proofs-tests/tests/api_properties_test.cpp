// Properties of CuTe's constructors, partitioners, element-size changes and swizzled operands and of
// the whitepaper's operations (api_properties.hpp): each test names one operation's post-condition;
// the checks live in api_properties.cpp, the inputs come from api_generators.hpp.
#include "property_testing.hpp"

#include "catlayout/proofs/api_generators.hpp"

namespace catlayout::proofs {
namespace {

using testing::expect;
using testing::expect_on;
namespace g = gen;

// ---- compact constructors (compact.hpp) ----
CL_PROPERTY(MakeLayout, MajorIsCompactInItsOrder, ()) { expect(make_layout_major(*g::shape(), *g::major())); }
CL_PROPERTY(MakeOrderedLayout, CompactInTheOrder, ()) {
  auto s = *g::shape();
  expect(ordered_layout_property(s, *g::order_for(s)));
}
CL_PROPERTY(MakeLayoutLike, KeepsZerosAndTheStrideOrder, ()) {
  g::Options o;
  o.negative = true;
  expect(layout_like_property(*g::layout(o)));
}

// ---- tile_to_shape (product.hpp, swizzle_layout.hpp) ----
CL_PROPERTY(TileToShape, RepeatsTheBlock, ()) { expect_on(g::tile_case(), tile_to_shape_property); }
CL_PROPERTY(TileToShape, RepeatsTheSwizzledBlock, ()) {
  expect_on(g::composed_tile_case(), tile_to_shape_composed_property);
}

// ---- partitioners (partition.hpp) ----
CL_PROPERTY(InnerPartition, IsTheTileAtTheCoordinate, ()) {
  expect_on(g::partition_case(true), inner_partition_property);
}
CL_PROPERTY(OuterPartition, IsTheElementOfEveryTile, ()) {
  expect_on(g::partition_case(false), outer_partition_property);
}
CL_PROPERTY(LocalTile, ProjectionDicesTilerAndCoordinate, ()) {
  expect_on(g::projection_case(), local_tile_projection_property);
}
CL_PROPERTY(LocalPartition, IsTheThreadsElements, ()) { expect_on(g::thread_case(), local_partition_property); }
CL_PROPERTY(LocalPartition, ThreadsCoverTheDataOnce, ()) {
  auto [l, threads, index] = *g::thread_case();
  if (threads.shape().is_leaf() || threads.rank() < 2 || *rc::gen::inRange(0, 3) == 0)
    return expect(local_partition_cover_property(l, threads, nullptr));
  Projection p;
  for (std::size_t k = 0; k < threads.rank(); ++k) p.keep.push_back(*rc::gen::inRange(0, 3) != 0);
  expect(local_partition_cover_property(l, threads, &p));
}

// ---- element-size changes (recast.hpp) ----
CL_PROPERTY(Downcast, SubElementsOfEachElement, ()) {
  expect(downcast_property(*g::recast_layout_input(), *g::element_factor()));
}
CL_PROPERTY(Upcast, EachElementInItsLargerElement, ()) {
  expect(upcast_property(*g::recast_layout_input(), *g::element_factor()));
}
CL_PROPERTY(Downcast, ComposedLayouts, ()) { expect(downcast_composed_property(*g::composed_layout(), *g::element_factor())); }
CL_PROPERTY(Upcast, ComposedLayouts, ()) { expect(upcast_composed_property(*g::composed_layout(), *g::element_factor())); }
CL_PROPERTY(RecastLayout, IsItsDefinition, ()) {
  auto bits = rc::gen::element<Int>(4, 6, 8, 16, 32, 64);
  expect(recast_layout_property(*g::recast_layout_input(), *bits, *bits));
}

// ---- nullspace (nullspace.hpp, f2_layout.hpp) ----
CL_PROPERTY(Nullspace, EnumeratesTheKernel, ()) {
  g::Options neg{.max_size = 512, .negative = true};
  expect(nullspace_property(*rc::gen::weightedOneOf<Layout>({{2, g::layout(neg)}, {1, g::layout()}})));
}
CL_PROPERTY(Nullspace, ComposedKernel, ()) { expect(nullspace_composed_property(*g::composed_layout())); }
CL_PROPERTY(Nullspace, CoordinateKernel, ()) { expect(nullspace_coord_property(*g::coord_layout())); }
CL_PROPERTY(Nullspace, F2Kernel, ()) { expect(nullspace_f2_property(*g::f2_layout())); }

// ---- coalesce_z (coalesce.hpp, f2_layout.hpp) ----
CL_PROPERTY(CoalesceZ, KeepsTheExtendedFunction, ()) {
  g::Options o;
  o.negative = true;
  expect(coalesce_z_property(*g::layout(o)));
}
CL_PROPERTY(CoalesceZ, F2KeepsTheExtendedFunction, ()) { expect(coalesce_z_f2_property(*g::f2_layout())); }

// ---- layout_add, greatest_common_domain (layout_add.hpp, common_domain.hpp, f2_layout.hpp) ----
CL_PROPERTY(LayoutAdd, IsTheSumOfTheFunctions, ()) { expect_on(g::same_size_pair(), layout_add_property); }
CL_PROPERTY(LayoutAdd, F2IsTheXorOfTheFunctions, ()) { expect_on(g::f2_pair(), f2_layout_add_property); }
CL_PROPERTY(GreatestCommonDomain, PyCutePostConditions, ()) { expect_on(g::shape_pair(), common_domain_property); }

// ---- swizzled operands (swizzle_layout.hpp) ----
CL_PROPERTY(MakeSwizzle, HasTheGivenMasks, ()) { expect_on(g::swizzle_masks(), make_swizzle_property); }
CL_PROPERTY(SwizzleComposition, LayoutAfterSwizzle, ()) {
  auto a = *rc::gen::weightedOneOf<Layout>({{1, g::layout()}, {2, g::pow2_layout()}});
  expect(composition_layout_swizzle_property(a, *g::swizzle()));
}
CL_PROPERTY(SwizzleComposition, LayoutAfterComposedLayout, ()) {
  expect_on(g::layout_composed_pair(), composition_layout_composed_property);
}
CL_PROPERTY(SwizzleComposition, ComposedAfterComposedLayout, ()) {
  auto [a, b] = *g::layout_composed_pair();
  auto sw = *rc::gen::weightedOneOf<Swizzle>({{1, rc::gen::just(Swizzle{})}, {2, g::swizzle()}});
  auto off = *rc::gen::weightedOneOf<Int>({{4, rc::gen::just(Int{0})}, {1, rc::gen::inRange<Int>(1, 16)}});
  expect(composition_composed_composed_property(ComposedLayout{sw, off, a}, b));
}
CL_PROPERTY(SwizzleInverse, RightInverse, ()) { expect(composed_right_inverse_property(*g::composed_layout())); }
CL_PROPERTY(SwizzleInverse, LeftInverseOfInjective, ()) { expect(composed_left_inverse_property(*g::composed_layout())); }

// ---- F2 layouts (f2_layout.hpp) ----
CL_PROPERTY(F2Layout, EvaluatesByCarrylessProduct, ()) { expect(f2_evaluate_property(*g::f2_layout())); }
CL_PROPERTY(F2Layout, CoalesceKeepsTheFunction, ()) { expect(f2_coalesce_property(*g::f2_layout())); }
CL_PROPERTY(F2Layout, CompositionIsAAfterB, ()) {
  auto a = *g::f2_layout();
  auto stand_in = make_layout(a.shape(), Major::left);  // B fitted to A's domain (generators.hpp's fitting_for)
  RC_PRE(stand_in.has_value());
  expect(f2_composition_property(a, *g::fitting_for(*stand_in)));
}
CL_PROPERTY(F2Layout, ToLinearHasTheFunction, ()) { expect(f2_to_linear_property(*g::f2_layout())); }
CL_PROPERTY(F2Layout, FromLinearHasTheFunction, ()) { expect(linear_to_f2_property(*g::linear_layout())); }
CL_PROPERTY(F2Layout, FromComposedLayoutExactlyWhereLinear, ()) { expect(composed_to_f2_property(*g::composed_layout())); }
CL_PROPERTY(F2Layout, FromLayoutExactlyWhereTheSumIsTheXor, ()) {
  g::Options neg{.max_size = 512, .negative = true};
  expect(layout_to_f2_property(*rc::gen::weightedOneOf<Layout>({{2, g::pow2_layout()}, {1, g::layout(neg)}})));
}

// The generators themselves: each kind of input the properties need occurs.
TEST(ApiGenerators, CoverEveryKind) {
  int swizzled = 0, atoms_tiled = 0, whole = 0, by_mode_short = 0, broadcast = 0, gappy = 0, f2_odd = 0, f2_linear = 0,
      basis = 0;
  for (int seed = 0; seed < 400; ++seed) {
    auto c = g::composed_layout()(rc::Random(seed), 50).value();
    swizzled += !c.sw.is_identity();
    atoms_tiled += depth(c.layout) >= 2 && !c.sw.is_identity();
    auto [l, t, coord] = g::partition_case(true)(rc::Random(seed), 50).value();
    whole += t.is_layout();
    by_mode_short += !t.is_layout() && t.modes.size() < (l.shape().is_leaf() ? 1 : l.rank());
    auto th = std::get<1>(g::thread_case()(rc::Random(seed), 50).value());
    auto tt = table(th);
    bool zero = false;
    for (std::size_t k = 0; k < th.flat_shape().size(); ++k) zero |= th.flat_shape()[k] > 1 && th.flat_stride()[k] == 0;
    broadcast += zero;
    gappy += !zero && !is_compact(th);
    auto f = g::f2_layout()(rc::Random(seed), 50).value();
    bool odd = false;
    for (Int s : flatten_values(f.shape())) odd |= (s & (s - 1)) != 0;
    f2_odd += odd;
    f2_linear += !odd && f.size() > 1;
    basis += !g::coord_layout()(rc::Random(seed), 50).value().is_integral();
  }
  EXPECT_GT(swizzled, 40);
  EXPECT_GT(atoms_tiled, 10);
  EXPECT_GT(whole, 20);
  EXPECT_GT(by_mode_short, 20);
  EXPECT_GT(broadcast, 10);
  EXPECT_GT(gappy, 10);
  EXPECT_GT(f2_odd, 20);
  EXPECT_GT(f2_linear, 40);
  EXPECT_GT(basis, 40);
}

}  // namespace
}  // namespace catlayout::proofs
