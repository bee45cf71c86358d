// The op table's rows for CuTe's constructors, partitioners and element-size changes and the
// whitepaper's operations (docs/algebra.md): each typed over values, the kinds each takes
// dispatched once onto core's overloads (as CuTe adds an overload beside each kind).
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/generators/seeded.hpp"
#include "op_rows.hpp"
#include "typed.hpp"

namespace catlayout::wire {
namespace {

using namespace typed;

Result<Value> make_layout_op(std::span<Value const> x, Convention) {
  return give(make_layout(int_tuple(x[0]), x.size() == 2 ? std::get<Major>(order(x[1])) : Major::left));
}
// CuTe's compact_major over static and run-time extents (cute/stride.hpp): a run-time 1 keeps the
// running stride, a static 1 gets _0.
Result<Value> make_layout_mixed(std::span<Value const> x, Convention) {
  Major m = x.size() > 1 ? std::get<Major>(order(x[1])) : Major::left;
  return give_mixed(make_layout(mixed_tuple(x[0]), m));
}

Result<Value> make_ordered_layout_op(std::span<Value const> x, Convention) {
  return give(make_ordered_layout(int_tuple(x[0]), order(x[1])));
}

Result<Value> make_layout_like_op(std::span<Value const> x, Convention) { return give(make_layout_like(layout(x[0]))); }

Result<Value> tile_to_shape_op(std::span<Value const> x, Convention c) {
  Order o = x.size() == 3 ? order(x[2]) : Order(Major::left);
  return layout_or_composed(x[0], [&](auto const& block) { return tile_to_shape(block, int_tuple(x[1]), o, c); });
}

// A coordinate read in CuTe's print with a run-time integer (3, not _3).
bool has_run_time(SliceCoord const& c) {
  if (c.run_time) return true;
  return std::any_of(c.children.begin(), c.children.end(), has_run_time);
}

// The partitioners: the tile at a coordinate (local_tile with a projection; inner_partition
// without), the elements at a coordinate of every tile, a thread's elements.
template <Result<SliceResult> (*F)(Layout const&, Tiler const&, SliceCoord const&)>
Result<Value> partition_op(std::span<Value const> x, Convention) {
  auto const& c = std::get<SliceCoord>(x[2]);
  if (has_run_time(c))
    return fail(ErrorKind::invalid_input, "the partitioners do not take run-time integers in the coordinate ", to_string(c),
                " (slice_and_offset does): mark every integer static (_1)");
  if (x.size() == 4) return give(local_tile(layout(x[0]), tiler(x[1]), c, std::get<Projection>(x[3])));
  return give(F(layout(x[0]), tiler(x[1]), c));
}

Result<Value> local_partition_op(std::span<Value const> x, Convention) {
  if (x.size() == 4) return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2]), std::get<Projection>(x[3])));
  return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2])));
}

// upcast, downcast: of an integer-stride or a swizzled layout.
template <bool Up>
Result<Value> element_size_op(std::span<Value const> x, Convention c) {
  return layout_or_composed(x[0], [&](auto const& l) { return Up ? upcast(l, integer(x[1]), c) : downcast(l, integer(x[1]), c); });
}

Result<Value> recast_layout_op(std::span<Value const> x, Convention c) {
  return layout_or_composed(x[0], [&](auto const& l) { return recast_layout(l, integer(x[1]), integer(x[2]), c); });
}

Result<Value> nullspace_op(std::span<Value const> x, Convention c) {
  return std::visit(
      [c](auto const& l) -> Result<Value> {
        if constexpr (requires { nullspace(l, c); }) return give(nullspace(l, c));
        else if constexpr (requires { nullspace(l); }) return give(nullspace(l));  // F2: the kernel is a subspace, one answer
        else return fail(ErrorKind::invalid_input, "nullspace takes a layout at args[0]");
      },
      x[0]);
}

Result<Value> coalesce_z_op(std::span<Value const> x, Convention) {
  if (auto const* f = std::get_if<F2Layout>(&x[0])) {
    if (x.size() == 2) return fail(ErrorKind::invalid_input, "coalesce_z of an F2 layout takes no profile at args");
    return give(coalesce_z(*f));
  }
  auto const* l = std::get_if<Layout>(&x[0]);
  if (!l) return fail(ErrorKind::invalid_input, "coalesce_z takes a layout or an F2 layout at args[0]");
  return x.size() == 1 ? give(coalesce_z(*l)) : give(coalesce_z(*l, int_tuple(x[1])));
}

// An F2 layout, or an integer layout whose strides are all 0 (the zero of every stride kind).
std::optional<F2Layout> f2_of(Value const& x) {
  if (auto const* f = std::get_if<F2Layout>(&x)) return *f;
  if (auto const* l = std::get_if<Layout>(&x)) return zero_as_f2(*l);
  return std::nullopt;
}

Result<Value> layout_add_op(std::span<Value const> x, Convention) {
  if (std::holds_alternative<Layout>(x[0]) && std::holds_alternative<Layout>(x[1]))
    return give(layout_add(layout(x[0]), layout(x[1])));
  auto fa = f2_of(x[0]), fb = f2_of(x[1]);
  if (fa && fb) return give(layout_add(*fa, *fb));
  return fail(ErrorKind::invalid_input, "layout_add adds two integer layouts or two F2 layouts (the integer 0 is ",
              "the zero of both) at args");
}

Result<Value> greatest_common_domain_op(std::span<Value const> x, Convention) {
  return give(greatest_common_domain(int_tuple(x[0]), int_tuple(x[1])));
}

// CuTe coshape: the codomain's extent, an integer for integer strides, a coordinate for basis strides.
Result<Value> coshape_op(std::span<Value const> x, Convention) {
  if (auto const* l = std::get_if<Layout>(&x[0])) return give(coshape(*l));
  if (auto const* c = std::get_if<CoordLayout>(&x[0])) return give(coshape(*c));
  return not_defined("coshape", "this kind of layout");
}

// coshape's definition tabulated apart from coshape(): each codomain entry's largest value over the
// domain, the strides taken absolute, plus one.
Result<void> coshape_witness(std::span<Value const> x, Value const& r) {
  CoordLayout l = coord(x[0]);
  if (l.size() > (Int{1} << 16)) return {};
  auto f = flat_modes(l);
  std::map<std::vector<int>, Int> top;
  for (Int i = 0; i < l.size(); ++i) {
    std::map<std::vector<int>, Int> at;
    for (std::size_t k = 0, rest = static_cast<std::size_t>(i); k < f.shape.size(); rest /= f.shape[k], ++k)
      at[f.stride[k].path] += static_cast<Int>(rest % f.shape[k]) * std::abs(f.stride[k].scale);
    for (auto const& [path, v] : at) top[path] = std::max(top[path], v + 1);
  }
  for (auto const& [path, extent] : top) {
    Value entry = r;  // the result's entry at `path`: an integer for the integer path
    for (int p : path) {
      auto const* t = std::get_if<IntTuple>(&entry);
      if (!t || t->is_leaf() || static_cast<std::size_t>(p) >= t->rank()) return fail(ErrorKind::invalid_input, "coshape has no entry at a codomain mode");
      entry = t->mode(p);
    }
    auto const* t = std::get_if<IntTuple>(&entry);
    Int got = t && t->is_leaf() ? t->value() : std::holds_alternative<Int>(entry) ? std::get<Int>(entry) : -1;
    if (got != extent) return fail(ErrorKind::invalid_input, "coshape entry ", got, " is not the tabulated extent ", extent);
  }
  return {};
}

generators::Args coshape_args(generators::Rng& g) {
  if (generators::coin(g, 2)) return {generators::random_layout(g)};
  return {generators::coin(g, 2) ? generators::random_coord(g, 4) : make_identity_layout(generators::random_shape(g, 5, 3))};
}

// CuTe crd2idx, idx2crd, crd2crd (cute/stride.hpp): the stride optional where CuTe has a two-argument form.
Result<Value> crd2idx_op(std::span<Value const> x, Convention) {
  if (x.size() == 3) return give(crd2idx(int_tuple(x[0]), int_tuple(x[1]), int_tuple(x[2])));
  return give(crd2idx(int_tuple(x[0]), int_tuple(x[1])));
}

Result<Value> idx2crd_op(std::span<Value const> x, Convention) {
  if (x.size() == 3) return give(idx2crd(int_tuple(x[0]), int_tuple(x[1]), int_tuple(x[2])));
  return give(idx2crd(int_tuple(x[0]), int_tuple(x[1])));
}

Result<Value> crd2crd_op(std::span<Value const> x, Convention) {
  return give(crd2crd(int_tuple(x[0]), int_tuple(x[1]), int_tuple(x[2])));
}

// The three over static and run-time integers (core/mixed_coord.hpp): CuTe's marks on the answer.
Result<Value> crd2idx_mixed(std::span<Value const> x, Convention) {
  if (x.size() == 3) return give_mixed(crd2idx(mixed_tuple(x[0]), mixed_tuple(x[1]), mixed_tuple(x[2])));
  return give_mixed(crd2idx(mixed_tuple(x[0]), mixed_tuple(x[1])));
}
Result<Value> idx2crd_mixed(std::span<Value const> x, Convention) {
  if (x.size() == 3) return give_mixed(idx2crd(mixed_tuple(x[0]), mixed_tuple(x[1]), mixed_tuple(x[2])));
  return give_mixed(idx2crd(mixed_tuple(x[0]), mixed_tuple(x[1])));
}
Result<Value> crd2crd_mixed(std::span<Value const> x, Convention) {
  return give_mixed(crd2crd(mixed_tuple(x[0]), mixed_tuple(x[1]), mixed_tuple(x[2])));
}

// The witnesses' colexicographic index of a coordinate of `s` (docs/definitions.md crd2idx): an
// integer c at a position whose sub-shapes before it hold `base` points contributes c * base; a
// tuple, its modes with the bases growing by each mode's size. Null where c does not fit s.
std::optional<Int> colex_index(IntTuple const& c, IntTuple const& s, Int base = 1) {
  if (c.is_leaf()) return c.value() * base;
  if (s.is_leaf() || c.rank() != s.rank()) return std::nullopt;
  Int sum = 0;
  for (std::size_t k = 0; k < s.rank(); ++k) {
    auto v = colex_index(c.mode(k), s.mode(k), base);
    if (!v) return std::nullopt;
    sum += *v;
    IntTuple const mode = s.mode(k);  // kept: values() is a view into it
    for (Int e : mode.values()) base *= e;
  }
  return sum;
}

Int answer_int(Value const& r) {
  if (auto const* i = std::get_if<Int>(&r)) return *i;
  auto const* t = std::get_if<IntTuple>(&r);
  return t && t->is_leaf() ? t->value() : -1;
}

IntTuple answer_tuple(Value const& r) {
  if (auto const* i = std::get_if<Int>(&r)) return IntTuple(*i);
  return std::get<IntTuple>(r);
}

// crd2idx's definition apart from crd2idx(): a tuple coordinate, the sum over its modes; an
// integer i against shape:stride, the layout's extended function at i (the last flat mode
// unbounded); without a stride, the colexicographic index.
std::optional<Int> crd2idx_by_layouts(IntTuple const& c, IntTuple const& s, IntTuple const& d) {
  if (c.is_leaf()) {
    auto l = Layout::make(s, d);
    if (!l) return std::nullopt;
    auto v = l->extended(c.value());
    return v ? std::optional<Int>(*v) : std::nullopt;
  }
  if (s.is_leaf() || d.is_leaf() || c.rank() != s.rank() || d.rank() != s.rank()) return std::nullopt;
  Int sum = 0;
  for (std::size_t k = 0; k < s.rank(); ++k) {
    auto v = crd2idx_by_layouts(c.mode(k), s.mode(k), d.mode(k));
    if (!v) return std::nullopt;
    sum += *v;
  }
  return sum;
}

Result<void> crd2idx_witness(std::span<Value const> x, Value const& r) {
  auto const& c = int_tuple(x[0]);
  auto want = x.size() == 3 ? crd2idx_by_layouts(c, int_tuple(x[1]), int_tuple(x[2])) : colex_index(c, int_tuple(x[1]));
  if (!want) return fail(ErrorKind::invalid_input, "crd2idx answered where the definition has no answer");
  if (answer_int(r) != *want) return fail(ErrorKind::invalid_input, "crd2idx ", answer_int(r), " is not the definition's ", *want);
  return {};
}

// idx2crd(i, s)'s definition: a tuple index mode by mode; an integer i, the coordinate congruent to
// s whose flat entries lie in [0, s_k) but the last (unbounded) and whose colexicographic index is i.
Result<void> idx2crd_colex_check(IntTuple const& i, IntTuple const& s, IntTuple const& r) {
  if (!i.is_leaf()) {
    if (r.is_leaf() || r.rank() != i.rank() || s.is_leaf()) return fail(ErrorKind::invalid_input, "idx2crd: not one mode per index mode");
    for (std::size_t k = 0; k < i.rank(); ++k) CL_CHECK(idx2crd_colex_check(i.mode(k), s.mode(k), r.mode(k)));
    return {};
  }
  if (!congruent(r, s)) return fail(ErrorKind::invalid_input, "idx2crd ", to_string(r), " is not congruent to ", to_string(s));
  auto rv = r.values(), sv = s.values();
  for (std::size_t k = 0; k < rv.size(); ++k)
    if (rv[k] < 0 || (k + 1 < rv.size() && rv[k] >= sv[k])) return fail(ErrorKind::invalid_input, "idx2crd entry ", k, " out of range");
  if (colex_index(r, s) != i.value()) return fail(ErrorKind::invalid_input, "idx2crd ", to_string(r), " is not at index ", i.value());
  return {};
}

// idx2crd(i, s, d)'s definition: per mode for a tuple index; else each leaf (i / d) % s (0 for
// s = 1), an integer stride against a tuple shape spread as d times the colexicographic strides.
Result<void> idx2crd_strided_check(IntTuple const& i, IntTuple const& s, IntTuple const& d, IntTuple const& r) {
  if (!i.is_leaf()) {
    if (r.is_leaf() || r.rank() != i.rank() || s.is_leaf() || d.is_leaf()) return fail(ErrorKind::invalid_input, "idx2crd: not one mode per index mode");
    for (std::size_t k = 0; k < i.rank(); ++k) CL_CHECK(idx2crd_strided_check(i.mode(k), s.mode(k), d.mode(k), r.mode(k)));
    return {};
  }
  if (!s.is_leaf() && d.is_leaf()) {  // d * (1, s0, s0*s1, ...)
    std::vector<Int> ds;
    Int p = d.value();
    for (Int e : s.values()) ds.push_back(p), p *= e;
    return idx2crd_strided_check(i, s, IntTuple::with_profile(s, ds), r);
  }
  if (!s.is_leaf()) {
    if (r.is_leaf() || r.rank() != s.rank() || d.rank() != s.rank()) return fail(ErrorKind::invalid_input, "idx2crd: not one mode per shape mode");
    for (std::size_t k = 0; k < s.rank(); ++k) CL_CHECK(idx2crd_strided_check(i, s.mode(k), d.mode(k), r.mode(k)));
    return {};
  }
  Int want = s.value() == 1 ? 0 : (i.value() / d.value()) % s.value();
  if (!r.is_leaf() || r.value() != want) return fail(ErrorKind::invalid_input, "idx2crd ", to_string(r), " is not ", want);
  return {};
}

Result<void> idx2crd_witness(std::span<Value const> x, Value const& r) {
  if (x.size() == 3) return idx2crd_strided_check(int_tuple(x[0]), int_tuple(x[1]), int_tuple(x[2]), answer_tuple(r));
  return idx2crd_colex_check(int_tuple(x[0]), int_tuple(x[1]), answer_tuple(r));
}

// crd2crd's definition: mode by mode where coordinate and both shapes are tuples, else the
// coordinate of dst at the colexicographic index of the coordinate in src.
Result<void> crd2crd_check(IntTuple const& c, IntTuple const& src, IntTuple const& dst, IntTuple const& r) {
  if (!c.is_leaf() && !src.is_leaf() && !dst.is_leaf()) {
    if (r.is_leaf() || r.rank() != c.rank() || src.rank() != c.rank() || dst.rank() != c.rank())
      return fail(ErrorKind::invalid_input, "crd2crd: not one mode per coordinate mode");
    for (std::size_t k = 0; k < c.rank(); ++k) CL_CHECK(crd2crd_check(c.mode(k), src.mode(k), dst.mode(k), r.mode(k)));
    return {};
  }
  auto i = colex_index(c, src);
  if (!i) return fail(ErrorKind::invalid_input, "crd2crd answered a coordinate that does not fit its shape");
  return idx2crd_colex_check(IntTuple(*i), dst, r);
}

Result<void> crd2crd_witness(std::span<Value const> x, Value const& r) {
  return crd2crd_check(int_tuple(x[0]), int_tuple(x[1]), int_tuple(x[2]), answer_tuple(r));
}

// A coordinate of shape s: at each tuple, an integer in [0, size) one time in three, else mode
// by mode; a leaf in [0, s) (past the end one time in eight: CuTe's maps do not bound it).
IntTuple random_coordinate(generators::Rng& g, IntTuple const& s, bool top = true) {
  Int n = 1;
  for (Int e : s.values()) n *= e;
  if (s.is_leaf() || (!top && generators::coin(g, 3)) || (top && generators::coin(g, 3)))
    return IntTuple(generators::uniform(g, 0, generators::coin(g, 8) ? 2 * n : n - 1));
  std::vector<IntTuple> modes;
  for (std::size_t k = 0; k < s.rank(); ++k) modes.push_back(random_coordinate(g, s.mode(k), false));
  return IntTuple(modes);
}

generators::Args crd2idx_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  if (generators::coin(g, 3)) return {random_coordinate(g, l.shape()), l.shape()};
  return {random_coordinate(g, l.shape()), l.shape(), l.stride()};
}

generators::Args idx2crd_args(generators::Rng& g) {
  Layout l = generators::random_compact(g, 6);
  IntTuple idx = generators::coin(g, 4) ? random_coordinate(g, l.shape()) : IntTuple(generators::uniform(g, 0, l.size() + 3));
  if (!idx.is_leaf() || generators::coin(g, 3)) return {idx, l.shape()};
  if (generators::coin(g, 4)) return {idx, l.shape(), IntTuple(generators::uniform(g, 1, 3))};
  return {idx, l.shape(), l.stride()};
}

// dst: the size as one integer; the same modes, each flattened or kept; or any regrouping of the
// flat entries (then an integer coordinate: a tuple one has no mode to go by).
generators::Args crd2crd_args(generators::Rng& g) {
  Layout l = generators::random_compact(g, 6);
  IntTuple const& s = l.shape();
  if (generators::coin(g, 4)) return {random_coordinate(g, s), s, IntTuple(l.size())};
  if (!s.is_leaf() && !generators::coin(g, 3)) {
    std::vector<IntTuple> modes;
    for (std::size_t k = 0; k < s.rank(); ++k) modes.push_back(generators::coin(g, 2) ? flatten(s.mode(k)) : s.mode(k));
    return {random_coordinate(g, s), s, IntTuple(modes)};
  }
  auto f = flatten_values(s);
  std::vector<IntTuple> leaves(f.begin(), f.end());
  return {IntTuple(generators::uniform(g, 0, l.size() - 1)), s, generators::nest(g, leaves)};
}

// CuTe's mode rearrangements (cute/layout.hpp select, take, group, append, prepend, replace):
// CuTe's template integers as integer operands, select's list of modes as an int tuple.
std::vector<Int> mode_list(IntTuple const& t) { return flatten_values(t); }

Result<Value> select_op(std::span<Value const> x, Convention) {
  auto m = mode_list(int_tuple(x[1]));
  return give(select(layout(x[0]), m));
}

Result<Value> take_op(std::span<Value const> x, Convention) { return give(take(layout(x[0]), integer(x[1]), integer(x[2]))); }

Result<Value> group_modes_op(std::span<Value const> x, Convention) {
  return give(group_modes(layout(x[0]), integer(x[1]), integer(x[2])));
}

template <bool Back>
Result<Value> extend_op(std::span<Value const> x, Convention) {
  std::optional<Int> n;
  if (x.size() == 3) n = integer(x[2]);
  return give(Back ? append(layout(x[0]), layout(x[1]), n) : prepend(layout(x[0]), layout(x[1]), n));
}

Result<Value> replace_op(std::span<Value const> x, Convention) { return give(replace(layout(x[0]), integer(x[2]), layout(x[1]))); }

// The six over static and run-time integers: they move whole top-level modes (of L, and X as one
// mode), so CuTe's answer is the engine's arrangement with each mode's own marks. The arrangement
// is read off the engine's answer for a probe: L's top mode k as 1:(k+1) (L itself where its shape
// is an integer), X as 1:(rank+1); each probe leaf is then the mode it stands for.
template <OpFn Fn, bool TakesX>
Result<Value> modes_mixed(std::span<Value const> x, Convention c) {
  MixedLayout l = mixed_layout(x[0]);
  std::vector<MixedLayout> piece;
  std::vector<Layout> probe;
  auto stand_in = [&](MixedLayout m) {
    piece.push_back(std::move(m));
    return *Layout::make(IntTuple(Int{1}), IntTuple(static_cast<Int>(piece.size())));
  };
  Values args(x.begin(), x.end());
  if (l.shape.is_leaf) {
    args[0] = stand_in(l);
  } else {
    for (std::size_t k = 0; k < l.shape.modes.size(); ++k) probe.push_back(stand_in({l.shape.modes[k], l.stride.modes[k]}));
    CL_TRY(p, make_layout(probe));
    args[0] = std::move(p);
  }
  if (TakesX) args[1] = stand_in(mixed_layout(x[1]));
  for (std::size_t i = TakesX ? 2 : 1; i < args.size(); ++i)  // CuTe's template integers: their values
    if (auto const* t = std::get_if<MixedTuple>(&args[i])) args[i] = t->is_leaf ? Value(t->leaf.value) : Value(unmarked(*t));
  auto arranged = Fn(args, c);
  if (!arranged) {  // the refusal named with the operands themselves, not the probe
    Values plain;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (i > 1 || (i == 1 && !TakesX)) {
        plain.push_back(args[i]);
        continue;
      }
      auto u = unmarked(mixed_layout(x[i]));
      if (!u) return std::unexpected(u.error());
      plain.push_back(std::move(*u));
    }
    auto named = Fn(plain, c);
    return named ? arranged : named;
  }
  auto const& a = layout(*arranged);
  std::function<MixedLayout(IntTuple const&, IntTuple const&)> back = [&](IntTuple const& s, IntTuple const& d) {
    if (s.is_leaf()) return piece[static_cast<std::size_t>(d.value() - 1)];
    MixedLayout out{MixedTuple::tuple({}), MixedTuple::tuple({})};
    for (std::size_t k = 0; k < s.rank(); ++k) {
      MixedLayout m = back(s.mode(k), d.mode(k));
      out.shape.modes.push_back(std::move(m.shape));
      out.stride.modes.push_back(std::move(m.stride));
    }
    return out;
  };
  return Value(back(a.shape(), a.stride()));
}

// The witnesses' reading of the definitions: the answer's mode k is the layout (shape and stride
// taken apart, as CuTe takes them) `want[k]`, and the answer has exactly those modes.
Result<void> modes_are(Value const& r, std::vector<std::pair<IntTuple, IntTuple>> const& want, std::string_view op) {
  auto const& l = layout(r);
  if (l.shape().is_leaf() || l.rank() != want.size())
    return fail(ErrorKind::invalid_input, op, " answered ", to_string(l), ", not a tuple of ", want.size(), " modes");
  for (std::size_t k = 0; k < want.size(); ++k)
    if (!(l.shape().mode(k) == want[k].first) || !(l.stride().mode(k) == want[k].second))
      return fail(ErrorKind::invalid_input, op, ": mode ", k, " of ", to_string(l), " is not the definition's");
  return {};
}

// Mode i of a layout's shape and stride: an integer shape is its own mode 0 (CuTe's get<0>(int)).
std::pair<IntTuple, IntTuple> part(Layout const& l, std::size_t i) {
  if (l.shape().is_leaf()) return {l.shape(), l.stride()};
  return {l.shape().mode(i), l.stride().mode(i)};
}

Result<void> select_witness(std::span<Value const> x, Value const& r) {
  std::vector<std::pair<IntTuple, IntTuple>> want;
  for (Int i : mode_list(int_tuple(x[1]))) want.push_back(part(layout(x[0]), static_cast<std::size_t>(i)));
  return modes_are(r, want, "select");
}

Result<void> take_witness(std::span<Value const> x, Value const& r) {
  std::vector<std::pair<IntTuple, IntTuple>> want;
  for (Int i = integer(x[1]); i < integer(x[2]); ++i) want.push_back(part(layout(x[0]), static_cast<std::size_t>(i)));
  return modes_are(r, want, "take");
}

Result<void> group_modes_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(x[0]);
  Int b = integer(x[1]), e = integer(x[2]) == -1 ? static_cast<Int>(l.rank()) : integer(x[2]);
  std::vector<std::pair<IntTuple, IntTuple>> want;
  IntTuple gs, gd;
  for (Int i = 0; i < static_cast<Int>(l.rank()); ++i) {
    auto p = part(l, static_cast<std::size_t>(i));
    if (i < b || i >= e) want.push_back(p);
    else gs.push_back(p.first), gd.push_back(p.second);
    if (i + 1 == e && b < e) want.push_back({gs, gd});
  }
  return modes_are(r, want, "group_modes");
}

template <bool Back>
Result<void> extend_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(x[0]);
  std::pair<IntTuple, IntTuple> xs{layout(x[1]).shape(), layout(x[1]).stride()};
  std::size_t rank = l.rank(), n = x.size() == 3 ? static_cast<std::size_t>(integer(x[2])) : rank + 1;
  if (x.size() == 3 && n == rank) return layout(r) == l ? Result<void>{} : fail(ErrorKind::invalid_input, "append/prepend to its own rank is the layout itself");
  std::vector<std::pair<IntTuple, IntTuple>> want;
  for (std::size_t i = 0; i < rank; ++i) want.push_back(part(l, i));
  want.insert(Back ? want.end() : want.begin(), n - rank, xs);
  return modes_are(r, want, Back ? "append" : "prepend");
}

Result<void> replace_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(x[0]);
  if (l.shape().is_leaf()) return layout(r) == layout(x[1]) ? Result<void>{} : fail(ErrorKind::invalid_input, "replace of an integer-shape layout is X");
  std::vector<std::pair<IntTuple, IntTuple>> want;
  for (std::size_t i = 0; i < l.rank(); ++i)
    want.push_back(static_cast<Int>(i) == integer(x[2]) ? std::pair{layout(x[1]).shape(), layout(x[1]).stride()} : part(l, i));
  return modes_are(r, want, "replace");
}

// A mode index of l, out of range one time in ten.
Int random_mode(generators::Rng& g, Layout const& l) {
  Int r = static_cast<Int>(l.rank());
  return generators::coin(g, 10) ? r + generators::uniform(g, 0, 1) : generators::uniform(g, 0, r - 1);
}

generators::Args select_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  std::vector<IntTuple> m;
  for (Int k = 0, n = generators::uniform(g, 1, 4); k < n; ++k) m.push_back(IntTuple(random_mode(g, l)));
  return {l, m.size() == 1 && generators::coin(g, 2) ? m[0] : IntTuple(m)};
}

generators::Args take_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  Int r = static_cast<Int>(l.rank()), b = generators::uniform(g, 0, r - 1), e = generators::uniform(g, b + 1, r);
  if (generators::coin(g, 10)) e = generators::coin(g, 2) ? b : r + 1;  // CuTe's static_asserts
  return {l, b, e};
}

generators::Args group_modes_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  Int r = static_cast<Int>(l.rank()), b = generators::uniform(g, 0, r);
  return {l, b, generators::coin(g, 5) ? Int{-1} : generators::uniform(g, b, r + (generators::coin(g, 10) ? 1 : 0))};
}

generators::Args extend_args(generators::Rng& g) {
  Layout l = generators::random_layout(g), x = generators::coin(g, 3) ? Layout() : generators::random_layout(g, 4, 8);
  if (generators::coin(g, 2)) return {l, x};
  return {l, x, static_cast<Int>(l.rank()) + generators::uniform(g, generators::coin(g, 10) ? -1 : 0, 2)};
}

generators::Args replace_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  return {l, generators::random_layout(g, 4, 8), random_mode(g, l)};
}

// CuTe max_common_vector, max_common_layout (cute/layout.hpp): the contiguous elements A and B share.
Result<Value> max_common_vector_op(std::span<Value const> x, Convention) { return give(max_common_vector(layout(x[0]), layout(x[1]))); }
Result<Value> max_common_layout_op(std::span<Value const> x, Convention) { return give(max_common_layout(layout(x[0]), layout(x[1]))); }

// CuTe's post-conditions, tabulated apart from the engine: max_common_layout's "a(R(i)) == i and
// b(R(i)) == i" for i < size(R); max_common_vector's "a(b.get_1d_coord(n)) == n" for n < N, the
// index of n found by tabulating b (N >= 1; N = 1 needs nothing). A and B evaluate past their
// sizes as CuTe's layouts do (the extended function): CuTe does not ask the sizes to agree.
bool extended_is(Layout const& l, Int i, Int want) {
  auto v = l.extended(i);
  return v && *v == want;
}

Result<void> max_common_layout_witness(std::span<Value const> x, Value const& r) {
  Layout const &a = layout(x[0]), &b = layout(x[1]), &m = layout(r);
  if (m.size() > (Int{1} << 16)) return {};
  for (Int i = 0; i < m.size(); ++i) {
    Int j = m(i);
    if (j < 0 || !extended_is(a, j, i) || !extended_is(b, j, i))
      return fail(ErrorKind::invalid_input, "max_common_layout: R(", i, ") = ", j, " is not where A and B both give ", i);
  }
  return {};
}

// docs/definitions.md max_common_vector: a(b.get_1d_coord(v)) == v for v < N, b.get_1d_coord read as
// CuTe's right_inverse(b) (where b is not injective, not b's first index of v: (2,5):(3,1) sends 1 and
// 6 to 3, and CuTe's inverse takes 6), a read extended; N is the first v where that fails.
Result<void> max_common_vector_witness(std::span<Value const> x, Value const& r) {
  Layout const &a = layout(x[0]), &b = layout(x[1]);
  Int n = answer_int(r);
  if (n < 1) return fail(ErrorKind::invalid_input, "max_common_vector ", n, " is below 1");
  if (b.size() > (Int{1} << 16)) return {};
  Layout inv = right_inverse(b);
  if (n > 1 && n > inv.size())
    return fail(ErrorKind::invalid_input, "max_common_vector ", n, " is past right_inverse(B)'s size ", inv.size());
  for (Int v = 0; v < n && n > 1; ++v)
    if (!extended_is(b, inv(v), v) || !extended_is(a, inv(v), v))
      return fail(ErrorKind::invalid_input, "max_common_vector ", n, ": A at B's index ", inv(v), " of ", v,
                  " is not ", v);
  if (n < inv.size() && extended_is(a, inv(n), n))
    return fail(ErrorKind::invalid_input, "max_common_vector ", n, " is not the largest: A and B agree at ", n, " too");
  return {};
}

// Two layouts of one size: a compact layout and its shape regrouped or reordered, sometimes with gaps.
generators::Args max_common_args(generators::Rng& g) {
  Layout a = generators::random_compact(g, 6);
  Layout b = generators::coin(g, 3) ? generators::random_layout(g) : generators::random_compact(g, 6);
  if (generators::coin(g, 2)) {
    auto f = flatten_values(a.shape());
    std::vector<IntTuple> leaves(f.begin(), f.end());
    b = *make_layout(generators::nest(g, leaves), generators::coin(g, 2) ? Major::left : Major::right);
  }
  return {a, b};
}

// CuTe's predicates on int tuples (cute/int_tuple.hpp weakly_congruent, compatible): 1 or 0.
Result<Value> weakly_congruent_op(std::span<Value const> x, Convention) {
  return Value(Int{weakly_congruent(int_tuple(x[0]), int_tuple(x[1])) ? 1 : 0});
}

Result<Value> compatible_op(std::span<Value const> x, Convention) {
  auto r = compatible(int_tuple(x[0]), int_tuple(x[1]));
  if (!r) return std::unexpected(r.error());
  return Value(Int{*r ? 1 : 0});
}

// The relations' definitions read off the leaves of A (docs/definitions.md): each leaf of A sits
// at a path of tuple positions; B must have the same tuple structure down to every such path (the
// same rank at each tuple of A, a tuple below each tuple of A) and, for compatible, a sub-tuple of
// A's leaf's size there. Returns the sizes B has at A's leaves, or null where the structure fails.
std::optional<std::vector<Int>> sizes_at_leaves(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf()) {
    Int n = 1;
    for (Int e : b.values()) n *= e;
    return std::vector<Int>{n};
  }
  if (b.is_leaf() || a.rank() != b.rank()) return std::nullopt;
  std::vector<Int> out;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    auto m = sizes_at_leaves(a.mode(i), b.mode(i));
    if (!m) return std::nullopt;
    out.insert(out.end(), m->begin(), m->end());
  }
  return out;
}

template <bool Sizes>
Result<void> relation_witness(std::span<Value const> x, Value const& r) {
  auto const &a = int_tuple(x[0]), &b = int_tuple(x[1]);
  auto at = sizes_at_leaves(a, b);
  bool want = at.has_value();
  if (Sizes && want) {
    auto av = a.values();
    for (std::size_t k = 0; k < av.size(); ++k) want = want && (*at)[k] == av[k];
  }
  if (answer_int(r) != (want ? 1 : 0))
    return fail(ErrorKind::invalid_input, Sizes ? "compatible" : "weakly_congruent", " answered ", answer_int(r), ", the definition ", want);
  return {};
}

// B a refinement of A (A's leaves each split into a nested tuple of that size), A itself, or a
// near miss (one mode more, a size changed, A finer than B).
generators::Args relation_args(generators::Rng& g) {
  IntTuple a = generators::random_shape(g, 8, 4);
  std::vector<IntTuple> modes;
  auto refine = [&](Int v) -> IntTuple {
    if (v == 1 || generators::coin(g, 2)) return IntTuple(v);
    for (Int d = 2; d < v; ++d)
      if (v % d == 0) return IntTuple(std::vector<IntTuple>{IntTuple(d), IntTuple(v / d)});
    return IntTuple(std::vector<IntTuple>{IntTuple(v)});
  };
  std::vector<Int> leaves = flatten_values(a);
  std::vector<IntTuple> refined;
  for (Int v : leaves) refined.push_back(refine(v));
  // the refinement in A's nesting: substitute leaf by leaf
  std::function<IntTuple(IntTuple const&, std::size_t&)> build = [&](IntTuple const& t, std::size_t& k) -> IntTuple {
    if (t.is_leaf()) return refined[k++];
    std::vector<IntTuple> m;
    for (std::size_t i = 0; i < t.rank(); ++i) m.push_back(build(t.mode(i), k));
    return IntTuple(m);
  };
  std::size_t k = 0;
  IntTuple b = build(a, k);
  switch (generators::uniform(g, 0, 5)) {
    case 0: return {b, a};                                                        // finer first
    case 1: return {a, IntTuple(product(b).value_or(1))};  // B an integer
    case 2: { IntTuple c = b.is_leaf() ? b : append(b, IntTuple(2)); return {a, c}; }   // one mode more
    case 3: { auto v = flatten_values(b); v.back() += 1; return {a, IntTuple::with_profile(b, v)}; }  // a size off
    default: return {a, b};
  }
}

// CuTe coprofile (cute/layout.hpp): 0 for integer strides, the codomain's nesting of 0s for basis strides.
Result<Value> coprofile_op(std::span<Value const> x, Convention) {
  if (auto const* l = std::get_if<Layout>(&x[0])) return Value(coprofile(*l));
  if (auto const* c = std::get_if<CoordLayout>(&x[0])) return give(coprofile(*c));
  return not_defined("coprofile", "this kind of layout");
}

// CuTe's "@post congruent(coprofile(a), a(i)) for any i", checked on L's values (all 0 entries),
// and the codomain's entries all reached: each codomain path of a stride has its entry.
Result<void> coprofile_witness(std::span<Value const> x, Value const& r) {
  IntTuple got = answer_tuple(r);
  for (Int v : got.values())
    if (v != 0) return fail(ErrorKind::invalid_input, "coprofile ", to_string(got), " has an entry other than 0");
  if (std::holds_alternative<Layout>(x[0])) return got.is_leaf() ? Result<void>{} : fail(ErrorKind::invalid_input, "coprofile of integer strides is 0");
  CoordLayout l = coord(x[0]);
  for (auto const& s : flat_modes(l).stride) {
    IntTuple at = got;
    for (int p : s.path) {
      if (at.is_leaf() || static_cast<std::size_t>(p) >= at.rank()) return fail(ErrorKind::invalid_input, "coprofile ", to_string(got), " has no entry at a stride's path");
      at = at.mode(static_cast<std::size_t>(p));
    }
  }
  return {};
}

// CuTe compact_major<Major>(shape, current), compact_col_major, compact_row_major (cute/stride.hpp):
// the strides, from `current` (an integer, or a tuple of the shape's rank); 1 where not given.
template <int Fixed>  // 0: the major is args[1]; 1: LayoutLeft; 2: LayoutRight
Result<Value> compact_strides_op(std::span<Value const> x, Convention) {
  Major m = Fixed == 1 ? Major::left : Fixed == 2 ? Major::right : std::get<Major>(order(x[1]));
  std::size_t at = Fixed == 0 ? 2 : 1;
  IntTuple current = x.size() > at ? int_tuple(x[at]) : IntTuple(Int{1});
  return give(compact_major(int_tuple(x[0]), m, current));
}

// Over static and run-time integers (core/mixed_algebra.hpp compact_major): CuTe's strides, where a
// run-time extent 1 keeps the running stride (cute/stride.hpp:294 gives _0 only to a static 1).
// Checked here: equal to the static strides except at extent-1 leaves, whose stride no index
// reaches, so shape : strides is the static answer's function.
template <int Fixed>
Result<Value> compact_strides_mixed(std::span<Value const> x, Convention) {
  Major m = Fixed == 1 ? Major::left : Fixed == 2 ? Major::right : std::get<Major>(order(x[1]));
  std::size_t at = Fixed == 0 ? 2 : 1;
  MixedTuple shape = mixed_tuple(x[0]);
  MixedTuple current = x.size() > at ? mixed_tuple(x[at]) : MixedTuple(MixedInt{1, true});
  CL_TRY(cute, compact_major(shape, m, current));
  CL_TRY(fixed, compact_major(unmarked(shape), m, unmarked(current)));
  auto got = flatten(cute);
  auto want = fixed.values();
  auto extents = flatten(shape);
  bool same = got.size() == want.size() && got.size() == extents.size();
  for (std::size_t k = 0; same && k < got.size(); ++k) same = got[k].value == want[k] || extents[k].value == 1;
  if (!same) {
    Error e{ErrorKind::inadmissible, "CuTe's run-time strides " + to_string(cute) + " are not the compact strides " +
                                         to_string(fixed) + " of " + to_string(shape)};
    e.cute_answers = true;
    return std::unexpected(std::move(e));
  }
  return Value(std::move(cute));
}

// The definition apart from compact_major(): with an integer start c, shape : (r / c) is the
// layout that lists [0, size) in colexicographic (left) or lexicographic (right) order, so r's entry
// at a flat position is c times the product of the entries before it (left) or after it (right),
// 0 where the shape entry is 1; a tuple start, mode by mode.
Result<void> compact_check(IntTuple const& s, Major m, IntTuple const& c, IntTuple const& r) {
  if (!c.is_leaf()) {
    if (s.is_leaf() || r.is_leaf() || s.rank() != c.rank() || r.rank() != c.rank())
      return fail(ErrorKind::invalid_input, "compact_major: not one mode per mode of the start");
    for (std::size_t i = 0; i < s.rank(); ++i) CL_CHECK(compact_check(s.mode(i), m, c.mode(i), r.mode(i)));
    return {};
  }
  if (!congruent(s, r)) return fail(ErrorKind::invalid_input, "compact_major ", to_string(r), " is not congruent to ", to_string(s));
  auto sv = s.values(), rv = r.values();
  for (std::size_t k = 0; k < sv.size(); ++k) {
    Int before = 1;
    for (std::size_t j = 0; j < sv.size(); ++j)
      if (m == Major::left ? j < k : j > k) before *= sv[j];
    Int want = sv[k] == 1 ? 0 : c.value() * before;
    if (rv[k] != want) return fail(ErrorKind::invalid_input, "compact_major: entry ", k, " is ", rv[k], ", the definition ", want);
  }
  return {};
}

template <int Fixed>
Result<void> compact_strides_witness(std::span<Value const> x, Value const& r) {
  Major m = Fixed == 1 ? Major::left : Fixed == 2 ? Major::right : std::get<Major>(order(x[1]));
  std::size_t at = Fixed == 0 ? 2 : 1;
  return compact_check(int_tuple(x[0]), m, x.size() > at ? int_tuple(x[at]) : IntTuple(Int{1}), answer_tuple(r));
}

// A shape and a start: none, an integer (0 and negative ones included), or a tuple of the shape's
// rank (sometimes nested where the shape's mode is).
template <int Fixed>
generators::Args compact_strides_args(generators::Rng& g) {
  IntTuple s = generators::random_shape(g, 8, 4);
  generators::Args a{s};
  if (Fixed == 0) a.push_back(generators::coin(g, 2) ? Major::left : Major::right);
  if (generators::coin(g, 4)) return a;
  if (s.is_leaf() || generators::coin(g, 2)) {
    a.push_back(IntTuple(generators::coin(g, 8) ? generators::uniform(g, -3, 0) : generators::uniform(g, 1, 6)));
    return a;
  }
  std::vector<IntTuple> c;
  for (std::size_t i = 0; i < s.rank(); ++i) c.push_back(IntTuple(generators::uniform(g, 1, 64)));
  if (generators::coin(g, 10)) c.push_back(IntTuple(1));  // CuTe's Mismatched Ranks
  a.push_back(IntTuple(c));
  return a;
}

// CuTe domain_distribute (cute/layout.hpp): b's elements spread over A's flat shape.
Result<Value> domain_distribute_op(std::span<Value const> x, Convention) {
  return give(domain_distribute(int_tuple(x[0]), integer(x[1])));
}

// CuTe's @posts tabulated apart from the engine: size(R) divides b; R strictly increasing; and its
// image is the compact colexicographic indices of A whose flat coordinates lie below the gcd walk's
// g_k (g_k = gcd(a_k, what b has left)).
Result<void> domain_distribute_witness(std::span<Value const> x, Value const& r) {
  auto av = flatten_values(int_tuple(x[0]));
  Int b = integer(x[1]);
  Layout const& l = layout(r);
  if (l.size() > (Int{1} << 16)) return {};
  if (b % l.size() != 0) return fail(ErrorKind::invalid_input, "domain_distribute: size ", l.size(), " does not divide ", b);
  std::vector<Int> image{0};
  Int left = b, base = 1;
  for (Int ak : av) {
    Int gk = std::gcd(ak, left);
    left /= gk;
    std::vector<Int> next;
    for (Int c = 0; c < gk; ++c)
      for (Int v : image) next.push_back(v + c * base);
    image = std::move(next);
    base *= ak;
  }
  std::sort(image.begin(), image.end());
  auto got = tabulate(l);
  for (std::size_t i = 1; i < got.size(); ++i)
    if (got[i] <= got[i - 1]) return fail(ErrorKind::invalid_input, "domain_distribute: R(", i, ") is not above R(", i - 1, ")");
  if (got != image) return fail(ErrorKind::invalid_input, "domain_distribute: the image is not the gcd walk's");
  return {};
}

generators::Args domain_distribute_args(generators::Rng& g) {
  IntTuple a = generators::random_shape(g, 16, 4);
  return {a, generators::coin(g, 2) ? generators::uniform(g, 1, 64) : Int{1} << generators::uniform(g, 0, 10)};
}

// cute/swizzle_layout.hpp get_swizzle_portion / get_nonswizzle_portion: of a plain, swizzled or chained layout.
template <bool Swizzled>
Result<Value> portion_op(std::span<Value const> x, Convention) {
  return std::visit(
      [](auto const& l) -> Result<Value> {
        using L = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<L, Layout> || std::is_same_v<L, ComposedLayout> || std::is_same_v<L, ComposedChain>) {
          if constexpr (Swizzled) return give(get_swizzle_portion(l));
          else return give(get_nonswizzle_portion(l));
        } else {
          return not_defined(Swizzled ? "get_swizzle_portion" : "get_nonswizzle_portion", "this kind of layout");
        }
      },
      x[0]);
}

// The portions are the composed layout's swizzle and layout, and put back with its offset they are its
// function: sw(off + layout(i)) == C(i) (a plain layout: the identity Sw<0,4,3>, and itself).
Result<void> portion_witness(std::span<Value const> x, Value const& r, bool swizzled) {
  ComposedLayout c;
  if (auto const* p = std::get_if<ComposedLayout>(&x[0])) c = *p;
  else if (auto const* l = std::get_if<Layout>(&x[0])) c = ComposedLayout{Swizzle{0, 4, 3}, 0, *l};
  else return {};
  auto const* sw = std::get_if<Swizzle>(&r);
  auto const* l = std::get_if<Layout>(&r);
  if (swizzled ? !(sw && *sw == c.sw) : !(l && *l == c.layout))
    return fail(ErrorKind::invalid_input, "the portion is not the composed layout's ", swizzled ? "swizzle" : "layout");
  for (Int i = 0; i < std::min<Int>(c.size(), Int{1} << 12); ++i) {
    CL_TRY(v, evaluate(c, i));
    CL_TRY(y, c.layout.at(i));
    if (v != c.sw(c.offset + y)) return fail(ErrorKind::invalid_input, "sw o off o layout is not the composed layout at ", i);
  }
  return {};
}

generators::Args portion_args(generators::Rng& g) {
  if (generators::coin(g, 4)) return {generators::random_layout(g)};
  return {generators::random_gmma_atom(g)};
}

// CuTe slice_and_offset(coord, L) (cute/layout.hpp:700; cute/swizzle_layout.hpp:230 for Sw o k o L):
// the sub-layout of the modes under the holes and the offset of the fixed coordinates.
Result<Value> slice_and_offset_op(std::span<Value const> x, Convention) {
  auto const& c = std::get<SliceCoord>(x[1]);
  if (auto const* l = std::get_if<Layout>(&x[0]))
    return c.printed ? give(slice_and_offset_printed(c, *l)) : give(slice_and_offset(c, *l));
  if (auto const* s = std::get_if<ComposedLayout>(&x[0]))
    return c.printed ? give(slice_and_offset_printed(c, *s)) : give(slice_and_offset(c, *s));
  return not_defined("slice_and_offset", "this kind of layout");
}

// The definition apart from the engine: the holes' modes, in order, and the sum of the fixed
// coordinates' values, read off the coordinate and the layout together.
Result<void> holes_and_fixed(SliceCoord const& c, Layout const& m, std::vector<Layout>& holes, Int& fixed) {
  if (c.kind == SliceCoord::Kind::hole) return holes.push_back(m), Result<void>{};
  if (c.kind == SliceCoord::Kind::integer) {
    CL_TRY(v, m.at(c.value));  // an integer into a mode: that mode's value at its colexicographic index
    fixed += v;
    return {};
  }
  if (m.shape().is_leaf() || c.children.size() != m.rank()) return fail(ErrorKind::invalid_input, "coordinate does not fit");
  for (std::size_t i = 0; i < c.children.size(); ++i) CL_CHECK(holes_and_fixed(c.children[i], m.mode(i), holes, fixed));
  return {};
}

// A partition's value at j: offset + R(j), R swizzled (sw(k' + L_R(j))) or not.
Int value_at(SliceResult const& r, Int j) {
  Int sub = r.layout(j);
  return r.offset + (r.swizzle ? (*r.swizzle)(r.swizzle_offset + sub) : sub);
}

// For every j: offset + R(j) == sw(k + L(the coordinate with the holes filled by j's coordinate)),
// j's coordinate colexicographic over the holes' modes, R swizzled or not.
Result<void> slice_and_offset_witness(std::span<Value const> x, Value const& r) {
  auto const& c = std::get<SliceCoord>(x[1]);
  ComposedLayout l;
  if (auto const* p = std::get_if<Layout>(&x[0])) l = ComposedLayout{Swizzle{}, 0, *p};
  else l = std::get<ComposedLayout>(x[0]);
  auto const& got = std::get<SliceResult>(r);
  std::vector<Layout> holes;
  Int fixed = 0;
  CL_CHECK(holes_and_fixed(c, l.layout, holes, fixed));
  Int n = 1;
  for (auto const& h : holes) n *= h.size();
  if (got.layout.size() != n) return fail(ErrorKind::invalid_input, "slice_and_offset: size ", got.layout.size(), " is not the holes' ", n);
  for (Int j = 0; j < std::min<Int>(n, Int{1} << 16); ++j) {
    Int at = fixed, rest = j;
    for (auto const& h : holes) at += h(rest % h.size()), rest /= h.size();
    Int want = l.sw(l.offset + at);
    Int have = value_at(got, j);
    if (have != want) return fail(ErrorKind::invalid_input, "slice_and_offset: at j = ", j, " offset + R(j) = ", have, ", the layout ", want);
  }
  return {};
}

// A coordinate of shape s with holes: at each position a hole, an integer inside the mode (past it
// one time in twenty), or, at a tuple, mode by mode.
SliceCoord random_slice_coord(generators::Rng& g, IntTuple const& s) {
  Int n = 1;
  for (Int e : s.values()) n *= e;
  auto pick = generators::uniform(g, 0, s.is_leaf() ? 1 : 2);
  if (pick == 0) return SliceCoord::hole();
  if (pick == 1) return SliceCoord::of(generators::uniform(g, 0, generators::coin(g, 20) ? n : n - 1));
  std::vector<SliceCoord> modes;
  for (std::size_t k = 0; k < s.rank(); ++k) modes.push_back(random_slice_coord(g, s.mode(k)));
  return SliceCoord::tuple(std::move(modes));
}

// A plain layout, a GMMA atom, or a power-of-two layout under a random swizzle (now and then with an
// offset).
ComposedLayout random_plain_or_swizzled(generators::Rng& g) {
  ComposedLayout l{Swizzle{}, 0, generators::random_layout(g)};
  if (!generators::coin(g, 3)) {
    if (generators::coin(g, 2)) l = generators::random_gmma_atom(g);
    else {
      Layout p = generators::random_pow2_layout(g, static_cast<int>(generators::uniform(g, 3, 7)), static_cast<int>(generators::uniform(g, 0, 2)));
      int bits = 0;
      while ((Int{1} << (bits + 1)) <= cosize(p)) ++bits;
      l = ComposedLayout{generators::random_swizzle(g, std::max(bits, 2)), 0, p};
    }
    if (generators::coin(g, 6)) l.offset = Int{1} << generators::uniform(g, 0, 6);
  }
  return l;
}

// Such a layout and a coordinate with holes, mode by mode at the top.
generators::Args slice_and_offset_args(generators::Rng& g) {
  ComposedLayout l = random_plain_or_swizzled(g);
  IntTuple const& s = l.layout.shape();
  SliceCoord c = random_slice_coord(g, s);
  if (!s.is_leaf() && c.kind != SliceCoord::Kind::tuple) {
    std::vector<SliceCoord> modes;
    for (std::size_t k = 0; k < s.rank(); ++k) modes.push_back(random_slice_coord(g, s.mode(k)));
    c = SliceCoord::tuple(std::move(modes));
  }
  if (is_plain(l)) return {l.layout, c};
  return {l, c};
}

// CuTe domain_offset(coord, L) (cute/layout.hpp:719, layout_composed.hpp:349): L kept, the offset
// L(coord) to the pointer; a swizzled L keeps it inside its swizzle, the pointer's offset 0.
Result<Value> domain_offset_op(std::span<Value const> x, Convention) {
  IntTuple const c = int_tuple(x[1]);
  if (auto const* l = std::get_if<Layout>(&x[0])) return give(domain_offset(c, *l));
  if (auto const* s = std::get_if<ComposedLayout>(&x[0])) return give(domain_offset(c, *s));
  return not_defined("domain_offset", "this kind of layout");
}

// The definition apart from the engine: for every i, offset + R(i) == sw(k + L(coord) + L(i)), the
// layout read at the coordinate moved by i (L linear in natural coordinates), L(coord) the inner
// product of the coordinate with the strides (an integer coordinate split colexicographically).
Result<void> domain_offset_witness(std::span<Value const> x, Value const& r) {
  ComposedLayout l;
  if (auto const* p = std::get_if<Layout>(&x[0])) l = ComposedLayout{Swizzle{}, 0, *p};
  else l = std::get<ComposedLayout>(x[0]);
  auto at = crd2idx_by_layouts(int_tuple(x[1]), l.layout.shape(), l.layout.stride());
  if (!at) return fail(ErrorKind::invalid_input, "domain_offset answered where the coordinate does not fit the shape");
  auto const& got = std::get<SliceResult>(r);
  if (got.layout.size() != l.layout.size()) return fail(ErrorKind::invalid_input, "domain_offset: size ", got.layout.size(), " is not L's ", l.layout.size());
  for (Int i = 0; i < std::min<Int>(l.layout.size(), Int{1} << 16); ++i) {
    Int want = l.sw(l.offset + *at + l.layout(i));
    Int have = value_at(got, i);
    if (have != want) return fail(ErrorKind::invalid_input, "domain_offset: at i = ", i, " offset + R(i) = ", have, ", the moved layout ", want);
  }
  return {};
}

generators::Args domain_offset_args(generators::Rng& g) {
  ComposedLayout l = random_plain_or_swizzled(g);
  IntTuple c = random_coordinate(g, l.layout.shape());
  if (is_plain(l)) return {l.layout, c};
  return {l, c};
}

using namespace row_flags;
using T = Takes;

// A row of the conformance suite (ops.hpp's in_suite), or with `later`, catlayout's until the suite adopts it.
OpRow row(std::string_view name, std::size_t min_args, Strict strict, bool returns_layout, bool other_kinds, Typed typed,
          OpDoc doc, bool later = false) {
  OpRow r = typed_row(name, OpFamily::cute_api, min_args, strict, returns_layout, other_kinds, std::move(typed), doc);
  r.in_suite = !later;
  return r;
}

}  // namespace

std::vector<OpRow> cute_api_rows() {
  return {
      row("make_layout", 1, no, layout_result, !kinds, {{T::shape, T::major}, make_layout_op, nullptr, generators::make_layout_args, nullptr, make_layout_mixed},
          {"make-layout", "make-layout SHAPE [LayoutLeft|LayoutRight]",
           "CuTe make_layout(shape, LayoutLeft{} / LayoutRight{}): compact column- or row-major",
           "catlayout make-layout '(4,(2,3))' LayoutRight"}),
      row("make_ordered_layout", 2, no, layout_result, !kinds, {{T::shape, T::order}, make_ordered_layout_op, nullptr, generators::make_ordered_layout_args},
          {"make-ordered-layout", "make-ordered-layout SHAPE ORDER",
           "CuTe make_ordered_layout: compact, modes with smaller order entries first",
           "catlayout make-ordered-layout '(2,2,2,2)' '(0,2,3,1)'"}),
      row("make_layout_like", 1, no, layout_result, !kinds, {{T::layout}, make_layout_like_op, nullptr, generators::make_layout_like_args},
          {"make-layout-like", "make-layout-like L",
           "CuTe make_layout_like: L's shape, compact strides in the order of L's, stride-0 modes kept",
           "catlayout make-layout-like '(2,3,4,5):(0,42,1,0)'"}),
      row("tile_to_shape", 2, conv, layout_result, kinds, {{T::layout, T::shape, T::order}, tile_to_shape_op, nullptr, generators::tile_to_shape_args},
          {"tile-to-shape", "tile-to-shape BLOCK SHAPE [ORDER]",
           "CuTe tile_to_shape: the block (swizzled or not) repeated to fill the shape",
           "catlayout tile-to-shape 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(128,64)'"}),
      row("local_tile", 3, conv, !layout_result, !kinds,
          {{T::layout, T::tiler, T::coord, T::projection}, partition_op<inner_partition>, nullptr, generators::local_tile_args},
          {"local-tile", "local-tile L TILER COORD [PROJ]", "CuTe local_tile at layout level: the tile at COORD and its offset",
           "catlayout local-tile '(128,64):(1,128)' '<32,16,8>' '(1,2,_)' '(_1,_1,X)'"}),
      row("inner_partition", 3, conv, !layout_result, !kinds, {{T::layout, T::tiler, T::coord}, partition_op<inner_partition>, nullptr, generators::inner_partition_args},
          {"inner-partition", "inner-partition L TILER COORD",
           "CuTe inner_partition: the tile at COORD (zipped_divide, then slice the rest)",
           "catlayout inner-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"}),
      row("outer_partition", 3, conv, !layout_result, !kinds, {{T::layout, T::tiler, T::coord}, partition_op<outer_partition>, nullptr, generators::outer_partition_args},
          {"outer-partition", "outer-partition L TILER COORD",
           "CuTe outer_partition: element COORD of every tile (zipped_divide, then slice the tile)",
           "catlayout outer-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"}),
      row("local_partition", 3, conv, !layout_result, !kinds,
          {{T::layout, T::layout, T::integer, T::projection}, local_partition_op, nullptr, generators::local_partition_args},
          {"local-partition", "local-partition L THREADS INDEX [PROJ]",
           "CuTe local_partition: thread INDEX's elements and their offset",
           "catlayout local-partition '(16,64):(1,16)' '(2,16):(16,1)' 5"}),
      row("upcast", 2, reading, layout_result, kinds, {{T::layout, T::integer}, element_size_op<true>, nullptr, generators::upcast_args},
          {"upcast", "upcast L N",
           "CuTe upcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N times larger",
           "catlayout upcast '(4,4):(4,1)' 4"}),
      row("downcast", 2, reading, layout_result, kinds, {{T::layout, T::integer}, element_size_op<false>, nullptr, generators::downcast_args},
          {"downcast", "downcast L N",
           "CuTe downcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N times "
           "smaller",
           "catlayout downcast '(4,4):(4,1)' 2"}),
      row("recast_layout", 3, reading, layout_result, kinds, {{T::layout, T::integer, T::integer}, recast_layout_op, nullptr, generators::recast_layout_args},
          {"recast-layout", "recast-layout L OLD_BITS NEW_BITS", "CuTe recast_layout<Old,New> by element widths in bits",
           "catlayout recast-layout 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' 16 32"}),
      row("nullspace", 1, reading, layout_result, kinds, {{T::layout}, nullspace_op, nullptr, generators::nullspace_args},
          {"nullspace", "nullspace L", "CuTe nullspace: the stride-0 modes of L; --strict: every index L maps to 0",
           "catlayout nullspace '(2,4,6):(1,2,0)'"}),
      row("coalesce_z", 1, no, layout_result, kinds, {{T::layout, T::int_tuple}, coalesce_z_op, nullptr, generators::coalesce_z_args},
          {"coalesce-z", "coalesce-z L [PROFILE]", "PyCuTe coalesce_z: coalesce keeping the extended function",
           "catlayout coalesce-z '(2,1,6,1):(1,7,8,0)'"}),
      row("layout_add", 2, no, layout_result, kinds, {{T::layout, T::layout}, layout_add_op, nullptr, generators::layout_add_args},
          {"layout-add", "layout-add A B", "PyCuTe layout_add: R(i) = A(i) + B(i) (XOR for F2 strides)",
           "catlayout layout-add '(4,3):(1,4)' '(4,3):(3,1)'"}),
      row("greatest_common_domain", 2, no, layout_result, !kinds, {{T::domain, T::domain}, greatest_common_domain_op, nullptr, generators::greatest_common_domain_args},
          {"greatest-common-domain", "greatest-common-domain SHAPE SHAPE", "PyCuTe greatest_common_domain of two shapes",
           "catlayout greatest-common-domain '(6,35)' '(15,14)'"}),
      row("get_swizzle_portion", 1, no, !layout_result, kinds,
          {{T::layout}, portion_op<true>, [](std::span<Value const> x, Value const& r) { return portion_witness(x, r, true); },
           portion_args},
          {"get-swizzle-portion", "get-swizzle-portion L",
           "CuTe get_swizzle_portion: the swizzle of a swizzled layout (Sw<0,4,3> for a plain layout)",
           "catlayout get-swizzle-portion 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'"},
          later),
      row("get_nonswizzle_portion", 1, no, layout_result, kinds,
          {{T::layout}, portion_op<false>, [](std::span<Value const> x, Value const& r) { return portion_witness(x, r, false); },
           portion_args},
          {"get-nonswizzle-portion", "get-nonswizzle-portion L",
           "CuTe get_nonswizzle_portion: the layout under a swizzled layout's swizzle (a plain layout itself)",
           "catlayout get-nonswizzle-portion 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'"},
          later),
      row("coshape", 1, no, !layout_result, kinds, {{T::layout}, coshape_op, coshape_witness, coshape_args},
          {"coshape", "coshape L", "CuTe coshape: the codomain's extent (absolute strides), a coordinate for basis strides",
           "catlayout coshape '(4,8):(1@0,1@1)'"},
          later),
      row("crd2idx", 2, no, !layout_result, !kinds, {{T::int_tuple, T::shape, T::int_tuple}, crd2idx_op, crd2idx_witness, crd2idx_args, nullptr, crd2idx_mixed},
          {"crd2idx", "crd2idx COORD SHAPE [STRIDE]",
           "CuTe crd2idx: the index of a coordinate (an integer split colexicographically), by STRIDE or colexicographic",
           "catlayout crd2idx '(1,(1,2))' '(3,(2,3))' '(3,(12,1))'"},
          later),
      row("idx2crd", 2, no, !layout_result, !kinds, {{T::int_tuple, T::shape, T::int_tuple}, idx2crd_op, idx2crd_witness, idx2crd_args, nullptr, idx2crd_mixed},
          {"idx2crd", "idx2crd INDEX SHAPE [STRIDE]",
           "CuTe idx2crd: the coordinate of an index in SHAPE, colexicographic (last mode unbounded) or (i/d)%s by STRIDE",
           "catlayout idx2crd 16 '(3,(2,3))'"},
          later),
      row("crd2crd", 3, no, !layout_result, !kinds, {{T::int_tuple, T::shape, T::shape}, crd2crd_op, crd2crd_witness, crd2crd_args, nullptr, crd2crd_mixed},
          {"crd2crd", "crd2crd COORD SRC_SHAPE DST_SHAPE",
           "CuTe crd2crd: a coordinate of SRC_SHAPE as the coordinate of DST_SHAPE at the same colexicographic index",
           "catlayout crd2crd '(1,13)' '(4,(4,8))' '(4,(2,2,8))'"},
          later),
      row("select", 2, no, layout_result, !kinds, {{T::layout, T::int_tuple}, select_op, select_witness, select_args, nullptr, modes_mixed<select_op, false>},
          {"select", "select L MODES", "CuTe select<I...>: the tuple of L's modes I0, I1, ... (MODES an integer or a flat tuple)",
           "catlayout select '(2,3,4):(1,2,6)' '(2,0)'"},
          later),
      row("take", 3, no, layout_result, !kinds, {{T::layout, T::integer, T::integer}, take_op, take_witness, take_args, nullptr, modes_mixed<take_op, false>},
          {"take", "take L B E", "CuTe take<B,E>: the tuple of L's modes [B, E)", "catlayout take '(2,3,4):(1,2,6)' 1 3"},
          later),
      row("group_modes", 3, no, layout_result, !kinds, {{T::layout, T::integer, T::integer}, group_modes_op, group_modes_witness, group_modes_args, nullptr, modes_mixed<group_modes_op, false>},
          {"group-modes", "group-modes L B E", "CuTe group<B,E>: modes [B, E) become one mode (E = -1: to the end)",
           "catlayout group-modes '(2,3,4,5):(1,2,6,24)' 1 3"},
          later),
      row("append", 2, no, layout_result, !kinds, {{T::layout, T::layout, T::integer}, extend_op<true>, extend_witness<true>, extend_args, nullptr, modes_mixed<extend_op<true>, true>},
          {"append", "append L X [N]", "CuTe append: X as a last mode; with N, X repeated until rank N",
           "catlayout append '(2,3):(1,2)' '4:6' 4"},
          later),
      row("prepend", 2, no, layout_result, !kinds, {{T::layout, T::layout, T::integer}, extend_op<false>, extend_witness<false>, extend_args, nullptr, modes_mixed<extend_op<false>, true>},
          {"prepend", "prepend L X [N]", "CuTe prepend: X as a first mode; with N, X repeated until rank N",
           "catlayout prepend '(2,3):(1,2)' '4:6'"},
          later),
      row("replace", 3, no, layout_result, !kinds, {{T::layout, T::layout, T::integer}, replace_op, replace_witness, replace_args, nullptr, modes_mixed<replace_op, true>},
          {"replace", "replace L X N", "CuTe replace<N>: L with mode N replaced by X", "catlayout replace '(2,3,4):(1,2,6)' '(2,2):(12,24)' 1"},
          later),
      row("max_common_vector", 2, no, !layout_result, !kinds, {{T::layout, T::layout}, max_common_vector_op, max_common_vector_witness, max_common_args},
          {"max-common-vector", "max-common-vector A B",
           "CuTe max_common_vector: how many contiguous elements A and B map alike (at least 1)",
           "catlayout max-common-vector '(4,8):(1,4)' '(4,(2,4)):(1,(4,8))'"},
          later),
      row("max_common_layout", 2, no, layout_result, !kinds, {{T::layout, T::layout}, max_common_layout_op, max_common_layout_witness, max_common_args},
          {"max-common-layout", "max-common-layout A B",
           "CuTe max_common_layout: R with A(R(i)) == i == B(R(i)) over the contiguous elements they share",
           "catlayout max-common-layout '(4,8):(1,4)' '(4,8):(8,1)'"},
          later),
      row("weakly_congruent", 2, no, !layout_result, !kinds, {{T::int_tuple, T::int_tuple}, weakly_congruent_op, relation_witness<false>, relation_args},
          {"weakly-congruent", "weakly-congruent A B", "CuTe weakly_congruent(A, B): 1 where B's profile refines A's (A <= B), else 0",
           "catlayout weakly-congruent '(2,4)' '(2,(2,2))'"},
          later),
      row("compatible", 2, no, !layout_result, !kinds, {{T::int_tuple, T::int_tuple}, compatible_op, relation_witness<true>, relation_args},
          {"compatible", "compatible A B", "CuTe compatible(A, B): 1 where every coordinate of A is one of B (sizes agree at A's leaves), else 0",
           "catlayout compatible '(2,8)' '(2,(2,4))'"},
          later),
      row("coprofile", 1, no, !layout_result, kinds, {{T::layout}, coprofile_op, coprofile_witness, coshape_args},
          {"coprofile", "coprofile L", "CuTe coprofile: the codomain's nesting with every entry 0 (0 for integer strides)",
           "catlayout coprofile '(4,8):(1@0,1@1)'"},
          later),
      row("compact_major", 2, no, !layout_result, !kinds, {{T::shape, T::major, T::int_tuple}, compact_strides_op<0>, compact_strides_witness<0>, compact_strides_args<0>, nullptr, compact_strides_mixed<0>, true},
          {"compact-major", "compact-major SHAPE LayoutLeft|LayoutRight [CURRENT]",
           "CuTe compact_major<Major>(shape, current): compact strides from CURRENT (an integer, or a tuple per mode)",
           "catlayout compact-major '(4,(8,1,2))' LayoutRight 3"},
          later),
      row("compact_col_major", 1, no, !layout_result, !kinds, {{T::shape, T::int_tuple}, compact_strides_op<1>, compact_strides_witness<1>, compact_strides_args<1>, nullptr, compact_strides_mixed<1>, true},
          {"compact-col-major", "compact-col-major SHAPE [CURRENT]", "CuTe compact_col_major(shape, current): column-major strides from CURRENT",
           "catlayout compact-col-major '(4,8,1,2)' 3"},
          later),
      row("compact_row_major", 1, no, !layout_result, !kinds, {{T::shape, T::int_tuple}, compact_strides_op<2>, compact_strides_witness<2>, compact_strides_args<2>, nullptr, compact_strides_mixed<2>, true},
          {"compact-row-major", "compact-row-major SHAPE [CURRENT]", "CuTe compact_row_major(shape, current): row-major strides from CURRENT",
           "catlayout compact-row-major '(4,(8,1,(2,3)))'"},
          later),
      row("domain_offset", 2, no, !layout_result, kinds, {{T::layout, T::int_tuple}, domain_offset_op, domain_offset_witness, domain_offset_args},
          {"domain-offset", "domain-offset L COORD",
           "CuTe domain_offset(COORD, L): L and the offset L(COORD) (a swizzled L: the offset inside, Sw o (k + L(COORD)) o L)",
           "catlayout domain-offset 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(1,2)'"},
          later),
      row("slice_and_offset", 2, no, !layout_result, kinds,
          {{T::layout, T::coord}, slice_and_offset_op, slice_and_offset_witness, slice_and_offset_args},
          {"slice-and-offset", "slice-and-offset L COORD",
           "CuTe slice_and_offset(COORD, L): the layout of the modes under _ and the offset of the fixed coordinates "
           "(a swizzled L: CuTe's swizzled or decayed answer)",
           "catlayout slice-and-offset 'Sw<3,0,3> o _0 o (_8,_8):(_8,_1)' '(3,_)'"},
          later),
      row("domain_distribute", 2, no, layout_result, !kinds, {{T::domain, T::integer}, domain_distribute_op, domain_distribute_witness, domain_distribute_args},
          {"domain-distribute", "domain-distribute SHAPE_A B",
           "CuTe domain_distribute: B elements spread over A's flat shape by gcds, ordered, A's compact strides",
           "catlayout domain-distribute '(15,14)' 6"},
          later),
  };
}

}  // namespace catlayout::wire
