// catlayout.op(name, *args): every typed row of the op table (wire/ops.hpp) over Python values. Each
// argument is read as the row's position takes it (a str in any of core's notations, as the CLI
// reads it, or a catlayout value, an int, a nested tuple), the row's function is called, and its
// value comes back as a Python value. No op is bound here by name: a row added to the table is here.
#include <nanobind/stl/vector.h>

#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/value_text.hpp"
#include "convert.hpp"

namespace catlayout::python {
namespace {

using wire::Takes;
using wire::Value;

// A layout object of any stride kind, or nullopt.
std::optional<Value> layout_object(nb::handle h) {
  if (auto const* l = as_layout(h)) return Value(*l);
  if (nb::isinstance<CoordLayout>(h)) return Value(nb::cast<CoordLayout>(h));
  if (nb::isinstance<ComposedLayout>(h)) return Value(nb::cast<ComposedLayout>(h));
  if (nb::isinstance<F2Layout>(h)) return Value(nb::cast<F2Layout>(h));
  return std::nullopt;
}

// Argument i read as `takes` says: text by the CLI's readers, a value object as itself.
Value operand_from_py(Takes takes, nb::handle h, std::size_t i, Integers integers) {
  std::string what = str("argument ", i + 1);
  if (PyUnicode_Check(h.ptr())) return unwrap(wire::operand_from_text(takes, std::string(text_from_py(h, what)), i, integers));
  auto object = layout_object(h);
  switch (takes) {
    case Takes::layout:
      if (!object) invalid_input(str(what, ": expected a layout (a Layout, CoordLayout, ComposedLayout, F2Layout or its text)"));
      return wire::as_kind(std::move(*object));
    case Takes::tiler:
      if (object) return wire::as_kind(std::move(*object));
      if (nb::isinstance<Swizzle>(h)) return Value(nb::cast<Swizzle>(h));
      return Value(tiler_from_py(h, what));
    case Takes::int_tuple: return Value(int_tuple_from_py(h, what));
    case Takes::shape: return Value(int_tuple_from_py(h, what));
    case Takes::domain:  // a shape, or a layout's shape
      if (auto const* l = as_layout(h)) return Value(l->shape());
      if (nb::isinstance<CoordLayout>(h)) return Value(nb::cast<CoordLayout const&>(h).shape());
      if (nb::isinstance<F2Layout>(h)) return Value(nb::cast<F2Layout const&>(h).shape());
      return Value(int_tuple_from_py(h, what));
    case Takes::integer: return Value(int_from_py(h, what));
    case Takes::order: return Value(order_from_py(h));
    case Takes::major: {
      Order o = order_from_py(h);
      if (!std::holds_alternative<Major>(o)) invalid_input(str(what, ": expected LayoutLeft or LayoutRight"));
      return Value(std::move(o));
    }
    case Takes::coord: return Value(slice_coord_from_py(h));
    case Takes::projection: return Value(projection_from_py(h));
  }
  invalid_input(str(what, ": unreachable operand kind"));
}

// A value as Python has it: the value classes, ints, tuples for int tuples, lists for tables, a
// partition as (layout, offset); an order, a coordinate with holes, a projection, a tiler, a chain of
// layouts, offsets and swizzles, or a value with CuTe's static and run-time marks as its text (CuTe's
// print, `(4,_8):(_1,4)`).
nb::object value_to_py(Value v) {
  return std::visit(
      [](auto&& x) -> nb::object {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, IntTuple>) return int_tuple_to_py(x);
        else if constexpr (std::is_same_v<T, Int>) return nb::int_(x);
        else if constexpr (std::is_same_v<T, ComposedLayout>) return composed_value(std::move(x));
        else if constexpr (std::is_same_v<T, SliceResult>) {
          if (!x.printed_layout.empty()) return nb::make_tuple(x.printed_layout, x.printed_offset);  // CuTe's print
          if (x.swizzle) return nb::make_tuple(composed_value(ComposedLayout{*x.swizzle, x.swizzle_offset, std::move(x.layout)}), x.offset);
          return nb::make_tuple(std::move(x.layout), x.offset);
        }
        else if constexpr (std::is_same_v<T, std::vector<Int>>) return nb::cast(x);
        else if constexpr (std::is_same_v<T, std::vector<IntTuple>>) {
          nb::list out;
          for (auto const& t : x) out.append(int_tuple_to_py(t));
          return out;
        } else if constexpr (std::is_same_v<T, Order>) {
          if (auto const* m = std::get_if<Major>(&x)) return nb::cast(*m);
          return int_tuple_to_py(std::get<IntTuple>(x));
        } else if constexpr (std::is_same_v<T, Tiler> || std::is_same_v<T, SliceCoord> || std::is_same_v<T, Projection> ||
                             std::is_same_v<T, ComposedChain> ||  // a chain (CuTe's nested ComposedLayout)
                             std::is_same_v<T, MixedLayout> || std::is_same_v<T, MixedTiler> || std::is_same_v<T, MixedTuple>)
          return nb::str(to_string(x).c_str());
        else return nb::cast(std::move(x));
      },
      std::move(v));
}

}  // namespace

void bind_ops(nb::module_& m) {
  m.def("op", [](TextArg name_text, nb::args args, bool strict, bool cute_integers) {
    std::string name(name_text.get("op"));
    auto const* row = wire::find_op(name);
    if (!row) invalid_input(str("op '", shortened(name), "' is not implemented (catlayout.typed_ops() lists the ops)"));
    if (!row->typed.fn) invalid_input(str("op '", name, "' takes its arguments in the vectors' JSON forms: use catlayout.run_op"));
    auto const& takes = row->typed.takes;
    if (args.size() < row->min_args || args.size() > takes.size())
      invalid_input(str(name, " takes ", row->min_args == takes.size() ? str(takes.size()) : str(row->min_args, " to ", takes.size()),
                        takes.size() == 1 ? " argument" : " arguments", ", not ", args.size(),
                        row->doc.usage.empty() ? "" : str(" (", row->doc.usage, ")")));
    wire::Values x;
    for (std::size_t i = 0; i < args.size(); ++i) {
      x.push_back(operand_from_py(takes[i], args[i], i, cute_integers ? Integers::as_printed : Integers::all_static));
      if ((takes[i] == Takes::layout || takes[i] == Takes::tiler) && !row->other_kinds && !wire::integer_strides(x.back()))
        invalid_input(str(name, " is defined for integer-stride layouts; argument ", i + 1,
                          " is not one (docs/algebra.md lists the operations each kind of layout takes)"));
    }
    return value_to_py(unwrap(wire::run_typed(*row, x, convention(strict))));
  }, nb::arg("name"), nb::arg("args"), nb::kw_only(), nb::arg("strict") = false, nb::arg("cute_integers") = false,
  nb::sig("def op(name: str, *args: object, strict: bool = False, cute_integers: bool = False) -> object"),
  "Any op of the op table that takes values (catlayout.typed_ops() lists them; the CLI's command of the same "
  "op takes the same arguments), e.g. op('coshape', '(4,8):(1@0,1@1)') == (4, 8). An argument is a str in any "
  "notation of docs/notation.md or a value (Layout, CoordLayout, ComposedLayout, F2Layout, Swizzle, an int, a "
  "nested tuple, LayoutLeft). strict=True: the categorical convention (the CLI's --strict). A str that writes "
  "CuTe's static mark (_4) is read as CuTe prints, `_4` static and `4` run-time, and answered in CuTe's print "
  "with CuTe's run-time rules; cute_integers=True reads every str so (the CLI's --cute-integers), e.g. "
  "op('make_layout', '(4,8,1,2)', 'LayoutLeft', cute_integers=True) == '(4,8,1,2):(_1,4,32,32)'.");
  m.def("typed_ops", []() {
    std::vector<std::string> names;
    for (auto const& row : wire::op_table())
      if (row.typed.fn) names.emplace_back(row.name);
    std::sort(names.begin(), names.end());
    return names;
  }, "The ops catlayout.op takes, sorted.");
}

}  // namespace catlayout::python
