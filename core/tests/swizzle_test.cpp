// Swizzles and composed layouts (CuTe Swizzle<B,M,S>, ComposedLayout): CuTe's masks, bijection and involution, composition
// on the right, notation, and the shared-memory bank conflicts that swizzles exist to remove.
#include <functional>
#include <map>
#include <set>

#include "catlayout/core/swizzle.hpp"
#include "testing.hpp"

using namespace catlayout;
using namespace catlayout::testing;

namespace {

Swizzle Sw(int b, int m, int s) { return *Swizzle::make(b, m, s); }

ComposedLayout CL(std::string_view s) { return parsed(parse_composed_layout(s)); }

}  // namespace

TEST(Swizzle, MasksFollowCuTe) {
  auto s = Sw(3, 4, 3);  // the 128-byte swizzle: bits [7,10) into [4,7)
  EXPECT_EQ(s.yyy_mask(), 0b1110000000);
  EXPECT_EQ(s.zzz_mask(), 0b0001110000);
  EXPECT_EQ(s(128), 144);
  EXPECT_EQ(s(0b1010010101), 0b1011000101);  // bits 7, 9 flip bits 4, 6
  EXPECT_EQ(s.span_bits(), 10);
  auto n = Sw(2, 1, -3);  // negative S: the low field [1,3) goes up into [4,6)
  EXPECT_EQ(n.yyy_mask(), 0b000110);
  EXPECT_EQ(n.zzz_mask(), 0b110000);
  EXPECT_EQ(n(2), 2 ^ 16);
  EXPECT_EQ(n(16), 16);
  EXPECT_EQ(to_string(s), "Sw<3,4,3>");
  EXPECT_EQ(to_string(n), "Sw<2,1,-3>");
}

TEST(Swizzle, ValidationNamesTheCondition) {
  EXPECT_TRUE(Swizzle::make(0, 0, 0));
  auto r = Swizzle::make(3, 4, 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
  EXPECT_NE(r.error().message.find("|S| = 2 is less than B = 3"), std::string::npos) << r.error().message;
  EXPECT_FALSE(Swizzle::make(-1, 0, 1));
  EXPECT_FALSE(Swizzle::make(1, -1, 1));
  EXPECT_FALSE(Swizzle::make(20, 20, 30));
  EXPECT_TRUE(Swizzle::make(3, 4, -3));
}

// Every valid swizzle permutes [0, 2^(M+|S|+B)) and each block of that size, and (|S| >= B keeps
// the two fields apart) is its own inverse.
TEST(Swizzle, BijectionAndInvolution) {
  int checked = 0;
  for (int b = 0; b <= 4; ++b)
    for (int m = 0; m <= 4; ++m)
      for (int s = -(b + 3); s <= b + 3; ++s) {
        auto sw = Swizzle::make(b, m, s);
        if (!sw) continue;
        Int n = Int{1} << sw->span_bits();
        std::vector<bool> hit(static_cast<std::size_t>(n), false);
        for (Int x = 0; x < n; ++x) {
          Int y = (*sw)(x);
          ASSERT_TRUE(y >= 0 && y < n) << to_string(*sw) << " at " << x;
          ASSERT_FALSE(hit[static_cast<std::size_t>(y)]) << to_string(*sw) << " is not injective at " << x;
          hit[static_cast<std::size_t>(y)] = true;
          ASSERT_EQ((*sw)(y), x) << to_string(*sw) << " is not an involution at " << x;
          ASSERT_EQ((*sw)(x + 5 * n), y + 5 * n) << "blocks";
        }
        ++checked;
      }
  EXPECT_GT(checked, 100);
}

TEST(Swizzle, ComposedLayoutNotation) {
  auto c = CL("Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(to_string(c), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(CL("Sw<3,4,3> o (8,64):(64,1)"), c);  // offset left out
  EXPECT_EQ(to_string(CL("Sw<2,0,3> o 8 o 4:1")), "Sw<2,0,3> o 8 o 4:1");
  EXPECT_EQ(to_string(CL(" Sw< 1 , 2 , -3 >o 4:2 ")), "Sw<1,2,-3> o 0 o 4:2");
  EXPECT_TRUE(is_plain(CL("(8,64):(64,1)")));
  EXPECT_FALSE(parse_composed_layout("Sw<3,4,2> o 8:1"));
  EXPECT_TRUE(refused_saying(parse_composed_layout("Sw<3,4,3> x 8:1"), "expected 'o' at column 11"));
  EXPECT_TRUE(refused_saying(parse_composed_layout("Sw<3,4,3> o (8,64):(64)"), "not congruent"));
}

TEST(Swizzle, ComposedEvaluation) {
  auto c = CL("Sw<3,4,3> o 16 o (8,64):(64,1)");
  for (Int i = 0; i < c.size(); ++i) ASSERT_EQ(*evaluate(c, i), c.sw(16 + c.layout(i)));
  EXPECT_FALSE(evaluate(c, 512));
  EXPECT_EQ(*evaluate_extended(c, 512), c.sw(16 + 64));  // 512 = (0, 64): the last mode extends
}

// (sw o off o L) o B = sw o off o (L o B): the result is the function, errors are L o B's.
TEST(Swizzle, CompositionOnTheRight) {
  auto c = CL("Sw<3,4,3> o 0 o (8,64):(64,1)");
  auto r = composition(c, L("(8,8):(8,1)"));
  ASSERT_TRUE(r);
  EXPECT_EQ(to_string(*r), "Sw<3,4,3> o 0 o " + to_string(*composition(c.layout, L("(8,8):(8,1)"))));
  auto bad = composition(CL("Sw<1,0,1> o (3,2):(1,4)"), L("4:1"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::inadmissible);
  EXPECT_NE(bad.error().message.find("shape divisibility"), std::string::npos);
  EXPECT_EQ(to_string(*composition(c, T("<4:2,8>"))), "Sw<3,4,3> o 0 o (4,8):(128,1)");

  std::mt19937_64 g(21);
  int ok = 0;
  for (int t = 0; t < 2000; ++t) {
    auto a = random_layout(g, 6, 30);
    int b = std::uniform_int_distribution<int>(0, 3)(g);
    int s = std::uniform_int_distribution<int>(b, b + 3)(g);
    ComposedLayout ca{*Swizzle::make(b, std::uniform_int_distribution<int>(0, 3)(g), s),
                      std::uniform_int_distribution<Int>(0, 20)(g), a};
    auto bl = random_layout(g, 6, 12);
    auto rc = composition(ca, bl);
    auto rl = composition(a, bl);
    ASSERT_EQ(bool(rc), bool(rl));
    if (!rc) {
      ASSERT_EQ(rc.error().message, rl.error().message);
      continue;
    }
    ++ok;
    for (Int i = 0; i < rc->size(); ++i) {
      auto abi = evaluate_extended(ca, bl(i));
      ASSERT_TRUE(abi);
      ASSERT_EQ(*evaluate(*rc, i), *abi) << to_string(*rc) << " at " << i;
    }
  }
  EXPECT_GT(ok, 200);
}

// ---------------------------------------------------------------------------------------------
// Bank conflicts of ldmatrix on swizzled shared-memory tiles.
//
// Access pattern (ldmatrix .x1/.x4, one 8x8 matrix of 16-bit elements per phase): 8 threads each
// give the shared-memory address of one 16-byte row segment; the segments are the 8 rows
// r = 0..7 of the tile at one 16-byte column chunk c (elements 8c .. 8c+7). Shared memory has 32
// banks of 4 bytes, the 4-byte word w lying in bank w mod 32. One phase touches 8 x 4 = 32 words;
// it is conflict-free when they lie in 32 distinct banks. The conflict degree of a phase is the
// largest number of distinct words that share one bank (1 = conflict-free); a tile's degree is
// the maximum over its phases (every chunk c of every group of 8 rows).
namespace {

using ByteAddress = std::function<Int(Int row, Int col_byte)>;

int ldmatrix_degree(ByteAddress const& addr, Int rows, Int row_bytes) {
  int worst = 0;
  for (Int r0 = 0; r0 < rows; r0 += 8)
    for (Int c = 0; c < row_bytes / 16; ++c) {
      std::map<Int, std::set<Int>> bank;  // bank -> distinct words
      for (Int r = r0; r < r0 + 8; ++r)
        for (Int w = 0; w < 4; ++w) {
          Int word = addr(r, 16 * c + 4 * w) / 4;
          bank[word % 32].insert(word);
        }
      for (auto const& [b, words] : bank) worst = std::max(worst, static_cast<int>(words.size()));
    }
  return worst;
}

// A K-major tile (rows, k):(row stride, 1) of elements of `bytes` bytes; the swizzle acts on element
// offsets (CuTe's plain ComposedLayout) or on byte addresses (CuTe's smem_ptr_flag, as the GMMA
// atoms Layout_K_SW128_Atom = Sw<3,4,3> o smem_ptr o (8,64):(64,1) for 16-bit types).
ByteAddress on_elements(ComposedLayout c, Int bytes) {
  return [c, bytes](Int row, Int col_byte) {
    Int rows = c.layout.shape().mode(0).value();
    return bytes * *evaluate(c, row + rows * (col_byte / bytes));
  };
}
ByteAddress on_bytes(ComposedLayout c, Int bytes) {
  return [c, bytes](Int row, Int col_byte) {
    Int rows = c.layout.shape().mode(0).value();
    return c.sw(bytes * c.layout(row + rows * (col_byte / bytes)) + col_byte % bytes);
  };
}

}  // namespace

TEST(Swizzle, LdmatrixBankConflicts) {
  // 8 rows x 64 halfs (a 128-byte row), row-major: every row starts in bank 0, so the 8 segments
  // of a phase share 4 banks: 8-way conflicts.
  auto plain = CL("(8,64):(64,1)");
  EXPECT_EQ(ldmatrix_degree(on_elements(plain, 2), 8, 128), 8);
  // Sw<3,3,3> on half offsets (cute/examples sgemm_sm80: Swizzle<3,3,3> for half tiles) XORs the row
  // into the 16-byte chunk: conflict-free.
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("Sw<3,3,3> o (8,64):(64,1)"), 2), 8, 128), 1);
  // The GMMA 128-byte atom: Sw<3,4,3> on byte addresses, the same bits: conflict-free.
  EXPECT_EQ(ldmatrix_degree(on_bytes(CL("Sw<3,4,3> o (8,64):(64,1)"), 2), 8, 128), 1);
  // ... and on 8-bit elements, where element offsets are byte addresses.
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("Sw<3,4,3> o (8,128):(128,1)"), 1), 8, 128), 1);
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("(8,128):(128,1)"), 1), 8, 128), 8);
  // The 64-byte atom: 8 rows x 32 halfs, Sw<2,4,3> on bytes; rows r and r+2 collide without it.
  EXPECT_EQ(ldmatrix_degree(on_bytes(CL("Sw<2,4,3> o (8,32):(32,1)"), 2), 8, 64), 1);
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("(8,32):(32,1)"), 2), 8, 64), 4);
  // A taller tile: the atom repeated down 64 rows (rows 8..63 at 512 halfs per 8 rows).
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("Sw<3,3,3> o (64,64):(64,1)"), 2), 64, 128), 1);
  // Pitfall: Sw<3,4,3> applied to *half* offsets moves 32-byte chunks by rows 2..7 only: rows 0 and 1
  // stay in the same banks, a 2-way conflict. The 16-bit GMMA atom swizzles byte addresses.
  EXPECT_EQ(ldmatrix_degree(on_elements(CL("Sw<3,4,3> o (8,64):(64,1)"), 2), 8, 128), 2);
}
