// CuTe's slice_and_offset of a swizzled layout (slice_swizzled.hpp; cute/swizzle_layout.hpp:230-297).
#include "catlayout/core/slice_swizzled.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/crd2idx.hpp"
#include "catlayout/core/limits.hpp"
#include "slice_fields.hpp"

namespace catlayout {
namespace detail {

bool all_holes(SliceCoord const& c) {
  if (c.kind == SliceCoord::Kind::integer) return false;
  for (auto const& x : c.children)
    if (!all_holes(x)) return false;
  return true;
}

void dice_leaves(SliceCoord const& c, Layout const& m, std::vector<DicedLeaf>& out) {
  if (c.kind == SliceCoord::Kind::hole) return;
  if (c.kind == SliceCoord::Kind::integer) {
    auto s = m.flat_shape(), d = m.flat_stride();
    Int rest = c.value;  // colexicographic over the mode's leaves (inside the mode: slice checked)
    for (std::size_t k = 0; k < s.size(); ++k) {
      Int x = k + 1 == s.size() ? rest : rest % s[k];
      out.push_back({s[k], d[k], x, c.run_time});
      rest = k + 1 == s.size() ? 0 : rest / s[k];
    }
    return;
  }
  for (std::size_t i = 0; i < c.children.size(); ++i) dice_leaves(c.children[i], m.mode(i), out);
}

Result<Layout> projection(Swizzle const& sw, bool only_zy) {
  int b = sw.bits, m = sw.base, s = sw.shift < 0 ? -sw.shift : sw.shift;
  Int e[5] = {Int{1} << m, Int{1} << b, Int{1} << (s - b), Int{1} << b, 1};
  Int compact[5] = {1, Int{1} << m, Int{1} << (m + b), Int{1} << (m + s), Int{1} << (m + s + b)};
  std::vector<IntTuple> shape, stride;
  for (int k = 0; k < 5; ++k) {
    bool yz = k == 1 || k == 3;
    shape.emplace_back(e[k]);
    stride.emplace_back(yz == only_zy ? compact[k] : 0);
  }
  return Layout::make(IntTuple(shape), IntTuple(stride));
}

// s * d is 0 or a power of two (false where it overflows int64).
static bool pow2_product(Int s, Int d) {
  Int x = 0;
  if (__builtin_mul_overflow(s, d, &x)) return false;
  return x == 0 || (x > 0 && (x & (x - 1)) == 0);
}

Result<Int> zy_bits(Layout const& only_zy, DicedLeaf const& leaf, Int* flags) {
  CL_TRY(leaf_layout, Layout::make(IntTuple(leaf.shape), IntTuple(leaf.stride)));
  CL_TRY(p, composition(only_zy, leaf_layout));
  auto s = p.flat_shape(), d = p.flat_stride();
  Int bits = 0, rest = leaf.coord;
  for (std::size_t k = 0; k < s.size(); ++k) {
    Int x = k + 1 == s.size() ? rest : rest % s[k];
    rest = k + 1 == s.size() ? 0 : rest / s[k];
    if (!pow2_product(s[k], d[k]))
      return fail(ErrorKind::inadmissible, "CuTe's to_mixed_bits requires a power-of-two shape*stride: mode ", s[k], ":",
                  d[k], " of the fixed coordinates' layout on the swizzle's Y and Z bits (a static_assert)");
    bits ^= (x * d[k]) & ((s[k] - 1) * d[k]);
    if (flags) *flags |= (s[k] - 1) * d[k];
  }
  return bits;
}

Result<MixedLayout> decayed_swizzle(Swizzle const& sw, Int k, Int dynamic) {
  int b = sw.bits, m = sw.base, s = sw.shift < 0 ? -sw.shift : sw.shift;
  Int z = sw.zzz_mask() & -sw.zzz_mask(), y = sw.yyy_mask() & -sw.yyy_mask();
  auto strides = [&](bool z_field) {  // the Z field: +-Z by k's Y bit; the Y field: Y+-Z by k's Z bit
    std::vector<MixedTuple> out;
    for (int i = 0; i < b; ++i) {
      Int two_i = Int{1} << i, bit = (z_field ? y : z) << i;
      Int v = z_field ? ((k & bit) == 0 ? z * two_i : -z * two_i) : ((k & bit) == 0 ? (y + z) * two_i : (y - z) * two_i);
      out.push_back(MixedInt{v, (dynamic & bit) == 0});
    }
    return out;
  };
  auto field = [&](std::vector<MixedTuple> d) -> std::pair<MixedTuple, MixedTuple> {
    if (d.size() == 1) return {MixedInt{2, true}, d[0]};  // CuTe's repeat<1>: the value itself
    return {MixedTuple::tuple(std::vector<MixedTuple>(d.size(), MixedInt{2, true})), MixedTuple::tuple(std::move(d))};
  };
  auto st = [](Int v) { return MixedTuple(MixedInt{v, true}); };
  bool z_low = z < y;
  auto lo = field(strides(z_low)), hi = field(strides(!z_low));
  MixedLayout out;
  out.shape = MixedTuple::tuple({st(Int{1} << m), lo.first, st(Int{1} << (s - b)), hi.first, st(1)});
  out.stride = MixedTuple::tuple({st(1), lo.second, st(Int{1} << (m + b)), hi.second, st(Int{1} << (m + b + s))});
  return out;
}

}  // namespace detail

namespace {

using namespace detail;

Result<Int> checked_sum(Int a, Int b) { return checked_add(a, b, "slice_and_offset's offset"); }

// The swizzled layout at the coordinate c with its holes filled by index j, colexicographically over
// the holes in order: sw(k + L(c)).
struct Filler {
  Int rest;
  Result<Int> at(SliceCoord const& c, Layout const& m) {
    switch (c.kind) {
      case SliceCoord::Kind::hole: {
        Int j = rest % m.size();
        rest /= m.size();
        return m.at(j);
      }
      case SliceCoord::Kind::integer: return m.at_coord(IntTuple(c.value));
      case SliceCoord::Kind::tuple: break;
    }
    Int sum = 0;
    for (std::size_t i = 0; i < c.children.size(); ++i) {
      CL_TRY(v, at(c.children[i], m.mode(i)));
      sum += v;
    }
    return sum;
  }
};

// CuTe's answer held to the slice's function on every index of the sub-layout (up to the tabulation limit).
Result<void> check_function(SliceCoord const& c, ComposedLayout const& l, SliceResult const& r) {
  Int n = r.layout.size();
  if (n > limits::max_tabulate) return {};
  for (Int j = 0; j < n; ++j) {
    CL_TRY(got, slice_value(r, j));
    Filler f{j};
    CL_TRY(x, f.at(c, l.layout));
    CL_TRY(at, checked_sum(l.offset, x));
    Int want = l.sw(at);
    if (got != want)
      return cute_misses(fail(ErrorKind::inadmissible, "CuTe's slice of ", to_string(l), " at ", to_string(c),
                              " is not its function: at j = ", j, " it gives ", got, ", the swizzled layout ", want,
                              " (CuTe XORs the fixed coordinates' Y and Z bits into the offset ", l.offset,
                              " and adds their other bits after the swizzle: not the sum where bits meet or carry)"));
  }
  return {};
}

}  // namespace

Result<Int> slice_value(SliceResult const& r, Int j) {
  CL_TRY(v, r.layout.at(j));
  if (!r.swizzle) return checked_sum(r.offset, v);
  CL_TRY(in, checked_sum(r.swizzle_offset, v));
  return checked_sum(r.offset, (*r.swizzle)(in));
}

// check: hold CuTe's answer to the definition (slice_and_offset.swizzled); not where only CuTe's
// compile errors are sought.
static Result<SliceResult> swizzled_slice(SliceCoord const& c, ComposedLayout const& l, SliceResult plain, bool check) {
  SliceResult out{std::move(plain.layout), 0, l.sw, l.offset};
  if (all_holes(c)) return out;  // CuTe reshapes: Sw o k o slice(c, L), offset 0
  // CuTe composes its swizzle's layout with the empty sub-layout: no such make_layout (an identity
  // Swizzle<0,M,S> too: it is still the swizzled overload, swizzle_layout.hpp:230)
  if (!c.has_hole())
    return fail(ErrorKind::invalid_input, "CuTe's slice_and_offset of a swizzled layout needs a hole (_) in the "
                "coordinate: ", to_string(c), " fixes every mode of ", to_string(l), " (CuTe C++ does not compile it)");
  if (l.sw.is_identity()) {
    CL_TRY(offset, checked_sum(l.offset, plain.offset));
    return SliceResult{std::move(out.layout), offset, std::nullopt, 0};
  }
  CL_TRY(only_zy, projection(l.sw, true));
  CL_TRY(anti_zy, projection(l.sw, false));
  std::vector<DicedLeaf> diced;
  dice_leaves(c, l.layout, diced);
  Int k = l.offset, rest = 0;
  for (auto const& leaf : diced) {
    CL_TRY(bits, zy_bits(only_zy, leaf));
    k ^= bits;
    CL_TRY(leaf_layout, Layout::make(IntTuple(leaf.shape), IntTuple(leaf.stride)));
    CL_TRY(a, composition(anti_zy, leaf_layout));
    CL_TRY(v, a.extended(leaf.coord));
    CL_TRY(sum, checked_sum(rest, v));
    rest = sum;
  }
  // The bits the sliced layout reaches on Y and Z: its projection at its last index.
  CL_TRY(reach, composition(only_zy, out.layout));
  CL_TRY(active, reach.at(reach.size() - 1));
  if ((active & ~l.sw(active)) != 0) {  // a Z bit and its Y bit both reached: it stays swizzled
    out.swizzle_offset = k;
    out.offset = rest;
  } else {
    CL_TRY(marked, decayed_swizzle(l.sw, k, 0));
    CL_TRY(swizzle_layout, unmarked(marked));
    CL_TRY(r, composition(swizzle_layout, out.layout));
    CL_TRY(offset, checked_sum(l.sw(k), rest));
    out = SliceResult{std::move(r), offset, std::nullopt, 0};
  }
  if (check) CL_CHECK(check_function(c, l, out));
  return out;
}

Result<SliceResult> slice_and_offset(SliceCoord const& c, ComposedLayout const& l) {
  auto plain = slice_and_offset(c, l.layout);  // the sliced layout, and the coordinate's checks
  if (!plain && plain.error().cute_precondition) {
    // A coordinate outside its mode is unchecked (crd2idx extends past it); CuTe compiles its slice
    // of the swizzled layout first, and a static_assert there (or no overload for a coordinate
    // without a hole) is its answer.
    if (auto extended = detail::slice_extended(c, l.layout)) {
      auto compiled = swizzled_slice(c, l, std::move(*extended), false);
      if (!compiled && !compiled.error().cute_runs()) return compiled;
    }
  }
  if (!plain) return std::unexpected(plain.error());
  return swizzled_slice(c, l, std::move(*plain), true);
}

}  // namespace catlayout
