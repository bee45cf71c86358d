// Triton's linear layouts with named dimensions (named_linear.hpp): every operation held to its
// definition by tabulation (docs/definitions.md, "Triton's linear layouts"), the text forms by round
// trips, and the CuTe conversion by evaluating both sides on every input.
#include "catlayout/core/named_linear.hpp"

#include <gtest/gtest.h>

#include <random>

#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout {
namespace {

// One warp's SM80 mma.sync m16n8 accumulator as Triton's attribute writes it (dim0 the row m, dim1 the
// column n): register 1 moves one column, register 2 eight rows; lanes 1, 2 move columns 2, 4, and lanes
// 4, 8, 16 rows 1, 2, 4.
constexpr std::string_view sm80_acc =
    "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>";

// A random layout: dims of random sizes, bases random within the outputs (out sizes inferred).
NamedLinearLayout random_layout(std::mt19937& g, std::vector<std::string> ins, std::vector<NamedDim> outs) {
  std::vector<InDim> dims;
  for (auto& n : ins) {
    InDim d{n, {}};
    int bits = static_cast<int>(g() % 4);
    for (int k = 0; k < bits; ++k) {
      std::vector<Int> b;
      for (auto const& o : outs) b.push_back(g() % 3 == 0 ? 0 : static_cast<Int>(g() % static_cast<unsigned>(o.size)));
      d.bases.push_back(std::move(b));
    }
    dims.push_back(std::move(d));
  }
  return *NamedLinearLayout::make(std::move(dims), std::move(outs));
}

// Every input as named values, in flat order (the first dimension the most minor).
std::vector<std::vector<std::pair<std::string, Int>>> all_inputs(NamedLinearLayout const& f) {
  std::vector<std::vector<std::pair<std::string, Int>>> r;
  for (Int x = 0; x < f.in_size(); ++x) {
    std::vector<std::pair<std::string, Int>> in;
    Int rest = x;
    for (auto const& d : f.ins()) {
      in.emplace_back(d.name, rest % d.size());
      rest /= d.size();
    }
    r.push_back(std::move(in));
  }
  return r;
}

Int flat_out(std::vector<Int> const& y, std::vector<NamedDim> const& outs) {
  Int r = 0, scale = 1;
  for (std::size_t d = 0; d < y.size(); ++d) {
    r += y[d] * scale;
    scale *= outs[d].size;
  }
  return r;
}

TEST(NamedLinear, TextFormsRoundTrip) {
  auto f = parse_named_linear(sm80_acc);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->outs(), (std::vector<NamedDim>{{"dim0", 16}, {"dim1", 8}}));
  EXPECT_EQ(*to_ttg_linear(*f), sm80_acc);
  auto printed = parse_named_linear(to_string(*f));
  ASSERT_TRUE(printed) << printed.error().message;
  EXPECT_EQ(*printed, *f);
  std::mt19937 g(7);
  for (int i = 0; i < 200; ++i) {
    auto r = random_layout(g, {"register", "lane", "warp"}, {{"dim0", 8}, {"dim1", 4}});
    auto back = parse_named_linear(to_string(r));
    ASSERT_TRUE(back) << to_string(r) << ": " << back.error().message;
    EXPECT_EQ(*back, r) << to_string(r);
  }
}

TEST(NamedLinear, Sm80AccumulatorIsCutesThreadValueLayout) {
  auto f = *parse_named_linear(sm80_acc);
  auto l = to_cute(f);
  ASSERT_TRUE(l) << l.error().message;
  auto const& tv = std::get<Layout>(*l);
  // (T, V): T = lane (32), V = register (4); the tile index m + 16 n.
  ASSERT_EQ(tv.size(), 128);
  for (Int lane = 0; lane < 32; ++lane)
    for (Int reg = 0; reg < 4; ++reg) {
      auto y = *evaluate(f, {{"register", reg}, {"lane", lane}, {"warp", 0}, {"block", 0}});
      EXPECT_EQ(tv(lane + 32 * reg), y[0] + 16 * y[1]) << lane << " " << reg;
    }
  // The reader of every layout argument reads it as that layout.
  auto any = parse_any_layout(sm80_acc);
  ASSERT_TRUE(any) << any.error().message;
  EXPECT_EQ(to_string(*any, Notation::catlayout), to_string(tv));
}

TEST(NamedLinear, ComposeInvertPseudoinvertByTabulation) {
  std::mt19937 g(11);
  int invertible = 0, composed = 0;
  for (int i = 0; i < 300; ++i) {
    auto f = random_layout(g, {"a", "b"}, {{"x", 4}, {"y", 4}});
    // compose: g o f on every input
    auto h = random_layout(g, {"x", "y"}, {{"u", 8}});
    std::vector<InDim> hin;  // h's input sizes at least f's outputs: pad with zero bases
    for (auto d : h.ins()) {
      while (d.size() < 4) d.bases.push_back({0});
      hin.push_back(d);
    }
    auto hh = *NamedLinearLayout::make(hin, h.outs());
    auto c = compose(f, hh);
    ASSERT_TRUE(c) << c.error().message;
    ++composed;
    for (auto const& x : all_inputs(f)) {
      auto y = *evaluate(f, x);
      auto z = *evaluate(hh, {{"x", y[0]}, {"y", y[1]}});
      EXPECT_EQ(*evaluate(*c, x), z);
    }
    // pseudoinvert (of a layout onto its outputs): f(P(y)) = y, P(y) the smallest flat preimage
    auto p = pseudoinvert(f);
    ASSERT_EQ(static_cast<bool>(p), f.surjective()) << to_string(f);
    if (p) {
      EXPECT_EQ(p->outs(), (std::vector<NamedDim>{{"a", f.ins()[0].size()}, {"b", f.ins()[1].size()}}));
      auto inputs = all_inputs(f);
      for (Int y0 = 0; y0 < 4; ++y0)
        for (Int y1 = 0; y1 < 4; ++y1) {
          auto back = *evaluate(*p, {{"x", y0}, {"y", y1}});
          EXPECT_EQ(*evaluate(f, {{"a", back[0]}, {"b", back[1]}}), (std::vector<Int>{y0, y1}));
          std::size_t smallest = 0;
          while (*evaluate(f, inputs[smallest]) != std::vector<Int>{y0, y1}) ++smallest;
          EXPECT_EQ(inputs[smallest], (std::vector<std::pair<std::string, Int>>{{"a", back[0]}, {"b", back[1]}}));
        }
    }
    // invert: where bijective, the two-sided inverse; refused otherwise
    auto inv = invert(f);
    bool bijective = f.injective() && f.surjective();
    ASSERT_EQ(static_cast<bool>(inv), bijective) << to_string(f);
    if (!inv) continue;
    ++invertible;
    for (auto const& x : all_inputs(f)) {
      auto y = *evaluate(f, x);
      auto back = *evaluate(*inv, {{"x", y[0]}, {"y", y[1]}});
      EXPECT_EQ(back, (std::vector<Int>{x[0].second, x[1].second}));
    }
  }
  EXPECT_GT(invertible, 0);
  EXPECT_EQ(composed, 300);
}

TEST(NamedLinear, CuteConversionEvaluatesAlike) {
  std::mt19937 g(3);
  int plain = 0;
  for (int i = 0; i < 300; ++i) {
    auto f = random_layout(g, {"p", "q"}, {{"x", 8}, {"y", 2}});
    auto l = to_cute(f);
    if (!l) {
      EXPECT_NE(l.error().message.find("both reach"), std::string::npos) << l.error().message;
      continue;
    }
    auto const* pl = std::get_if<Layout>(&*l);
    if (!pl) continue;  // a swizzled form: flat, checked by f2_linear's tests
    ++plain;
    auto inputs = all_inputs(f);
    for (std::size_t x = 0; x < inputs.size(); ++x)
      EXPECT_EQ((*pl)(static_cast<Int>(x)), flat_out(*evaluate(f, inputs[x]), f.outs())) << to_string(f);
    // and back, with the same names and sizes
    std::vector<NamedDim> ins;
    for (auto const& d : f.ins()) ins.push_back({d.name, d.size()});
    auto back = from_cute(*pl, ins, f.outs());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, f);
  }
  EXPECT_GT(plain, 50);
}

TEST(NamedLinear, BadInputIsNamed) {
  auto bad = [](std::string_view t) {
    auto r = parse_named_linear(t);
    return r ? std::string("accepted") : r.error().message;
  };
  EXPECT_NE(bad("#ttg.linear<{register = [[0, 1]], lane = [[1]], warp = [], block = []}>").find("has 1 entries"),
            std::string::npos);
  // A dictionary: any order, all four required, nothing else.
  EXPECT_EQ(bad("#ttg.linear<{lane = [[1]], register = [], block = [], warp = []}>"), "accepted");
  EXPECT_NE(bad("#ttg.linear<{lane = [[1]], register = [], warp = []}>").find("basis of 'block' not found"),
            std::string::npos);
  EXPECT_NE(bad("#ttg.linear<{lane = [[1]], register = [], warp = [], block = [], cga = []}>").find("'cga'"),
            std::string::npos);
  EXPECT_NE(bad("#ttg.linear<{register = [[0, 1], [0, 4]], lane = [], warp = [], block = []}>").find("not surjective"),
            std::string::npos);
  EXPECT_NE(bad("#ttg.linear<{register = [[0, 1], [0, 1]], lane = [], warp = [], block = []}>").find("permutation"),
            std::string::npos);
  EXPECT_NE(bad(" - register=2 -> (1)\nwhere out dims are: [dim0 (size 2)]").find("register=1 comes next"),
            std::string::npos);
  EXPECT_NE(bad(" - register=1 -> (1)").find("where out dims are"), std::string::npos);
  auto f = *parse_named_linear(sm80_acc);
  auto e = evaluate(f, {{"lane", 32}});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("outside [0, 32)"), std::string::npos);
  auto c = compose(f, f);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("are not the second's input dimensions"), std::string::npos);
  // Sizes past int64 are refused before they are multiplied.
  auto big = from_cute(*parse_layout("(4,8):(8,1)"), {{"a", Int{1} << 62}, {"b", Int{1} << 62}}, {{"x", 32}});
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("multiply past the size 32"), std::string::npos) << big.error().message;
  auto wide = from_cute(*parse_layout("(4,8):(8,1)"), {{"a", 32}}, {{"x", Int{1} << 62}, {"y", 4}});
  ASSERT_FALSE(wide);
  EXPECT_NE(wide.error().message.find("multiply past 2^62"), std::string::npos) << wide.error().message;
  // register 1 and 2 reach (1,0) and (1,1): dim0 bit 0 twice, and no swizzle of a layout gives the map.
  auto t = compiler_type_text(" - register=1 -> (1, 0)\n   register=2 -> (1, 1)\n - lane=1 -> (0, 1)\n"
                              "where out dims are: [dim0 (size 2), dim1 (size 2)]");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("register bit 0 and register bit 1 both reach dim0 bit 0"), std::string::npos)
      << t.error().message;
}

}  // namespace
}  // namespace catlayout
