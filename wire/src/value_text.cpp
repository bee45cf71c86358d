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

Result<Value> operand_from_text(Takes kind, std::string const& text, std::size_t i) {
  // The reason first, then the argument (shortened: a long argument would bury the reason).
  auto where = [&](Error const& e) { return fail(e.kind, "argument ", i + 1, ": ", e.message, ", in '", shortened(text), "'"); };
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
    case Takes::coord: return checked(parse_slice_coord(text));
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
