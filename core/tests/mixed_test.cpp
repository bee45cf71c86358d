// Static and run-time integers (core/mixed.hpp, core/mixed_algebra.hpp).
#include "catlayout/core.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

namespace {

template <class T>
T read_or_fail(Result<T> r, std::string_view s) {
  if (!r) ADD_FAILURE() << s << ": " << r.error().what();
  return r ? std::move(*r) : T{};
}
MixedLayout ML(std::string_view s) { return read_or_fail(read_mixed_layout(s, Integers::as_printed), s); }
MixedTiler MT_(std::string_view s) { return read_or_fail(read_mixed_tiler(s, Integers::as_printed), s); }
template <class T>
std::string P(Result<T> const& r) {
  return r ? to_string(*r) : r.error().what();
}

}  // namespace

TEST(Mixed, ReadsAndPrintsCuteNotation) {
  for (auto s : {"(4,8,1,2):(_1,4,32,32)", "(_4,(8,_2)):(_16,(_1,64))", "_1:_0", "8:_1", "(_2,3):(_-1,5)"})
    EXPECT_EQ(to_string(ML(s)), s);
  EXPECT_EQ(to_string(*read_mixed_layout("(4,8):(1,4)", Integers::all_static)), "(_4,_8):(_1,_4)");
  EXPECT_TRUE(has_static_marks("(4,_8):(_1,4)"));
  EXPECT_FALSE(has_static_marks("(4,8):(1,4)"));
  EXPECT_FALSE(has_static_marks("Sw<3,4,3> o my_name"));
  EXPECT_FALSE(read_mixed_layout("(4,8):(1)", Integers::as_printed));   // not congruent
  EXPECT_FALSE(read_mixed_layout("(0,8):(1,4)", Integers::as_printed)); // extent 0
  EXPECT_FALSE(read_mixed_layout("(4,8):(1,4) x", Integers::as_printed));
  EXPECT_FALSE(read_mixed_layout("99999999999999999999:1", Integers::as_printed));
  EXPECT_EQ(to_string(MT_("(_4:_1,8)")), "(_4:_1,8)");
}

// CUTLASS test/unit/cute/core/compact_xmajor.cpp: make_layout with run-time extents keeps a
// run-time extent-1 mode and gives it the running stride (a static 1 gets _0).
TEST(Mixed, CompactMajorWithRunTimeExtents) {
  EXPECT_EQ(P(make_layout(*read_mixed_tuple("(4,8,1,2)", Integers::as_printed), Major::left)), "(4,8,1,2):(_1,4,32,32)");
  EXPECT_EQ(P(make_layout(*read_mixed_tuple("(_4,_8,_1,_2)", Integers::as_printed), Major::left)),
            "(_4,_8,_1,_2):(_1,_4,_0,_32)");
  EXPECT_EQ(P(make_layout(*read_mixed_tuple("(96,64)", Integers::as_printed), Major::right)), "(96,64):(64,_1)");
}

// CUTLASS test/unit/cute/core/logical_divide.cpp: make_layout(2) / Layout<_32> keeps the rest mode 1:_32.
TEST(Mixed, DivideKeepsRunTimeRestMode) {
  EXPECT_EQ(P(logical_divide(ML("2:_1"), MT_("_32:_1"))), "(_32,1):(_1,_32)");
}

TEST(Mixed, RunTimeRefusalsNameTheirReason) {
  auto c = complement(ML("(4,8):(1,4)"));
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("Dynamic-stride complement only for rank-1 layouts"), std::string::npos);
  auto l = left_inverse(ML("(_4,_8):(_1,4)"));
  ASSERT_FALSE(l);
  EXPECT_NE(l.error().message.find("Left inverse requires static strides"), std::string::npos);
}

// With every integer static, the run-time path is CuTe's static path: it equals core's engine
// (held to CuTe with static integers by the corpus) wherever that answers.
TEST(Mixed, AllStaticEqualsTheEngine) {
  std::mt19937_64 g(55);
  int compared = 0;
  auto same = [&](Result<Layout> const& plain, Result<MixedLayout> const& mixed, std::string const& what) {
    if (!plain || !mixed) return;
    auto back = unmarked(*mixed);
    ASSERT_TRUE(back) << what;
    EXPECT_EQ(to_string(*back), to_string(*plain)) << what << " run-time path " << to_string(*mixed);
    EXPECT_TRUE(all_static(*mixed)) << what;
    ++compared;
  };
  for (int n = 0; n < 3000; ++n) {
    Layout a = random_layout(g, 6, 20), b = random_layout(g, 4, 12);
    MixedLayout ma = mark_static(a), mb = mark_static(b);
    MixedTiler tb;
    tb.layout = mb;
    std::string what = to_string(a) + " , " + to_string(b);
    same(Result<Layout>(coalesce(a)), coalesce(ma), "coalesce " + what);
    same(composition(a, b), composition(ma, mb), "composition " + what);
    same(complement(a, a.size() * 4), complement(ma, MixedInt{a.size() * 4, true}), "complement " + what);
    same(complement(a), complement(ma), "complement " + what);
    same(logical_divide(a, Tiler::of(b)), logical_divide(ma, tb), "logical_divide " + what);
    same(zipped_divide(a, Tiler::of(b)), zipped_divide(ma, tb), "zipped_divide " + what);
    same(logical_product(a, Tiler::of(b)), logical_product(ma, tb), "logical_product " + what);
    same(blocked_product(a, b), blocked_product(ma, mb), "blocked_product " + what);
    same(raked_product(a, b), raked_product(ma, mb), "raked_product " + what);
    same(Result<Layout>(right_inverse(a)), right_inverse(ma), "right_inverse " + what);
    same(left_inverse(a), left_inverse(ma), "left_inverse " + what);
  }
  EXPECT_GT(compared, 10000);
}

namespace {

// Each integer of t marked run-time with probability 1/2.
MixedTuple random_marks(MixedTuple t, std::mt19937_64& g) {
  if (t.is_leaf) {
    t.leaf.is_static = g() % 2;
    return t;
  }
  for (auto& m : t.modes) m = random_marks(m, g);
  return t;
}
MixedLayout random_marks(Layout const& l, std::mt19937_64& g) {
  return {random_marks(mark_static(l.shape()), g), random_marks(mark_static(l.stride()), g)};
}

// The function of a layout on its domain, and its size.
std::vector<Int> table(Layout const& l) {
  std::vector<Int> t;
  for (Int i = 0; i < l.size(); ++i) t.push_back(l(i));
  return t;
}

}  // namespace

// What CuTe promises whatever the marks (its stated post-conditions, cute/layout.hpp): coalesce
// keeps the function ("@post for all i, 0 <= i < size(@a layout), @a layout(i) == @a result(i)"),
// make_layout is the compact layout of the shape, right_inverse is a right inverse (L(R(i)) == i).
// (Composition, complement, divides and products promise their function only under conditions CuTe
// checks on static integers alone, and a run-time extent 1 can break left_inverse's quasi-inverse
// contract, (1,6):(_6,_3) for one: the op rows check those answers.)
TEST(Mixed, RunTimeMarksKeepWhatCutePromises) {
  std::mt19937_64 g(5500);
  int compared = 0;
  auto same = [&](Layout const& plain, Result<MixedLayout> const& mixed, std::string const& what) {
    ASSERT_TRUE(mixed) << what << ": " << mixed.error().message;
    auto back = unmarked(*mixed);
    ASSERT_TRUE(back) << what;
    EXPECT_EQ(table(*back), table(plain)) << what << ": run-time " << to_string(*mixed) << ", static " << to_string(plain);
    ++compared;
  };
  for (int n = 0; n < 3000; ++n) {
    Layout a = random_layout(g, 6, 20);
    MixedLayout ma = random_marks(a, g);
    std::string what = to_string(ma);
    same(coalesce(a), coalesce(ma), "coalesce " + what);
    same(*make_layout(a.shape(), Major::left), make_layout(ma.shape, Major::left), "make_layout " + what);
    same(*make_layout(a.shape(), Major::right), make_layout(ma.shape, Major::right), "make_layout right " + what);
    auto r = right_inverse(ma);
    ASSERT_TRUE(r) << what;
    auto u = unmarked(*r);
    ASSERT_TRUE(u);
    for (Int i = 0; i < u->size(); ++i) ASSERT_EQ(a((*u)(i)), i) << "right_inverse " << what << " R=" << to_string(*r);
  }
  EXPECT_EQ(compared, 9000);
}

// CuTe's coordinate maps and compact strides (core/mixed_coord.hpp, cute/stride.hpp) are the same
// arithmetic on run-time integers: whatever the marks, their values are the engine's; compact
// strides differ only at a run-time extent 1 (the running stride, no index reaching it). With every
// integer static each integer of the answer is static.
TEST(Mixed, CoordinateMapsKeepTheirValuesUnderAnyMarks) {
  std::mt19937_64 g(5501);
  int compared = 0;
  auto all_marked_static = [](MixedTuple const& t) {
    for (auto v : flatten(t))
      if (!v.is_static) return false;
    return true;
  };
  for (int n = 0; n < 2000; ++n) {
    Layout a = random_layout(g, 5, 16);
    IntTuple const& s = a.shape();
    Int i = static_cast<Int>(g() % static_cast<std::uint64_t>(a.size()));
    bool run_time = n % 4 != 0;  // every fourth case all static
    auto marks = [&](IntTuple const& t) { return run_time ? random_marks(mark_static(t), g) : mark_static(t); };
    MixedTuple ms = marks(s), md = marks(a.stride()), mi = marks(IntTuple(i));
    std::string what = to_string(ms) + " i=" + std::to_string(i);

    auto crd = idx2crd(mi, ms);
    ASSERT_TRUE(crd) << what << ": " << crd.error().message;
    auto want_crd = idx2crd(IntTuple(i), s);
    ASSERT_TRUE(want_crd);
    EXPECT_EQ(unmarked(*crd), *want_crd) << what;

    auto k = crd2idx(*crd, ms, md);  // the coordinate (with CuTe's marks) back through the strides
    ASSERT_TRUE(k) << what << ": " << k.error().message;
    EXPECT_EQ(k->value, a(i)) << what << " crd " << to_string(*crd);
    auto k1 = crd2idx(mi, ms, md);
    ASSERT_TRUE(k1);
    EXPECT_EQ(k1->value, a(i)) << what;
    auto back = crd2idx(*crd, ms);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->value, i) << what;

    for (Major m : {Major::left, Major::right}) {
      MixedTuple start = marks(IntTuple(Int{1} + static_cast<Int>(g() % 4)));
      auto got = compact_major(ms, m, start);
      auto want = compact_major(s, m, unmarked(start));
      ASSERT_TRUE(got && want) << what;
      auto gv = flatten(*got);
      auto wv = want->values();
      auto ext = s.values();
      ASSERT_EQ(gv.size(), wv.size());
      for (std::size_t j = 0; j < wv.size(); ++j)
        if (ext[j] != 1 || flatten(ms)[j].is_static) { EXPECT_EQ(gv[j].value, wv[j]) << what << " compact " << to_string(*got); }
      if (!run_time) { EXPECT_TRUE(all_marked_static(*got)) << what; }
    }
    if (!run_time) { EXPECT_TRUE(all_marked_static(*crd) && k->is_static && back->is_static) << what; }
    ++compared;
  }
  EXPECT_EQ(compared, 2000);
}

// 01_layout.md:404-409 and :434-440 state CuTe's marks on these.
TEST(Mixed, CoordinateMapsPrintCuteMarks) {
  auto T = [](std::string_view s) { return *read_mixed_tuple(s, Integers::as_printed); };
  auto shape = T("(_3,(_2,_3))"), stride = T("(_3,(_12,_1))");
  EXPECT_EQ(P(idx2crd(T("16"), shape)), "(1,(1,2))");
  EXPECT_EQ(P(idx2crd(T("_16"), shape)), "(_1,(_1,_2))");
  EXPECT_EQ(P(idx2crd(T("(_1,5)"), shape)), "(_1,(1,2))");
  EXPECT_EQ(P(idx2crd(T("(_1,(1,_2))"), shape)), "(_1,(1,_2))");
  EXPECT_EQ(P(crd2idx(T("16"), shape, stride)), "17");
  EXPECT_EQ(P(crd2idx(T("_16"), shape, stride)), "_17");
  EXPECT_EQ(P(crd2idx(T("(_1,5)"), shape, stride)), "17");
  EXPECT_EQ(P(crd2idx(T("(_1,_5)"), shape, stride)), "_17");
  EXPECT_EQ(P(compact_major(T("1"), Major::left, T("3"))), "3");     // compact_xmajor.cpp:91
  EXPECT_EQ(P(compact_major(T("_1"), Major::left, T("_3"))), "_0");  // compact_xmajor.cpp:42
  EXPECT_FALSE(crd2idx(T("(1,2,3)"), shape, stride));                // Mismatched Ranks
}
