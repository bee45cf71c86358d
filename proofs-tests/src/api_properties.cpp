#include "catlayout/proofs/api_properties.hpp"
#include "outcome_text.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <numeric>
#include <optional>
#include <type_traits>
#include <unordered_set>

#include "catlayout/wire/strides_json.hpp"

namespace catlayout::proofs {

using namespace catlayout::wire;  // the JSON forms of the values
using namespace detail;  // table_text, overflow, refused (outcome_text.hpp)
namespace {

std::string num(Int x) { return std::to_string(x); }


Int prod(std::vector<Int> const& v) {
  Int p = 1;
  for (Int x : v) p *= x;
  return p;
}

// Colexicographic coordinate of i over `sizes` (the first entry fastest) and back.
std::vector<Int> colex(Int i, std::vector<Int> const& sizes) {
  std::vector<Int> c;
  for (Int s : sizes) {
    c.push_back(i % s);
    i /= s;
  }
  return c;
}
Int colex_index(std::vector<Int> const& c, std::vector<Int> const& sizes) {
  Int i = 0, scale = 1;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    i += c[k] * scale;
    scale *= sizes[k];
  }
  return i;
}

std::vector<Int> values(IntTuple const& t) { return flatten_values(t); }
Int size_of(IntTuple const& t) { return prod(values(t)); }
// The sizes of the top-level modes (an integer shape is its own single mode, CuTe's get<0>(int)).
std::vector<Int> mode_sizes(IntTuple const& shape) {
  if (shape.is_leaf()) return {shape.value()};
  std::vector<Int> s;
  for (auto const& m : shape.children()) s.push_back(size_of(m));
  return s;
}
Layout mode_of(Layout const& l, std::size_t k) { return l.shape().is_leaf() ? l : l.mode(k); }

bool compact_bf(std::vector<Int> const& t) {
  std::vector<char> hit(t.size(), 0);
  for (Int v : t) {
    if (v < 0 || v >= static_cast<Int>(t.size()) || hit[v]) return false;
    hit[v] = 1;
  }
  return true;
}
bool injective_bf(std::vector<Int> const& t) {
  std::unordered_set<Int> seen(t.begin(), t.end());
  return seen.size() == t.size();
}

// ---- swizzles, evaluated here from CuTe's definition (cute/swizzle.hpp Swizzle<B,M,S>) ----
Int yyy_of(Swizzle const& w) { return ((Int{1} << w.bits) - 1) << (w.base + std::max(0, w.shift)); }
Int zzz_of(Swizzle const& w) { return ((Int{1} << w.bits) - 1) << (w.base - std::min(0, w.shift)); }
// x ^ shiftr(x & yyy, S): the yyy bits XORed into the zzz bits (a negative S shifts left).
Int sw_apply(Swizzle const& w, Int x) {
  auto y = static_cast<std::uint64_t>(x & yyy_of(w));
  auto moved = w.shift >= 0 ? y >> w.shift : y << -w.shift;
  return x ^ static_cast<Int>(moved);
}
// Sw<B,M,S> as CuTe's static_asserts admit it, and catlayout's 62-bit bound (swizzle.hpp).
bool valid_swizzle(int b, int m, int s) { return b >= 0 && m >= 0 && std::abs(s) >= b && m + std::abs(s) + b <= 62; }

// CuTe's make_swizzle<Y,Z> as swizzle_layout.hpp describes it: B = popcount, M the lower of the two
// lowest set bits (countr_zero(0) = 32), S their distance; refused (nullopt) where CuTe's
// static_asserts fail (32-bit masks, equal popcounts, Y | Z the swizzle's two masks, a valid Sw).
std::optional<Swizzle> cute_make_swizzle(Int y, Int z) {
  if (y < 0 || z < 0 || y > Int{UINT32_MAX} || z > Int{UINT32_MAX}) return std::nullopt;
  auto uy = static_cast<std::uint32_t>(y), uz = static_cast<std::uint32_t>(z);
  int b = std::popcount(uy);
  if (b != std::popcount(uz)) return std::nullopt;
  int ty = uy ? std::countr_zero(uy) : 32, tz = uz ? std::countr_zero(uz) : 32;
  Swizzle w{b, std::min(ty, tz) % 32, ty - tz};
  if (!valid_swizzle(w.bits, w.base, w.shift)) return std::nullopt;
  if ((y | z) != (yyy_of(w) | zzz_of(w))) return std::nullopt;
  return w;
}

// ---- layouts, evaluated here ----
// A's extended function made odd, A(-x) = -A(x) (layout.hpp odd_extended: what composition
// guarantees A is at B's values); nullopt where A has no mode to extend.
std::optional<Int> odd_at(FlatFn const& a, Int x) {
  if (a.shape.empty()) return x == 0 ? std::optional<Int>(0) : std::nullopt;
  return x >= 0 ? a(x) : -a(-x);
}
// sw(off + L(i)) with L extended (cute/layout_composed.hpp ComposedLayout::operator()).
Int composed_at(ComposedLayout const& c, Int i) { return sw_apply(c.sw, c.offset + FlatFn(c.layout)(i)); }
// A chain (CuTe's nested ComposedLayout, A(O + B(x))) at x, rightmost function first, layouts extended
// and odd (as composed_at), evaluated here apart from core's apply.
Int chain_at(ComposedChain const& c, Int x) {
  for (std::size_t k = c.functions.size(); k-- > 0;) {
    if (k + 1 < c.functions.size()) x += c.offsets[k];
    if (auto const* sw = std::get_if<Swizzle>(&c.functions[k])) x = sw_apply(*sw, x);
    else x = *odd_at(FlatFn(std::get<Layout>(c.functions[k])), x);
  }
  return x;
}
// R's domain points: index j of the rightmost layout's domain, reached through the swizzles and offsets
// on its right (a swizzle undoes itself), the x with those functions giving j.
Int chain_point(ComposedChain const& c, Int j) {
  std::size_t at = c.functions.size() - 1;
  while (!std::holds_alternative<Layout>(c.functions[at])) --at;
  for (std::size_t k = at + 1; k < c.functions.size(); ++k) j = sw_apply(std::get<Swizzle>(c.functions[k]), j - c.offsets[k - 1]);
  return j;
}
std::vector<Int> composed_table(ComposedLayout const& c) {
  std::vector<Int> t;
  FlatFn f(c.layout);
  for (Int i = 0; i < c.size(); ++i) t.push_back(sw_apply(c.sw, c.offset + f(i)));
  return t;
}

// Does some layout enumerate exactly `k` (its table, in order)? A complete search independent of
// core's represent: drop size-1 modes, and a flat layout with shape entries >= 2 has its strides
// forced by its function, d_j = f(s_0 ... s_{j-1}); the shapes run over the ordered factorizations
// of |k|, pruned as soon as the table so far disagrees.
bool some_layout_enumerates(std::vector<Int> const& k) {
  Int n = static_cast<Int>(k.size());
  if (n == 0 || k[0] != 0) return false;
  std::function<bool(Int)> extend = [&](Int p) {  // k on [0, p) is a layout's table already
    if (p == n) return true;
    for (Int f = 2; p * f <= n; ++f) {
      if ((n / p) % f) continue;
      Int d = k[p];
      bool ok = true;
      for (Int c = 1; c < f && ok; ++c)
        for (Int x = 0; x < p && ok; ++x) ok = k[x + p * c] == k[x] + c * d;
      if (ok && extend(p * f)) return true;
    }
    return false;
  };
  return extend(1);
}

// ---- F2 strides, evaluated here: clmul per mode, XOR between modes (the last mode unbounded) ----
std::uint64_t clmul_here(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  for (int k = 0; a != 0; ++k, a >>= 1)
    if (a & 1) r ^= b << k;
  return r;
}
struct F2Fn {
  std::vector<Int> shape, stride;
  explicit F2Fn(IntTuple const& s, IntTuple const& d) : shape(values(s)), stride(values(d)) {}
  explicit F2Fn(F2Layout const& l) : F2Fn(l.shape(), l.stride()) {}
  Int operator()(Int i) const {  // pre: i >= 0, strides >= 0, small enough for 64 bits
    if (shape.empty()) return 0;
    std::uint64_t r = 0;
    for (std::size_t k = 0; k + 1 < shape.size(); ++k) {
      r ^= clmul_here(static_cast<std::uint64_t>(i % shape[k]), static_cast<std::uint64_t>(stride[k]));
      i /= shape[k];
    }
    return static_cast<Int>(r ^ clmul_here(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(stride.back())));
  }
};
bool pow2(Int x) { return x > 0 && (x & (x - 1)) == 0; }
// XOR-linear over the bits of the index: f(i) = XOR of f(2^k) over the set bits k of i.
bool f2_linear_table(std::vector<Int> const& t, Int& bad) {
  if (!pow2(static_cast<Int>(t.size()))) {
    bad = -1;
    return false;
  }
  for (Int i = 0; i < static_cast<Int>(t.size()); ++i) {
    Int x = 0;
    for (int k = 0; (Int{1} << k) <= i; ++k)
      if (i >> k & 1) x ^= t[Int{1} << k];
    if (x != t[i]) {
      bad = i;
      return false;
    }
  }
  return true;
}

}  // namespace

// ---- naming the inputs ----
std::string describe(ComposedLayout const& c) { return to_string(c) + " " + to_json(c).dump(); }
std::string describe(ComposedChain const& c) { return to_string(c) + " " + to_json(c).dump(); }
std::string describe(F2Layout const& l) { return to_string(l); }
std::string describe(IntTuple const& t) { return to_string(t) + " " + to_json(t).dump(); }
std::string describe(Swizzle const& s) { return to_string(s) + " " + to_json(s).dump(); }
std::string describe(Tiler const& t) { return to_string(t) + " " + to_json(t).dump(); }
std::string describe(SliceCoord const& c) { return to_string(c); }
std::string describe(CoordLayout const& l) { return to_string(l) + " " + to_json(l).dump(); }
std::string describe(LinearLayout const& f) { return to_string(f) + " " + to_json(f).dump(); }
std::string describe_order(Order const& o) {
  if (auto const* m = std::get_if<Major>(&o)) return std::string(major_name(*m));
  return to_string(std::get<IntTuple>(o));
}

// ---- compact constructors ----
Outcome make_layout_major(IntTuple const& shape, Major m) {
  std::string call = "make_layout(" + describe(shape) + ", " + std::string(major_name(m)) + ")";
  auto r = make_layout(shape, m);
  if (!r) return refused(r.error(), {}, call);  // a valid shape: only an overflow may refuse
  call += " = " + describe(*r);
  if (!(r->shape() == shape)) return Outcome::fail(call + ": the shape changed");
  auto t = table(*r);
  if (!compact_bf(t)) return Outcome::fail(call + ": not a bijection onto [0, size): " + table_text(t));
  auto s = values(shape);
  for (Int i = 0; i < r->size(); ++i) {
    Int want = i;  // LayoutLeft: the colexicographic index is the offset
    if (m == Major::right) {  // LayoutRight: the lexicographic index of i's natural coordinate
      auto c = colex(i, s);
      want = 0;
      for (std::size_t k = 0; k < s.size(); ++k) want = want * s[k] + c[k];
    }
    if (t[i] != want)
      return Outcome::fail(call + ": L(" + num(i) + ") = " + num(t[i]) + ", expected " + num(want) + " (" +
                           std::string(major_name(m)) + ")");
  }
  return Outcome::ok();
}

namespace {
// The leaves of an order and the flat entries of the shape each covers (CuTe product_like(shape,
// order)); false when the order is not congruent to a coarsening of the shape.
struct Part {
  Int order;
  std::size_t first, count;
};
bool order_parts(IntTuple const& shape, IntTuple const& order, std::size_t& at, std::vector<Part>& parts) {
  if (order.is_leaf()) {
    std::size_t n = length(shape);
    parts.push_back({order.value(), at, n});
    at += n;
    return true;
  }
  if (shape.is_leaf() || shape.rank() != order.rank()) return false;
  auto sc = shape.children(), oc = order.children();
  for (std::size_t i = 0; i < sc.size(); ++i)
    if (!order_parts(sc[i], oc[i], at, parts)) return false;
  return true;
}
}  // namespace

Outcome ordered_layout_property(IntTuple const& shape, IntTuple const& order) {
  std::string call = "make_ordered_layout(" + describe(shape) + ", " + describe(order) + ")";
  std::vector<Part> parts;
  std::size_t at = 0;
  bool congruent_order = order_parts(shape, order, at, parts);
  auto r = make_ordered_layout(shape, order);
  if (!congruent_order) {
    if (r) return Outcome::fail(call + " = " + describe(*r) + ", but the order is no coarsening of the shape");
    return refused(r.error(), {ErrorKind::invalid_input}, call);
  }
  for (std::size_t a = 0; a < parts.size(); ++a)
    for (std::size_t b = a + 1; b < parts.size(); ++b)
      if (parts[a].order == parts[b].order) return Outcome::skip("equal order entries");
  if (!r) return refused(r.error(), {}, call);
  call += " = " + describe(*r);
  if (!(r->shape() == shape)) return Outcome::fail(call + ": the shape changed");
  auto t = table(*r);
  if (!compact_bf(t)) return Outcome::fail(call + ": not a bijection onto [0, size): " + table_text(t));
  auto d = values(r->stride());
  for (auto const& pa : parts)
    for (auto const& pb : parts) {
      if (!(pa.order < pb.order)) continue;
      for (std::size_t i = pa.first; i < pa.first + pa.count; ++i)
        for (std::size_t j = pb.first; j < pb.first + pb.count; ++j)
          if (d[j] != 0 && d[i] >= d[j])
            return Outcome::fail(call + ": order " + num(pa.order) + " < " + num(pb.order) + ", but flat stride " +
                                 num(d[i]) + " (entry " + num(static_cast<Int>(i)) + ") is not below " + num(d[j]) +
                                 " (entry " + num(static_cast<Int>(j)) + ")");
    }
  return Outcome::ok();
}

Outcome layout_like_property(Layout const& l) {
  std::string call = "make_layout_like(" + describe(l) + ")";
  auto r = make_layout_like(l);
  {  // equal nonzero strides on modes of more than one element: CuTe's answer is not compact, refused
    auto s0 = values(l.shape()), d0 = values(l.stride());
    bool tie = false;
    for (std::size_t a = 0; a < s0.size(); ++a)
      for (std::size_t b = a + 1; b < s0.size(); ++b)
        tie |= s0[a] > 1 && s0[b] > 1 && d0[a] != 0 && d0[a] == d0[b];
    if (tie) {
      if (r) return Outcome::fail(call + " = " + describe(*r) + ", but equal strides make CuTe's answer overlap");
      if (!r.error().cute_answers) return Outcome::fail(call + ": the refusal of a tie is not flagged cute_answers");
      return refused(r.error(), {ErrorKind::inadmissible}, call);
    }
  }
  if (!r) return refused(r.error(), {}, call);
  call += " = " + describe(*r);
  if (!(r->shape() == l.shape())) return Outcome::fail(call + ": the shape changed");
  auto s = values(l.shape()), d = values(l.stride()), rd = values(r->stride());
  std::vector<std::size_t> other;  // the modes of size > 1 and nonzero stride in L
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k] == 1) continue;
    if ((d[k] == 0) != (rd[k] == 0))
      return Outcome::fail(call + ": flat entry " + num(static_cast<Int>(k)) + " has stride " + num(d[k]) +
                           " in L but " + num(rd[k]) + " in the result (stride 0 exactly where L's is 0)");
    if (d[k] != 0) other.push_back(k);
  }
  bool distinct = true;
  for (std::size_t a : other)
    for (std::size_t b : other) {
      if (a != b && d[a] == d[b]) distinct = false;
      if (d[a] < d[b] && !(rd[a] < rd[b]))
        return Outcome::fail(call + ": L's strides " + num(d[a]) + " < " + num(d[b]) + " but the result's " + num(rd[a]) +
                             " and " + num(rd[b]) + " are not in that order");
      if (d[a] == d[b] && rd[a] != rd[b])
        return Outcome::fail(call + ": L's equal strides " + num(d[a]) + " became " + num(rd[a]) + " and " +
                             num(rd[b]) + " (compact_order: equal order entries start at the same stride)");
    }
  if (distinct) {  // compact on the other modes: their sub-layout is a bijection onto [0, its size)
    std::vector<Int> os, od;
    for (std::size_t k : other) {
      os.push_back(s[k]);
      od.push_back(rd[k]);
    }
    std::vector<Int> t;
    for (Int i = 0; i < prod(os); ++i) {
      auto c = colex(i, os);
      Int v = 0;
      for (std::size_t k = 0; k < c.size(); ++k) v += c[k] * od[k];
      t.push_back(v);
    }
    if (!compact_bf(t))
      return Outcome::fail(call + ": not compact on the modes of nonzero stride: " + table_text(t));
  }
  return Outcome::ok();
}

// ---- tile_to_shape ----
namespace {
// R tiles `shape` with `block` (values block_at(j), j < size(block); R's values r_at(i)): sizes, and R
// equals the block where each mode's 1-D index is below the block's mode size. "" when it holds.
template <class BlockAt, class RAt>
std::string tiles_with_block(Layout const& block, IntTuple const& shape, Layout const& r, BlockAt block_at, RAt r_at) {
  if (r.size() != size_of(shape)) return "size " + num(r.size()) + " != size(shape) " + num(size_of(shape));
  auto rs = mode_sizes(r.shape()), ss = mode_sizes(shape);
  if (rs != ss) return "its modes have sizes " + table_text(rs) + ", the shape's " + table_text(ss);
  auto bs = mode_sizes(block.shape());
  if (bs.size() > rs.size()) return "the block has more modes than the result";
  bs.resize(rs.size(), 1);
  for (Int j = 0; j < block.size(); ++j) {
    Int i = colex_index(colex(j, bs), rs);
    if (r_at(i) != block_at(j))
      return "at the block's element " + num(j) + " (result index " + num(i) + ", repeat 0) it is " + num(r_at(i)) +
             ", the block " + num(block_at(j));
  }
  return {};
}
}  // namespace

Outcome tile_to_shape_property(Layout const& block, IntTuple const& shape, Order const& order) {
  std::string call = "tile_to_shape(" + describe(block) + ", " + describe(shape) + ", " + describe_order(order) + ")";
  auto r = tile_to_shape(block, shape, order);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  call += " = " + describe(*r);
  FlatFn fb(block), fr(*r);
  auto bad = tiles_with_block(block, shape, *r, fb, fr);
  if (!bad.empty()) return Outcome::fail(call + ": " + bad);
  // Each repeat is the block translated: at 1-D index x_k = b_k + B_k t_k in each mode (b_k below the
  // block's mode size B_k), R = R(b) + R(B t).
  auto rs = mode_sizes(r->shape()), bs = mode_sizes(block.shape());
  bs.resize(rs.size(), 1);
  for (Int i = 0; i < r->size(); ++i) {
    auto x = colex(i, rs), b = x, t = x;
    for (std::size_t k = 0; k < x.size(); ++k) {
      b[k] = x[k] % bs[k];
      t[k] = x[k] - b[k];
    }
    Int ib = colex_index(b, rs), it = colex_index(t, rs);
    if (fr(i) != fr(ib) + fr(it))
      return Outcome::fail(call + ": R(" + num(i) + ") = " + num(fr(i)) + " is not the block's R(" + num(ib) + ") = " +
                           num(fr(ib)) + " translated by the repeat's R(" + num(it) + ") = " + num(fr(it)));
  }
  return Outcome::ok();
}

Outcome tile_to_shape_composed_property(ComposedLayout const& block, IntTuple const& shape, Order const& order) {
  std::string call = "tile_to_shape(" + describe(block) + ", " + describe(shape) + ", " + describe_order(order) + ")";
  auto r = tile_to_shape(block, shape, order);
  auto plain = tile_to_shape(block.layout, shape, order);
  if (!r) {
    if (plain) return Outcome::fail(call + " refused (" + r.error().what() + "), but tile_to_shape of its layout is " + describe(*plain));
    return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  }
  call += " = " + describe(*r);
  if (!plain) return Outcome::fail(call + ", but tile_to_shape of its layout refuses: " + plain.error().what());
  auto bad = tiles_with_block(
      block.layout, shape, r->layout, [&](Int j) { return composed_at(block, j); }, [&](Int i) { return composed_at(*r, i); });
  if (!bad.empty()) return Outcome::fail(call + ": " + bad);
  // Definition: sw o off o tile_to_shape(L, shape, order).
  FlatFn fp(*plain);
  for (Int i = 0; i < r->size(); ++i)
    if (composed_at(*r, i) != sw_apply(block.sw, block.offset + fp(i)))
      return Outcome::fail(call + ": at " + num(i) + " it is " + num(composed_at(*r, i)) + ", but sw(off + " +
                           describe(*plain) + "(i)) = " + num(sw_apply(block.sw, block.offset + fp(i))));
  return Outcome::ok();
}

// ---- partitioners ----
namespace {

// L divided by an integer tiler, as the zipped divide's definition names its elements: the modes
// the tiler divides (k < m, or L whole for a whole tiler t:1) with tile sizes t_k and rest sizes
// n_k / t_k, then L's modes past the tiler (rest positions of their whole size).
struct Divided {
  std::vector<FlatFn> modes;
  std::vector<Int> tile, rest;
  bool whole = false;
  // Tile coordinate i (k < m) of the tile at rest coordinate c: L's mode k at 1-D index c_k t_k + i_k,
  // and the modes past the tiler at c_k.
  Int at(std::vector<Int> const& i, std::vector<Int> const& c) const {
    Int v = 0;
    for (std::size_t k = 0; k < modes.size(); ++k) v += modes[k](k < tile.size() ? c[k] * tile[k] + i[k] : c[k]);
    return v;
  }
};

std::optional<Divided> divided(Layout const& l, Tiler const& t, std::string& why) {
  Divided d;
  if (t.is_layout()) {
    if (!t.integer) {
      why = "not an integer tiler";
      return std::nullopt;
    }
    Int n = t.layout->size();
    if (l.size() % n) {
      why = "the tiler does not divide L";
      return std::nullopt;
    }
    d.whole = true;
    d.modes.emplace_back(l);
    d.tile = {n};
    d.rest = {l.size() / n};
    return d;
  }
  std::size_t rank = l.shape().is_leaf() ? 1 : l.rank();
  if (t.modes.size() > rank) {
    why = "the tiler has more modes than L";
    return std::nullopt;
  }
  for (std::size_t k = 0; k < t.modes.size(); ++k) {
    auto const& tk = t.modes[k];
    if (!tk.is_layout() || !tk.integer) {
      why = "not a by-mode tiler of integers";
      return std::nullopt;
    }
    Layout m = mode_of(l, k);
    Int n = tk.layout->size();
    if (m.size() % n) {
      why = "the tiler's entry " + num(n) + " does not divide the size of L's mode " + num(static_cast<Int>(k));
      return std::nullopt;
    }
    d.modes.emplace_back(m);
    d.tile.push_back(n);
    d.rest.push_back(m.size() / n);
  }
  for (std::size_t k = t.modes.size(); k < rank; ++k) {
    d.modes.emplace_back(mode_of(l, k));
    d.rest.push_back(mode_of(l, k).size());
  }
  return d;
}

using Slots = std::vector<std::optional<Int>>;

// The positions a slice coordinate fixes among `sizes` (CuTe's slice): an integer indexes them all
// colexicographically, a tuple gives position k its k-th entry (the rest are holes: CuTe's append<R>(c, _)).
bool fill(SliceCoord const& c, std::vector<Int> const& sizes, Slots& slots, bool tuples, std::string& why) {
  slots.assign(sizes.size(), std::nullopt);
  switch (c.kind) {
    case SliceCoord::Kind::hole: return true;
    case SliceCoord::Kind::integer: {
      if (c.value < 0 || c.value >= prod(sizes)) {
        why = "the coordinate is outside the mode";
        return false;
      }
      auto x = colex(c.value, sizes);
      for (std::size_t k = 0; k < sizes.size(); ++k) slots[k] = x[k];
      return true;
    }
    case SliceCoord::Kind::tuple: break;
  }
  if (!tuples || c.children.size() > sizes.size()) {
    why = tuples ? "the coordinate has more entries than the mode" : "a tuple coordinate of a whole tiler's mode";
    return false;
  }
  for (std::size_t k = 0; k < c.children.size(); ++k) {
    auto const& e = c.children[k];
    if (e.kind == SliceCoord::Kind::hole) continue;
    if (e.kind != SliceCoord::Kind::integer || e.value < 0 || e.value >= sizes[k]) {
      why = "a coordinate entry that is not an integer inside its mode";
      return false;
    }
    slots[k] = e.value;
  }
  return true;
}

// offset + R(i) == L at the element the slots and R's index i name: R's modes are the holes, tile
// positions first, then rest positions (CuTe's slice keeps the modes under the holes in order). "" when it holds.
std::string partition_mismatch(SliceResult const& r, Divided const& dv, Slots const& tile, Slots const& rest) {
  std::vector<Int> holes;
  for (std::size_t k = 0; k < tile.size(); ++k)
    if (!tile[k]) holes.push_back(dv.tile[k]);
  for (std::size_t k = 0; k < rest.size(); ++k)
    if (!rest[k]) holes.push_back(dv.rest[k]);
  if (r.layout.size() != prod(holes))
    return "size " + num(r.layout.size()) + ", but the modes under the holes have sizes " + table_text(holes);
  FlatFn f(r.layout);
  for (Int i = 0; i < r.layout.size(); ++i) {
    auto h = colex(i, holes);
    std::size_t next = 0;
    std::vector<Int> ti(tile.size()), ci(rest.size());
    for (std::size_t k = 0; k < tile.size(); ++k) ti[k] = tile[k] ? *tile[k] : h[next++];
    for (std::size_t k = 0; k < rest.size(); ++k) ci[k] = rest[k] ? *rest[k] : h[next++];
    Int want = dv.at(ti, ci), got = r.offset + f(i);
    if (got != want)
      return "offset + R(" + num(i) + ") = " + num(r.offset) + " + " + num(f(i)) + " = " + num(got) +
             ", but the element there (tile coordinate " + table_text(ti) + ", rest coordinate " + table_text(ci) +
             ") is " + num(want);
  }
  return {};
}

std::string partition_text(SliceResult const& r) { return describe(r.layout) + " at offset " + num(r.offset); }

}  // namespace

Outcome inner_partition_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord) {
  std::string call = "inner_partition(" + describe(l) + ", " + describe(tiler) + ", " + describe(coord) + ")";
  std::string why;
  auto dv = divided(l, tiler, why);
  if (!dv) return Outcome::skip(why);
  Slots tile(dv->tile.size()), rest;
  if (!fill(coord, dv->rest, rest, !dv->whole, why)) return Outcome::skip(why);
  auto r = inner_partition(l, tiler, coord);
  auto lt = local_tile(l, tiler, coord);
  if (r.has_value() != lt.has_value() || (r && (!(r->layout == lt->layout) || r->offset != lt->offset)))
    return Outcome::fail(call + " = " + (r ? partition_text(*r) : r.error().what()) + ", but local_tile gives " +
                         (lt ? partition_text(*lt) : lt.error().what()));
  if (!r) return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  auto bad = partition_mismatch(*r, *dv, tile, rest);
  if (!bad.empty()) return Outcome::fail(call + " = " + partition_text(*r) + ": " + bad);
  return Outcome::ok();
}

Outcome outer_partition_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord) {
  std::string call = "outer_partition(" + describe(l) + ", " + describe(tiler) + ", " + describe(coord) + ")";
  std::string why;
  auto dv = divided(l, tiler, why);
  if (!dv) return Outcome::skip(why);
  Slots tile, rest(dv->rest.size());
  if (!fill(coord, dv->tile, tile, !dv->whole, why)) return Outcome::skip(why);
  auto r = outer_partition(l, tiler, coord);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  auto bad = partition_mismatch(*r, *dv, tile, rest);
  if (!bad.empty()) return Outcome::fail(call + " = " + partition_text(*r) + ": " + bad);
  return Outcome::ok();
}

Outcome local_tile_projection_property(Layout const& l, Tiler const& tiler, SliceCoord const& coord,
                                       Projection const& p) {
  std::string call = "local_tile(" + describe(l) + ", " + describe(tiler) + ", " + describe(coord) + ", " +
                     to_string(p) + ")";
  if (tiler.is_layout() || coord.kind != SliceCoord::Kind::tuple || tiler.modes.size() != p.keep.size() ||
      coord.children.size() != p.keep.size())
    return Outcome::skip("the projection does not match the tiler and coordinate");
  // CuTe dice: the entries the projection keeps (X drops one).
  std::vector<Tiler> kt;
  std::vector<SliceCoord> kc;
  for (std::size_t k = 0; k < p.keep.size(); ++k)
    if (p.keep[k]) {
      kt.push_back(tiler.modes[k]);
      kc.push_back(coord.children[k]);
    }
  std::string why;
  auto dv = divided(l, Tiler::by_mode(kt), why);
  if (!dv) return Outcome::skip(why);
  Slots tile(dv->tile.size()), rest;
  if (!fill(SliceCoord::tuple(kc), dv->rest, rest, true, why)) return Outcome::skip(why);
  auto r = local_tile(l, tiler, coord, p);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  auto bad = partition_mismatch(*r, *dv, tile, rest);
  if (!bad.empty()) return Outcome::fail(call + " = " + partition_text(*r) + ": " + bad);
  return Outcome::ok();
}

Outcome local_partition_property(Layout const& l, Layout const& threads, Int index) {
  std::string call = "local_partition(" + describe(l) + ", " + describe(threads) + ", " + num(index) + ")";
  auto r = local_partition(l, threads, index);
  // The thread layout's top-level modes (an integer-shaped one is one mode, its size a by-mode tiler).
  std::vector<Layout> tm;
  for (std::size_t k = 0; k < (threads.shape().is_leaf() ? 1 : threads.rank()); ++k) tm.push_back(mode_of(threads, k));
  bool broadcast = false;
  for (Int k = 0; k < static_cast<Int>(threads.flat_shape().size()); ++k)
    broadcast |= threads.flat_shape()[k] > 1 && threads.flat_stride()[k] == 0;
  if (broadcast) {
    if (r) return Outcome::fail(call + " = " + partition_text(*r) + ", but the thread layout broadcasts (a mode s:0, s > 1)");
    return refused(r.error(), {ErrorKind::invalid_input}, call);
  }
  // CuTe's coordinate for idx (get_flat_coord): per flat entry (idx / d) % s, each mode colexicographic.
  std::vector<Int> c;
  Int value = 0;
  bool inside = true;
  for (auto const& m : tm) {
    Int colex_c = 0, scale = 1;
    for (std::size_t k = 0; k < m.flat_shape().size(); ++k) {
      Int s = m.flat_shape()[k], d = m.flat_stride()[k];
      Int ck = s == 1 ? 0 : (index / d) % s;
      inside = inside && ck >= 0;
      value += ck * d;
      colex_c += ck * scale;
      scale *= s;
    }
    c.push_back(colex_c);
  }
  bool idx_coordinate = inside && value == index;
  auto tt = table(threads);
  if (compact_bf(tt) && index < threads.size() && !idx_coordinate)
    return Outcome::fail(call + ": CuTe's coordinate formula misses thread " + num(index) + " of a compact thread layout");
  if (!idx_coordinate) {
    if (r)
      return Outcome::fail(call + " = " + partition_text(*r) + ", but CuTe's coordinate " + table_text(c) +
                           " for thread " + num(index) + " is not its: T there is " + num(value));
    return refused(r.error(), {ErrorKind::invalid_input}, call);
  }
  // CuTe product_each(shape(T)) = transform(wrap(shape(T)), product): a by-mode tiler of the thread
  // layout's mode sizes, one integer mode wrapped too.
  std::vector<Tiler> sizes;
  for (auto const& m : tm) sizes.push_back(Tiler::of_integer(m.size()));  // tm: one mode for a leaf
  Tiler tiler = Tiler::by_mode(sizes);
  std::string why;
  auto dv = divided(l, tiler, why);
  if (!dv) return Outcome::skip("thread layout: " + why);
  SliceCoord at = c.size() == 1 ? SliceCoord::of(c[0]) : SliceCoord::tuple({});
  if (c.size() != 1)
    for (Int x : c) at.children.push_back(SliceCoord::of(x));
  if (!r) {  // refused although idx's coordinate is right: only where the division itself is refused
    auto o = outer_partition(l, tiler, at);
    if (o)
      return Outcome::fail(call + " refused (" + r.error().what() + "), but thread " + num(index) + " sits at " +
                           describe(at) + " and outer_partition there is " + partition_text(*o));
    return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
  }
  Slots tile, rest(dv->rest.size());
  if (!fill(at, dv->tile, tile, !dv->whole, why)) return Outcome::fail(call + ": thread coordinate " + describe(at) + ": " + why);
  auto bad = partition_mismatch(*r, *dv, tile, rest);
  if (!bad.empty()) return Outcome::fail(call + " = " + partition_text(*r) + " (thread at " + describe(at) + "): " + bad);
  return Outcome::ok();
}

// The data as CuTe's compact column-major layout of L's shape (an injective function onto [0,
// size)), partitioned by every thread of T: each element is some thread's, and exactly
// prod(size of the dropped modes) threads' (docs/definitions.md local_partition: the index is the
// thread's in the whole T, the projection drops modes).
Outcome local_partition_cover_property(Layout const& l, Layout const& threads, Projection const* p) {
  std::string call = "local_partition(" + describe(l) + " as compact, " + describe(threads) + ", every thread" +
                     (p ? ", " + to_string(*p) : std::string()) + ")";
  if (!compact_bf(table(threads))) return Outcome::skip("the thread layout is not compact");
  auto strides = compact_major(l.shape(), Major::left);
  if (!strides) return Outcome::skip(strides.error().what());
  auto data = Layout::make(l.shape(), *strides);
  if (!data) return Outcome::skip(data.error().what());
  Int repeat = 1;
  std::vector<Int> tiler;  // product_each(shape(dice(p, T))): the sizes the data's modes are divided by
  if (threads.shape().is_leaf()) tiler.push_back(threads.size());
  for (std::size_t k = 0; !threads.shape().is_leaf() && k < threads.rank(); ++k)
    if (!p || p->keep[k]) tiler.push_back(threads.mode(k).size());
    else repeat *= threads.mode(k).size();
  auto data_modes = mode_sizes(l.shape());
  if (tiler.size() > data_modes.size()) return Outcome::skip("more thread modes than data modes");
  for (std::size_t k = 0; k < tiler.size(); ++k)
    if (data_modes[k] % tiler[k] != 0) return Outcome::skip("the threads do not tile the data's mode " + num(static_cast<Int>(k)));
  std::vector<Int> hits(static_cast<std::size_t>(data->size()), 0);
  for (Int t = 0; t < threads.size(); ++t) {
    auto r = p ? local_partition(*data, threads, t, *p) : local_partition(*data, threads, t);
    if (!r) {
      if (t == 0) return refused(r.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, call);
      return Outcome::fail(call + ": thread " + num(t) + " refused (" + r.error().what() + "), thread 0 answered");
    }
    for (Int j = 0; j < r->layout.size(); ++j) {
      Int x = r->offset + r->layout(j);
      if (x < 0 || x >= data->size())
        return Outcome::fail(call + ": thread " + num(t) + "'s element " + num(j) + " is " + num(x) + ", outside the data");
      ++hits[static_cast<std::size_t>(x)];
    }
  }
  for (Int x = 0; x < data->size(); ++x)
    if (hits[static_cast<std::size_t>(x)] != repeat)
      return Outcome::fail(call + ": element " + num(x) + " belongs to " + num(hits[static_cast<std::size_t>(x)]) +
                           " threads, not " + num(repeat));
  return Outcome::ok();
}

// ---- element-size changes ----
namespace {

Int floor_div(Int a, Int b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
Int ceil_pos(Int a, Int b) { return (a + b - 1) / b; }
Int abs_of(Int a) { return a < 0 ? -a : a; }
Int flat_eval(std::vector<Int> const& s, std::vector<Int> const& d, Int i) {
  Int v = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    v += (k + 1 < s.size() ? i % s[k] : i) * d[k];
    i /= s[k];
  }
  return v;
}

// The downcast definition: sub-element r of old element c (value old_at) is new element N old(c) + r,
// at c with c_u N + r in the unit-stride mode u (the first flat entry of stride +-1); the new layout's
// flat shape is the old one with entry u times N. "" when `ns` / new_at is that layout.
template <class Old, class New>
std::string downcast_violation(std::vector<Int> const& s, std::vector<Int> const& d, Old old_at, std::vector<Int> const& ns,
                               New new_at, Int n) {
  std::size_t u = 0;
  while (u < d.size() && abs_of(d[u]) != 1) ++u;
  if (u == d.size()) return "no unit-stride mode";
  auto want = s;
  want[u] *= n;
  if (ns != want)
    return "its flat shape is " + table_text(ns) + ", but the old one with the unit-stride entry times " + num(n) +
           " is " + table_text(want);
  for (Int i = 0; i < prod(s); ++i) {
    auto c = colex(i, s);
    Int x = old_at(i);
    for (Int r = 0; r < n; ++r) {
      auto c2 = c;
      c2[u] = c[u] * n + r;
      Int j = colex_index(c2, ns), y = new_at(j);
      if (y != n * x + r)
        return "sub-element " + num(r) + " of old element " + num(i) + " (at " + num(x) + ") is new element " +
               num(n * x + r) + ", but the new layout gives " + num(y) + " at its index " + num(j);
    }
  }
  return {};
}

// The upcast definition: old element c (at x = old(c)) lies in new element floor(x / N), which the new
// layout gives at c's new coordinate, c_k / g_k with g_k = N / |d_k| where 0 < |d_k| < N (else 1); its
// flat shape is ceil(s_k / g_k): the new coordinates are exactly the old ones' images.
template <class Old, class New>
std::string upcast_violation(std::vector<Int> const& s, std::vector<Int> const& d, Old old_at, std::vector<Int> const& ns,
                             New new_at, Int n) {
  std::vector<Int> g(s.size(), 1), want(s.size());
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (d[k] != 0 && abs_of(d[k]) < n) g[k] = ceil_pos(n, abs_of(d[k]));
    want[k] = ceil_pos(s[k], g[k]);
  }
  if (ns != want) return "its flat shape is " + table_text(ns) + ", but the old coordinates' images have " + table_text(want);
  for (Int i = 0; i < prod(s); ++i) {
    auto c = colex(i, s);
    for (std::size_t k = 0; k < c.size(); ++k) c[k] /= g[k];
    Int x = old_at(i), j = colex_index(c, ns), y = new_at(j);
    if (y != floor_div(x, n))
      return "old element " + num(i) + " (at " + num(x) + ") lies in new element " + num(floor_div(x, n)) +
             ", but the new layout gives " + num(y) + " at its coordinate's index " + num(j);
  }
  return {};
}

// CuTe's formulas (recast.hpp): downcast<N> multiplies the shape of a +-1 mode and every other stride by
// N; upcast<N> takes s:d to ceil(s / ceil(N/|d|)) : sign(d) ceil(|d|/N) (stride 0 kept).
std::pair<std::vector<Int>, std::vector<Int>> cute_downcast(std::vector<Int> s, std::vector<Int> d, Int n) {
  for (std::size_t k = 0; k < s.size(); ++k) (abs_of(d[k]) == 1 ? s[k] : d[k]) *= n;
  return {s, d};
}
std::pair<std::vector<Int>, std::vector<Int>> cute_upcast(std::vector<Int> s, std::vector<Int> d, Int n) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (d[k] == 0) continue;
    s[k] = ceil_pos(s[k], ceil_pos(n, abs_of(d[k])));
    d[k] = (d[k] < 0 ? -1 : 1) * ceil_pos(abs_of(d[k]), n);
  }
  return {s, d};
}
bool divides_either(std::vector<Int> const& d, Int n) {
  for (Int x : d)
    if (x != 0 && abs_of(x) % n != 0 && n % abs_of(x) != 0) return false;
  return true;
}
bool has_stride_one(std::vector<Int> const& d) { return std::find(d.begin(), d.end(), Int{1}) != d.end(); }
int log2_of(Int n) { return std::countr_zero(static_cast<std::uint64_t>(n)); }
// CuTe's swizzle formulas (recast.hpp): upcast Sw<B,M-k,S>, or Sw<max(B+M-k,0),0,S> below bit 0; downcast Sw<B,M+k,S>.
Swizzle cute_upcast(Swizzle const& w, Int n) {
  int m = w.base - log2_of(n);
  if (m >= 0) return {w.bits, m, w.shift};
  return {std::max(w.bits + m, 0), 0, w.shift};
}

}  // namespace

namespace {

// downcast<N> or upcast<N> of a layout or a composed layout (value sw(off + L(c))), judged by its
// definition (downcast_violation / upcast_violation above) and, where refused, by CuTe's formula.
enum class Cast { down, up };
Layout const& layout_of(Layout const& l) { return l; }
Layout const& layout_of(ComposedLayout const& c) { return c.layout; }
FlatFn value_at(Layout const& l) { return FlatFn(l); }
auto value_at(ComposedLayout const& c) {  // c outlives the call
  return [&c](Int i) { return composed_at(c, i); };
}
// Where CuTe's precondition holds (recast.hpp), what a refusal without cute_answers contradicts:
// downcast needs a stride 1, upcast every nonzero stride and N dividing one another; a composed
// layout also a power-of-two N (a swizzle's bits move by log2 N) dividing the offset (upcast). "" if not.
std::string cute_precondition(Cast cast, std::vector<Int> const& d, Int n, ComposedLayout const* c) {
  std::string holds = cast == Cast::down ? (has_stride_one(d) ? "a stride is 1" : "")
                                         : (divides_either(d, n) ? "every stride and N divide one another" : "");
  if (holds.empty() || !c) return holds;
  if (!pow2(n) || (cast == Cast::up && c->offset % n != 0)) return "";
  return (cast == Cast::up ? "N is a power of two dividing the offset, and " : "N is a power of two and ") + holds;
}
// CuTe's answer at new index j: its formula's layout (cs, cd), in a composed layout under CuTe's new
// swizzle and offset.
Int cute_value(Cast cast, ComposedLayout const* c, std::vector<Int> const& cs, std::vector<Int> const& cd, Int n, Int j) {
  Int v = flat_eval(cs, cd, j);
  if (!c) return v;
  if (cast == Cast::down) return sw_apply(Swizzle{c->sw.bits, c->sw.base + log2_of(n), c->sw.shift}, c->offset * n + v);
  return sw_apply(cute_upcast(c->sw, n), c->offset / n + v);
}

template <class Subject>
Outcome recast_property(Cast cast, Subject const& x, Int n) {
  constexpr bool composed = std::is_same_v<Subject, ComposedLayout>;
  ComposedLayout const* c = nullptr;
  if constexpr (composed) c = &x;
  std::string call = (cast == Cast::down ? "downcast<" : "upcast<") + num(n) + ">(" + describe(x) + ")";
  auto s = values(layout_of(x).shape()), d = values(layout_of(x).stride());
  auto old_at = value_at(x);
  auto violation = [&](std::vector<Int> const& ns, auto const& new_at) {
    return cast == Cast::down ? downcast_violation(s, d, old_at, ns, new_at, n) : upcast_violation(s, d, old_at, ns, new_at, n);
  };
  // The strict reading (downcast.strict / upcast.strict); the default is CuTe's formula.
  auto r = cast == Cast::down ? downcast(x, n, Convention::categorical) : upcast(x, n, Convention::categorical);
  if (!r) {
    auto const& e = r.error();
    if (overflow(e)) return Outcome::skip(e.what());
    if (composed && e.kind == ErrorKind::invalid_input && !pow2(n)) return Outcome::skip(e.what());  // CuTe: N a power of two
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    if (!e.cute_answers) {
      if (auto holds = cute_precondition(cast, d, n, c); !holds.empty())
        return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() + "), but " + holds);
      return Outcome::skip(e.what());
    }
    auto [cs, cd] = cast == Cast::down ? cute_downcast(s, d, n) : cute_upcast(s, d, n);
    std::string answer = table_text(cs) + ":" + table_text(cd);
    if constexpr (!composed) {
      auto dflt = cast == Cast::down ? downcast(x, n) : upcast(x, n);
      if (!dflt || values(dflt->shape()) != cs || values(dflt->stride()) != cd)
        return Outcome::fail(call + ": the default is not CuTe's formula " + answer);
    }
    if (violation(cs, [&](Int j) { return cute_value(cast, c, cs, cd, n, j); }).empty())
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's answer " + answer + (composed ? " (its layout)" : "") +
                           " is the same memory in " + (cast == Cast::down ? "smaller" : "larger") + " elements");
    return Outcome::skip(e.what());
  }
  call += " = " + describe(*r);
  auto v = violation(values(layout_of(*r).shape()), value_at(*r));
  if (!v.empty()) return Outcome::fail(call + ": " + v);
  return Outcome::ok();
}

}  // namespace

Outcome downcast_property(Layout const& l, Int n) { return recast_property(Cast::down, l, n); }
Outcome upcast_property(Layout const& l, Int n) { return recast_property(Cast::up, l, n); }
Outcome downcast_composed_property(ComposedLayout const& c, Int n) { return recast_property(Cast::down, c, n); }
Outcome upcast_composed_property(ComposedLayout const& c, Int n) { return recast_property(Cast::up, c, n); }

Outcome recast_layout_property(Layout const& l, Int old_bits, Int new_bits) {
  std::string call = "recast_layout<" + num(old_bits) + "," + num(new_bits) + ">(" + describe(l) + ")";
  Int g = std::gcd(old_bits, new_bits), up = new_bits / g, down = old_bits / g;
  auto r = recast_layout(l, old_bits, new_bits);
  Result<Layout> want = l;
  std::string def = "L";
  if (up == 1 && down != 1) want = downcast(l, down), def = "downcast<" + num(down) + ">(L)";
  if (up != 1 && down == 1) want = upcast(l, up), def = "upcast<" + num(up) + ">(L)";
  if (up != 1 && down != 1) {
    auto u = upcast(l, up);
    want = u ? downcast(*u, down) : u;
    def = "downcast<" + num(down) + ">(upcast<" + num(up) + ">(L))";
  }
  auto text = [](Result<Layout> const& x) { return x ? describe(*x) : x.error().what(); };
  if (r.has_value() != want.has_value() || (r && !(*r == *want)) || (!r && r.error().kind != want.error().kind))
    return Outcome::fail(call + " = " + text(r) + ", but " + def + " = " + text(want));
  if (!r) return Outcome::skip(r.error().what());
  return Outcome::ok();
}

// ---- nullspace ----
namespace {
// R enumerates the kernel k in increasing order; a refusal (not_representable) only where no layout
// enumerates k (the complete search above) and core's represent agrees.
Outcome kernel_outcome(std::vector<Int> const& k, Result<Layout> const& r, std::string const& call) {
  if (!r) {
    if (r.error().kind != ErrorKind::not_representable) return refused(r.error(), {}, call);
    if (some_layout_enumerates(k))
      return Outcome::fail(call + " refused (" + r.error().what() + "), but a layout enumerates its kernel " + table_text(k));
    if (!k.empty()) {
      auto rep = represent(k);
      if (!rep || rep->layout)
        return Outcome::fail(call + ": no layout enumerates the kernel " + table_text(k) + ", but represent answers " +
                             (rep ? describe(*rep->layout) : rep.error().what()));
    }
    return Outcome::skip(r.error().what());
  }
  auto t = table(*r);
  if (t != k)
    return Outcome::fail(call + " = " + describe(*r) + " enumerates " + table_text(t) + ", but the kernel {i : L(i) == 0} is " +
                         table_text(k));
  return Outcome::ok();
}
}  // namespace

// CuTe's contract (cute/layout.hpp nullspace, docs/definitions.md nullspace): L(R(i)) == 0 for
// i < size(R), size(R) == size(L) / size(filter(L)) (the sizes of the stride-0 modes), and
// nullspace(R) == 1:0; under --strict (nullspace.strict) R enumerates the whole kernel.
Outcome nullspace_property(Layout const& l) {
  std::string call = "nullspace(" + describe(l) + ")";
  auto r = nullspace(l);
  if (!r) return Outcome::fail(call + " refused (" + r.error().what() + "), but CuTe's formula always answers");
  FlatFn f(l);
  Int zero_modes = 1;
  for (std::size_t k = 0; k < l.flat_shape().size(); ++k)
    if (l.flat_stride()[k] == 0) zero_modes *= l.flat_shape()[k];
  if (r->size() != zero_modes)
    return Outcome::fail(call + " = " + describe(*r) + " has size " + num(r->size()) + ", not size(L) / size(filter(L)) = " +
                         num(zero_modes));
  for (Int i = 0; i < r->size(); ++i)
    if (Int x = (*r)(i); x < 0 || x >= l.size() || f(x) != 0)
      return Outcome::fail(call + " = " + describe(*r) + ": L(R(" + num(i) + ")) = L(" + num(x) + ") is not 0");
  if (auto rr = nullspace(*r); !rr || rr->size() != 1)
    return Outcome::fail(call + " = " + describe(*r) + ", but nullspace(R) is " + (rr ? describe(*rr) : rr.error().what()) +
                         ", not 1:0");
  std::vector<Int> k;
  for (Int i = 0; i < l.size(); ++i)
    if (f(i) == 0) k.push_back(i);
  return kernel_outcome(k, nullspace(l, Convention::categorical), "nullspace --strict (" + describe(l) + ")");
}

Outcome nullspace_composed_property(ComposedLayout const& c) {
  std::vector<Int> k;
  auto t = composed_table(c);
  for (Int i = 0; i < c.size(); ++i)
    if (t[i] == 0) k.push_back(i);
  return kernel_outcome(k, nullspace(c, Convention::categorical), "nullspace --strict (" + describe(c) + ")");
}

Outcome nullspace_coord_property(CoordLayout const& l) {
  // L(i) as a sparse coordinate, evaluated here: path -> sum of c_k * scale_k over the flat modes.
  auto f = flat_modes(l);
  std::vector<Int> k;
  for (Int i = 0; i < l.size(); ++i) {
    std::map<std::vector<int>, Int> sum;
    Int x = i;
    for (std::size_t m = 0; m < f.shape.size(); ++m) {
      sum[f.stride[m].path] += (x % f.shape[m]) * f.stride[m].scale;
      x /= f.shape[m];
    }
    bool zero = true;
    for (auto const& [p, v] : sum) zero = zero && v == 0;
    if (zero) k.push_back(i);
  }
  return kernel_outcome(k, nullspace(l, Convention::categorical), "nullspace --strict (" + describe(l) + ")");
}

Outcome nullspace_f2_property(F2Layout const& l) {
  std::vector<Int> k;
  F2Fn f(l);
  for (Int i = 0; i < l.size(); ++i)
    if (f(i) == 0) k.push_back(i);
  return kernel_outcome(k, nullspace(l), "nullspace(" + describe(l) + ")");
}

// ---- coalesce_z ----
Outcome coalesce_z_property(Layout const& l) {
  Layout r = coalesce_z(l);
  std::string call = "coalesce_z(" + describe(l) + ") = " + describe(r);
  if (depth(r) > 1) return Outcome::fail(call + ": not flat");
  if (r.size() != l.size()) return Outcome::fail(call + ": the size changed");
  FlatFn fl(l), fr(r);
  for (Int i = 0; i < l.size() + 10; ++i)
    if (fl(i) != fr(i))
      return Outcome::fail(call + ": at " + num(i) + " (extended function) " + num(fr(i)) + " != " + num(fl(i)));
  Layout rr = coalesce_z(r);
  if (!(rr == r)) return Outcome::fail(call + ", but coalesce_z of that is " + describe(rr));
  return Outcome::ok();
}

Outcome coalesce_z_f2_property(F2Layout const& l) {
  F2Layout r = coalesce_z(l);
  std::string call = "coalesce_z(" + describe(l) + ") = " + describe(r);
  if (depth(r.shape()) > 1) return Outcome::fail(call + ": not flat");
  if (r.size() != l.size()) return Outcome::fail(call + ": the size changed");
  F2Fn fl(l), fr(r);
  for (Int i = 0; i < l.size() + 10; ++i)
    if (fl(i) != fr(i))
      return Outcome::fail(call + ": at " + num(i) + " (extended function) " + num(fr(i)) + " != " + num(fl(i)));
  F2Layout rr = coalesce_z(r);
  if (!(rr == r)) return Outcome::fail(call + ", but coalesce_z of that is " + describe(rr));
  return Outcome::ok();
}

// ---- layout_add and greatest_common_domain ----
// layout_add is commutative: the same sum, or a refusal of the same kind, either way round.
template <class L>
std::optional<Outcome> commutes(std::string const& call, Result<L> const& r, Result<L> const& s) {
  auto text = [](Result<L> const& x) { return x ? describe(*x) : x.error().what(); };
  if (r.has_value() != s.has_value() || (r && !(*r == *s)) || (!r && r.error().kind != s.error().kind))
    return Outcome::fail(call + " = " + text(r) + ", but layout_add(B, A) = " + text(s));
  return std::nullopt;
}

Outcome layout_add_property(Layout const& a, Layout const& b) {
  std::string call = "layout_add(" + describe(a) + ", " + describe(b) + ")";
  auto r = layout_add(a, b), s = layout_add(b, a);
  if (auto asymmetric = commutes(call, r, s)) return *asymmetric;
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::inadmissible) {
      if (a.size() == b.size()) return Outcome::fail(call + " refused (" + e.what() + "), but the sizes are equal");
      return Outcome::skip(e.what());
    }
    if (e.kind != ErrorKind::not_representable) return refused(e, {}, call);
    if (a.size() != b.size()) return Outcome::fail(call + ": sizes differ, yet refused as " + e.what());
    auto ta = table(a), tb = table(b);
    for (std::size_t i = 0; i < ta.size(); ++i) ta[i] += tb[i];
    if (some_layout_enumerates(ta))
      return Outcome::fail(call + " refused (" + e.what() + "), but a layout has the sum's table " + table_text(ta));
    auto rep = represent(ta);
    if (!rep || rep->layout)
      return Outcome::fail(call + ": no layout has the sum's table, but represent answers " +
                           (rep ? describe(*rep->layout) : rep.error().what()));
    return Outcome::skip(e.what());
  }
  call += " = " + describe(*r);
  if (a.size() != b.size()) return Outcome::fail(call + ": answered for different sizes");
  auto ta = table(a), tb = table(b), tr = table(*r);
  for (std::size_t i = 0; i < ta.size(); ++i)
    if (tr[i] != ta[i] + tb[i])
      return Outcome::fail(call + ": R(" + num(static_cast<Int>(i)) + ") = " + num(tr[i]) + ", but A + B there is " +
                           num(ta[i] + tb[i]));
  if (!(coalesce(*r) == *r)) return Outcome::fail(call + ": not coalesced");
  return Outcome::ok();
}

Outcome common_domain_property(IntTuple const& a, IntTuple const& b) {
  std::string call = "greatest_common_domain(" + describe(a) + ", " + describe(b) + ")";
  auto r = greatest_common_domain(a, b);
  if (!r) return refused(r.error(), {}, call);
  call += " = " + describe(*r);
  Layout const& g = *r;
  if (g.shape().is_leaf() || depth(g) != 1) return Outcome::fail(call + ": not a tuple of depth 1");
  Int na = size_of(a), nb = size_of(b);
  if (na % g.size() || nb % g.size())
    return Outcome::fail(call + ": its size does not divide both sizes " + num(na) + " and " + num(nb));
  auto la = make_layout(a, Major::left), lb = make_layout(b, Major::left);
  if (!la || !lb) return Outcome::skip("make_layout refused a shape");
  for (auto const* l : {&*la, &*lb}) {
    auto c = composition(*l, g);
    if (!c) return Outcome::fail(call + ": composition(" + describe(*l) + ", R) refuses: " + c.error().what());
  }
  auto s = greatest_common_domain(b, a);
  if (!s || !(*s == g))
    return Outcome::fail(call + ", but greatest_common_domain(B, A) = " + (s ? describe(*s) : s.error().what()));
  // PyCuTe composes and divides shape(A) itself: its identity layout (make_identity_layout), whose
  // modes never merge (a compact integer layout coalesces, and its rest would mix A's modes).
  // composition(shape(A), R) is admissible, and nothing common remains: the rest modes of
  // logical_divide(shape(A), R) = shape(A) o (R, complement(R, shape(A))) share no domain.
  std::vector<IntTuple> rests;
  for (auto const* t : {&a, &b}) {
    CoordLayout id = make_identity_layout(*t);
    auto c = composition(id, g);
    if (!c) return Outcome::fail(call + ": composition(" + describe(id) + ", R) refuses: " + c.error().what());
    auto comp = complement(g, *t);
    if (!comp) return Outcome::fail(call + ": complement(R, " + to_string(*t) + ") refuses: " + comp.error().what());
    auto tiler = make_layout({g, *comp});
    if (!tiler) return Outcome::fail(call + ": (R, complement) is no layout: " + tiler.error().what());
    auto d = composition(id, *tiler);
    if (!d) return Outcome::fail(call + ": logical_divide(" + describe(id) + ", R) refuses: " + d.error().what());
    rests.push_back(d->mode(1).shape());
  }
  auto rest = greatest_common_domain(rests[0], rests[1]);
  if (!rest) return Outcome::fail(call + ": greatest_common_domain of the rests refuses: " + rest.error().what());
  if (rest->size() != 1)
    return Outcome::fail(call + ": the rests' shapes " + to_string(rests[0]) + " and " + to_string(rests[1]) +
                         " still share " + describe(*rest));
  return Outcome::ok();
}

// ---- swizzled operands ----
Outcome make_swizzle_property(Int y, Int z) {
  std::string call = "make_swizzle(" + num(y) + ", " + num(z) + ")";
  auto r = make_swizzle(y, z);
  if (r) {
    if (yyy_of(*r) != y || zzz_of(*r) != z)
      return Outcome::fail(call + " = " + describe(*r) + ", whose masks are yyy " + num(yyy_of(*r)) + " and zzz " +
                           num(zzz_of(*r)));
    return Outcome::ok();
  }
  if (r.error().kind != ErrorKind::inadmissible) return refused(r.error(), {}, call);
  if (y < 0 || z < 0 || y > Int{UINT32_MAX} || z > Int{UINT32_MAX}) return Outcome::skip("CuTe's masks are 32-bit");
  int b = std::popcount(static_cast<std::uint64_t>(y));
  for (int m = 0; m < 32; ++m)
    for (int s = -31; s <= 31; ++s) {
      if (!valid_swizzle(b, m, s)) continue;
      Swizzle w{b, m, s};
      if (yyy_of(w) == y && zzz_of(w) == z)
        return Outcome::fail(call + " refused (" + r.error().what() + "), but " + describe(w) + " has these masks");
    }
  return Outcome::skip(r.error().what());
}

namespace {
// The first i in [0, n) where got(i) != want(i), or -1.
template <class Got, class Want>
Int first_difference(Int n, Got got, Want want) {
  for (Int i = 0; i < n; ++i)
    if (got(i) != want(i)) return i;
  return -1;
}
}  // namespace

namespace {
// The answer R of A o B (a composed layout) has `size` and R(i) == A(B(i)) == want(i), B(i) = b_at(i).
template <class Want, class BAt>
Outcome composed_is_a_of_b(std::string call, ComposedLayout const& r, Int size, char const* size_name, Want const& want,
                           BAt const& b_at) {
  call += " = " + describe(r);
  if (r.size() != size) return Outcome::fail(call + ": size is not " + size_name);
  Int i = first_difference(size, [&](Int i) { return composed_at(r, i); }, want);
  if (i >= 0)
    return Outcome::fail(call + ": R(" + num(i) + ") = " + num(composed_at(r, i)) + ", but A(B(" + num(i) + ")) = A(" +
                         num(b_at(i)) + ") = " + num(want(i)));
  return Outcome::ok();
}
}  // namespace

Outcome composition_layout_swizzle_property(Layout const& a, Swizzle const& b) {
  std::string call = "composition(" + describe(a) + ", " + describe(b) + ")";
  FlatFn fa(a);
  if (fa.shape.empty()) return Outcome::skip("A has no mode to extend");
  auto want = [&](Int i) { return fa(sw_apply(b, i)); };  // A(B(i)), B(i) >= 0
  auto cute_sw = cute_make_swizzle(fa(yyy_of(b)), fa(zzz_of(b)));  // CuTe: make_swizzle<A(yyy), A(zzz)>
  auto r = composition(a, b);
  if (!r) {
    auto const& e = r.error();
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    if (!cute_sw) return Outcome::skip(e.what());  // CuTe's static_asserts in make_swizzle
    if (!e.cute_answers)
      return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() + "), but CuTe's make_swizzle gives " + describe(*cute_sw));
    if (first_difference(a.size(), [&](Int i) { return sw_apply(*cute_sw, fa(i)); }, want) < 0)
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's answer " + describe(*cute_sw) + " o 0 o A is A o B");
    return Outcome::skip(e.what());
  }
  return composed_is_a_of_b(call, *r, a.size(), "size(A)", want, [&](Int i) { return sw_apply(b, i); });
}

Outcome composition_layout_composed_property(Layout const& a, ComposedLayout const& b) {
  std::string call = "composition(" + describe(a) + ", " + describe(b) + ")";
  FlatFn fa(a);
  if (fa.shape.empty()) return Outcome::skip("A has no mode to extend");
  auto want = [&](Int i) { return *odd_at(fa, composed_at(b, i)); };
  auto cute_sw = cute_make_swizzle(fa(yyy_of(b.sw)), fa(zzz_of(b.sw)));
  auto inner = composition(a, b.layout);
  auto r = composition(a, b);
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::invalid_input && b.offset != 0) return Outcome::skip(e.what());  // CuTe: offset 0
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    // CuTe's preconditions (offset 0, make_swizzle's static_asserts) and A o L_B's own refusals.
    if (b.offset != 0 || !cute_sw || !inner) return Outcome::skip(e.what());
    if (!e.cute_answers)
      return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() +
                           "), but B's offset is 0, make_swizzle and A o L_B answer");
    FlatFn fi(*inner);
    if (first_difference(b.size(), [&](Int i) { return sw_apply(*cute_sw, fi(i)); }, want) < 0)
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's answer " + describe(*cute_sw) + " o 0 o " +
                           describe(*inner) + " is A o B");
    return Outcome::skip(e.what());
  }
  return composed_is_a_of_b(call, *r, b.size(), "size(B)", want, [&](Int i) { return composed_at(b, i); });
}

Outcome composition_composed_composed_property(ComposedLayout const& a, ComposedLayout const& b) {
  std::string call = "composition(" + describe(a) + ", " + describe(b) + ")";
  FlatFn fa(a.layout);
  if (fa.shape.empty()) return Outcome::skip("A has no mode to extend");
  auto want = [&](Int i) { return sw_apply(a.sw, a.offset + *odd_at(fa, composed_at(b, i))); };
  auto cute_sw = cute_make_swizzle(fa(yyy_of(b.sw)), fa(zzz_of(b.sw)));
  auto inner = composition(a.layout, b.layout);
  auto r = composition(a, b);
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::not_representable) {  // CuTe nests two swizzles: documented
      if (b.offset == 0 && cute_sw && inner && cute_sw->is_identity())
        return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's inner swizzle is the identity: one swizzle");
      return Outcome::skip(e.what());
    }
    if (e.kind == ErrorKind::invalid_input && b.offset != 0) return Outcome::skip(e.what());  // CuTe: offset 0
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    // CuTe's preconditions (offset 0, make_swizzle's static_asserts) and L_A o L_B's own refusals.
    if (b.offset != 0 || !cute_sw || !inner) return Outcome::skip(e.what());
    if (!e.cute_answers)
      return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() +
                           "), but B's offset is 0, make_swizzle and L_A o L_B answer");
    FlatFn fi(*inner);  // CuTe's answer: sw_A o off_A o Sw' o 0 o (L_A o L_B)
    if (first_difference(b.size(), [&](Int i) { return sw_apply(a.sw, a.offset + sw_apply(*cute_sw, fi(i))); }, want) < 0)
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's nested answer is A o B");
    return Outcome::skip(e.what());
  }
  call += " = " + describe(*r);
  if (r->size() != b.size()) return Outcome::fail(call + ": size is not size(B)");
  Int i = first_difference(b.size(), [&](Int i) { return chain_at(*r, i); }, want);
  if (i >= 0)
    return Outcome::fail(call + ": R(" + num(i) + ") = " + num(chain_at(*r, i)) + ", but A(B(" + num(i) + ")) = " +
                         num(want(i)));
  return Outcome::ok();
}

namespace {
// C(R(i)) == i on R's domain (right) / R(C(i)) == i on C's domain with C's values in R's (left): the first
// index where it fails, or "" (R given by its value function and size).
template <class RAt>
std::string right_inverse_violation(ComposedLayout const& c, Int rsize, RAt r_at) {
  for (Int i = 0; i < rsize; ++i) {
    Int x = r_at(i);
    if (x < 0 || x >= c.size()) return "R(" + num(i) + ") = " + num(x) + " is outside C's domain [0, " + num(c.size()) + ")";
    if (composed_at(c, x) != i) return "C(R(" + num(i) + ")) = C(" + num(x) + ") = " + num(composed_at(c, x));
  }
  return {};
}
template <class RAt>
std::string left_inverse_violation(ComposedLayout const& c, RAt r_at) {
  // CuTe's contract (cute/layout.hpp left_inverse, a quasi-inverse): C(R(C(i))) == C(i), R and C
  // evaluated past their size as CuTe evaluates a layout (the last mode runs on).
  for (Int i = 0; i < c.size(); ++i) {
    Int x = composed_at(c, i);
    if (x < 0) return "C(" + num(i) + ") = " + num(x) + " is negative";
    Int y = r_at(x);
    if (y < 0) return "R(C(" + num(i) + ")) = R(" + num(x) + ") = " + num(y) + " is negative";
    if (composed_at(c, y) != x)
      return "C(R(C(" + num(i) + "))) = C(" + num(y) + ") = " + num(composed_at(c, y)) + ", not C(" + num(i) + ") = " + num(x);
  }
  return {};
}
}  // namespace

Outcome composed_right_inverse_property(ComposedLayout const& c) {
  std::string call = "right_inverse(" + describe(c) + ")";
  auto r = right_inverse(c);
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::not_representable) {
      if (c.offset == 0) return Outcome::fail(call + " refused (" + e.what() + "), but the offset is 0");
      return Outcome::skip(e.what());
    }
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    Layout inv = right_inverse(c.layout);  // CuTe: composition(right_inverse(L), sw)
    FlatFn fi(inv);
    auto cute_sw = cute_make_swizzle(fi(yyy_of(c.sw)), fi(zzz_of(c.sw)));
    if (!cute_sw) return Outcome::skip(e.what());  // make_swizzle's static_asserts
    if (!e.cute_answers)
      return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() + "), but CuTe's make_swizzle gives " + describe(*cute_sw));
    if (right_inverse_violation(c, inv.size(), [&](Int i) { return sw_apply(*cute_sw, fi(i)); }).empty())
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's answer " + describe(*cute_sw) + " o 0 o " +
                           describe(inv) + " is a right inverse");
    return Outcome::skip(e.what());
  }
  call += " = " + describe(*r);
  // At R's domain points x = chain_point(R, j): C(R(x)) == x.
  std::string bad;
  for (Int j = 0; j < r->size() && bad.empty(); ++j) {
    Int x = chain_point(*r, j), y = chain_at(*r, x);
    if (y < 0 || y >= c.size()) bad = "R(" + num(x) + ") = " + num(y) + " is outside C's domain [0, " + num(c.size()) + ")";
    else if (composed_at(c, y) != x) bad = "C(R(" + num(x) + ")) = C(" + num(y) + ") = " + num(composed_at(c, y));
  }
  if (!bad.empty()) return Outcome::fail(call + ": " + bad);
  return Outcome::ok();
}

Outcome composed_left_inverse_property(ComposedLayout const& c) {
  std::string call = "left_inverse(" + describe(c) + ")";
  auto t = composed_table(c);
  if (!injective_bf(t)) return Outcome::skip("not injective");
  for (Int v : t)
    if (v < 0) return Outcome::skip("negative values");
  auto r = left_inverse(c);
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::not_representable) {
      if (c.offset == 0) return Outcome::fail(call + " refused (" + e.what() + "), but the offset is 0");
      return Outcome::skip(e.what());
    }
    if (e.kind != ErrorKind::inadmissible) return refused(e, {}, call);
    auto inv = left_inverse(c.layout);  // CuTe: composition(left_inverse(L), sw)
    if (!inv) return Outcome::skip(e.what());  // left_inverse(L)'s own precondition
    FlatFn fi(*inv);
    auto cute_sw = cute_make_swizzle(fi(yyy_of(c.sw)), fi(zzz_of(c.sw)));
    if (!cute_sw) return Outcome::skip(e.what());  // make_swizzle's static_asserts
    if (!e.cute_answers)
      return Outcome::fail(call + " refused as CuTe's precondition (" + e.what() + "), but left_inverse(L) = " +
                           describe(*inv) + " and CuTe's make_swizzle gives " + describe(*cute_sw));
    if (left_inverse_violation(c, [&](Int x) { return sw_apply(*cute_sw, fi(x)); }).empty())
      return Outcome::fail(call + " refused (" + e.what() + "), but CuTe's answer " + describe(*cute_sw) + " o 0 o " +
                           describe(*inv) + " is a left inverse");
    return Outcome::skip(e.what());
  }
  call += " = " + describe(*r);
  auto bad = left_inverse_violation(c, [&](Int x) { return chain_at(*r, x); });
  if (!bad.empty()) return Outcome::fail(call + ": " + bad);
  return Outcome::ok();
}

// ---- F2 layouts ----
Outcome f2_evaluate_property(F2Layout const& l) {
  F2Fn f(l);
  for (Int i = 0; i < l.size(); ++i) {
    auto at = l.at(i);
    if (l(i) != f(i) || !at || *at != f(i))
      return Outcome::fail(describe(l) + " at " + num(i) + " is " + num(l(i)) + ", expected " + num(f(i)) +
                           " (clmul per mode, XOR between modes)");
  }
  if (l.at(l.size())) return Outcome::fail(describe(l) + ".at(size) answered instead of refusing");
  if (f.shape.empty()) {  // ():() has no mode to extend (as Layout::extended)
    if (l.extended(l.size())) return Outcome::fail(describe(l) + ".extended(size) answered: the empty layout has no extension");
    return Outcome::ok();
  }
  for (Int i = l.size(); i < l.size() + 5; ++i) {
    auto e = l.extended(i);
    if (!e || *e != f(i))
      return Outcome::fail(describe(l) + ".extended(" + num(i) + ") = " + (e ? num(*e) : e.error().what()) + ", expected " +
                           num(f(i)));
  }
  return Outcome::ok();
}

Outcome f2_coalesce_property(F2Layout const& l) {
  F2Layout r = coalesce(l);
  std::string call = "coalesce(" + describe(l) + ") = " + describe(r);
  if (depth(r.shape()) > 1) return Outcome::fail(call + ": not flat");
  if (r.size() != l.size()) return Outcome::fail(call + ": the size changed");
  F2Fn fl(l), fr(r);
  for (Int i = 0; i < l.size(); ++i)
    if (fl(i) != fr(i)) return Outcome::fail(call + ": at " + num(i) + " " + num(fr(i)) + " != " + num(fl(i)));
  F2Layout rr = coalesce(r);
  if (!(rr == r)) return Outcome::fail(call + ", but coalesce of that is " + describe(rr));
  return Outcome::ok();
}

Outcome f2_composition_property(F2Layout const& a, Layout const& b) {
  std::string call = "composition(" + describe(a) + ", " + describe(b) + ")";
  auto tb = table(b);
  for (Int v : tb)
    if (v < 0) return Outcome::skip("B takes a negative value");
  if (F2Fn(a).shape.empty()) return Outcome::skip("A has no mode to extend");
  auto r = composition(a, b);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible}, call);
  call += " = " + describe(*r);
  if (r->size() != b.size()) return Outcome::fail(call + ": size is not size(B)");
  F2Fn fa(a), fr(*r);
  for (Int i = 0; i < b.size(); ++i)
    if (fr(i) != fa(tb[i]))
      return Outcome::fail(call + ": R(" + num(i) + ") = " + num(fr(i)) + ", but A(B(" + num(i) + ")) = A(" + num(tb[i]) +
                           ") = " + num(fa(tb[i])));
  return Outcome::ok();
}

Outcome f2_layout_add_property(F2Layout const& a, F2Layout const& b) {
  std::string call = "layout_add(" + describe(a) + ", " + describe(b) + ")";
  auto r = layout_add(a, b), s = layout_add(b, a);
  if (auto asymmetric = commutes(call, r, s)) return *asymmetric;
  if (!r) {
    auto const& e = r.error();
    if (e.kind == ErrorKind::inadmissible && a.size() == b.size())
      return Outcome::fail(call + " refused (" + e.what() + "), but the sizes are equal");
    if (e.kind == ErrorKind::not_representable && a.size() != b.size())
      return Outcome::fail(call + ": sizes differ, yet refused as " + e.what());
    return refused(e, {ErrorKind::inadmissible, ErrorKind::not_representable}, call);
  }
  call += " = " + describe(*r);
  if (a.size() != b.size()) return Outcome::fail(call + ": answered for different sizes");
  F2Fn fa(a), fb(b), fr(*r);
  for (Int i = 0; i < a.size(); ++i)
    if (fr(i) != (fa(i) ^ fb(i)))
      return Outcome::fail(call + ": R(" + num(i) + ") = " + num(fr(i)) + ", but A XOR B there is " + num(fa(i) ^ fb(i)));
  return Outcome::ok();
}

Outcome f2_to_linear_property(F2Layout const& l) {
  std::string call = "to_linear(" + describe(l) + ")";
  bool all_pow2 = true;
  for (Int s : values(l.shape())) all_pow2 = all_pow2 && pow2(s);
  auto r = to_linear(l);
  if (!r) {
    if (all_pow2 && r.error().kind == ErrorKind::not_representable)
      return Outcome::fail(call + " refused (" + r.error().what() + "), but every mode is a power of two");
    return refused(r.error(), {ErrorKind::not_representable}, call);
  }
  call += " = " + describe(*r);
  if (!all_pow2) return Outcome::fail(call + ", but a mode is not a power of two");
  if (r->size() != l.size()) return Outcome::fail(call + ": size is not size(L)");
  F2Fn f(l);
  for (Int i = 0; i < l.size(); ++i)
    if (static_cast<Int>((*r)(static_cast<std::uint64_t>(i))) != f(i))
      return Outcome::fail(call + ": at " + num(i) + " " + num(static_cast<Int>((*r)(i))) + " != " + num(f(i)));
  F2Layout back = to_f2(*r);
  F2Fn fb(back);
  for (Int i = 0; i < l.size(); ++i)
    if (fb(i) != f(i)) return Outcome::fail(call + ", and to_f2 of it is " + describe(back) + ": at " + num(i) + " " + num(fb(i)) + " != " + num(f(i)));
  if (back.size() != l.size()) return Outcome::fail(call + ", and to_f2 of it has another size: " + describe(back));
  return Outcome::ok();
}

Outcome linear_to_f2_property(LinearLayout const& f) {
  // F(i) evaluated here: the XOR of the bases of i's set bits.
  auto at = [&](Int i) {
    std::uint64_t x = 0;
    for (int k = 0; k < f.in_bits(); ++k)
      if (i >> k & 1) x ^= f.bases()[k];
    return static_cast<Int>(x);
  };
  F2Layout r = to_f2(f);
  std::string call = "to_f2(" + describe(f) + ") = " + describe(r);
  if (r.size() != f.size()) return Outcome::fail(call + ": size is not 2^in_bits");
  F2Fn fr(r);
  for (Int i = 0; i < f.size(); ++i)
    if (fr(i) != at(i)) return Outcome::fail(call + ": at " + num(i) + " " + num(fr(i)) + " != F(i) = " + num(at(i)));
  auto back = to_linear(r);
  if (!back) return Outcome::fail(call + ", but to_linear of it refuses: " + back.error().what());
  for (Int i = 0; i < f.size(); ++i)
    if (static_cast<Int>((*back)(static_cast<std::uint64_t>(i))) != at(i))
      return Outcome::fail(call + ", and to_linear of it is " + describe(*back) + ": at " + num(i) + " it differs from F");
  return Outcome::ok();
}

Outcome composed_to_f2_property(ComposedLayout const& c) {
  std::string call = "to_f2(" + describe(c) + ")";
  auto t = composed_table(c);
  Int bad = 0;
  bool linear = f2_linear_table(t, bad);
  bool negative = false;
  for (Int d : values(c.layout.stride())) negative |= d < 0;
  auto r = to_f2(c);
  if (!r) {
    if (linear && !negative)
      return Outcome::fail(call + " refused (" + r.error().what() + "), but C is F2-linear: " + table_text(t));
    return refused(r.error(), {ErrorKind::not_representable}, call);
  }
  call += " = " + describe(*r);
  if (r->size() != c.size()) return Outcome::fail(call + ": size is not size(C)");
  F2Fn fr(*r);
  for (Int i = 0; i < c.size(); ++i)
    if (fr(i) != t[i]) return Outcome::fail(call + ": at " + num(i) + " " + num(fr(i)) + " != C(i) = " + num(t[i]));
  return Outcome::ok();
}

Outcome layout_to_f2_property(Layout const& l) {
  std::string call = "to_f2(" + describe(l) + ")";
  auto s = values(l.shape()), d = values(l.stride());
  bool representable = true;  // power-of-two modes, strides >= 0, and L(i) the XOR of its bits' images
  for (std::size_t k = 0; k < s.size(); ++k) representable = representable && pow2(s[k]) && d[k] >= 0;
  auto t = table(l);
  if (representable) {
    F2Fn x(l.shape(), l.stride());
    for (Int i = 0; i < l.size() && representable; ++i) representable = x(i) == t[i];
  }
  auto r = to_f2(l);
  if (!r) {
    if (representable)
      return Outcome::fail(call + " refused (" + r.error().what() + "), but L's integer sum is the XOR everywhere");
    return refused(r.error(), {ErrorKind::not_representable}, call);
  }
  call += " = " + describe(*r);
  if (!representable) return Outcome::fail(call + ", but L's integer sum is not the XOR of its bits' images");
  if (!(r->shape() == l.shape()) || !(r->stride() == l.stride()))
    return Outcome::fail(call + ": not L's shape and strides");
  F2Fn fr(*r);
  for (Int i = 0; i < l.size(); ++i)
    if (fr(i) != t[i]) return Outcome::fail(call + ": at " + num(i) + " " + num(fr(i)) + " != L(i) = " + num(t[i]));
  return Outcome::ok();
}

}  // namespace catlayout::proofs
