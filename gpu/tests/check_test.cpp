// "Is my layout this fragment?" (check.hpp): every catalogued entry recognises its own layout in
// any notation, a perturbed layout is caught at the first (thread, value) where it differs (found
// here by evaluating both layouts directly), shape errors name their numbers, and nearest ranks.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <string_view>
#include <vector>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/check.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::gpu;
using namespace catlayout::gpu::testing;

namespace {

AnyLayout A(char const* text) { return must(parse_any_layout(text)); }

constexpr char const* kMma = "mma.m16n8k16.f32.f16.f16.f32";

// kMma's accumulator checked against `text`: a refusal fails the test with its message.
CheckResult check_c(char const* text) { return must(check_layout(kMma, "C", A(text))); }

// The first flat index i = t + threads * v at which two integer layouts differ, and how many agree.
std::pair<Int, Int> first_and_agree(Layout const& want, Layout const& got) {
  Int first = -1, agree = 0;
  for (Int i = 0; i < want.size(); ++i) {
    if (want(i) == got(i)) ++agree;
    else if (first < 0) first = i;
  }
  return {first, agree};
}

}  // namespace

TEST(Check, EveryFragmentEqualsItsOwnLayoutInBothNotations) {
  int n = 0;
  for (auto const& ins : catalogue())
    for (auto const& f : ins.fragments) {
      std::string op(operand_name(f.operand));
      for (Notation nt : {Notation::catlayout, Notation::cute}) {
        auto r = check_layout(ins.name, op, to_string(f.tv, nt));
        ASSERT_TRUE(r) << ins.name << " " << op << ": " << r.error().what();
        EXPECT_TRUE(r->equal()) << describe(*r);
        EXPECT_EQ(r->agree, f.threads * f.values);
        EXPECT_EQ(r->threads, f.threads);
      }
      ++n;
    }
  EXPECT_GT(n, 1000);
}

TEST(Check, EverySharedMemoryAtomEqualsItself) {
  for (auto const& s : smem_layouts()) {
    auto r = check_layout(s.name, "", to_string(s.layout, Notation::cute));
    ASSERT_TRUE(r) << s.name << ": " << r.error().what();
    EXPECT_TRUE(r->equal()) << describe(*r);
    EXPECT_EQ(r->agree, s.rows * s.cols);
  }
}

// Swapping the two value strides of the m16n8k16 accumulator ((16,8) -> (8,16)) exchanges c1
// (the next column) with c2 (8 rows down): values 0 and 3 still agree, so half of 128.
TEST(Check, SwappedValueStridesDifferFirstAtThread0Value1) {
  CheckResult r = check_c("((4,8),(2,2)):((32,1),(8,16))");
  EXPECT_FALSE(r.equal());
  ASSERT_TRUE(r.first);
  Fragment const& f = *find_instruction(kMma)->fragment(Operand::C);
  EXPECT_EQ(r.first->thread, 0);
  EXPECT_EQ(r.first->value, 1);
  EXPECT_EQ(r.first->expected_at, f.layout_at(0, 1));
  EXPECT_EQ(r.first->got_at, (Coord{8, 0}));
  auto [first, agree] = first_and_agree(f.tv, parse_layout("((4,8),(2,2)):((32,1),(8,16))").value());
  EXPECT_EQ(first, 32);  // (thread 0, value 1)
  EXPECT_EQ(r.agree, agree);
  EXPECT_EQ(r.agree, 64);
  EXPECT_NE(describe(r).find("first difference at (thread 0, value 1)"), std::string::npos) << describe(r);
}

// A swizzle XORing offset bit 5 into bit 4 moves thread 1's c0 (offset 32, column 2) to column 3;
// one acting on bit 7 and above is the identity on a 128-element tile: equal as a function.
TEST(Check, SwizzledLayoutsAreComparedAsFunctions) {
  Fragment const& f = *find_instruction(kMma)->fragment(Operand::C);
  CheckResult same = check_c("Sw<1,4,3> o ((4,8),(2,2)):((32,1),(16,8))");
  EXPECT_TRUE(same.equal()) << describe(same);
  CheckResult r = check_c("Sw<1,4,1> o ((4,8),(2,2)):((32,1),(16,8))");
  ASSERT_TRUE(r.first);
  EXPECT_EQ(r.first->thread, 1);
  EXPECT_EQ(r.first->value, 0);
  EXPECT_EQ(r.first->expected_at, f.layout_at(1, 0));
  EXPECT_EQ(r.first->got_at, (Coord{0, 3}));
  Swizzle sw = Swizzle::make(1, 4, 1).value();
  Int agree = 0;
  for (Int i = 0; i < f.tv.size(); ++i) agree += sw(f.tv(i)) == f.tv(i);
  EXPECT_EQ(r.agree, agree);
}

// The same fragment with coordinate strides: 1@0 steps m, 1@1 steps n (offset 32 = column 2).
TEST(Check, CoordinateLayoutsGiveRowAndColumn) {
  CheckResult r = check_c("((4,8),(2,2)):((2@1,1@0),(1@1,8@0))");
  EXPECT_TRUE(r.equal()) << describe(r);
  CheckResult swapped = check_c("((4,8),(2,2)):((2@1,1@0),(8@0,1@1))");
  ASSERT_TRUE(swapped.first);
  EXPECT_EQ(swapped.first->value, 1);
  EXPECT_EQ(swapped.first->got_at, (Coord{8, 0}));
  auto bad = check_layout(kMma, "C", A("((4,8),(2,2)):((2@1,1@0),(1@1,1@2))"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("another mode"), std::string::npos) << bad.error().message;
}

TEST(Check, ShapeErrorsNameTheNumbers) {
  struct Refusal {
    char const *name, *operand, *layout;
    std::vector<char const*> needles;  // each in the message
    bool parse = true;                 // false: the text goes to check_layout as it is
    std::optional<ErrorKind> kind{};
  };
  Refusal const cases[] = {
      {kMma, "C", "(16,4):(1,16)", {"has 16 threads x 4 values", "C has 32 threads x 4 values"}, true,
       ErrorKind::invalid_input},
      {kMma, "A", "(32,4):(1,32)", {"32 threads x 8 values"}},
      {kMma, "C", "((4,8),(2,2)):((32,1),(16,128))",
       {"(thread 0, value 2) to offset 128, outside", "16x8 tile (offsets [0, 128))"}},
      {kMma, "C", "128:1", {"has rank 1"}},
      {kMma, "src", "(32,4):(1,32)", {"it has: A B C"}},
      {"mma.m16n8k99", "C", "(32,4):(1,32)", {"unknown instruction"}},
      {kMma, "C", "((4,8),(2,2):((32,1),(16,8))", {"column"}, false},
      {"wgmma.smem.16b.K.SW128", "", "(8,32):(32,1)", {"is 8 x 32", "8 (MN) x 64 (K)"}},
  };
  for (Refusal const& c : cases) {
    auto r = c.parse ? check_layout(c.name, c.operand, A(c.layout))
                     : check_layout(c.name, c.operand, std::string_view(c.layout));
    ASSERT_FALSE(r) << c.name << " " << c.operand << " " << c.layout;
    if (c.kind) {
      EXPECT_EQ(r.error().kind, *c.kind);
    }
    for (char const* needle : c.needles)
      EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
  }
}

// The unswizzled K-major atom agrees with SW128 exactly where the swizzle moves nothing.
TEST(Check, SharedMemoryAtomWithoutItsSwizzleDiffers) {
  SmemLayout const& s = *find_smem_layout("wgmma.smem.16b.K.SW128");
  auto r = check_layout(s.name, "A", A("(8,64):(64,1)"));
  ASSERT_TRUE(r) << r.error().what();
  ASSERT_TRUE(r->first);
  Layout plain = parse_layout("(8,64):(64,1)").value();
  Int first = -1, agree = 0;
  for (Int i = 0; i < s.rows * s.cols; ++i) {
    bool same = s.at(i % s.rows, i / s.rows) == plain(i);
    agree += same;
    if (!same && first < 0) first = i;
  }
  EXPECT_EQ(r->first->thread, first % s.rows);
  EXPECT_EQ(r->first->value, first / s.rows);
  EXPECT_EQ(r->first->expected, s.at(first % s.rows, first / s.rows));
  EXPECT_EQ(r->first->got, plain(first));
  EXPECT_EQ(r->agree, agree);
  EXPECT_NE(describe(*r).find("(mn "), std::string::npos) << describe(*r);
}

TEST(Check, NearestFindsEachMmaSyncAndCopyFragmentFirst) {
  for (auto const& ins : catalogue()) {
    if (ins.kind == Kind::wgmma && ins.N != 64) continue;  // every wgmma shape is the same check; N = 64 samples it
    for (auto const& f : ins.fragments) {
      std::string label = ins.name + " " + std::string(operand_name(f.operand));
      auto near = nearest(AnyLayout{f.tv}, "", "", 1000);
      ASSERT_TRUE(near) << near.error().what();
      // Its group is equal, and so is every group before it (another text of the same function).
      bool found = false;
      for (auto const& g : *near) {
        EXPECT_TRUE(g.result.equal()) << label << " after " << g.names.front();
        if (std::find(g.names.begin(), g.names.end(), label) != g.names.end()) {
          found = true;
          break;
        }
      }
      EXPECT_TRUE(found) << label;
    }
  }
}

// The accumulator with its value strides swapped is no accumulator, but it is the s8 A fragment
// of m8n8k16 (((4,8),4):((32,1),8)) as a function. Closest first: the best C group agrees at least
// as often as any C entry of its shape, and the list is ordered.
TEST(Check, NearestRanksByAgreement) {
  AnyLayout l = A("((4,8),(2,2)):((32,1),(8,16))");
  auto any = nearest(l);
  ASSERT_TRUE(any);
  ASSERT_FALSE(any->empty());
  EXPECT_TRUE(any->front().result.equal()) << describe(*any, l);
  EXPECT_EQ(any->front().result.catalogue_layout, "((4,8),4):((32,1),8)");
  auto near = nearest(l, "C", "", 100);
  ASSERT_TRUE(near) << near.error().what();
  ASSERT_FALSE(near->empty());
  EXPECT_FALSE(near->front().result.equal()) << describe(*near, l);
  Int best = 0;
  for (auto const& ins : catalogue())
    for (auto const& f : ins.fragments)
      if (f.operand == Operand::C && f.threads == 32 && f.values == 4) {
        auto r = check_layout(ins.name, operand_name(f.operand), l);
        if (r) best = std::max(best, r->agree);  // an entry of a smaller tile refuses offsets outside it
      }
  EXPECT_EQ(near->front().result.agree, best);
  for (std::size_t i = 1; i < near->size(); ++i) {
    auto const& a = (*near)[i - 1].result;
    auto const& b = (*near)[i].result;
    EXPECT_TRUE(a.same_shape >= b.same_shape && (a.same_shape != b.same_shape || a.agree >= b.agree)) << i;
  }
  // Restricted to one instruction without an operand: which of its operands the layout is.
  auto a = nearest(AnyLayout{find_instruction(kMma)->fragment(Operand::A)->tv}, "", kMma);
  ASSERT_TRUE(a);
  ASSERT_FALSE(a->empty());
  EXPECT_TRUE(a->front().result.equal());
  EXPECT_EQ(a->front().result.operand, "A");
  EXPECT_EQ(a->front().names, std::vector<std::string>{std::string(kMma) + " A"});
  // No entry has 7 elements; an unknown operand is an error.
  auto none = nearest(A("(7,1):(1,0)"));
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  EXPECT_FALSE(nearest(A("(32,4):(1,32)"), "Q"));
}

TEST(Check, NearestOfASwizzledAtomIsTheSharedMemoryLayout) {
  auto near = nearest(A("Sw<3,3,3> o (8,64):(64,1)"));
  ASSERT_TRUE(near) << near.error().what();
  ASSERT_FALSE(near->empty());
  EXPECT_TRUE(near->front().result.equal());
  EXPECT_EQ(near->front().names.front(), "wgmma.smem.16b.K.SW128");
}

// check_args reads `gpu check`'s positionals as the CLI and the playground do: NAME OPERAND LAYOUT
// is check_layout; an operand or an instruction alone, or nothing, restricts nearest; each answer
// is the one the direct call gives.
TEST(Check, ArgumentsDispatchAsTheDirectCalls) {
  std::string const c = "((4,8),(2,2)):((32,1),(16,8))", swapped = "((4,8),(2,2)):((32,1),(8,16))";
  auto one = [](std::vector<std::string> args, std::size_t top = 5) { return check_args(args, top); };
  auto direct = must(check_layout(kMma, "C", A(swapped.c_str())));
  auto r = must(one({kMma, "C", swapped}));
  EXPECT_EQ(r.text, describe(direct));
  EXPECT_FALSE(r.equal);
  EXPECT_TRUE(must(one({kMma, "C", c})).equal);
  for (auto const& [args, operand, name] :
       {std::tuple{std::vector<std::string>{"C", c}, "C", ""}, {{kMma, c}, "", kMma}, {{c}, "", ""}}) {
    auto near = must(nearest(A(c.c_str()), operand, name, 2));
    auto got = must(one(args, 2));
    EXPECT_EQ(got.text, describe(near, A(c.c_str()))) << args.front();
    EXPECT_EQ(got.equal, near.front().result.equal());
  }
  auto atom = must(one({"wgmma.smem.16b.K.SW128", "Sw<3,3,3> o (8,64):(64,1)"}));
  EXPECT_TRUE(atom.equal) << atom.text;
  for (auto const& bad : {std::vector<std::string>{}, {"a", "b", "c", "d"}}) {
    auto e = one(bad);
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().message.find(std::to_string(bad.size()) + " argument(s)"), std::string::npos) << e.error().message;
  }
  auto e = one({kMma, "Q", c});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("no catalogued operand \"Q\""), std::string::npos) << e.error().message;
}

TEST(Check, FindFragmentNamesWhatIsMissing) {
  auto f = must(find_fragment(kMma, "c"));
  EXPECT_EQ(f, find_instruction(kMma)->fragment(Operand::C));
  auto io = must(find_instruction_operand(kMma, "src"));  // the operand is read before the fragment is asked
  EXPECT_EQ(io.op, Operand::Src);
  for (auto const& [name, operand, says] : {std::tuple{"nope", "A", "no instruction 'nope'"},
                                            {kMma, "Q", "expected A, B, C, src or dst, found 'Q'"},
                                            {kMma, "src", "has no operand 'src'"}}) {
    auto r = find_fragment(name, operand);
    ASSERT_FALSE(r) << name << " " << operand;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
    EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
  }
}
