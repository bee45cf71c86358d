// The algebra commands: each argument read by core's text readers, the engine's function called
// on the values, the result printed (to_string in the chosen notation, or its JSON form).
#include <algorithm>
#include <functional>
#include <iostream>
#include <optional>
#include <tuple>
#include <type_traits>
#include <variant>

#include "catlayout/core/quote.hpp"
#include "catlayout/wire/values_json.hpp"
#include "catlayout/core.hpp"
#include "catlayout/core/checked.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "catlayout/core/notation.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

// What a positional argument is: a layout of any kind (integer, coordinate, F2 strides or swizzled),
// a tiler (or any layout, or a swizzle), a shape or profile, an integer, an order (LayoutLeft,
// LayoutRight or a Step), a major, a coordinate with holes (_), a projection ((_1,X,_1)), an index
// or a coordinate of a layout's domain (5, (1,2), ((1,0),2)), a shape (a profile of positive entries).
enum class Arg { layout, tiler, profile, integer, order, major, coord, projection, index, shape };

// An argument as read. A layout is held as the kind its value is: a swizzled layout with the
// identity swizzle and offset 0 is a plain layout, and so is a coordinate layout without a basis
// stride (docs/algebra.md "Wire forms" tells the kinds apart the same way). A major is an Order.
using Operand = std::variant<Layout, CoordLayout, F2Layout, ComposedLayout, Swizzle, Tiler, IntTuple, Int, Order,
                             SliceCoord, Projection>;
using Operands = std::vector<Operand>;

// What an operation gives: a layout of any kind, a partition (layout and offset), or a table.
using Output = std::variant<Layout, CoordLayout, F2Layout, ComposedLayout, SliceResult, std::vector<Int>,
                            std::vector<IntTuple>>;

bool has_basis(BasisTuple const& t) {
  if (t.is_leaf()) return !t.value().is_integer();
  for (auto const& c : t.children())
    if (has_basis(c)) return true;
  return false;
}

// A layout in the kind its value is (see Operand).
template <class V>
V as_kind(ComposedLayout c) {
  if (is_plain(c)) return V(std::move(c.layout));
  return V(std::move(c));
}
template <class V>
V as_kind(CoordLayout c) {
  if (!has_basis(c.stride()))
    if (auto l = c.to_layout()) return V(std::move(*l));
  return V(std::move(c));
}
template <class V, class T>
V as_kind(T x) {
  return V(std::move(x));
}

// ---------------------------------------------------------------------------------------------
// Reading the arguments

// A layout of any kind in any notation (core/notation.hpp's reader, then F2 strides F<v>).
Result<Operand> read_any_layout(std::string const& text) {
  auto any = parse_any_layout(text);
  if (any) return std::visit([](auto l) { return as_kind<Operand>(std::move(l)); }, std::move(*any));
  if (text.find('F') != std::string::npos)
    if (auto f = parse_f2_layout(text)) return Operand(std::move(*f));
  return std::unexpected(any.error());
}

Result<Operand> read_arg(Arg kind, std::string const& text, std::size_t i) {
  // The reason first, then the argument (shortened: a long argument would bury the reason).
  auto where = [&](Error const& e) { return fail(e.kind, "argument ", i + 1, ": ", e.message, ", in '", shortened(text), "'"); };
  auto checked = [&](auto r) -> Result<Operand> {
    if (!r) return where(r.error());
    return Operand(std::move(*r));
  };
  switch (kind) {
    case Arg::layout: return checked(read_any_layout(text));
    case Arg::tiler: {
      auto t = parse_tiler(text);
      if (t) return Operand(std::move(*t));
      if (auto any = read_any_layout(text)) return *any;       // a swizzled, coordinate or F2 layout as B
      if (auto sw = parse_swizzle(text)) return Operand(*sw);  // a swizzle as B (CuTe composition(Layout, Swizzle))
      return where(t.error());
    }
    case Arg::profile: return checked(parse_int_tuple(text));
    case Arg::integer: {
      std::size_t pos = 0;
      auto v = scan_integer(text, pos);
      if (!v || pos != text.size())
        return fail(ErrorKind::invalid_input, "argument ", i + 1, ": expected an integer, found '", shortened(text), "'");
      return Operand(*v);
    }
    case Arg::order: return checked(parse_order(text));
    case Arg::major: {
      auto o = parse_order(text);
      if (!o || !std::holds_alternative<Major>(*o))
        return fail(ErrorKind::invalid_input, "argument ", i + 1, ": expected LayoutLeft or LayoutRight, found '",
                    shortened(text), "'");
      return Operand(std::move(*o));
    }
    case Arg::coord: return checked(parse_slice_coord(text));
    case Arg::projection: return checked(parse_projection(text));
    case Arg::index: return checked(parse_int_tuple(text));
    case Arg::shape: {
      // Checked here, where the shape is the one the user wrote: the engines would name the shape
      // they derive from it (tile_to_shape's grid of tiles, make_ordered_layout's parts).
      auto t = parse_int_tuple(text);
      if (!t) return where(t.error());
      auto v = t->values();
      for (std::size_t k = 0; k < v.size(); ++k)
        if (v[k] <= 0)
          return fail(ErrorKind::invalid_input, "argument ", i + 1, " '", text, "': shape entry ", v[k],
                      " at flat position ", k, " of ", to_string(*t), " is not positive");
      return Operand(std::move(*t));
    }
  }
  return fail(ErrorKind::invalid_input, "unreachable");
}

// An integer-stride layout or tiler (what every operation takes), as opposed to the other kinds.
bool integer_strides(Operand const& x) { return std::holds_alternative<Layout>(x) || std::holds_alternative<Tiler>(x); }

// ---------------------------------------------------------------------------------------------
// The operations: the engine's functions over the operands

struct Op {
  std::function<Result<Output>(Operands const&, Convention)> run;
  bool by_convention = false;  // CuTe's answer may lie outside the categorical fragment (--strict refuses it)
  bool any_kind = false;       // takes layouts beyond integer strides (docs/algebra.md's table)
  // A note on stderr about an answer given (eval past the domain: CuTe's extended function), or "".
  std::function<std::string(Operands const&)> note = nullptr;
};

// An engine's answer (a value or a value-or-error) as an Output, a layout in the kind its value is.
template <class T>
Result<Output> give(T r) {
  if constexpr (requires { r.error(); }) {
    if (!r) return std::unexpected(r.error());
    return as_kind<Output>(std::move(*r));
  } else {
    return as_kind<Output>(std::move(r));
  }
}

Layout const& layout(Operand const& x) { return std::get<Layout>(x); }
IntTuple const& int_tuple(Operand const& x) { return std::get<IntTuple>(x); }
Int integer(Operand const& x) { return std::get<Int>(x); }
Order const& order(Operand const& x) { return std::get<Order>(x); }
// A tiler argument: a tiler as written, or a layout (read in a notation only layouts have).
Tiler tiler(Operand const& x) {
  if (auto const* l = std::get_if<Layout>(&x)) return Tiler::of(*l);
  return std::get<Tiler>(x);
}
// An operand as a value of its kind: a tiler that is one layout is that layout.
Operand value(Operand const& x) {
  if (auto const* t = std::get_if<Tiler>(&x); t && t->is_layout() && !t->integer) return *t->layout;
  return x;
}
CoordLayout coord(Operand const& x) {
  if (auto const* l = std::get_if<Layout>(&x)) return CoordLayout::of(*l);
  return std::get<CoordLayout>(x);
}

// The refusals below name the operation and its operands as the vector checker's op table does
// ("coalesce_z ... at args[0]"), so one input gets one message from the CLI and the checker.
Result<Output> not_defined(std::string_view op, std::string_view what) {
  return fail(ErrorKind::invalid_input, op, " is not defined for ", what, " (docs/algebra.md) at args");
}

constexpr Int max_table = Int{1} << 16;  // entries the table of a swizzled or coordinate layout may have
Result<void> small_enough(Int size) {
  if (size > max_table)
    return fail(ErrorKind::invalid_input, "size ", size, " at args[0] is too large to tabulate (limit ", max_table, ")");
  return {};
}

// L(0), ..., L(size-1) for a layout of any kind.
Result<Output> evaluate_op(Operands const& x, Convention) {
  return std::visit(
      [](auto const& l) -> Result<Output> {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Layout>) {
          if (l.size() > (Int{1} << 24))
            return fail(ErrorKind::invalid_input, "evaluate: size ", l.size(), " at args is too large to tabulate");
          return Output(tabulate(l));
        } else if constexpr (std::is_same_v<T, F2Layout>) {
          if (l.size() > (Int{1} << 24)) return fail(ErrorKind::invalid_input, "evaluate: size ", l.size(), " is too large");
          std::vector<Int> out;
          for (Int i = 0; i < l.size(); ++i) out.push_back(l(i));
          return Output(std::move(out));
        } else if constexpr (std::is_same_v<T, ComposedLayout>) {
          CL_CHECK(small_enough(l.size()));
          std::vector<Int> out;
          for (Int i = 0; i < l.size(); ++i) {
            CL_TRY(v, evaluate(l, i));
            out.push_back(v);
          }
          return Output(std::move(out));
        } else if constexpr (std::is_same_v<T, CoordLayout>) {
          CL_CHECK(small_enough(l.size()));
          if (l.size() * static_cast<Int>(length(l(0))) > 16 * max_table)
            return fail(ErrorKind::invalid_input, "evaluate: ", l.size(), " coordinates of ", length(l(0)),
                        " entries at args[0] are too many to tabulate");
          std::vector<IntTuple> out;
          for (Int i = 0; i < l.size(); ++i) out.push_back(l(i));
          return Output(std::move(out));
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

Result<Output> evaluate_at_op(Operands const& x) {
  IntTuple const& p = int_tuple(x[1]);
  return std::visit(
      [&](auto const& l) -> Result<Output> {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Layout>) {
          CL_TRY(past, outside(l.shape(), l.size(), p));
          if (p.is_leaf()) {
            CL_TRY(v, past ? l.extended(p.value()) : l.at(p.value()));
            return Output(std::vector<Int>{v});
          }
          CL_TRY(v, coord_offset(p, l.shape(), l.stride()));
          return Output(std::vector<Int>{v});
        } else if constexpr (std::is_same_v<T, ComposedLayout>) {
          CL_TRY(past, outside(l.layout.shape(), l.size(), p));
          if (p.is_leaf()) {
            CL_TRY(v, past ? evaluate_extended(l, p.value()) : evaluate(l, p.value()));
            return Output(std::vector<Int>{v});
          }
          CL_TRY(v, coord_offset(p, l.layout.shape(), l.layout.stride()));
          CL_TRY(w, checked_add(l.offset, v, "offset"));
          return Output(std::vector<Int>{l.sw(w)});
        } else if constexpr (std::is_same_v<T, CoordLayout>) {
          CL_TRY(past, outside(l.shape(), l.size(), p));
          if (p.is_leaf()) {
            if (!past) {
              CL_TRY(v, l.at(p.value()));
              return Output(std::vector<IntTuple>{v});
            }
            CL_TRY(v, l.sparse_extended(p.value()));
            return Output(std::vector<IntTuple>{l.shape_coord(v)});
          }
          CL_TRY(v, evaluate_at_coord(l, p));
          return Output(std::vector<IntTuple>{l.shape_coord(v)});
        } else if constexpr (std::is_same_v<T, F2Layout>) {
          if (!p.is_leaf())
            return fail(ErrorKind::invalid_input, "an F2 layout is evaluated at an index, not at a coordinate such as ",
                        to_string(p));
          CL_TRY(past, outside(l.shape(), l.size(), p));
          CL_TRY(v, past ? l.extended(p.value()) : l.at(p.value()));
          return Output(std::vector<Int>{v});
        } else {
          return not_defined("evaluate", "this kind of value");
        }
      },
      x[0]);
}

// eval L (the table) or eval L P (one point).
Result<Output> eval_op(Operands const& x, Convention c) { return x.size() == 2 ? evaluate_at_op(x) : evaluate_op(x, c); }

// The note of `eval L P` outside L's domain: CuTe's extended function, named.
std::string eval_note(Operands const& x) {
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

Result<Output> coalesce_op(Operands const& x, Convention) {
  if (auto const* l = std::get_if<Layout>(&x[0]))
    return x.size() == 1 ? give(coalesce(*l)) : give(coalesce(*l, int_tuple(x[1])));
  if (x.size() == 2) return not_defined("coalesce", "a profile with this kind of layout");
  if (auto const* f = std::get_if<F2Layout>(&x[0])) return give(coalesce(*f));
  if (auto const* c = std::get_if<ComposedLayout>(&x[0]))  // CuTe coalesce(ComposedLayout) = sw o off o coalesce(L)
    return give(ComposedLayout{c->sw, c->offset, coalesce(c->layout)});
  return give(coalesce(std::get<CoordLayout>(x[0])));
}

// A o B for the kinds that compose (docs/algebra.md): integer strides with a tiler, swizzled
// layouts and swizzles, F2 strides after an integer layout, coordinate strides.
Result<Output> compose_op(Operands const& x, Convention) {
  if (std::holds_alternative<Layout>(x[0]) && integer_strides(x[1])) return give(composition(layout(x[0]), tiler(x[1])));
  Operand b = value(x[1]);
  auto integer_or_coordinates = [](Operand const& o) {
    return std::holds_alternative<Layout>(o) || std::holds_alternative<CoordLayout>(o);
  };
  if (integer_or_coordinates(x[0]) && integer_or_coordinates(b)) return give(composition(coord(x[0]), coord(b)));
  return std::visit(
      [](auto const& a, auto const& b) -> Result<Output> {
        using A = std::decay_t<decltype(a)>;
        using B = std::decay_t<decltype(b)>;
        if constexpr (std::is_same_v<A, Layout> && (std::is_same_v<B, Swizzle> || std::is_same_v<B, ComposedLayout>))
          return give(composition(a, b));
        else if constexpr (std::is_same_v<A, ComposedLayout> &&
                           (std::is_same_v<B, ComposedLayout> || std::is_same_v<B, Layout> || std::is_same_v<B, Tiler>))
          return give(composition(a, b));
        else if constexpr (std::is_same_v<A, F2Layout> && std::is_same_v<B, Layout>)
          return give(composition(a, b));
        else
          return not_defined("composition", "these kinds of operands");
      },
      x[0], b);
}

Result<Output> complement_op(Operands const& x, Convention c) {
  return x.size() == 1 ? give(complement(layout(x[0]), c)) : give(complement(layout(x[0]), integer(x[1]), c));
}

// The divides and products: A by a tiler, or (rank-sensitive) by a layout.
Op by_tiler(Result<Layout> (*f)(Layout const&, Tiler const&, Convention)) {
  return {[f](Operands const& x, Convention c) { return give(f(layout(x[0]), tiler(x[1]), c)); }, true};
}
Op by_layout(Result<Layout> (*f)(Layout const&, Layout const&, Convention)) {
  return {[f](Operands const& x, Convention c) { return give(f(layout(x[0]), layout(x[1]), c)); }, true};
}

// The inverses: of an integer-stride or a swizzled layout.
template <class Inverse>
Op inverse(std::string_view name, Inverse f) {
  return {[name, f](Operands const& x, Convention) -> Result<Output> {
            if (auto const* l = std::get_if<Layout>(&x[0])) return give(f(*l));
            if (auto const* c = std::get_if<ComposedLayout>(&x[0])) return give(f(*c));
            return not_defined(name, std::holds_alternative<F2Layout>(x[0]) ? "F2 layouts" : "coordinate layouts");
          },
          false, true};
}

// f on an integer-stride or a swizzled layout: the element-size changes and tile_to_shape.
template <class F>
Result<Output> layout_or_composed(Operand const& x, F f) {
  if (auto const* l = std::get_if<Layout>(&x)) return give(f(*l));
  if (auto const* c = std::get_if<ComposedLayout>(&x)) return give(f(*c));
  return fail(ErrorKind::invalid_input, "expected a layout or a composed layout at args[0]");
}

Result<Output> tile_to_shape_op(Operands const& x, Convention c) {
  Order o = x.size() == 3 ? order(x[2]) : Order(Major::left);
  return layout_or_composed(x[0], [&](auto const& block) { return tile_to_shape(block, int_tuple(x[1]), o, c); });
}

Op element_size(bool up) {
  return {[up](Operands const& x, Convention c) {
            return layout_or_composed(
                x[0], [&](auto const& l) { return up ? upcast(l, integer(x[1]), c) : downcast(l, integer(x[1]), c); });
          },
          true, true};
}

Result<Output> recast_op(Operands const& x, Convention c) {
  return layout_or_composed(x[0], [&](auto const& l) { return recast_layout(l, integer(x[1]), integer(x[2]), c); });
}

// The partitioners: the tile at a coordinate (local_tile with a projection; inner_partition
// without), the elements at a coordinate of every tile, a thread's elements.
Op partition(Result<SliceResult> (*f)(Layout const&, Tiler const&, SliceCoord const&)) {
  return {[f](Operands const& x, Convention) -> Result<Output> {
            auto const& c = std::get<SliceCoord>(x[2]);
            if (x.size() == 4) return give(local_tile(layout(x[0]), tiler(x[1]), c, std::get<Projection>(x[3])));
            return give(f(layout(x[0]), tiler(x[1]), c));
          },
          true};
}

Result<Output> local_partition_op(Operands const& x, Convention) {
  if (x.size() == 4) return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2]), std::get<Projection>(x[3])));
  return give(local_partition(layout(x[0]), layout(x[1]), integer(x[2])));
}

Result<Output> nullspace_op(Operands const& x, Convention c) {
  return std::visit(
      [c](auto const& l) -> Result<Output> {
        if constexpr (requires { nullspace(l, c); }) return give(nullspace(l, c));
        else if constexpr (requires { nullspace(l); }) return give(nullspace(l));
        else return fail(ErrorKind::invalid_input, "nullspace takes a layout at args[0]");
      },
      x[0]);
}

Result<Output> coalesce_z_op(Operands const& x, Convention) {
  if (auto const* f = std::get_if<F2Layout>(&x[0])) {
    if (x.size() == 2) return fail(ErrorKind::invalid_input, "coalesce_z of an F2 layout takes no profile at args");
    return give(coalesce_z(*f));
  }
  auto const* l = std::get_if<Layout>(&x[0]);
  if (!l) return fail(ErrorKind::invalid_input, "coalesce_z takes a layout or an F2 layout at args[0]");
  return x.size() == 1 ? give(coalesce_z(*l)) : give(coalesce_z(*l, int_tuple(x[1])));
}

// An F2 layout, or an integer layout whose strides are all 0 (the zero of every stride kind).
std::optional<F2Layout> f2_of(Operand const& x) {
  if (auto const* f = std::get_if<F2Layout>(&x)) return *f;
  if (auto const* l = std::get_if<Layout>(&x)) return zero_as_f2(*l);
  return std::nullopt;
}

Result<Output> layout_add_op(Operands const& x, Convention) {
  if (std::holds_alternative<Layout>(x[0]) && std::holds_alternative<Layout>(x[1]))
    return give(layout_add(layout(x[0]), layout(x[1])));
  auto fa = f2_of(x[0]), fb = f2_of(x[1]);
  if (fa && fb) return give(layout_add(*fa, *fb));
  return fail(ErrorKind::invalid_input, "layout_add adds two integer layouts or two F2 layouts (the integer 0 is ",
              "the zero of both) at args");
}

// An operation of the listed values alone (no convention, integer strides only).
template <class F>
Op on_values(F f) {
  return {[f](Operands const& x, Convention) { return f(x); }};
}

// ---------------------------------------------------------------------------------------------
// Printing the result

Json json_of(Output const& r) {
  return std::visit(
      [](auto const& v) -> Json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, ComposedLayout>) return layout_or_composed_json(v);
        else if constexpr (std::is_same_v<T, F2Layout> || std::is_same_v<T, SliceResult>) return wire::to_json(v);
        else if constexpr (std::is_same_v<T, std::vector<Int>>) return Json(v);
        else if constexpr (std::is_same_v<T, std::vector<IntTuple>>) {
          Json out = Json::array();
          for (auto const& t : v) out.push_back(to_json(t));
          return out;
        } else return to_json(v);
      },
      r);
}

// A result as text in the chosen notation: a layout of any kind, a partition (the sub-layout,
// then where it starts), a table.
std::string result_text(Output const& r, Notation n) {
  return std::visit(
      [n](auto const& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, F2Layout>) return to_string(v);
        else if constexpr (std::is_same_v<T, SliceResult>) return to_string(v.layout, n) + "\noffset " + std::to_string(v.offset);
        else if constexpr (std::is_same_v<T, std::vector<Int>> || std::is_same_v<T, std::vector<IntTuple>>) {
          auto const& table = json_of(v);
          std::string out;
          for (std::size_t i = 0; i < table.size(); ++i) out += (i ? " " : "") + table[i].dump();
          return out;
        } else return to_string(v, n);
      },
      r);
}

// The result as result_text, or its JSON form.
void print_result(Output const& r, bool json, Notation n) {
  std::cout << (json ? json_of(r).dump() : result_text(r, n)) << "\n";
}

// ---------------------------------------------------------------------------------------------
// The commands

Command algebra(std::string name, Op op, std::vector<Arg> required, std::vector<Arg> optional, std::string usage,
                std::string summary, std::string example) {
  Command c{name, usage, summary, example, {{"--json", 0}, {"--print", 1}}, nullptr};
  if (op.by_convention) c.options["--strict"] = 0;
  c.run = [c, op, required, optional](Args const& a) -> int {
    if (a.pos.size() < required.size() || a.pos.size() > required.size() + optional.size())
      return usage_error(c, "expected " + std::to_string(required.size()) + " argument(s)");
    Notation notation = Notation::catlayout;
    if (a.has("--print")) {
      auto n = parse_notation(a.value("--print"));
      if (!n) return usage_error(c, n.error().message);
      notation = *n;
    }
    Operands args;
    for (std::size_t i = 0; i < a.pos.size(); ++i) {
      Arg kind = i < required.size() ? required[i] : optional[i - required.size()];
      auto x = read_arg(kind, a.pos[i], i);
      if (!x) return report_error(x.error());
      if ((kind == Arg::layout || kind == Arg::tiler) && !integer_strides(*x) && !op.any_kind)
        return report_error(Error{ErrorKind::invalid_input,
                                  str(c.name, " is defined for integer-stride layouts; argument ", i + 1, " '", a.pos[i],
                                      "' is not one (docs/algebra.md lists the operations each kind of layout takes)")});
      args.push_back(std::move(*x));
    }
    bool strict = a.has("--strict");
    auto r = op.run(args, strict ? Convention::categorical : Convention::cute);
    if (!r) return report_error(r.error());
    print_result(*r, a.has("--json"), notation);
    if (op.note)
      if (auto n = op.note(args); !n.empty()) std::cerr << "note: " << n << "\n";
    // CuTe's answer outside the categorical paper's fragment: say so, and how to refuse it.
    if (!strict && op.by_convention) {
      // The op row says whether --strict is a stricter reading of docs/definitions.md or the paper's fragment.
      std::string row = c.name;
      std::replace(row.begin(), row.end(), '-', '_');
      bool stricter_reading = wire::strict_kind(row) == wire::Strict::reading;
      if (auto cat = op.run(args, Convention::categorical); !cat && stricter_reading)
        std::cerr << "note: this is CuTe's answer; --strict (docs/definitions.md) refuses it: " << cat.error().message
                  << "\n";
      else if (!cat)
        std::cerr << "note: outside the categorical fragment: " << cat.error().message
                  << " (this is CuTe's answer; --strict refuses it)\n";
      else if (json_of(*cat) != json_of(*r))  // a stricter reading (docs/definitions.md): nullspace, casts
        std::cerr << "note: this is CuTe's answer; --strict (docs/definitions.md) answers " << result_text(*cat, notation) << "\n";
    }
    return 0;
  };
  return c;
}

}  // namespace

std::vector<Command> algebra_commands() {
  using A = Arg;
  return {
      algebra("eval", {eval_op, false, true, eval_note}, {A::layout}, {A::index}, "eval L [I | COORD]",
              "tabulate L(0), ..., L(size-1); with an index I or a coordinate COORD (the shape's rank, ((1,0),2) "
              "for a nested mode), CuTe's layout(i) or layout(m,n): past the domain, CuTe's extended function "
              "(the last mode unbounded) with a note; negative entries refused",
              "catlayout eval '(4,8):(1,4)' '(1,2)'"),
      algebra("coalesce", {coalesce_op, false, true}, {A::layout}, {A::profile}, "coalesce L [PROFILE]",
              "coalesce; by-mode under a target profile", "catlayout coalesce '(2,(1,6)):(1,(6,2))' '(1,1)'"),
      algebra("compose", {compose_op, false, true}, {A::layout, A::tiler}, {}, "compose A B",
              "A o B, B a layout or a tiler <3:4,8:2>", "catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'"),
      algebra("complement", {complement_op, true}, {A::layout}, {A::integer}, "complement A [N]",
              "comp(A, N), CuTe's (N = cosize(A) by default); --strict: only where the categorical paper has one",
              "catlayout complement 4:2 24"),
      algebra("divide", by_tiler(logical_divide), {A::layout, A::tiler}, {}, "divide A B", "logical divide A (/) B",
              "catlayout divide '(4,2,3):(2,1,8)' 4:2"),
      algebra("zipped-divide", by_tiler(zipped_divide), {A::layout, A::tiler}, {}, "zipped-divide A B",
              "((tiles),(rests))", "catlayout zipped-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("tiled-divide", by_tiler(tiled_divide), {A::layout, A::tiler}, {}, "tiled-divide A B",
              "((tiles),rest0,rest1,...)", "catlayout tiled-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("flat-divide", by_tiler(flat_divide), {A::layout, A::tiler}, {}, "flat-divide A B",
              "(tile0,tile1,...,rest0,rest1,...)", "catlayout flat-divide '(8,8):(1,8)' '<2,4>'"),
      algebra("product", by_tiler(logical_product), {A::layout, A::tiler}, {}, "product A B",
              "logical product A (x) B", "catlayout product '(2,2):(4,1)' 6:1"),
      algebra("blocked-product", by_layout(blocked_product), {A::layout, A::layout}, {}, "blocked-product A B",
              "A's blocks laid out by B (rank-sensitive)", "catlayout blocked-product '(2,5):(5,1)' '(3,4):(1,3)'"),
      algebra("raked-product", by_layout(raked_product), {A::layout, A::layout}, {}, "raked-product A B",
              "A raked across B (rank-sensitive)", "catlayout raked-product '(2,5):(5,1)' '(3,4):(1,3)'"),
      algebra("zipped-product", by_tiler(zipped_product), {A::layout, A::tiler}, {}, "zipped-product A B",
              "((A's modes),(products))", "catlayout zipped-product '(2,2):(1,2)' '<3,2>'"),
      algebra("tiled-product", by_tiler(tiled_product), {A::layout, A::tiler}, {}, "tiled-product A B",
              "((A's modes),p0,p1,...)", "catlayout tiled-product '(2,2):(1,2)' '<3,2>'"),
      algebra("flat-product", by_tiler(flat_product), {A::layout, A::tiler}, {}, "flat-product A B",
              "(a0,a1,...,p0,p1,...)", "catlayout flat-product '(2,2):(1,2)' '<3,2>'"),
      algebra("right-inverse", inverse("right_inverse", [](auto const& l) { return right_inverse(l); }), {A::layout}, {},
              "right-inverse L", "R with L(R(i)) = i", "catlayout right-inverse '(4,8):(8,1)'"),
      algebra("left-inverse", inverse("left_inverse", [](auto const& l) { return left_inverse(l); }), {A::layout}, {},
              "left-inverse L", "R with R(L(i)) = i", "catlayout left-inverse '(4,8):(8,1)'"),
      // CuTe's constructors, partitioners and element-size changes; the whitepaper's operations.
      algebra("make-layout",
              on_values([](Operands const& x) {
                return give(make_layout(int_tuple(x[0]), x.size() == 2 ? std::get<Major>(order(x[1])) : Major::left));
              }),
              {A::shape}, {A::major}, "make-layout SHAPE [LayoutLeft|LayoutRight]",
              "CuTe make_layout(shape, LayoutLeft{} / LayoutRight{}): compact column- or row-major",
              "catlayout make-layout '(4,(2,3))' LayoutRight"),
      algebra("make-ordered-layout",
              on_values([](Operands const& x) { return give(make_ordered_layout(int_tuple(x[0]), order(x[1]))); }),
              {A::shape, A::order}, {}, "make-ordered-layout SHAPE ORDER",
              "CuTe make_ordered_layout: compact, modes with smaller order entries first",
              "catlayout make-ordered-layout '(2,2,2,2)' '(0,2,3,1)'"),
      algebra("make-layout-like", on_values([](Operands const& x) { return give(make_layout_like(layout(x[0]))); }),
              {A::layout}, {}, "make-layout-like L",
              "CuTe make_layout_like: L's shape, compact strides in the order of L's, stride-0 modes kept",
              "catlayout make-layout-like '(2,3,4,5):(0,42,1,0)'"),
      algebra("tile-to-shape", {tile_to_shape_op, true, true}, {A::layout, A::shape}, {A::order},
              "tile-to-shape BLOCK SHAPE [ORDER]",
              "CuTe tile_to_shape: the block (swizzled or not) repeated to fill the shape",
              "catlayout tile-to-shape 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(128,64)'"),
      algebra("local-tile", partition(inner_partition), {A::layout, A::tiler, A::coord}, {A::projection},
              "local-tile L TILER COORD [PROJ]", "CuTe local_tile at layout level: the tile at COORD and its offset",
              "catlayout local-tile '(128,64):(1,128)' '<32,16,8>' '(1,2,_)' '(_1,_1,X)'"),
      algebra("local-partition", {local_partition_op, true}, {A::layout, A::layout, A::integer}, {A::projection},
              "local-partition L THREADS INDEX [PROJ]", "CuTe local_partition: thread INDEX's elements and their offset",
              "catlayout local-partition '(16,64):(1,16)' '(2,16):(16,1)' 5"),
      algebra("inner-partition", partition(inner_partition), {A::layout, A::tiler, A::coord}, {},
              "inner-partition L TILER COORD", "CuTe inner_partition: the tile at COORD (zipped_divide, then slice the rest)",
              "catlayout inner-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"),
      algebra("outer-partition", partition(outer_partition), {A::layout, A::tiler, A::coord}, {},
              "outer-partition L TILER COORD",
              "CuTe outer_partition: element COORD of every tile (zipped_divide, then slice the tile)",
              "catlayout outer-partition '(8,6):(1,8)' '<4,3>' '(1,1)'"),
      algebra("upcast", element_size(true), {A::layout, A::integer}, {}, "upcast L N",
              "CuTe upcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N times "
              "larger", "catlayout upcast '(4,4):(4,1)' 4"),
      algebra("downcast", element_size(false), {A::layout, A::integer}, {}, "downcast L N",
              "CuTe downcast<N> by its per-mode rule; --strict: only where it is the same memory in elements N "
              "times smaller", "catlayout downcast '(4,4):(4,1)' 2"),
      algebra("recast-layout", {recast_op, true, true}, {A::layout, A::integer, A::integer}, {},
              "recast-layout L OLD_BITS NEW_BITS", "CuTe recast_layout<Old,New> by element widths in bits",
              "catlayout recast-layout 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' 16 32"),
      algebra("nullspace", {nullspace_op, true, true}, {A::layout}, {}, "nullspace L",
              "CuTe nullspace: the stride-0 modes of L; --strict: every index L maps to 0", "catlayout nullspace '(2,4,6):(1,2,0)'"),
      algebra("coalesce-z", {coalesce_z_op, false, true}, {A::layout}, {A::profile}, "coalesce-z L [PROFILE]",
              "PyCuTe coalesce_z: coalesce keeping the extended function", "catlayout coalesce-z '(2,1,6,1):(1,7,8,0)'"),
      algebra("layout-add", {layout_add_op, false, true}, {A::layout, A::layout}, {}, "layout-add A B",
              "PyCuTe layout_add: R(i) = A(i) + B(i) (XOR for F2 strides)",
              "catlayout layout-add '(4,3):(1,4)' '(4,3):(3,1)'"),
      algebra("greatest-common-domain",
              on_values([](Operands const& x) { return give(greatest_common_domain(int_tuple(x[0]), int_tuple(x[1]))); }),
              {A::profile, A::profile}, {}, "greatest-common-domain SHAPE SHAPE",
              "PyCuTe greatest_common_domain of two shapes", "catlayout greatest-common-domain '(6,35)' '(15,14)'"),
  };
}

}  // namespace catlayout::cli
