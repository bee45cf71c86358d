// Values read from text (value_text.hpp): core's readers, one per kind of operand.
#include "catlayout/wire/value_text.hpp"

#include "catlayout/core/notation.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::wire {
namespace {

// A layout of any kind in any notation (core/notation.hpp's reader, then F2 strides F<v>, then a chain
// of layouts, offsets and swizzles, composed_chain.hpp).
Result<Value> read_any_layout(std::string const& text) {
  auto any = parse_any_layout(text);
  if (any) return std::visit([](auto l) { return as_kind(Value(std::move(l))); }, std::move(*any));
  if (text.find('F') != std::string::npos)
    if (auto f = parse_f2_layout(text)) return Value(std::move(*f));
  if (auto chain = parse_composed_chain(text)) return as_kind(Value(std::move(*chain)));  // CuTe's nested form
  return std::unexpected(any.error());
}

}  // namespace

namespace {

bool takes_integers(Takes kind) {
  return kind == Takes::layout || kind == Takes::tiler || kind == Takes::int_tuple || kind == Takes::integer ||
         kind == Takes::shape || kind == Takes::domain;
}

// A layout, tiler or int tuple in CuTe's print with its marks (core/mixed.hpp's readers).
Result<Value> mixed_from_text(Takes kind, std::string const& text) {
  auto give = [](auto r) -> Result<Value> {
    if (!r) return std::unexpected(r.error());
    return Value(std::move(*r));
  };
  switch (kind) {
    case Takes::layout: return give(read_mixed_layout(text, Integers::as_printed));
    case Takes::tiler: return give(read_mixed_tiler(text, Integers::as_printed));
    default: break;
  }
  auto t = read_mixed_tuple(text, Integers::as_printed);
  if (!t) return std::unexpected(t.error());
  if (kind == Takes::integer && !t->is_leaf) return fail(ErrorKind::invalid_input, "expected an integer");
  if (kind == Takes::shape || kind == Takes::domain)
    for (auto v : flatten(*t))
      if (v.value <= 0) return fail(ErrorKind::invalid_input, "shape entry ", v.value, " is not positive");
  return Value(std::move(*t));
}

}  // namespace

Result<Value> operand_from_text(Takes kind, std::string const& text, std::size_t i, Integers integers) {
  // The reason first, then the argument (shortened: a long argument would bury the reason).
  auto where = [&](Error const& e) { return fail(e.kind, "argument ", i + 1, ": ", e.message, ", in '", shortened(text), "'"); };
  if (takes_integers(kind) && (integers == Integers::as_printed || has_static_marks(text))) {
    auto m = mixed_from_text(kind, text);
    if (m) return m;
    if (integers == Integers::as_printed) {
      if (kind == Takes::layout)  // a swizzled layout (Sw<..> o _0 o L): its integers are static, CuTe's types
        if (auto any = read_any_layout(text); any && !std::holds_alternative<Layout>(*any)) return any;
      return where(m.error());
    }
    // `_` in a text that is not CuTe's plain print (a swizzled layout Sw<..> o _0 o L, a coordinate
    // stride _1@0, a slice): core's readers, which read the marks as before
  }
  auto checked = [&](auto r) -> Result<Value> {
    if (!r) return where(r.error());
    return Value(std::move(*r));
  };
  switch (kind) {
    case Takes::layout: return checked(read_any_layout(text));
    case Takes::tiler: {
      auto t = parse_tiler(text);
      if (t) return Value(std::move(*t));
      if (auto any = read_any_layout(text)) return *any;       // a swizzled, coordinate or F2 layout as B
      if (auto sw = parse_swizzle(text)) return Value(*sw);  // a swizzle as B (CuTe composition(Layout, Swizzle))
      return where(t.error());
    }
    case Takes::int_tuple: return checked(parse_int_tuple(text));
    case Takes::integer: {
      std::size_t pos = 0;
      auto v = scan_integer(text, pos);
      if (!v || pos != text.size())
        return fail(ErrorKind::invalid_input, "argument ", i + 1, ": expected an integer, found '", shortened(text), "'");
      return Value(*v);
    }
    case Takes::order: return checked(parse_order(text));
    case Takes::major: {
      auto o = parse_order(text);
      if (!o || !std::holds_alternative<Major>(*o))
        return fail(ErrorKind::invalid_input, "argument ", i + 1, ": expected LayoutLeft or LayoutRight, found '",
                    shortened(text), "'");
      return Value(std::move(*o));
    }
    case Takes::domain: {  // a shape, or a layout's shape
      if (auto t = parse_int_tuple(text)) return Value(std::move(*t));
      auto any = read_any_layout(text);
      if (!any) return where(any.error());
      return std::visit(
          [&](auto const& l) -> Result<Value> {
            if constexpr (requires { l.shape(); }) return Value(l.shape());
            else return fail(ErrorKind::invalid_input, "argument ", i + 1, ": expected a shape, found '", shortened(text), "'");
          },
          *any);
    }
    case Takes::coord:  // in CuTe's print (`_3` static, `3` run-time) where asked for (--cute-integers)
      if (integers == Integers::as_printed) return checked(parse_printed_slice_coord(text));
      return checked(parse_slice_coord(text));
    case Takes::projection: return checked(parse_projection(text));
    case Takes::shape: {
      // Checked here, where the shape is the one the user wrote: the engines would name the shape
      // they derive from it (tile_to_shape's grid of tiles, make_ordered_layout's parts).
      auto t = parse_int_tuple(text);
      if (!t) return where(t.error());
      auto v = t->values();
      for (std::size_t k = 0; k < v.size(); ++k)
        if (v[k] <= 0)
          return fail(ErrorKind::invalid_input, "argument ", i + 1, " '", text, "': shape entry ", v[k],
                      " at flat position ", k, " of ", to_string(*t), " is not positive");
      return Value(std::move(*t));
    }
  }
  return fail(ErrorKind::invalid_input, "unreachable");
}

}  // namespace catlayout::wire
