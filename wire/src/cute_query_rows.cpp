// The op table's rows for CuTe's layout queries and constructors from parts (docs/definitions.md
// size ... shape_div): size, cosize, rank, depth of a layout; flatten; the sublayout layout<I...>;
// make_layout(shape, stride) and make_layout(a, b, ...); shape_div on shapes. Each witness checks
// the definition apart from the engine (tabulation where the answer is a function of the table).
#include <algorithm>
#include <cstdlib>

#include "catlayout/core.hpp"
#include "catlayout/core/coshape.hpp"
#include "catlayout/core/shape_div.hpp"
#include "catlayout/core/sublayout.hpp"
#include "catlayout/generators/seeded.hpp"
#include "op_rows.hpp"
#include "typed.hpp"

namespace catlayout::wire {
namespace {

using namespace typed;

// ---- size, cosize, rank, depth (cute/layout.hpp:605-666): integers, static in CuTe's print
// where CuTe's are (an int tuple of one integer, so that an answer to marked operands is `_24`).

// The answer as an int tuple of one integer (built apart: GCC's -Wmaybe-uninitialized misreads a temporary).
Result<Value> one(Int v) {
  IntTuple t(v);
  return Value(std::move(t));
}

Result<Value> size_op(std::span<Value const> x, Convention) { return one(layout(x[0]).size()); }

// CuTe cosize = size(coshape(L)) (cute/layout.hpp:664): sum_k (s_k - 1)|d_k| + 1, core's coshape.
Result<Value> cosize_op(std::span<Value const> x, Convention) {
  CL_TRY(c, coshape(layout(x[0])));
  return one(c);
}

// CuTe rank (cute/int_tuple.hpp:76): the top-level modes; an integer shape has rank 1.
Result<Value> rank_op(std::span<Value const> x, Convention) {
  return one(static_cast<Int>(layout(x[0]).rank()));
}

// CuTe depth (cute/int_tuple.hpp:196): 0 for an integer shape, else 1 + the deepest mode's.
Result<Value> depth_op(std::span<Value const> x, Convention) {
  return one(static_cast<Int>(depth(layout(x[0]).shape())));
}

// The run-time path: rank and depth are static in every CuTe layout (types); size is static where
// every extent is.
MixedTuple mixed_int(Int v, bool is_static) { return MixedTuple(MixedInt{v, is_static}); }

Result<Value> size_mixed(std::span<Value const> x, Convention) {
  MixedLayout l = mixed_layout(x[0]);
  Int n = 1;
  for (MixedInt e : flatten(l.shape)) {
    CL_TRY(p, checked_mul(n, e.value, "size"));
    n = p;
  }
  return Value(mixed_int(n, all_static(l.shape)));
}

std::size_t mixed_depth(MixedTuple const& t) {
  std::size_t d = 0;
  if (t.is_leaf) return 0;
  for (auto const& m : t.modes) d = std::max(d, mixed_depth(m) + 1);
  return std::max<std::size_t>(d, 1);
}

Result<Value> rank_mixed(std::span<Value const> x, Convention) {
  return Value(mixed_int(static_cast<Int>(mixed_layout(x[0]).shape.rank()), true));
}

Result<Value> depth_mixed(std::span<Value const> x, Convention) {
  return Value(mixed_int(static_cast<Int>(mixed_depth(mixed_layout(x[0]).shape)), true));
}

// The witnesses read the answer as one integer.
Int one_integer(Value const& r) {
  if (auto const* i = std::get_if<Int>(&r)) return *i;
  auto const* t = std::get_if<IntTuple>(&r);
  return t && t->is_leaf() ? t->value() : -1;
}

Result<void> integer_is(Value const& r, Int want, std::string_view op) {
  if (one_integer(r) != want) return fail(ErrorKind::invalid_input, op, " ", one_integer(r), " is not the definition's ", want);
  return {};
}

// size: the number of coordinates, the product of the shape's flat entries.
Result<void> size_witness(std::span<Value const> x, Value const& r) {
  auto s = layout(x[0]).shape().values();
  Int n = 1;
  for (Int e : s) n *= e;
  return integer_is(r, n, "size");
}

// cosize: one more than the largest value of L with its strides taken absolute, tabulated.
Result<void> cosize_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(x[0]);
  if (l.size() > (Int{1} << 16)) return {};
  auto s = l.shape().values(), d = l.stride().values();
  Int top = 0;
  for (Int i = 0; i < l.size(); ++i) {
    Int v = 0;
    for (std::size_t k = 0, rest = static_cast<std::size_t>(i); k < s.size(); rest /= static_cast<std::size_t>(s[k]), ++k)
      v += static_cast<Int>(rest % static_cast<std::size_t>(s[k])) * std::abs(d[k]);
    top = std::max(top, v);
  }
  return integer_is(r, top + 1, "cosize");
}

// rank and depth read off the shape's text: the top-level commas, the deepest bracket.
Result<void> rank_witness(std::span<Value const> x, Value const& r) {
  std::string t = to_string(layout(x[0]).shape());
  if (t.empty() || t[0] != '(') return integer_is(r, 1, "rank");
  Int n = 1, level = 0;
  for (char c : t) {
    level += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == ',' && level == 1) ++n;
  }
  return integer_is(r, t == "()" ? 0 : n, "rank");
}

Result<void> depth_witness(std::span<Value const> x, Value const& r) {
  Int level = 0, top = 0;
  for (char c : to_string(layout(x[0]).shape())) {
    level += c == '(' ? 1 : c == ')' ? -1 : 0;
    top = std::max(top, level);
  }
  return integer_is(r, top, "depth");
}

generators::Args any_layout_args(generators::Rng& g) {
  if (generators::coin(g, 6)) {  // some negative and zero strides (cosize takes them absolute)
    Layout l = generators::random_layout(g);
    std::vector<Int> d(l.stride().values().begin(), l.stride().values().end());
    for (auto& e : d) e = generators::coin(g, 3) ? -e : e;
    if (auto m = Layout::make(l.shape(), IntTuple::with_profile(l.shape(), d))) return {*m};
  }
  return {generators::random_layout(g)};
}

// ---- flatten (cute/layout.hpp:531): the flat modes of L in order, an integer shape kept.

Result<Value> flatten_op(std::span<Value const> x, Convention) { return give(flatten(layout(x[0]))); }

// Over static and run-time integers: the same walk on the marked tuples, every mark kept.
MixedTuple flat_marked(MixedTuple const& t) {
  if (t.is_leaf) return t;
  std::vector<MixedTuple> leaves;
  for (MixedInt e : flatten(t)) leaves.push_back(MixedTuple(e));
  return MixedTuple::tuple(std::move(leaves));
}

Result<Value> flatten_mixed(std::span<Value const> x, Convention) {
  MixedLayout l = mixed_layout(x[0]);
  return Value(MixedLayout{flat_marked(l.shape), flat_marked(l.stride)});
}

// The same flat entries in the same order, at most one level of brackets, and an integer shape
// stays an integer.
Result<void> flatten_witness(std::span<Value const> x, Value const& r) {
  Layout const &l = layout(x[0]), &f = layout(r);
  auto same = [](std::span<Int const> a, std::span<Int const> b) { return std::ranges::equal(a, b); };
  if (!same(l.shape().values(), f.shape().values()) || !same(l.stride().values(), f.stride().values()))
    return fail(ErrorKind::invalid_input, "flatten ", to_string(f), " has not the flat entries of ", to_string(l));
  if (depth(f.shape()) > 1 || f.shape().is_leaf() != l.shape().is_leaf())
    return fail(ErrorKind::invalid_input, "flatten ", to_string(f), " is not flat as CuTe's");
  return {};
}

// ---- layout<I...>(L) (cute/layout.hpp:558): the sublayout at a path of mode indices.

std::vector<Int> path_of(std::span<Value const> x) {
  std::vector<Int> p;
  for (std::size_t k = 1; k < x.size(); ++k) p.push_back(integer(x[k]));
  return p;
}

Result<Value> layout_mode_op(std::span<Value const> x, Convention) {
  auto p = path_of(x);
  return give(layout_mode(layout(x[0]), p));
}

Result<Value> layout_mode_mixed(std::span<Value const> x, Convention) {
  MixedLayout l = mixed_layout(x[0]);
  for (Int i : path_of(x)) {
    if (i < 0 || static_cast<std::size_t>(i) >= l.shape.rank())
      return fail(ErrorKind::invalid_input, "layout_mode: mode ", i, " of ", to_string(l), " is out of range [0, ",
                  l.shape.rank(), ")");
    MixedLayout m{l.shape.mode(static_cast<std::size_t>(i)), l.stride.mode(static_cast<std::size_t>(i))};
    l = std::move(m);
  }
  return Value(std::move(l));
}

// The witness walks shape and stride as int tuples (an integer its own mode 0) and compares.
Result<void> layout_mode_witness(std::span<Value const> x, Value const& r) {
  IntTuple s = layout(x[0]).shape(), d = layout(x[0]).stride();
  for (Int i : path_of(x)) {
    if (i < 0 || static_cast<std::size_t>(i) >= s.rank()) return fail(ErrorKind::invalid_input, "layout_mode: no mode ", i);
    IntTuple sm = s.is_leaf() ? s : s.mode(static_cast<std::size_t>(i));
    IntTuple dm = d.is_leaf() ? d : d.mode(static_cast<std::size_t>(i));
    s = std::move(sm), d = std::move(dm);
  }
  if (!(layout(r).shape() == s) || !(layout(r).stride() == d))
    return fail(ErrorKind::invalid_input, "layout_mode ", to_string(layout(r)), " is not ", to_string(s), ":", to_string(d));
  return {};
}

generators::Args layout_mode_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  generators::Args a{l};
  Layout at = l;
  for (Int k = 0, n = generators::uniform(g, 1, 3); k < n; ++k) {
    Int r = static_cast<Int>(at.rank());
    Int i = generators::coin(g, 12) ? r : generators::uniform(g, 0, r - 1);  // past the rank: CuTe's compile error
    a.push_back(i);
    if (i >= r) break;
    Layout next = at.mode(static_cast<std::size_t>(i));
    at = std::move(next);
  }
  return a;
}

// ---- make_layout(shape, stride) (cute/layout.hpp:326): the layout with those parts, congruent.

Result<Value> make_layout_with_stride_op(std::span<Value const> x, Convention) {
  IntTuple const &s = int_tuple(x[0]), &d = int_tuple(x[1]);
  if (!congruent(s, d))
    return fail(ErrorKind::invalid_input, "make_layout: shape ", to_string(s), " and stride ", to_string(d), " are not congruent");
  return give(Layout::make(s, d));
}

bool congruent_marked(MixedTuple const& a, MixedTuple const& b) {
  if (a.is_leaf || b.is_leaf) return a.is_leaf == b.is_leaf;
  if (a.modes.size() != b.modes.size()) return false;
  for (std::size_t k = 0; k < a.modes.size(); ++k)
    if (!congruent_marked(a.modes[k], b.modes[k])) return false;
  return true;
}

// Over static and run-time integers: the parts as given, each integer keeping its mark.
Result<Value> make_layout_with_stride_mixed(std::span<Value const> x, Convention) {
  MixedTuple s = mixed_tuple(x[0]), d = mixed_tuple(x[1]);
  if (!congruent_marked(s, d))
    return fail(ErrorKind::invalid_input, "make_layout: shape ", to_string(s), " and stride ", to_string(d), " are not congruent");
  return Value(MixedLayout{std::move(s), std::move(d)});
}

// The answer's table is sum_k c_k d_k over the colexicographic coordinates c of the shape.
Result<void> make_layout_with_stride_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(r);
  if (!(l.shape() == int_tuple(x[0])) || !(l.stride() == int_tuple(x[1])))
    return fail(ErrorKind::invalid_input, "make_layout ", to_string(l), " has not the given shape and stride");
  auto s = flatten_values(int_tuple(x[0])), d = flatten_values(int_tuple(x[1]));
  for (Int i = 0; i < std::min<Int>(l.size(), Int{1} << 12); ++i) {
    Int v = 0;
    for (std::size_t k = 0, rest = static_cast<std::size_t>(i); k < s.size(); rest /= static_cast<std::size_t>(s[k]), ++k)
      v += static_cast<Int>(rest % static_cast<std::size_t>(s[k])) * d[k];
    if (l(i) != v) return fail(ErrorKind::invalid_input, "make_layout ", to_string(l), " at ", i, " is not ", v);
  }
  return {};
}

generators::Args make_layout_with_stride_args(generators::Rng& g) {
  Layout l = generators::random_layout(g);
  if (generators::coin(g, 10)) return {l.shape(), generators::random_layout(g).stride()};  // often not congruent
  return {l.shape(), l.stride()};
}

// ---- make_layout(a, b, ...) (cute/layout.hpp:376-408): the layouts as the modes of one.

Result<Value> make_layout_of_layouts_op(std::span<Value const> x, Convention) {
  std::vector<Layout> modes;
  for (auto const& v : x) modes.push_back(layout(v));
  return give(make_layout(modes));
}

Result<Value> make_layout_of_layouts_mixed(std::span<Value const> x, Convention) {
  std::vector<MixedTuple> shapes, strides;
  for (auto const& v : x) {
    MixedLayout l = mixed_layout(v);
    shapes.push_back(std::move(l.shape));
    strides.push_back(std::move(l.stride));
  }
  return Value(MixedLayout{MixedTuple::tuple(std::move(shapes)), MixedTuple::tuple(std::move(strides))});
}

Result<void> make_layout_of_layouts_witness(std::span<Value const> x, Value const& r) {
  Layout const& l = layout(r);
  if (l.shape().is_leaf() || l.rank() != x.size())
    return fail(ErrorKind::invalid_input, "make_layout ", to_string(l), " has not one mode per layout");
  for (std::size_t k = 0; k < x.size(); ++k)
    if (!(l.shape().mode(k) == layout(x[k]).shape()) || !(l.stride().mode(k) == layout(x[k]).stride()))
      return fail(ErrorKind::invalid_input, "make_layout: mode ", k, " of ", to_string(l), " is not layout ", k);
  return {};
}

generators::Args make_layout_of_layouts_args(generators::Rng& g) {
  generators::Args a;
  for (Int k = 0, n = generators::uniform(g, 1, 4); k < n; ++k) a.push_back(generators::random_layout(g, 4, 12));
  return a;
}

// ---- shape_div (cute/int_tuple.hpp:386).

Result<Value> shape_div_op(std::span<Value const> x, Convention) { return give(shape_div(int_tuple(x[0]), int_tuple(x[1]))); }

// The definition over flat entries: tuple / integer runs left to right over A's flat entries with
// the integer left (each entry ceil(a / left), then left = ceil(left / a)): the nested fold
// gives the same, since ceil(ceil(n / a) / b) = ceil(n / (a b)). Tuple / tuple: mode by mode;
// integer / tuple: by the product.
Result<IntTuple> shape_div_flat(IntTuple const& a, IntTuple const& b) {
  auto ceil_div = [](Int p, Int q) -> Result<Int> {
    if (p % q != 0 && q % p != 0) return fail(ErrorKind::inadmissible, "divisibility");
    return p / q + (p % q != 0 ? 1 : 0);
  };
  if (!a.is_leaf() && !b.is_leaf()) {
    if (a.rank() != b.rank()) return fail(ErrorKind::invalid_input, "ranks");
    std::vector<IntTuple> m;
    for (std::size_t k = 0; k < a.rank(); ++k) {
      CL_TRY(q, shape_div_flat(a.mode(k), b.mode(k)));
      m.push_back(std::move(q));
    }
    return IntTuple(m);
  }
  Int left = 1;
  for (Int e : b.values()) left *= e;
  std::vector<Int> out;
  for (Int e : a.values()) {
    CL_TRY(q, ceil_div(e, left));
    CL_TRY(nl, ceil_div(left, e));
    out.push_back(q);
    left = nl;
  }
  if (a.is_leaf()) return IntTuple(out[0]);
  return IntTuple::with_profile(a, out);
}

Result<void> shape_div_witness(std::span<Value const> x, Value const& r) {
  CL_TRY(want, shape_div_flat(int_tuple(x[0]), int_tuple(x[1])));
  auto const* got = std::get_if<IntTuple>(&r);
  if (!got || !(*got == want))
    return fail(ErrorKind::invalid_input, "shape_div answered other than the definition's ", to_string(want));
  return {};
}

// A shape and a divisor: an integer dividing a prefix product of it (or one not: CuTe's
// static_assert), or a tuple of its rank.
generators::Args shape_div_args(generators::Rng& g) {
  IntTuple a = generators::random_layout(g, 8, 1).shape();
  auto f = flatten_values(a);
  if (!a.is_leaf() && generators::coin(g, 4)) {
    std::vector<IntTuple> m;
    for (std::size_t k = 0; k < a.rank(); ++k) {
      IntTuple const mode = a.mode(k);
      Int n = 1;
      for (Int e : mode.values()) n *= e;
      m.push_back(IntTuple(generators::coin(g, 2) ? n : generators::uniform(g, 1, 4)));
    }
    return {a, IntTuple(m)};
  }
  Int d = 1;
  for (Int e : f) {
    if (!generators::coin(g, 2)) break;
    d *= e;
  }
  if (generators::coin(g, 2)) d *= generators::uniform(g, 1, 3);
  return {a, IntTuple(d)};
}

using namespace row_flags;
using T = Takes;

OpRow row(std::string_view name, std::size_t min_args, bool returns_layout, Typed typed, OpDoc doc) {
  OpRow r = typed_row(name, OpFamily::cute_api, min_args, no, returns_layout, !kinds, std::move(typed), doc);
  r.in_suite = !later;  // catlayout's, until the conformance suite adopts them
  return r;
}

}  // namespace

std::vector<OpRow> cute_query_rows() {
  return {
      row("size", 1, !layout_result, {{T::layout}, size_op, size_witness, any_layout_args, nullptr, size_mixed},
          {"size", "size L", "CuTe size(L): the number of coordinates of L (static where every extent is)",
           "catlayout size '(_4,(_3,_6)):(_1,(_4,_12))'"}),
      row("cosize", 1, !layout_result, {{T::layout}, cosize_op, cosize_witness, any_layout_args},
          {"cosize", "cosize L", "CuTe cosize(L) = size(coshape(L)): sum (s-1)|d| + 1, the codomain's extent",
           "catlayout cosize '(4,(2,3)):(2,(1,8))'"}),
      row("rank", 1, !layout_result, {{T::layout}, rank_op, rank_witness, any_layout_args, nullptr, rank_mixed},
          {"rank", "rank L", "CuTe rank(L): the number of top-level modes (1 for an integer shape)",
           "catlayout rank '(4,(3,6)):(1,(4,12))'"}),
      row("depth", 1, !layout_result, {{T::layout}, depth_op, depth_witness, any_layout_args, nullptr, depth_mixed},
          {"depth", "depth L", "CuTe depth(L): the shape's nesting depth (0 for an integer shape)",
           "catlayout depth '((2,(3,4)),(3,2),1):((4,(8,24)),(2,6),12)'"}),
      row("flatten", 1, layout_result, {{T::layout}, flatten_op, flatten_witness, any_layout_args, nullptr, flatten_mixed},
          {"flatten", "flatten L", "CuTe flatten(L): the flat modes of L in order", "catlayout flatten '((2,3),(5,7)):((1,2),(6,30))'"}),
      row("layout_mode", 2, layout_result,
          {{T::layout, T::integer, T::integer, T::integer, T::integer}, layout_mode_op, layout_mode_witness, layout_mode_args,
           nullptr, layout_mode_mixed},
          {"layout-mode", "layout-mode L I [J...]", "CuTe layout<I,J,...>(L): mode I of L, then mode J of that, ...",
           "catlayout layout-mode '(4,(3,6)):(1,(4,12))' 1 0"}),
      row("make_layout_with_stride", 2, layout_result,
          {{T::shape, T::int_tuple}, make_layout_with_stride_op, make_layout_with_stride_witness, make_layout_with_stride_args,
           nullptr, make_layout_with_stride_mixed},
          {"make-layout-with-stride", "make-layout-with-stride SHAPE STRIDE",
           "CuTe make_layout(shape, stride): the layout of those congruent parts, marks kept",
           "catlayout make-layout-with-stride '(_2,4)' '(_12,_1)'"}),
      row("make_layout_of_layouts", 1, layout_result,
          {{T::layout, T::layout, T::layout, T::layout, T::layout, T::layout}, make_layout_of_layouts_op,
           make_layout_of_layouts_witness, make_layout_of_layouts_args, nullptr, make_layout_of_layouts_mixed},
          {"make-layout-of-layouts", "make-layout-of-layouts A [B...]", "CuTe make_layout(a, b, ...): the layouts as modes of one",
           "catlayout make-layout-of-layouts 3:1 4:3"}),
      row("shape_div", 2, !layout_result, {{T::shape, T::shape}, shape_div_op, shape_div_witness, shape_div_args},
          {"shape-div", "shape-div A B", "CuTe shape_div(A, B): B divided out of shape A from the left (ceil, divisibility checked)",
           "catlayout shape-div '(3,6,2,8)' 72"}),
  };
}

}  // namespace catlayout::wire
