#pragma once
// Wire-internal: the pieces of the typed rows' functions (ops.hpp's Typed): an engine's answer as
// a value, the operands by their kinds, and the refusals every kind dispatch shares.
#include <type_traits>

#include "catlayout/wire/ops.hpp"

namespace catlayout::wire::typed {

// An engine's answer (a value or a value-or-error) as a Value, a layout in the kind its value is.
template <class T>
Result<Value> give(T r) {
  if constexpr (requires { r.error(); }) {
    if (!r) return std::unexpected(std::move(r.error()));
    return as_kind(Value(std::move(*r)));
  } else {
    return as_kind(Value(std::move(r)));
  }
}

inline Layout const& layout(Value const& x) { return std::get<Layout>(x); }
inline IntTuple const& int_tuple(Value const& x) { return std::get<IntTuple>(x); }
// An integer operand. On the run-time path (Typed::mixed) it arrives marked (`_1`, or `1` beside
// marked operands); the integers the rows take are CuTe's template integers (layout<I...>,
// take<B,E>, upcast<N>), so a marked one is its value.
inline Int integer(Value const& x) {
  if (auto const* t = std::get_if<MixedTuple>(&x); t && t->is_leaf) return t->leaf.value;
  return std::get<Int>(x);
}
inline Order const& order(Value const& x) { return std::get<Order>(x); }
// A tiler operand: a tiler as written, or a layout.
inline Tiler tiler(Value const& x) {
  if (auto const* l = std::get_if<Layout>(&x)) return Tiler::of(*l);
  return std::get<Tiler>(x);
}
// An operand as a value of its kind: a tiler that is one layout is that layout.
inline Value value(Value const& x) {
  if (auto const* t = std::get_if<Tiler>(&x); t && t->is_layout() && !t->integer) return *t->layout;
  return x;
}
inline CoordLayout coord(Value const& x) {
  if (auto const* l = std::get_if<Layout>(&x)) return CoordLayout::of(*l);
  return std::get<CoordLayout>(x);
}

// A refusal naming the operation and what it is not defined for (docs/algebra.md's table).
inline Result<Value> not_defined(std::string_view op, std::string_view what) {
  return fail(ErrorKind::invalid_input, op, " is not defined for ", what, " (docs/algebra.md) at args");
}

// f on an integer-stride or a swizzled layout (CuTe's overloads beside each kind).
template <class F>
Result<Value> layout_or_composed(Value const& x, F f) {
  if (auto const* l = std::get_if<Layout>(&x)) return give(f(*l));
  if (auto const* c = std::get_if<ComposedLayout>(&x)) return give(f(*c));
  return fail(ErrorKind::invalid_input, "expected a layout or a composed layout at args[0]");
}

// Operands of the run-time path (Typed::mixed): a value with CuTe's marks, or a plain one marked
// static (an operand written without marks beside one with them).
MixedLayout mixed_layout(Value const& x);
MixedTiler mixed_tiler(Value const& x);
MixedTuple mixed_tuple(Value const& x);

// The run-time path's answer as a value.
inline Result<Value> give_mixed(Result<MixedLayout> r) {
  if (!r) return std::unexpected(std::move(r.error()));
  return Value(std::move(*r));
}
inline Result<Value> give_mixed(Result<MixedTuple> r) {
  if (!r) return std::unexpected(std::move(r.error()));
  return Value(std::move(*r));
}
inline Result<Value> give_mixed(Result<MixedInt> r) {
  if (!r) return std::unexpected(std::move(r.error()));
  return Value(MixedTuple(*r));
}

}  // namespace catlayout::wire::typed
