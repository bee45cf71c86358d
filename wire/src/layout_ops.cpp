// The op table's rows for the core layout ops (docs/vector-format.md): evaluate, coalesce,
// composition, complement, the divides and products, the inverses. Each is typed over values
// (ops.hpp's Typed: the kinds each takes dispatched once, onto core's overloads), and the ops on
// [A] or [A, second] also over layouts alone (LayoutOp), the checker's fast path and the bench's.
#include <algorithm>
#include <tuple>

#include "catlayout/core.hpp"
#include "catlayout/core/checked.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/wire/values_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"
#include "typed.hpp"

namespace catlayout::wire {

using detail::arity;
using detail::at;

Result<LayoutArgs> layout_args_from_json(OpRow const& row, Json const& args, std::string const& path) {
  CL_CHECK(arity(args, path, row.min_args, row.max_args));
  LayoutArgs x;
  CL_TRY(a, layout_from_json(args[0], at(path, 0)));
  x.a = std::move(a);
  if (args.size() < 2) return x;
  x.has_second = true;
  switch (row.layout.second) {
    case Second::tiler: {
      CL_TRY(b, tiler_from_json(args[1], at(path, 1)));
      x.b = std::move(b);
      break;
    }
    case Second::layout: {
      CL_TRY(b, layout_from_json(args[1], at(path, 1)));
      x.b = Tiler::of(std::move(b));
      break;
    }
    case Second::profile: {
      CL_TRY(p, int_tuple_from_json(args[1], at(path, 1)));
      x.profile = std::move(p);
      break;
    }
    case Second::integer: {
      CL_TRY(n, int_from_json(args[1], at(path, 1)));
      x.n = n;
      break;
    }
    case Second::none: break;
  }
  return x;
}

namespace {

using namespace typed;

// The integer-stride forms, which the row's function over layouts (LayoutOp) reads.
bool plain(Json const& j) {
  if (j.is_string()) return false;  // CuTe's print with its marks: the run-time path
  auto k = kind_of(j);
  return k == Kind::layout || k == Kind::tiler || k == Kind::other;
}

// A core layout op from JSON: over layouts alone where every argument has a plain form (no values
// built, the answer written as a layout), else over values (other kinds, or the arity's error).
Result<Json> op_layout(OpRow const& row, Json const& args, std::string const& path, Convention c) {
  if (!args.is_array() || args.size() < row.min_args || args.size() > row.max_args ||
      !std::all_of(args.begin(), args.end(), plain))
    return op_typed(row, args, path, c);
  auto x = layout_args_from_json(row, args, path);
  if (!x) return std::unexpected(std::move(x.error()));
  auto r = row.layout.fn(*x, c);
  if (!r) return std::unexpected(std::move(r.error()));
  return to_json(*r);
}

// ---------------------------------------------------------------------------------------------
// Over layouts alone (LayoutOp)

Result<Layout> coalesce_fn(LayoutArgs const& x, Convention) {
  if (x.has_second) return coalesce(x.a, x.profile);
  return coalesce(x.a);
}
Result<Layout> composition_fn(LayoutArgs const& x, Convention) { return composition(x.a, x.b); }
// complement(A, cotarget): an integer N, or a shape (CuTe's complement(layout, cotarget) takes either).
Result<Layout> complement_fn(LayoutArgs const& x, Convention c) {
  if (!x.has_second) return complement(x.a, c);
  if (x.profile.is_leaf()) return complement(x.a, x.profile.value(), c);
  return complement(x.a, x.profile, c);
}
// The divides and products by a tiler, and the rank-sensitive products by a layout.
template <Result<Layout> (*F)(Layout const&, Tiler const&, Convention)>
Result<Layout> by_tiler_fn(LayoutArgs const& x, Convention c) {
  return F(x.a, x.b, c);
}
template <Result<Layout> (*F)(Layout const&, Layout const&, Convention)>
Result<Layout> by_layout_fn(LayoutArgs const& x, Convention c) {
  return F(x.a, *x.b.layout, c);
}
Result<Layout> right_inverse_fn(LayoutArgs const& x, Convention) { return right_inverse(x.a); }
Result<Layout> left_inverse_fn(LayoutArgs const& x, Convention) { return left_inverse(x.a); }

// ---------------------------------------------------------------------------------------------
// Over values

constexpr Int max_table = Int{1} << 16;  // entries the table of a swizzled or coordinate layout may have
Result<void> small_enough(Int size) {
  if (size > max_table)
    return fail(ErrorKind::invalid_input, "size ", size, " at args[0] is too large to tabulate (limit ", max_table, ")");
  return {};
}

// L(0), ..., L(size-1) for a layout of any kind.
Result<Value> evaluate_table(std::span<Value const> x) {
  return std::visit(
      [](auto const& l) -> Result<Value> {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Layout>) {
          if (l.size() > (Int{1} << 24))
            return fail(ErrorKind::invalid_input, "evaluate: size ", l.size(), " at args is too large to tabulate");
          return Value(tabulate(l));
        } else if constexpr (std::is_same_v<T, F2Layout>) {
          if (l.size() > (Int{1} << 24)) return fail(ErrorKind::invalid_input, "evaluate: size ", l.size(), " is too large");
          std::vector<Int> out;
          for (Int i = 0; i < l.size(); ++i) out.push_back(l(i));
          return Value(std::move(out));
        } else if constexpr (std::is_same_v<T, ComposedLayout>) {
          CL_CHECK(small_enough(l.size()));
          std::vector<Int> out;
          for (Int i = 0; i < l.size(); ++i) {
            CL_TRY(v, evaluate(l, i));
            out.push_back(v);
          }
          return Value(std::move(out));
        } else if constexpr (std::is_same_v<T, CoordLayout>) {
          CL_CHECK(small_enough(l.size()));
          if (l.size() * static_cast<Int>(length(l(0))) > 16 * max_table)
            return fail(ErrorKind::invalid_input, "evaluate: ", l.size(), " coordinates of ", length(l(0)),
                        " entries at args[0] are too many to tabulate");
          std::vector<IntTuple> out;
          for (Int i = 0; i < l.size(); ++i) out.push_back(l(i));
          return Value(std::move(out));
        } else {
          return not_defined("evaluate", "this kind of value");
        }
      },
      x[0]);
}

// ---------------------------------------------------------------------------------------------
// eval L I, eval L COORD: CuTe's layout(i) and layout(m,n,...) at one point

// A coordinate of the domain of a mode of shape s, CuTe's crd2idx: an integer reads the mode
// colexicographically, a tuple has the mode's rank and takes each of its modes. Negative entries
// and ranks that do not match are refused (CuTe static_asserts on the ranks); an entry past its
// mode's size sets *past (CuTe's extended function: the mode's last flat entry is unbounded).
// `mode` is the path of the entry ("" at the top, "1", "1.0", ...), for messages.
Result<void> check_coord(IntTuple const& c, IntTuple const& s, std::string const& mode, bool* past) {
  std::string where = mode.empty() ? "" : " at mode " + mode;
  if (c.is_leaf()) {
    if (c.value() < 0) return fail(ErrorKind::invalid_input, "entry ", c.value(), where, " is negative");
    CL_TRY(n, product(s));
    if (c.value() >= n) *past = true;
    return {};
  }
  if (s.is_leaf() || c.rank() != s.rank())
    return fail(ErrorKind::invalid_input, mode.empty() ? std::string("it") : to_string(c) + where, " has ", c.rank(),
                c.rank() == 1 ? " mode" : " modes", ", but the shape ", to_string(s),
                mode.empty() ? "" : " there", s.is_leaf() ? std::string(" is an integer") : str(" has rank ", s.rank()),
                " (CuTe: an integer, or a tuple of the shape's rank)");
  for (std::size_t i = 0; i < c.rank(); ++i)
    CL_CHECK(check_coord(c.mode(i), s.mode(i), mode.empty() ? std::to_string(i) : str(mode, ".", i), past));
  return {};
}

// L(c) for a coordinate check_coord accepted, with each mode's extended function; overflow-checked.
Result<Int> coord_offset(IntTuple const& c, IntTuple const& s, IntTuple const& d) {
  if (!c.is_leaf()) {
    Int off = 0;
    for (std::size_t i = 0; i < c.rank(); ++i) {
      CL_TRY(x, coord_offset(c.mode(i), s.mode(i), d.mode(i)));
      CL_TRY(sum, checked_add(off, x, "offset"));
      off = sum;
    }
    return off;
  }
  auto fs = s.values();
  auto fd = d.values();
  Int off = 0, rest = c.value();
  for (std::size_t k = 0; k + 1 < fs.size(); ++k) {
    CL_TRY(term, checked_mul(rest % fs[k], fd[k], "offset"));
    CL_TRY(sum, checked_add(off, term, "offset"));
    off = sum;
    rest /= fs[k];
  }
  CL_TRY(last, checked_mul(rest, fd.back(), "offset"));
  return checked_add(off, last, "offset");
}

// The point of `eval L P`: an index (an integer) or a coordinate (a tuple).
struct Point {
  IntTuple p;
  bool index() const { return p.is_leaf(); }
};

// Whether P lies outside L's domain (an index past size, a coordinate entry past its mode), after
// the checks every kind shares.
Result<bool> outside(IntTuple const& shape, Int size, IntTuple const& p) {
  if (p.is_leaf()) {
    if (p.value() < 0) return fail(ErrorKind::invalid_input, "index ", p.value(), " is negative");
    return p.value() >= size;
  }
  bool past = false;
  if (auto ok = check_coord(p, shape, "", &past); !ok)
    return fail(ok.error().kind, "coordinate ", to_string(p), ": ", ok.error().message);
  return past;
}

Result<Value> evaluate_at(std::span<Value const> x) {
  IntTuple const& p = int_tuple(x[1]);
  return std::visit(
      [&](auto const& l) -> Result<Value> {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Layout>) {
          CL_TRY(past, outside(l.shape(), l.size(), p));
          if (p.is_leaf()) {
            CL_TRY(v, past ? l.extended(p.value()) : l.at(p.value()));
            return Value(std::vector<Int>{v});
          }
          CL_TRY(v, coord_offset(p, l.shape(), l.stride()));
          return Value(std::vector<Int>{v});
        } else if constexpr (std::is_same_v<T, ComposedLayout>) {
          CL_TRY(past, outside(l.layout.shape(), l.size(), p));
          if (p.is_leaf()) {
            CL_TRY(v, past ? evaluate_extended(l, p.value()) : evaluate(l, p.value()));
            return Value(std::vector<Int>{v});
          }
          CL_TRY(v, coord_offset(p, l.layout.shape(), l.layout.stride()));
          CL_TRY(w, checked_add(l.offset, v, "offset"));
          return Value(std::vector<Int>{l.sw(w)});
        } else if constexpr (std::is_same_v<T, CoordLayout>) {
          CL_TRY(past, outside(l.shape(), l.size(), p));
          if (p.is_leaf()) {
            if (!past) {
              CL_TRY(v, l.at(p.value()));
              return Value(std::vector<IntTuple>{v});
            }
            CL_TRY(v, l.sparse_extended(p.value()));
            return Value(std::vector<IntTuple>{l.shape_coord(v)});
          }
          CL_TRY(v, evaluate_at_coord(l, p));
          return Value(std::vector<IntTuple>{l.shape_coord(v)});
        } else if constexpr (std::is_same_v<T, F2Layout>) {
          if (!p.is_leaf())
            return fail(ErrorKind::invalid_input, "an F2 layout is evaluated at an index, not at a coordinate such as ",
                        to_string(p));
          CL_TRY(past, outside(l.shape(), l.size(), p));
          CL_TRY(v, past ? l.extended(p.value()) : l.at(p.value()));
          return Value(std::vector<Int>{v});
        } else {
          return not_defined("evaluate", "this kind of value");
        }
      },
      x[0]);
}

// eval L (the table) or eval L P (one point).
Result<Value> evaluate_op(std::span<Value const> x, Convention) { return x.size() == 2 ? evaluate_at(x) : evaluate_table(x); }

// The note of `eval L P` outside L's domain: CuTe's extended function, named.
std::string eval_note(std::span<Value const> x) {
  if (x.size() != 2) return "";
  IntTuple const& p = int_tuple(x[1]);
  auto [shape, size, text] = std::visit(
      [](auto const& l) -> std::tuple<IntTuple, Int, std::string> {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, ComposedLayout>) return {l.layout.shape(), l.size(), to_string(l)};
        else if constexpr (requires { l.shape(); }) return {l.shape(), l.size(), to_string(l)};
        else return {IntTuple(1), 1, ""};
      },
      x[0]);
  auto past = outside(shape, size, p);
  if (!past || !*past) return "";
  if (p.is_leaf())
    return str("index ", p.value(), " is past the size ", size, " of ", text,
               ": this is CuTe's extended function (the last mode unbounded)");
  return str("coordinate ", to_string(p), " is outside the shape ", to_string(shape), " of ", text,
             ": this is CuTe's extended function (past a mode's size, its last flat entry is unbounded)");
}


Result<Value> coalesce_op(std::span<Value const> x, Convention) {
  if (auto const* l = std::get_if<Layout>(&x[0]))
    return x.size() == 1 ? give(coalesce(*l)) : give(coalesce(*l, int_tuple(x[1])));
  if (x.size() == 2) return not_defined("coalesce", "a profile with this kind of layout");
  if (auto const* f = std::get_if<F2Layout>(&x[0])) return give(coalesce(*f));
  if (auto const* c = std::get_if<ComposedLayout>(&x[0]))  // CuTe coalesce(ComposedLayout) = sw o off o coalesce(L)
    return Value(ComposedLayout{c->sw, c->offset, coalesce(c->layout)});
  if (auto const* c = std::get_if<CoordLayout>(&x[0])) return give(coalesce(*c));
  return not_defined("coalesce", "this kind of value");
}

// A o B for the kinds that compose (docs/algebra.md): integer strides with a tiler, swizzled
// layouts and swizzles, F2 strides after an integer layout, coordinate strides.
Result<Value> composition_op(std::span<Value const> x, Convention) {
  if (std::holds_alternative<Layout>(x[0]) && integer_strides(x[1])) return give(composition(layout(x[0]), tiler(x[1])));
  Value b = value(x[1]);
  auto integer_or_coordinates = [](Value const& o) {
    return std::holds_alternative<Layout>(o) || std::holds_alternative<CoordLayout>(o);
  };
  if (integer_or_coordinates(x[0]) && integer_or_coordinates(b)) return give(composition(coord(x[0]), coord(b)));
  return std::visit(
      [](auto const& a, auto const& b) -> Result<Value> {
        using A = std::decay_t<decltype(a)>;
        using B = std::decay_t<decltype(b)>;
        if constexpr (std::is_same_v<A, Layout> && (std::is_same_v<B, Swizzle> || std::is_same_v<B, ComposedLayout>))
          return give(composition(a, b));
        else if constexpr (std::is_same_v<A, ComposedLayout> &&
                           (std::is_same_v<B, ComposedLayout> || std::is_same_v<B, Layout> || std::is_same_v<B, Tiler>))
          return give(composition(a, b));
        else if constexpr (std::is_same_v<A, ComposedChain> && (std::is_same_v<B, Layout> || std::is_same_v<B, Tiler>))
          return give(composition(a, b));
        else if constexpr (std::is_same_v<A, F2Layout> && std::is_same_v<B, Layout>)
          return give(composition(a, b));
        else
          return not_defined("composition", "these kinds of operands");
      },
      x[0], b);
}

Result<Value> complement_op(std::span<Value const> x, Convention c) {
  if (x.size() == 1) return give(complement(layout(x[0]), c));
  if (auto const* n = std::get_if<Int>(&x[1])) return give(complement(layout(x[0]), *n, c));
  auto const& t = int_tuple(x[1]);
  return t.is_leaf() ? give(complement(layout(x[0]), t.value(), c)) : give(complement(layout(x[0]), t, c));
}

template <Result<Layout> (*F)(Layout const&, Tiler const&, Convention)>
Result<Value> by_tiler(std::span<Value const> x, Convention c) {
  return give(F(layout(x[0]), tiler(x[1]), c));
}
template <Result<Layout> (*F)(Layout const&, Layout const&, Convention)>
Result<Value> by_layout(std::span<Value const> x, Convention c) {
  return give(F(layout(x[0]), layout(x[1]), c));
}

// The inverses: of an integer-stride or a swizzled layout.
template <bool Right>
Result<Value> inverse(std::span<Value const> x, Convention) {
  auto f = [](auto const& l) { return Right ? right_inverse(l) : left_inverse(l); };
  if (auto const* l = std::get_if<Layout>(&x[0])) return give(f(*l));
  if (auto const* c = std::get_if<ComposedLayout>(&x[0])) return give(f(*c));
  return not_defined(Right ? "right_inverse" : "left_inverse",
                     std::holds_alternative<F2Layout>(x[0]) ? "F2 layouts" : "coordinate layouts");
}

// The run-time path (core/mixed_algebra.hpp): CuTe's answers over static and run-time integers,
// kept by run_typed where they are the operation's function (wire/src/mixed_rows.cpp).
Result<Value> coalesce_mixed(std::span<Value const> x, Convention) {
  if (x.size() > 1) return give_mixed(coalesce(mixed_layout(x[0]), mixed_tuple(x[1])));
  return give_mixed(coalesce(mixed_layout(x[0])));
}
Result<Value> composition_mixed(std::span<Value const> x, Convention) {
  return give_mixed(composition(mixed_layout(x[0]), mixed_tiler(x[1])));
}
Result<Value> complement_mixed(std::span<Value const> x, Convention) {
  if (x.size() > 1) return give_mixed(complement(mixed_layout(x[0]), mixed_tuple(x[1])));
  return give_mixed(complement(mixed_layout(x[0])));
}
template <Result<MixedLayout> (*F)(MixedLayout const&, MixedTiler const&)>
Result<Value> by_tiler_mixed(std::span<Value const> x, Convention) {
  return give_mixed(F(mixed_layout(x[0]), mixed_tiler(x[1])));
}
template <Result<MixedLayout> (*F)(MixedLayout const&, MixedLayout const&)>
Result<Value> by_layout_mixed(std::span<Value const> x, Convention) {
  return give_mixed(F(mixed_layout(x[0]), mixed_layout(x[1])));
}
// CuTe's inverses are not unique, and its run-time path builds other ones: right_inverse leaves
// run-time strides out ("Filter out any dynamic strides"), a run-time extent 1 changes which
// quasi-inverse left_inverse builds. Each is checked by its contract (core/inverse.hpp), not against
// the static answer.
template <bool Right>
Result<Value> inverse_mixed(std::span<Value const> x, Convention) {
  MixedLayout a = mixed_layout(x[0]);
  CL_TRY(r, Right ? right_inverse(a) : left_inverse(a));
  CL_TRY(l, unmarked(a));
  CL_TRY(u, unmarked(r));
  Int i = Right ? right_inverse_breaks(l, u) : quasi_inverse_breaks(l, u);
  if (i < 0) return Value(std::move(r));
  Error e{ErrorKind::inadmissible, str("CuTe's run-time ", Right ? "right_inverse " : "left_inverse ", to_string(r), " of ",
                                       to_string(a), Right ? " is not a right inverse: L(R(" : " is not a quasi-inverse: L(R(L(",
                                       i, Right ? ")) != " : "))) != L(", i, Right ? "" : ")")};
  e.cute_answers = true;
  return std::unexpected(std::move(e));
}

using namespace row_flags;
using T = Takes;

// A core layout op: typed, and over layouts alone (its Second: what follows A).
OpRow layout_row(std::string_view name, std::size_t min_args, Strict strict, bool other_kinds, Second second,
                 LayoutFn* fn, Typed typed, OpDoc doc) {
  OpRow r = typed_row(name, OpFamily::core, min_args, strict, true, other_kinds, std::move(typed), doc);
  r.layout = LayoutOp{second, min_args == 1 && r.max_args == 2, fn};
  r.run = op_layout;
  return r;
}

using Generate = generators::Args (*)(generators::Rng&);

// A divide or product by a tiler.
template <Result<Layout> (*F)(Layout const&, Tiler const&, Convention), Result<MixedLayout> (*M)(MixedLayout const&, MixedTiler const&)>
OpRow tiler_row(std::string_view name, Generate generate, OpDoc doc) {
  return layout_row(name, 2, conv, !kinds, Second::tiler, by_tiler_fn<F>,
                    {{T::layout, T::tiler}, by_tiler<F>, nullptr, generate, nullptr, by_tiler_mixed<M>}, doc);
}

// A rank-sensitive product by a layout.
template <Result<Layout> (*F)(Layout const&, Layout const&, Convention),
          Result<MixedLayout> (*M)(MixedLayout const&, MixedLayout const&)>
OpRow layout_product_row(std::string_view name, Generate generate, OpDoc doc) {
  return layout_row(name, 2, conv, !kinds, Second::layout, by_layout_fn<F>,
                    {{T::layout, T::layout}, by_layout<F>, nullptr, generate, nullptr, by_layout_mixed<M>}, doc);
}

// An inverse of an integer-stride or swizzled layout.
template <bool Right>
OpRow inverse_row(std::string_view name, Generate generate, OpDoc doc) {
  return layout_row(name, 1, no, kinds, Second::none, Right ? right_inverse_fn : left_inverse_fn,
                    {{T::layout}, inverse<Right>, nullptr, generate, nullptr, inverse_mixed<Right>, true},
                    doc);
}

}  // namespace

std::vector<OpRow> layout_rows() {
  std::vector<OpRow> v = {
      typed_row("evaluate", OpFamily::core, 1, no, false, kinds, {{T::layout, T::int_tuple}, evaluate_op, nullptr, generators::evaluate_args, eval_note},
                {"eval", "eval L [I | COORD]",
                 "tabulate L(0), ..., L(size-1); with an index I or a coordinate COORD (the shape's rank, ((1,0),2) "
                 "for a nested mode), CuTe's layout(i) or layout(m,n): past the domain, CuTe's extended function "
                 "(the last mode unbounded) with a note; negative entries refused",
                 "catlayout eval '(4,8):(1,4)' '(1,2)'"}),
      layout_row("coalesce", 1, no, kinds, Second::profile, coalesce_fn, {{T::layout, T::int_tuple}, coalesce_op, nullptr, generators::coalesce_args, nullptr, coalesce_mixed},
                 {"coalesce", "coalesce L [PROFILE]", "coalesce; by-mode under a target profile",
                  "catlayout coalesce '(2,(1,6)):(1,(6,2))' '(1,1)'"}),
      layout_row("composition", 2, no, kinds, Second::tiler, composition_fn, {{T::layout, T::tiler}, composition_op, nullptr, generators::composition_args, nullptr, composition_mixed},
                 {"compose", "compose A B", "A o B, B a layout or a tiler <3:4,8:2>",
                  "catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'"}),
      layout_row("complement", 1, conv, !kinds, Second::profile, complement_fn, {{T::layout, T::int_tuple}, complement_op, nullptr, generators::complement_args, nullptr, complement_mixed},
                 {"complement", "complement A [N | SHAPE]",
                  "comp(A, N), CuTe's (N = cosize(A) by default; a shape cotarget as CuTe's complement(A, shape)); "
                  "--strict: only where the categorical paper has one",
                  "catlayout complement 4:2 24"}),
      tiler_row<logical_divide, logical_divide>("logical_divide", generators::logical_divide_args, {"divide", "divide A B", "logical divide A (/) B",
                                                   "catlayout divide '(4,2,3):(2,1,8)' 4:2"}),
      tiler_row<zipped_divide, zipped_divide>("zipped_divide", generators::zipped_divide_args, {"zipped-divide", "zipped-divide A B", "((tiles),(rests))",
                                                 "catlayout zipped-divide '(8,8):(1,8)' '<2,4>'"}),
      tiler_row<tiled_divide, tiled_divide>("tiled_divide", generators::tiled_divide_args, {"tiled-divide", "tiled-divide A B", "((tiles),rest0,rest1,...)",
                                               "catlayout tiled-divide '(8,8):(1,8)' '<2,4>'"}),
      tiler_row<flat_divide, flat_divide>("flat_divide", generators::flat_divide_args, {"flat-divide", "flat-divide A B", "(tile0,tile1,...,rest0,rest1,...)",
                                             "catlayout flat-divide '(8,8):(1,8)' '<2,4>'"}),
      tiler_row<logical_product, logical_product>("logical_product", generators::logical_product_args, {"product", "product A B", "logical product A (x) B",
                                                     "catlayout product '(2,2):(4,1)' 6:1"}),
      tiler_row<zipped_product, zipped_product>("zipped_product", generators::zipped_product_args, {"zipped-product", "zipped-product A B", "((A's modes),(products))",
                                                   "catlayout zipped-product '(2,2):(1,2)' '<3,2>'"}),
      tiler_row<tiled_product, tiled_product>("tiled_product", generators::tiled_product_args, {"tiled-product", "tiled-product A B", "((A's modes),p0,p1,...)",
                                                 "catlayout tiled-product '(2,2):(1,2)' '<3,2>'"}),
      tiler_row<flat_product, flat_product>("flat_product", generators::flat_product_args, {"flat-product", "flat-product A B", "(a0,a1,...,p0,p1,...)",
                                               "catlayout flat-product '(2,2):(1,2)' '<3,2>'"}),
      layout_product_row<blocked_product, blocked_product>("blocked_product", generators::blocked_product_args,
                                          {"blocked-product", "blocked-product A B",
                                           "A's blocks laid out by B (rank-sensitive)",
                                           "catlayout blocked-product '(2,5):(5,1)' '(3,4):(1,3)'"}),
      layout_product_row<raked_product, raked_product>("raked_product", generators::raked_product_args,
                                        {"raked-product", "raked-product A B", "A raked across B (rank-sensitive)",
                                         "catlayout raked-product '(2,5):(5,1)' '(3,4):(1,3)'"}),
      inverse_row<true>("right_inverse", generators::right_inverse_args,
                        {"right-inverse", "right-inverse L", "R with L(R(i)) = i", "catlayout right-inverse '(4,8):(8,1)'"}),
      inverse_row<false>("left_inverse", generators::left_inverse_args,
                         {"left-inverse", "left-inverse L", "R with R(L(i)) = i", "catlayout left-inverse '(4,8):(8,1)'"}),
  };
  for (auto& r : v) r.in_suite = true;  // the core layout ops are all in the conformance suite
  return v;
}

}  // namespace catlayout::wire
