// The flat pipeline (core/src/flat_pipeline.hpp) against the step-by-step definitions it replaces on the
// success path: on random layouts and tilers, every public operation gives the same layout, or
// the same error (kind, message, whether CuTe answers), as its *_checked definition.
#include <algorithm>
#include <random>

#include "../src/flat_pipeline.hpp"
#include "testing.hpp"

using namespace catlayout;

namespace {

struct Gen {
  std::mt19937_64 rng;
  Int pick(std::initializer_list<Int> xs) {
    return *(xs.begin() + std::uniform_int_distribution<std::size_t>(0, xs.size() - 1)(rng));
  }
  bool coin(int percent) { return std::uniform_int_distribution<int>(0, 99)(rng) < percent; }

  // A nested tuple of `leaves` entries, depth <= 2; leaf(k) gives entry k.
  template <class Leaf>
  IntTuple nest(std::size_t leaves, std::size_t depth, Leaf&& leaf, std::size_t& k) {
    if (leaves == 1 && (depth == 0 || coin(60))) return leaf(k++);
    IntTuple t;
    while (leaves > 0) {
      std::size_t n = depth > 0 && leaves > 1 && coin(30) ? 2 : 1;
      t.push_back(nest(n, depth > 0 ? depth - 1 : 0, leaf, k));
      leaves -= n;
    }
    return t;
  }

  // Mostly compact or gapped strides (the admissible cases), sometimes anything.
  Layout layout(std::size_t max_modes, std::size_t min_modes = 1) {
    std::size_t n = std::uniform_int_distribution<std::size_t>(min_modes, max_modes)(rng);
    Ints s, d;
    Int reach = 1;
    for (std::size_t i = 0; i < n; ++i) {
      s.push_back(pick({1, 2, 2, 4, 4, 8, 3, 6}));
      if (coin(15))
        d.push_back(pick({0, 1, 2, 3, 5, -1, -2, 16}));
      else {
        reach *= coin(20) ? 2 : 1;
        d.push_back(reach);
      }
      reach *= s.back();
    }
    if (coin(40)) std::shuffle(d.begin(), d.end(), rng);  // a permuted order of the same modes
    std::size_t ks = 0, kd = 0;
    std::size_t depth = coin(50) ? 2 : 0;
    auto saved = rng;
    IntTuple shape = nest(n, depth, [&](std::size_t k) { return IntTuple(s[k]); }, ks);
    rng = saved;  // the same draws: a congruent stride
    IntTuple stride = nest(n, depth, [&](std::size_t k) { return IntTuple(d[k]); }, kd);
    auto l = Layout::make(shape, stride);
    return l ? *l : Layout();
  }

  Tiler tiler(Layout const& a) {
    if (coin(30)) return Tiler::of(layout(2));
    std::vector<Tiler> modes;
    std::size_t n = std::uniform_int_distribution<std::size_t>(1, a.rank())(rng);
    for (std::size_t i = 0; i < n; ++i) {
      if (coin(50))
        modes.push_back(Tiler::of_integer(pick({1, 2, 4, 3, 8})));
      else
        modes.push_back(Tiler::of(layout(2)));
    }
    return Tiler::by_mode(std::move(modes));
  }
};

// The same layout: entries and nesting (==), and what a Layout records beside them (the ranks of its
// tuples, its size, and its function, which the power-of-two flag selects the evaluation of).
bool same_layout(Layout const& x, Layout const& y) {
  if (!(x == y) || x.rank() != y.rank() || x.stride().rank() != y.stride().rank() || x.size() != y.size()) return false;
  for (Int i = 0; i < std::min<Int>(x.size(), 64); ++i)
    if (x(i) != y(i)) return false;
  return true;
}

::testing::AssertionResult same(Result<Layout> const& fast, Result<Layout> const& checked) {
  if (fast.has_value() != checked.has_value() || (fast && !same_layout(*fast, *checked)) ||
      (!fast && (fast.error().kind != checked.error().kind || fast.error().message != checked.error().message ||
                 fast.error().cute_answers != checked.error().cute_answers ||
                 fast.error().cute_precondition != checked.error().cute_precondition)))
    return ::testing::AssertionFailure() << "pipeline: " << catlayout::testing::S(fast) << "\nstep by step: " << catlayout::testing::S(checked);
  return ::testing::AssertionSuccess();
}

// The one-mode grid: every layout s:d over shapes and strides that hold the edges (unit and
// constant modes, negative strides, values at the int64 limit), each s:d past the int64 span left
// out. `check(a)` runs on each; a fatal failure in it stops the walk.
constexpr Int grid_big = INT64_MAX / 3;
template <class Check>
void for_each_one_mode_layout(Check&& check) {
  std::initializer_list<Int> shapes = {1, 2, 3, 4, 7, 8, 64, grid_big, INT64_MAX};
  std::initializer_list<Int> strides = {0, 1, 2, 3, 5, 8, 16, 96, -1, -4, grid_big, INT64_MAX};
  for (Int s : shapes)
    for (Int d : strides)
      if (auto a = Layout::make(s, d)) {
        check(*a);
        if (::testing::Test::HasFatalFailure()) return;
      }
}

Result<Layout> arranged_divide_for_test(Layout const& a, Tiler const& t, Convention c, Arrangement how) {
  return how == Arrangement::zipped ? zipped_divide(a, t, c) : how == Arrangement::tiled ? tiled_divide(a, t, c)
                                                                                          : flat_divide(a, t, c);
}
Result<Layout> arranged_product_for_test(Layout const& a, Tiler const& t, Convention c, Arrangement how) {
  return how == Arrangement::zipped ? zipped_product(a, t, c) : how == Arrangement::tiled ? tiled_product(a, t, c)
                                                                                           : flat_product(a, t, c);
}

}  // namespace

TEST(FlatPipeline, AgreesWithTheStepByStepDefinitions) {
  Gen g{std::mt19937_64(20261201)};
  int succeeded = 0, failed = 0;
  for (int n = 0; n < 6000; ++n) {
    Layout a = g.layout(4), b = g.layout(3);
    Tiler t = g.tiler(a);
    auto where = [&] { return to_string(a) + " by " + to_string(t) + " / " + to_string(b); };
    for (auto c : {Convention::cute, Convention::categorical}) {
      ASSERT_TRUE(same(composition(a, b), detail::composition_checked(a, b))) << where();
      ASSERT_TRUE(same(composition(a, t), detail::composition_tiler_checked(a, t))) << where();
      Int target = g.pick({1, 16, 64, 96, 4096});
      ASSERT_TRUE(same(complement(a, target, c), detail::complement_checked(a, std::span<Int const>(&target, 1), c)))
          << where();
      auto divided = logical_divide(a, t, c);
      ASSERT_TRUE(same(divided, detail::logical_divide_checked(a, t, c))) << where();
      (divided ? succeeded : failed)++;
      ASSERT_TRUE(same(logical_product(a, t, c), detail::logical_product_checked(a, t, c))) << where();
      ASSERT_TRUE(same(zipped_divide(a, t, c), arrange(detail::logical_divide_checked(a, t, c), t, Arrangement::zipped)));
      ASSERT_TRUE(same(tiled_divide(a, t, c), arrange(detail::logical_divide_checked(a, t, c), t, Arrangement::tiled)));
      ASSERT_TRUE(same(flat_divide(a, t, c), arrange(detail::logical_divide_checked(a, t, c), t, Arrangement::flat)));
      ASSERT_TRUE(same(zipped_product(a, t, c), arrange(detail::logical_product_checked(a, t, c), t, Arrangement::zipped)));
      ASSERT_TRUE(same(tiled_product(a, t, c), arrange(detail::logical_product_checked(a, t, c), t, Arrangement::tiled)));
      ASSERT_TRUE(same(flat_product(a, t, c), arrange(detail::logical_product_checked(a, t, c), t, Arrangement::flat)));
      ASSERT_TRUE(same(blocked_product(a, b, c), detail::rank_product_checked(a, b, false, c))) << where();
      ASSERT_TRUE(same(raked_product(a, b, c), detail::rank_product_checked(a, b, true, c))) << where();
    }
  }
  // Both paths were exercised: the draw is not all refusals or all answers.
  EXPECT_GT(succeeded, 1000);
  EXPECT_GT(failed, 100);
}

// A by-mode tiler of more modes than A has (at the top, or inside a mode) is refused: the pipeline
// counts A's modes as it walks them and gives the step-by-step definition's error.
TEST(FlatPipeline, TilersWithMoreModesThanAAgreeWithTheStepByStepDefinitions) {
  Gen g{std::mt19937_64(20261203)};
  int refused = 0;
  for (int n = 0; n < 1500; ++n) {
    Layout a = g.layout(4);
    std::vector<Tiler> modes;
    std::size_t extra = std::uniform_int_distribution<std::size_t>(1, 2)(g.rng);
    for (std::size_t i = 0; i < a.rank() + extra; ++i) modes.push_back(Tiler::of_integer(g.pick({1, 2, 4})));
    Tiler over = Tiler::by_mode(modes);
    // ... and one whose first mode has more modes than A's first mode.
    std::vector<Tiler> inner(a.mode(0).rank() + extra, Tiler::of_integer(1));
    std::vector<Tiler> outer{Tiler::by_mode(inner)};
    Tiler nested = Tiler::by_mode(outer);
    for (Tiler const& t : {over, nested}) {
      auto where = [&] { return to_string(a) + " by " + to_string(t); };
      auto divided = logical_divide(a, t);
      refused += !divided;
      ASSERT_TRUE(same(divided, detail::logical_divide_checked(a, t, Convention::cute))) << where();
      ASSERT_TRUE(same(zipped_divide(a, t), arrange(detail::logical_divide_checked(a, t, Convention::cute), t,
                                                    Arrangement::zipped)))
          << where();
      ASSERT_TRUE(same(logical_product(a, t), detail::logical_product_checked(a, t, Convention::cute))) << where();
      ASSERT_TRUE(same(composition(a, t), detail::composition_tiler_checked(a, t))) << where();
    }
  }
  EXPECT_EQ(refused, 3000);
}

// composition, coalesce, complement, the divides, the products and the inverses keep their
// intermediates in fixed arrays where the operands have at most detail::fixed_modes flat modes,
// and in growable containers past that: on both sides of those bounds, and where only the span of
// A o B overflows, each gives what the step-by-step definition gives.
TEST(FlatPipeline, FixedArrayBoundsAgreeWithTheStepByStepDefinitions) {
  Gen g{std::mt19937_64(20261202)};
  int wide = 0, answered = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout a = g.layout(12, 6), b = g.layout(10, 6);
    Tiler t = g.tiler(a);
    auto where = [&] { return to_string(a) + " o " + to_string(b) + " / " + to_string(t); };
    wide += a.flat_shape().size() > 8 || b.flat_shape().size() > 8;
    auto r = composition(a, b);
    answered += r.has_value();
    ASSERT_TRUE(same(r, detail::composition_checked(a, b))) << where();
    ASSERT_TRUE(same(composition(a, t), detail::composition_tiler_checked(a, t))) << where();
    ASSERT_TRUE(same(composition(b, a), detail::composition_checked(b, a))) << where();
    ASSERT_TRUE(same_layout(coalesce(a), *from_flat(coalesce_flat(flat_modes(a))))) << to_string(a);
    for (auto c : {Convention::cute, Convention::categorical}) {
      Int target = g.pick({1, 4096, Int{1} << 40});
      ASSERT_TRUE(same(complement(a, target, c), detail::complement_checked(a, std::span<Int const>(&target, 1), c)))
          << where();
      ASSERT_TRUE(same(logical_divide(a, t, c), detail::logical_divide_checked(a, t, c))) << where();
      ASSERT_TRUE(same(logical_divide(a, Tiler::of(b), c), detail::logical_divide_checked(a, Tiler::of(b), c)))
          << where();
      ASSERT_TRUE(same(logical_product(a, t, c), detail::logical_product_checked(a, t, c))) << where();
      ASSERT_TRUE(same(blocked_product(a, b, c), detail::rank_product_checked(a, b, false, c))) << where();
    }
  }
  EXPECT_GT(wide, 1000);
  EXPECT_GT(answered, 300);
  // A o B within the fixed bounds whose only failure is its span: 4:(2^62 - 1) reaches past int64.
  Layout a = layout(2, INT64_MAX / 2), b = layout(4, 1);
  auto r = composition(a, b);
  ASSERT_FALSE(r.has_value());
  EXPECT_TRUE(same(r, detail::composition_checked(a, b)));
  // ... and with a by-mode tiler of 9 modes in all (past the fixed bound) and of 8.
  Layout wide_a = layout(tup(tup(2, 2, 2, 2, 2), tup(2, 2, 2, 2)), tup(tup(1, 2, 4, 8, 16), tup(32, 64, 128, 256)));
  for (std::size_t k : {3, 4}) {
    std::vector<Tiler> first, second;
    for (std::size_t i = 0; i < 5; ++i) first.push_back(Tiler::of(layout(1, 0)));
    for (std::size_t i = 0; i < k; ++i) second.push_back(Tiler::of(layout(1, 0)));
    Tiler tt = Tiler::by_mode({Tiler::by_mode(first), Tiler::by_mode(second)});
    EXPECT_TRUE(same(composition(wide_a, tt), detail::composition_tiler_checked(wide_a, tt))) << to_string(tt);
  }
}

// A draft holds 64 entries and 192 word tokens: past that an operation runs its step-by-step
// definition. Each public operation on layouts past those bounds (many modes; a long word, inside
// and past 2 max_depth tokens) gives what that definition gives.
TEST(FlatPipeline, PastTheDraftBoundsTheStepByStepDefinitionAnswers) {
  auto wide = [](std::size_t ones, Int last) {  // (1, ..., 1, last):(0, ..., 0, 1)
    IntTuple s, d;
    for (std::size_t i = 0; i < ones; ++i) {
      s.push_back(IntTuple(1));
      d.push_back(IntTuple(0));
    }
    s.push_back(IntTuple(last));
    d.push_back(IntTuple(1));
    return *Layout::make(s, d);
  };
  auto deep = [](std::size_t modes, std::size_t levels) {  // modes of 2:2^k, each inside `levels` brackets
    IntTuple s, d;
    Int stride = 1;
    for (std::size_t i = 0; i < modes; ++i, stride *= 2) {
      IntTuple ms(2), md(stride);
      for (std::size_t k = 0; k < levels; ++k) ms = tup(ms), md = tup(md);
      s.push_back(ms);
      d.push_back(md);
    }
    return *Layout::make(s, d);
  };
  std::vector<Layout> as = {wide(63, 4), wide(64, 4), wide(70, 4), wide(130, 2), deep(2, 35), deep(3, 35),
                            deep(4, 30)};
  std::vector<Tiler> ts = {Tiler::by_mode({Tiler::of_integer(1)}), Tiler::of(layout(2, 1)),
                           Tiler::by_mode({Tiler::of(layout(1, 0)), Tiler::of(layout(1, 0))})};
  int answered = 0;
  for (auto const& a : as) {
    Layout line = layout(4096, 1);
    for (auto const& [x, y] : {std::pair{line, a}, std::pair{a, layout(2, 1)}, std::pair{a, a}}) {
      auto r = composition(x, y);
      answered += r.has_value();
      EXPECT_TRUE(same(r, detail::composition_checked(x, y))) << to_string(x) << " o " << to_string(y);
    }
    for (auto c : {Convention::cute, Convention::categorical}) {
      for (auto const& t : ts) {
        auto where = to_string(a) + " by " + to_string(t);
        EXPECT_TRUE(same(composition(a, t), detail::composition_tiler_checked(a, t))) << where;
        auto divided = logical_divide(a, t, c);
        answered += divided.has_value();
        EXPECT_TRUE(same(divided, detail::logical_divide_checked(a, t, c))) << where;
        EXPECT_TRUE(same(logical_product(a, t, c), detail::logical_product_checked(a, t, c))) << where;
        for (auto how : {Arrangement::zipped, Arrangement::tiled, Arrangement::flat}) {
          EXPECT_TRUE(same(arranged_divide_for_test(a, t, c, how), arrange(divided, t, how))) << where;
          EXPECT_TRUE(same(arranged_product_for_test(a, t, c, how),
                           arrange(detail::logical_product_checked(a, t, c), t, how)))
              << where;
        }
      }
      for (auto const& b : {layout(2, 1), a}) {
        EXPECT_TRUE(same(blocked_product(a, b, c), detail::rank_product_checked(a, b, false, c))) << to_string(a);
        EXPECT_TRUE(same(raked_product(b, a, c), detail::rank_product_checked(b, a, true, c))) << to_string(a);
      }
    }
  }
  EXPECT_GT(answered, 20);  // not all refusals
}

// A product proves its result a layout from its steps (the complement's extent, cosize(B) within
// size(C), B's strides >= 0) instead of walking its entries: on operands scaled toward the int64
// limit, where some results are still layouts and some are not, it gives what the step-by-step
// definition gives. B's shape-1 modes of stride -2^62 would make C o B a stride of INT64_MIN.
TEST(FlatPipeline, ProductsNearTheInt64LimitAgreeWithTheStepByStepDefinitions) {
  Gen g{std::mt19937_64(20261204)};
  auto scaled = [&](Layout const& l, int shift) {
    IntTuple d = l.stride();
    Ints v(d.values().begin(), d.values().end());
    for (Int& x : v) x = x < 0 ? x : x << shift;  // past int64 it wraps (C++20): Layout::make refuses or takes it
    auto r = Layout::make(l.shape(), detail::LayoutAccess::tuple(v, d.word()));
    return r ? *r : l;
  };
  // CuTe's floor complement of A leaves size(C) = 5 2^54 below cosize(B) = 60 2^54: C o B runs on
  // along C's last mode, past C's span, and the result's span past int64. (Found by search.)
  Layout a0 = *Layout::make(tup(2, 3), tup(25 * (Int{1} << 54), 5 * (Int{1} << 54)));
  Layout b0 = *Layout::make(60 * (Int{1} << 54), 1);
  EXPECT_FALSE(detail::logical_product_checked(a0, Tiler::of(b0), Convention::cute));
  EXPECT_TRUE(
      same(logical_product(a0, Tiler::of(b0)), detail::logical_product_checked(a0, Tiler::of(b0), Convention::cute)));
  int answered = 0, refused = 0;
  for (int n = 0; n < 4000; ++n) {
    Layout a = scaled(g.layout(3), std::uniform_int_distribution<int>(0, 58)(g.rng));
    Layout b = scaled(g.layout(2), std::uniform_int_distribution<int>(0, 58)(g.rng));
    if (g.coin(10)) b = *Layout::make(tup(1, b.size()), tup(-(Int{1} << 62), 1));
    for (auto c : {Convention::cute, Convention::categorical}) {
      auto where = [&] { return to_string(a) + " by " + to_string(b); };
      auto p = logical_product(a, Tiler::of(b), c);
      (p ? answered : refused)++;
      ASSERT_TRUE(same(p, detail::logical_product_checked(a, Tiler::of(b), c))) << where();
      for (auto how : {Arrangement::zipped, Arrangement::tiled, Arrangement::flat})
        ASSERT_TRUE(same(arranged_product_for_test(a, Tiler::of(b), c, how),
                         arrange(detail::logical_product_checked(a, Tiler::of(b), c), Tiler::of(b), how)))
            << where();
      ASSERT_TRUE(same(blocked_product(a, b, c), detail::rank_product_checked(a, b, false, c))) << where();
      ASSERT_TRUE(same(raked_product(a, b, c), detail::rank_product_checked(a, b, true, c))) << where();
    }
  }
  EXPECT_GT(answered, 500);
  EXPECT_GT(refused, 500);
}

// complement's one-mode path (no filter, sort or coalesce) against the general definition on every
// (s, d, N) of a grid that holds the edges: unit and constant modes, negative strides, targets
// below, at and past the reach, and values at the int64 limit.
TEST(FlatPipeline, OneModeComplementAgreesWithTheStepByStepDefinition) {
  std::initializer_list<Int> targets = {-1, 0, 1, 2, 7, 8, 16, 24, 64, 96, 4096, 4097, grid_big, INT64_MAX};
  int answered = 0, refused = 0;
  for_each_one_mode_layout([&](Layout const& a) {
    for (Int n : targets)
      for (auto c : {Convention::cute, Convention::categorical}) {
        auto fast = complement(a, n, c);
        if (n >= 1) {
          ASSERT_TRUE(same(fast, detail::complement_checked(a, std::span<Int const>(&n, 1), c)))
              << to_string(a) << " N = " << n;
        }
        (fast ? answered : refused)++;
      }
  });
  EXPECT_GT(answered, 300);
  EXPECT_GT(refused, 30);
}

// complement_one_mode_into (the divides' one-mode tilers) against
// complement_checked on the same grid, with targets of one and of two modes (CuTe's ceil_div by
// shape): where the step-by-step definition answers, the same coalesced modes or a refusal to the
// checked path; where it refuses, never an answer.
TEST(FlatPipeline, OneModeComplementIntoAgreesWithTheStepByStepDefinition) {
  std::vector<Ints> targets = {{-1}, {0}, {1}, {2}, {7}, {8}, {16}, {24}, {96}, {4097}, {grid_big}, {INT64_MAX},
                               {4, 8}, {3, 5}, {1, 7}, {16, 1}, {6, 4, 2}, {grid_big, 4}, {0, 4}};
  int answered = 0, same_modes = 0;
  for_each_one_mode_layout([&](Layout const& a) {
    for (auto const& n : targets)
      for (auto c : {Convention::cute, Convention::categorical}) {
        FlatLayout fast;
        bool ok = detail::complement_one_mode_into(a.flat_shape()[0], a.flat_stride()[0], n, fast) &&
                  detail::valid_size(fast.shape, fast.stride);
        auto checked = detail::complement_checked(a, n, c);
        auto where = [&] { return to_string(a) + " N = " + to_string(IntTuple::flat(n)); };
        if (!checked) {
          ASSERT_FALSE(ok) << where() << " answered where the definition says " << checked.error().message;
          continue;
        }
        ++answered;
        if (!ok) continue;  // left to the checked path, which answers
        ASSERT_EQ(to_string(IntTuple::flat(fast.shape)) + ":" + to_string(IntTuple::flat(fast.stride)),
                  to_string(IntTuple::flat(checked->flat_shape())) + ":" + to_string(IntTuple::flat(checked->flat_stride())))
            << where();
        ++same_modes;
      }
  });
  EXPECT_GT(answered, 500);
  EXPECT_GT(same_modes, 500);  // the fast path answers, not only defers
}

// complement_into, the general path (filter by dropping modes of shape 1 or stride 0, a stable sort,
// a fold that drops the quotients of 1, its size and validity bounded in the fold), against
// complement_checked (CuTe's filter-coalesce-sort-fold-coalesce, then Layout::make) on every layout of
// two and of three flat modes over a grid of shapes and strides: ties, interleavings, modes that
// coalesce, strides that are not multiples (CuTe's floor), negative and int64-edge values; targets
// of one and of two modes. Where the definition answers, the same modes and size, or a deferral
// to it; where it refuses, never an answer.
TEST(FlatPipeline, GeneralComplementIntoAgreesOnEveryLayoutOfAGrid) {
  const Int big = Int{1} << 61, edge = (Int{1} << 62) - 1;  // 2:edge has a complement in N = INT64_MAX past int64
  std::vector<Int> shapes = {1, 2, 3, 4, big};
  std::vector<Int> strides = {0, 1, 2, 3, 4, 6, 8, 12, -2, big, edge};
  std::vector<Ints> targets = {{1}, {24}, {50}, {4096}, {4, 6}, {3, 5}, {INT64_MAX}};
  int answered = 0, same_modes = 0, refused = 0;
  auto check = [&](Ints const& s, Ints const& d) {
    auto a = Layout::make(IntTuple::flat(s), IntTuple::flat(d));
    if (!a) return;  // past the int64 span
    for (auto const& n : targets)
      for (auto c : {Convention::cute, Convention::categorical}) {
        detail::FixedFlat fixed;
        FlatLayout grown;
        Int fixed_size = 0, grown_size = 0;
        bool ok = detail::complement_into(s, d, n, c, fixed, fixed_size);
        bool grown_ok = detail::complement_into(s, d, n, c, grown, grown_size);
        auto where = [&] { return to_string(*a) + " N = " + to_string(IntTuple::flat(n)); };
        ASSERT_EQ(ok, grown_ok) << where();
        auto checked = detail::complement_checked(*a, n, c);
        if (!checked) {
          ASSERT_FALSE(ok) << where() << " answered where the definition says " << checked.error().message;
          ++refused;
          continue;
        }
        ++answered;
        if (!ok) continue;  // deferred to the checked path, which answers
        auto text = [](auto const& f) {
          return to_string(IntTuple::flat(std::span<Int const>(f.shape))) + ":" +
                 to_string(IntTuple::flat(std::span<Int const>(f.stride)));
        };
        auto expected = to_string(IntTuple::flat(checked->flat_shape())) + ":" +
                        to_string(IntTuple::flat(checked->flat_stride()));
        ASSERT_EQ(text(fixed), expected) << where();
        ASSERT_EQ(text(grown), expected) << where();
        ASSERT_EQ(fixed_size, checked->size()) << where();
        ASSERT_EQ(grown_size, checked->size()) << where();
        if (n.size() == 1) {
          ASSERT_TRUE(same(complement(*a, n[0], c), checked)) << where();
        }
        ++same_modes;
      }
  };
  for (Int s0 : shapes)
    for (Int d0 : strides)
      for (Int s1 : shapes)
        for (Int d1 : strides) {
          check({s0, s1}, {d0, d1});
          for (Int s2 : {2, 3, 4})
            for (Int d2 : {0, 1, 4, 6, 16})
              check({s0, s1, s2}, {d0, d1, d2});
        }
  EXPECT_GT(answered, 5000);
  EXPECT_GT(same_modes, 5000);  // the fast path answers, not only defers
  EXPECT_GT(refused, 5000);
}
