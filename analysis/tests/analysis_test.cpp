// Every analysis against brute force on random layouts: the brute force enumerates bytes one by one
// (banks, sectors, lines), vectors by every power of two, owners by counting, and footprints by
// core's own predicates where they decide.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "catlayout/analysis.hpp"
#include "catlayout/core/predicates.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::analysis {
namespace {

struct Case {
  Layout tv;
  ComposedLayout data;
};

// A random layout of the given size from modes of sizes 1..4 and strides from a small set (with
// padding and zeros), strides scaled so that the layout stays small.
Layout random_modes(std::mt19937& g, Int size, bool allow_zero) {
  std::vector<IntTuple> shape, stride;
  Int left = size, step = 1;
  while (left > 1) {
    Int s = 2;
    for (Int c : {4, 8, 2}) if (left % c == 0 && g() % 2) { s = c; break; }
    if (left % s != 0) s = left;
    static constexpr Int kinds[] = {1, 1, 1, 2, 3, 0};
    Int k = kinds[g() % (allow_zero ? 6 : 5)];
    Int d = k == 0 ? 0 : k == 3 ? step + 1 : step * k;  // compact, gapped, padded or stride 0
    shape.push_back(s), stride.push_back(d);
    step = std::max<Int>(1, d) * s;
    left /= s;
  }
  if (shape.empty()) return layout(1, 0);
  for (std::size_t i = shape.size(); i > 1; --i) {  // the same modes in a random order
    std::size_t j = g() % i;
    std::swap(shape[i - 1], shape[j]), std::swap(stride[i - 1], stride[j]);
  }
  return layout(IntTuple(shape), IntTuple(stride));
}

Case random_case(std::mt19937& g, Int threads, Int values) {
  Layout thr = random_modes(g, threads, true), val = random_modes(g, values, g() % 3 == 0);
  Layout tv = layout(tup(thr.shape(), val.shape()), tup(thr.stride(), val.stride()));
  Int n = cosize(tv);
  // The data layout: the tile of n elements as rows x cols, row- or column-major, maybe padded.
  Int rows = 1;
  for (Int r : {16, 8, 4, 2}) if (n % r == 0 && g() % 2) { rows = r; break; }
  Int cols = n / rows, pad = g() % 3 == 0 ? 1 + static_cast<Int>(g() % 4) : 0;
  Layout d = g() % 2 ? layout(tup(rows, cols), tup(cols + pad, 1)) : layout(tup(rows, cols), tup(1, rows + pad));
  ComposedLayout data{{}, 0, d};
  if (g() % 4 == 0) data.sw = *Swizzle::make(static_cast<int>(g() % 3) + 1, static_cast<int>(g() % 4),
                                             static_cast<int>(g() % 3) + 3);
  return {tv, data};
}

// The bytes of thread t's vector k, from the layouts themselves (no MemoryAccess).
std::vector<Int> bytes_of(Case const& c, AccessSpec const& s, Int t, Int k) {
  std::vector<Int> out;
  Int T = c.tv.mode(0).size();
  for (Int j = 0; j < s.vector_values; ++j) {
    Int e = *evaluate(c.data, c.tv(t + T * (k * s.vector_values + j)));
    for (Int b = 0; b < s.elem_bytes; ++b) out.push_back(s.base_byte + s.elem_bytes * e + b);
  }
  return out;
}

AccessSpec random_spec(std::mt19937& g, Int values) {
  static constexpr Int sizes[] = {1, 2, 4, 8, 16};
  AccessSpec s{sizes[g() % 5], 1, 0};
  for (Int n : {8, 4, 2}) if (values % n == 0 && n * s.elem_bytes <= 16 && g() % 2) { s.vector_values = n; break; }
  if (g() % 4 == 0) s.base_byte = s.elem_bytes * static_cast<Int>(g() % 8);
  return s;
}

// One random access: T = t_unit << (g() % t_bits) threads and V = 1 << (g() % v_bits) values, a case
// of them and a spec.
struct Draw {
  Int T, V;
  Case c;
  AccessSpec s;
};

Draw random_draw(std::mt19937& g, Int t_unit, unsigned t_bits, unsigned v_bits) {
  Int T = t_unit << (g() % t_bits);
  Int V = Int{1} << (g() % v_bits);
  Case c = random_case(g, T, V);
  return {T, V, c, random_spec(g, V)};
}

// Every vector of every thread under s (s.vector_values values each) is consecutive bytes, aligned to
// the vector's size.
bool vectors_consecutive_and_aligned(Case const& c, AccessSpec const& s, Int T, Int V) {
  for (Int t = 0; t < T; ++t)
    for (Int k = 0; k < V / s.vector_values; ++k) {
      auto b = bytes_of(c, s, t, k);
      if (b.front() % (s.elem_bytes * s.vector_values) != 0) return false;
      for (std::size_t j = 1; j < b.size(); ++j)
        if (b[j] != b[0] + static_cast<Int>(j)) return false;
    }
  return true;
}

constexpr int kCases = 400;

// kCases draws from the seed (random_draw's t_unit, t_bits, v_bits); check(draw, access) runs on each
// access that make_access makes. Returns how many it made (a fatal failure in check stops the draws).
template <class Check>
int for_each_made_access(unsigned seed, Int t_unit, unsigned t_bits, unsigned v_bits, Check&& check) {
  std::mt19937 g(seed);
  int made = 0;
  for (int i = 0; i < kCases; ++i) {
    Draw d = random_draw(g, t_unit, t_bits, v_bits);
    auto a = make_access(d.c.tv, d.c.data, d.s);
    if (!a) continue;
    ++made;
    check(d, *a);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return made;
}

TEST(Analysis, AccessExistsExactlyWhenEveryVectorIsConsecutiveAndAligned) {
  std::mt19937 g(11);
  int made = 0;
  for (int i = 0; i < kCases; ++i) {
    auto [T, V, c, s] = random_draw(g, 1, 7, 4);
    auto a = make_access(c.tv, c.data, s);
    bool ok = vectors_consecutive_and_aligned(c, s, T, V);
    EXPECT_EQ(a.has_value(), ok) << to_string(c.tv) << " over " << to_string(c.data) << " "
                                 << (a ? "" : a.error().what());
    made += a.has_value();
  }
  EXPECT_GT(made, kCases / 4);  // the property is not vacuous
}

TEST(Analysis, BankConflictsAgreeWithCountingBytes) {
  int conflicted = 0;
  int checked = for_each_made_access(12, 8, 4, 4, [&](Draw const& d, MemoryAccess const& a) {
    auto const& [T, V, c, s] = d;
    auto r = bank_conflicts(a);
    ASSERT_TRUE(r) << r.error().what();
    Int vb = s.elem_bytes * s.vector_values, per_phase = vb <= 4 ? 32 : 128 / vb;
    std::size_t n = 0;
    Int total = 0;
    for (Int w0 = 0; w0 < T; w0 += 32)
      for (Int k = 0; k < V / s.vector_values; ++k, ++n) {
        ASSERT_LT(n, r->accesses.size());
        auto const& acc = r->accesses[n];
        std::set<Int> words;
        Int wave = 0;
        std::size_t p = 0;
        for (Int f = w0; f < std::min(T, w0 + 32); f += per_phase, ++p) {
          std::map<Int, std::set<Int>> bank;  // bank -> words, from every byte
          for (Int t = f; t < std::min({T, w0 + 32, f + per_phase}); ++t)
            for (Int b : bytes_of(c, s, t, k)) bank[(b / 4) % 32].insert(b / 4), words.insert(b / 4);
          Int most = 0;
          for (auto const& [_, ws] : bank) most = std::max<Int>(most, static_cast<Int>(ws.size()));
          ASSERT_LT(p, acc.phases.size());
          EXPECT_EQ(acc.phases[p].wavefronts, most);
          if (most > 1) {
            EXPECT_EQ(static_cast<Int>(bank[acc.phases[p].worst_bank].size()), most);
            EXPECT_FALSE(acc.phases[p].colliding.empty());
          }
          wave += most;
        }
        EXPECT_EQ(acc.wavefronts, wave);
        EXPECT_EQ(acc.ideal, (static_cast<Int>(words.size()) + 31) / 32);
        total += wave;
        conflicted += acc.wavefronts > acc.ideal;
      }
    EXPECT_EQ(n, r->accesses.size());
    EXPECT_EQ(r->wavefronts, total);
  });
  EXPECT_GT(checked, kCases / 4);
  EXPECT_GT(conflicted, 10);  // random layouts do conflict: the check sees both outcomes
}

TEST(Analysis, CoalescingAgreesWithCountingBytes) {
  int checked = for_each_made_access(13, 8, 4, 4, [](Draw const& d, MemoryAccess const& a) {
    auto const& [T, V, c, s] = d;
    auto r = coalescing(a);
    ASSERT_TRUE(r);
    std::size_t n = 0;
    for (Int w0 = 0; w0 < T; w0 += 32)
      for (Int k = 0; k < V / s.vector_values; ++k, ++n) {
        std::set<Int> bytes, sectors, lines;
        for (Int t = w0; t < std::min(T, w0 + 32); ++t)
          for (Int b : bytes_of(c, s, t, k)) bytes.insert(b), sectors.insert(b / 32), lines.insert(b / 128);
        auto const& x = r->accesses.at(n);
        EXPECT_EQ(x.bytes, static_cast<Int>(bytes.size()));
        EXPECT_EQ(x.sectors, static_cast<Int>(sectors.size()));
        EXPECT_EQ(x.lines, static_cast<Int>(lines.size()));
        EXPECT_EQ(x.ideal_sectors, (x.bytes + 31) / 32);
        EXPECT_EQ(x.ideal_lines, (x.bytes + 127) / 128);
      }
  });
  EXPECT_GT(checked, kCases / 4);
}

TEST(Analysis, WidestVectorIsTheLargestThatEnumerationAccepts) {
  std::mt19937 g(14);
  std::map<std::string, int> methods;
  std::map<Int, int> widths;
  for (int i = 0; i < kCases; ++i) {
    auto [T, V, c, s] = random_draw(g, 1, 6, 5);
    auto r = widest_vector(c.tv, c.data, s);
    ASSERT_TRUE(r) << to_string(c.tv) << " over " << to_string(c.data) << ": " << r.error().what();
    Int best = 1;
    for (Int n = 2; n * s.elem_bytes <= 16 && V % n == 0; n *= 2) {
      if (!vectors_consecutive_and_aligned(c, AccessSpec{s.elem_bytes, n, s.base_byte}, T, V)) break;
      best = n;
    }
    EXPECT_EQ(r->values, best) << to_string(c.tv) << " over " << to_string(c.data) << " (" << s.elem_bytes
                               << "-byte, base " << s.base_byte << "), " << r->method << ": " << r->limited_by;
    EXPECT_EQ(r->bytes, best * s.elem_bytes);
    EXPECT_FALSE(r->limited_by.empty());
    ++methods[r->method], ++widths[r->values];
  }
  EXPECT_GT(methods["algebra"], kCases / 2);
  EXPECT_GT(methods["enumeration"], 10);
  EXPECT_GE(widths.size(), 3u);  // several answers occur
}

TEST(Analysis, OwnershipAgreesWithCountingOwners) {
  std::mt19937 g(15);
  int exact = 0, replicated = 0, holes = 0;
  for (int i = 0; i < kCases; ++i) {
    Int T = Int{1} << (g() % 6), V = Int{1} << (g() % 4);
    auto c = random_case(g, T, V);
    Int tile = cosize(c.tv) + static_cast<Int>(g() % 3);
    auto r = ownership(c.tv, tile, T + static_cast<Int>(g() % 2) * 4);
    ASSERT_TRUE(r) << r.error().what();
    std::vector<Int> owners(static_cast<std::size_t>(tile));
    std::vector<std::set<Int>> held(static_cast<std::size_t>(T));
    for (Int t = 0; t < T; ++t)
      for (Int v = 0; v < V; ++v) ++owners[static_cast<std::size_t>(c.tv(t + T * v))], held[t].insert(c.tv(t + T * v));
    EXPECT_EQ(r->owners, owners);
    Int none = 0, many = 0;
    for (Int o : owners) none += o == 0, many += o > 1;
    EXPECT_EQ(static_cast<Int>(r->uncovered.size()), none);
    EXPECT_EQ(r->replicated, many);
    EXPECT_EQ(r->exact(), none == 0 && many == 0);
    for (auto const& grp : r->replica_groups)
      for (Int t : grp) EXPECT_EQ(held[t], held[grp.front()]);
    // A stride-0 thread mode of size > 1 makes replicas, and the report names it.
    bool zero_thread_mode = false;
    auto f = flat_modes(c.tv.mode(0));
    for (std::size_t k = 0; k < f.shape.size(); ++k) zero_thread_mode |= f.shape[k] > 1 && f.stride[k] == 0;
    if (zero_thread_mode) {
      EXPECT_FALSE(r->replica_groups.empty());
    }
    exact += r->exact(), replicated += many > 0, holes += none > 0;
  }
  EXPECT_GT(exact, 10);
  EXPECT_GT(replicated, 10);
  EXPECT_GT(holes, 10);
}

TEST(Analysis, FootprintAgreesWithCorePredicates) {
  std::mt19937 g(16);
  for (int i = 0; i < kCases; ++i) {
    Layout l = random_modes(g, Int{1} << (g() % 7), g() % 2);
    auto f = footprint(ComposedLayout{{}, 0, l});
    ASSERT_TRUE(f);
    EXPECT_EQ(f->injective, is_injective(l)) << to_string(l);
    EXPECT_EQ(f->compact, is_compact(l)) << to_string(l);
    EXPECT_EQ(f->cosize, cosize(l)) << to_string(l);  // non-negative strides: CuTe's L(size-1) + 1
    auto offs = tabulate(l);
    std::set<Int> image(offs.begin(), offs.end());
    EXPECT_EQ(f->image, static_cast<Int>(image.size()));
    EXPECT_EQ(f->holes, f->cosize - f->image);
    bool onto = true;
    for (Int e = 0; e < f->tile; ++e) onto = onto && image.count(e);
    EXPECT_EQ(f->surjective, onto);
  }
}

// A TV layout with coordinate strides, (thread, value) -> (m, n), is the integer TV layout that
// gives the column-major index m + rows * n: the same elements, banks and vectors.
TEST(Analysis, CoordinateStridesReadTheDataAtTheCoordinate) {
  struct Pair {
    char const *coord, *index, *data;
  };
  for (auto [coord, index, data] :
       {Pair{"(32,4):(1@0,1@1)", "(32,4):(1,32)", "(32,4):(4,1)"},
        Pair{"((4,8),(2,2)):((2@1,1@0),(1@1,8@1))", "((4,8),(2,2)):((16,1),(8,64))", "(8,16):(16,1)"},
        Pair{"(16,8):(1@1,2@0)", "(16,8):(16,2)", "Sw<2,1,3> o (16,16):(16,1)"}}) {
    auto c = parse_coord_layout(coord);
    auto l = parse_layout(index);
    auto d = parse_composed_layout(data);
    ASSERT_TRUE(c && l && d) << coord;
    AccessSpec s{4, 1, 0};
    auto ac = make_access(*c, *d, s), al = make_access(*l, *d, s);
    ASSERT_TRUE(ac) << ac.error().what();
    ASSERT_TRUE(al) << al.error().what();
    EXPECT_EQ(ac->element, al->element) << coord;
    EXPECT_EQ(bank_conflicts(*ac)->wavefronts, bank_conflicts(*al)->wavefronts);
    auto vc = widest_vector(*c, *d, s), vl = widest_vector(*l, *d, s);
    ASSERT_TRUE(vc && vl);
    EXPECT_EQ(vc->values, vl->values) << coord << ": " << vc->limited_by << " / " << vl->limited_by;
  }
  // A coordinate outside the data's shape is named.
  auto e = make_access(*parse_coord_layout("(32,4):(1@0,1@1)"), *parse_composed_layout("(16,4):(4,1)"), {});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("thread 16 value 0"), std::string::npos) << e.error().message;
}

TEST(Analysis, BadInputIsNamed) {
  Layout tv = layout(tup(32, 2), tup(1, 32));
  ComposedLayout data{{}, 0, layout(tup(32, 32), tup(32, 1))};
  auto e = make_access(tv, data, AccessSpec{3, 1, 0});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("element size 3"), std::string::npos);
  e = make_access(layout(tup(32, 2), tup(1, 64)), data, AccessSpec{4, 2, 0});  // values 0 and 1: columns 0 and 2
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not consecutive"), std::string::npos) << e.error().message;
  e = make_access(layout(tup(32, 2), tup(1, 1024)), data, AccessSpec{});
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("outside the data layout"), std::string::npos) << e.error().message;
  auto o = ownership(tv, 16);
  ASSERT_FALSE(o);
  EXPECT_NE(o.error().message.find("outside the tile [0, 16)"), std::string::npos);
  EXPECT_FALSE(make_access(layout(32, 1), data, AccessSpec{}));  // rank 1 is not a TV layout
}

// The analyses' readers: TV takes integer or coordinate strides, DATA integer strides (as the
// identity swizzle over them) or a swizzled layout; each refusal names the role, the kind and the text.
TEST(Analysis, ReadersTakeTheirKindsAndNameTheRest) {
  auto tv = read_tv_layout("(32,2):(1,32)");
  ASSERT_TRUE(tv) << tv.error().message;
  EXPECT_EQ(std::get<Layout>(*tv), layout(tup(32, 2), tup(1, 32)));
  auto coord = read_tv_layout("(4,8):(1@1,1@0)");
  ASSERT_TRUE(coord) << coord.error().message;
  EXPECT_TRUE(std::holds_alternative<CoordLayout>(*coord));
  auto data = read_data_layout("(32,32):(32,1)");
  ASSERT_TRUE(data) << data.error().message;
  EXPECT_EQ(data->layout, layout(tup(32, 32), tup(32, 1)));
  EXPECT_EQ(data->sw, Swizzle{});
  auto sw = read_data_layout("Sw<3,3,3> o (8,64):(64,1)");
  ASSERT_TRUE(sw) << sw.error().message;
  EXPECT_EQ(sw->sw, (Swizzle{3, 3, 3}));
  for (auto const& [r, says] :
       {std::pair{read_tv_layout("Sw<1,2,3> o (4,8):(8,1)").error().message, "TV is a swizzled layout"},
        {read_data_layout("(4,8):(1@1,1@0)").error().message, "DATA is a coordinate layout"},
        {read_tv_layout("(4,8):(1,").error().message, "TV: "},
        {read_data_layout("(4,8)x").error().message, "DATA: "}}) {
    EXPECT_NE(r.find(says), std::string::npos) << r;
    EXPECT_NE(r.find("in '"), std::string::npos) << r;
  }
}

}  // namespace
}  // namespace catlayout::analysis
