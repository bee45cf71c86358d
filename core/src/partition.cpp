#include "catlayout/core/partition.hpp"

#include <cctype>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/compact.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/core/structural.hpp"
#include "cute_composition.hpp"

namespace catlayout {

std::string to_string(Projection const& p) {
  std::string out = "(";
  for (std::size_t i = 0; i < p.keep.size(); ++i) out += str(i ? "," : "", p.keep[i] ? "_1" : "X");
  return out + ")";
}

Result<Projection> parse_projection(std::string_view text) {
  std::string_view t = text;
  if (t.starts_with("Step<") && t.ends_with(">")) t = t.substr(5, t.size() - 6);  // CuTe's spelling
  else if (t.starts_with("(") && t.ends_with(")")) t = t.substr(1, t.size() - 2);
  else return fail(ErrorKind::invalid_input, "expected a projection such as (_1,X,_1) or Step<_1,X,_1>, found '", shortened(text), "'");
  Projection p;
  for (std::size_t start = 0; start <= t.size();) {
    std::size_t comma = t.find(',', start);
    if (comma == std::string_view::npos) comma = t.size();
    std::string_view e = t.substr(start, comma - start);
    while (!e.empty() && std::isspace(static_cast<unsigned char>(e.front()))) e.remove_prefix(1);
    while (!e.empty() && std::isspace(static_cast<unsigned char>(e.back()))) e.remove_suffix(1);
    if (e == "X" || e == "_") p.keep.push_back(false);
    else if (e == "1" || e == "_1") p.keep.push_back(true);
    else return fail(ErrorKind::invalid_input, "a projection entry is _1 or X, found '", shortened(e), "' in '",
                       shortened(text), "'");
    start = comma + 1;
  }
  return p;
}

static Result<void> same_rank(Projection const& p, std::size_t rank, bool is_tuple, std::string const& what) {
  if (!is_tuple || rank != p.keep.size())
    return fail(ErrorKind::invalid_input, "projection ", to_string(p), " has ", p.keep.size(), " entries, but ", what,
                is_tuple ? str(" has rank ", rank) : std::string(" is not a tuple"));
  return {};
}

Result<Tiler> dice(Projection const& p, Tiler const& t) {
  if (t.is_layout()) {  // CuTe dice on a Layout tiler: its kept modes, still one layout
    CL_TRY(l, dice(p, *t.layout));
    return Tiler::of(std::move(l));
  }
  CL_CHECK(same_rank(p, t.modes.size(), true, "the tiler " + to_string(t)));
  std::vector<Tiler> kept;
  for (std::size_t i = 0; i < t.modes.size(); ++i)
    if (p.keep[i]) kept.push_back(t.modes[i]);
  return Tiler::by_mode(std::move(kept));
}

Result<SliceCoord> dice(Projection const& p, SliceCoord const& c) {
  CL_CHECK(same_rank(p, c.children.size(), c.kind == SliceCoord::Kind::tuple, "the coordinate " + to_string(c)));
  std::vector<SliceCoord> kept;
  for (std::size_t i = 0; i < c.children.size(); ++i)
    if (p.keep[i]) kept.push_back(c.children[i]);
  return SliceCoord::tuple(std::move(kept));
}

Result<Layout> dice(Projection const& p, Layout const& l) {
  CL_CHECK(same_rank(p, l.rank(), !l.shape().is_leaf(), "the layout " + to_string(l)));
  std::vector<Layout> kept;
  for (std::size_t i = 0; i < l.rank(); ++i)
    if (p.keep[i]) kept.push_back(l.mode(i));
  return make_layout(kept);
}

// CuTe repeat<R>(_): a hole, or a tuple of R holes.
static SliceCoord holes(std::size_t r) {
  if (r == 1) return SliceCoord::hole();
  return SliceCoord::tuple(std::vector<SliceCoord>(r, SliceCoord::hole()));
}

// CuTe append<R>(coord, _) for a tuple coordinate; an integer (or _) indexes the mode as a whole.
static Result<SliceCoord> padded(SliceCoord const& c, std::size_t r, Layout const& mode) {
  if (c.kind != SliceCoord::Kind::tuple) return c;
  if (c.children.size() > r)
    return fail(ErrorKind::invalid_input, "the coordinate ", to_string(c), " has rank ", c.children.size(),
                ", more than the rank ", r, " of the mode ", to_string(mode), " it indexes");
  SliceCoord out = c;
  while (out.children.size() < r) out.children.push_back(SliceCoord::hole());
  return out;
}

// The zipped division ((tile), (rest)) sliced: inner, the rest at `coord` (the tile kept); outer,
// the tile at `coord` (the rest kept).
static Result<SliceResult> slice_at(Layout const& z, SliceCoord const& coord, bool inner) {
  Layout tile = z.mode(0), rest = z.mode(1);
  SliceCoord at;
  if (inner) {
    CL_TRY(c, padded(coord, rest.rank(), rest));
    at = SliceCoord::tuple({holes(tile.rank()), std::move(c)});
  } else {
    CL_TRY(c, padded(coord, tile.rank(), tile));
    at = SliceCoord::tuple({std::move(c), holes(rest.rank())});
  }
  return slice_and_offset(at, z);
}

namespace {
// The division's own function, to check CuTe's answer past a refusal. Each part of T that a divide
// reads (T whole under a layout tiler; else each mode, a tiled one recursively) has its index x =
// (B, B*)(i) (a kept mode: its own index) written in one digit of a mixed radix, so one layout X
// carries every part's index; the division's value there is the sum of each part's T_ext(x)
// (Def. 2.3.8.1: T o (B, B*), T extended past its domain as CuTe's composition reads it).
struct Digit {
  Layout part;
  Int radix, base;
};

Result<Layout> scaled_digit(Layout const& part, Layout const& x, Int base, Int& radix, std::vector<Digit>& digits) {
  std::vector<Int> d = flatten_values(x.stride());
  for (Int& v : d) {
    if (v < 0) return fail(ErrorKind::inadmissible, "a negative stride in ", to_string(x));
    CL_TRY(scaled, checked_mul(v, radix, "index stride"));
    v = scaled;
  }
  CL_TRY(stride, substitute(d, x.stride()));
  digits.push_back({part, radix, base});
  CL_TRY(next, checked_mul(radix, base, "index radix"));
  radix = next;
  return Layout::make(x.shape(), std::move(stride));
}

// A mode the tiler leaves: its own index, its compact column-major strides.
Result<Layout> own_index(Layout const& m, Int& radix, std::vector<Digit>& digits) {
  CL_TRY(c, compact_major(m.shape(), Major::left));
  CL_TRY(own, Layout::make(m.shape(), std::move(c)));
  return scaled_digit(m, own, m.size(), radix, digits);
}

Result<Layout> index_divide(Layout const& t, Tiler const& tiler, Int& radix, std::vector<Digit>& digits) {
  if (tiler.is_layout()) {
    CL_TRY(bc, detail::divisor_pair(t, divisor_layout(tiler)));
    return scaled_digit(t, bc, cosize(bc), radix, digits);
  }
  IntTuple s, d;
  for (std::size_t i = 0; i < t.rank(); ++i) {
    Layout m = t.mode(i);
    Result<Layout> x = i < tiler.modes.size() ? index_divide(m, tiler.modes[i], radix, digits)
                                              : own_index(m, radix, digits);
    if (!x) return x;
    s.push_back(x->shape());
    d.push_back(x->stride());
  }
  return Layout::make(std::move(s), std::move(d));
}

Result<Int> divided_value(std::vector<Digit> const& digits, Int v) {
  Int sum = 0;
  for (auto const& g : digits) {
    CL_TRY(x, g.part.extended(v / g.radix % g.base));
    CL_TRY(s, checked_add(sum, x, "value"));
    sum = s;
  }
  return sum;
}
}  // namespace

// Def. (docs/definitions.md inner_partition): element j of the slice is T((B,B*)(tile j, coord)),
// a function even where the whole division is no layout. CuTe divides all the same and slices its
// own layout: that answer stands where it is the function (tabulated), else the division's refusal.
static Result<SliceResult> cute_slice(Layout const& l, Tiler const& tiler, SliceCoord const& coord, bool inner,
                                      Error refused) {
  auto cute = detail::cute_logical_divide(l, tiler);
  if (!cute) return std::unexpected(std::move(refused));
  CL_TRY(zc, zip2_by(*cute, tiler));
  CL_TRY(sc, slice_at(zc, coord, inner));  // a coordinate outside its mode: CuTe's precondition, first
  Int radix = 1;
  std::vector<Digit> digits;
  auto x = index_divide(l, tiler, radix, digits);
  auto zx = x ? zip2_by(*x, tiler) : x;
  auto sx = zx ? slice_at(*zx, coord, inner) : Result<SliceResult>(std::unexpected(zx.error()));
  if (!sx || sc.swizzle || sc.layout.size() > limits::max_tabulate) return std::unexpected(std::move(refused));
  for (Int j = 0; j < sc.layout.size(); ++j) {
    auto want = divided_value(digits, sx->offset + sx->layout(j));
    auto got = checked_add(sc.offset, sc.layout(j), "value");
    if (!want || !got || *want != *got) {
      refused.message += str("; CuTe's slice of its own division, ", to_string(sc.layout), " at offset ", sc.offset,
                             ", gives ", got ? str(*got) : std::string("past int64"), " at element ", j,
                             ", the division's function ", want ? str(*want) : std::string("past int64"));
      return std::unexpected(std::move(refused));
    }
  }
  return sc;
}

static Result<SliceResult> partition(Layout const& l, Tiler const& tiler, SliceCoord const& coord, bool inner) {
  auto z = zipped_divide(l, tiler);  // ((tile), (rest))
  if (z) return slice_at(*z, coord, inner);
  if (!z.error().cute_returns()) return std::unexpected(z.error());
  return cute_slice(l, tiler, coord, inner, z.error());
}

Result<SliceResult> inner_partition(Layout const& l, Tiler const& tiler, SliceCoord const& coord) {
  return partition(l, tiler, coord, true);
}

Result<SliceResult> outer_partition(Layout const& l, Tiler const& tiler, SliceCoord const& coord) {
  return partition(l, tiler, coord, false);
}

Result<SliceResult> local_tile(Layout const& l, Tiler const& tiler, SliceCoord const& coord) {
  return inner_partition(l, tiler, coord);
}

Result<SliceResult> local_tile(Layout const& l, Tiler const& tiler, SliceCoord const& coord, Projection const& p) {
  CL_TRY(t, dice(p, tiler));
  CL_TRY(c, dice(p, coord));
  return inner_partition(l, t, c);
}

// CuTe get_flat_coord(idx) of the thread layout `tile` (idx2crd per flat mode, then each top-level
// mode colexicographic), keeping the top-level modes `keep` marks (all when empty). Its @post,
// crd2idx(result) == idx, is checked on the whole thread layout: a dropped mode takes CuTe's
// coordinate for idx too, or any coordinate if its stride is 0 (it adds nothing to the index).
static Result<SliceCoord> thread_coord(Layout const& tile, Int index, std::vector<bool> const& keep) {
  if (index < 0) return fail(ErrorKind::invalid_input, "thread index ", index, " is negative");
  std::vector<SliceCoord> modes;
  Int value = 0;  // tile(coordinate), to check the coordinate is idx's
  bool in_domain = true;
  for (std::size_t i = 0; i < tile.rank(); ++i) {
    bool kept = keep.empty() || keep[i];
    Layout m = tile.mode(i);
    auto s = m.flat_shape(), d = m.flat_stride();
    Int colex = 0, scale = 1;
    for (std::size_t k = 0; k < s.size(); ++k) {
      Int c = 0;
      if (s[k] != 1 && d[k] == 0 && kept)
        return cute_crash(fail(ErrorKind::invalid_input, "thread layout ", to_string(tile), ": its mode ", s[k],
                               ":0 repeats every thread ", s[k], " times, so no coordinate belongs to thread ",
                               index, " alone (CuTe's get_flat_coord divides by the stride 0)"));
      if (s[k] != 1 && d[k] != 0) c = (index / d[k]) % s[k];  // CuTe idx2crd: C++'s truncating division
      in_domain = in_domain && c >= 0;
      value += c * d[k];  // |c| < s: within the span of a valid layout
      colex += c * scale;
      scale *= s[k];
    }
    if (kept) modes.push_back(SliceCoord::of(colex));
  }
  if (!in_domain || value != index) {
    auto e = fail(ErrorKind::invalid_input, "precondition of local_partition (get_flat_coord's @post crd2idx(coord) == ",
                  "idx; CuTe: \"Only valid for compact layouts\"): thread layout ", to_string(tile),
                  " does not take the value ", index, " at CuTe's coordinate for it: it gives ",
                  in_domain ? str(value) : std::string("a coordinate outside its shape"),
                  index >= tile.size() ? str(" (", index, " is past its ", tile.size(), " threads)") : std::string());
    return cute_unchecked(e);
  }
  if (modes.size() == 1) return modes[0];  // CuTe: rank 1 gives an integer
  return SliceCoord::tuple(std::move(modes));
}

Result<SliceCoord> flat_coord_of(Layout const& tile, Int index) { return thread_coord(tile, index, {}); }

// CuTe product_each(shape(tile)) = transform(wrap(shape), product) (int_tuple.hpp:249): a size per
// top-level mode, a tuple even for one integer, so a by-mode tiler (the layout's other modes kept).
static Tiler mode_sizes(Layout const& tile) {
  if (tile.shape().is_leaf()) return Tiler::by_mode({Tiler::of_integer(tile.size())});
  std::vector<Tiler> sizes;
  for (std::size_t i = 0; i < tile.rank(); ++i) sizes.push_back(Tiler::of_integer(tile.mode(i).size()));
  return Tiler::by_mode(std::move(sizes));
}

// CuTe compiles the division before get_flat_coord runs: where the thread's coordinate fails a
// condition CuTe does not check (or crashes on), a static_assert of the division (tried at the
// coordinate 0 of each kept mode) is the answer CuTe gives, a compile error.
static Result<SliceResult> partition_at(Layout const& l, Tiler const& sizes, Result<SliceCoord> coord,
                                        std::size_t kept) {
  if (!coord && coord.error().cute_runs()) {
    std::vector<SliceCoord> zeros(kept, SliceCoord::of(0));
    auto compiled = outer_partition(l, sizes, kept == 1 ? zeros[0] : SliceCoord::tuple(std::move(zeros)));
    if (!compiled && !compiled.error().cute_runs()) return compiled;
  }
  if (!coord) return std::unexpected(coord.error());
  return outer_partition(l, sizes, *coord);
}

Result<SliceResult> local_partition(Layout const& l, Layout const& tile, Int index) {
  return partition_at(l, mode_sizes(tile), flat_coord_of(tile, index), tile.rank());
}

// CuTe: local_partition(T, dice(proj, tile), index); the index is the thread's in the whole tile
// (CuTe's sgemm tutorial passes threadIdx.x for every thread), so the precondition is the whole
// tile's, and the coordinate dice(proj, tile.get_flat_coord(index)) (idx2crd is per mode).
Result<SliceResult> local_partition(Layout const& l, Layout const& tile, Int index, Projection const& p) {
  CL_TRY(t, dice(p, tile));
  return partition_at(l, mode_sizes(t), thread_coord(tile, index, p.keep), t.rank());
}

}  // namespace catlayout
