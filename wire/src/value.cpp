// One value type (value.hpp): a layout in the kind its value is.
#include "catlayout/wire/value.hpp"

namespace catlayout::wire {
namespace {

bool has_basis(BasisTuple const& t) {
  if (t.is_leaf()) return !t.value().is_integer();
  for (auto const& c : t.children())
    if (has_basis(c)) return true;
  return false;
}

}  // namespace

Value as_kind(Value v) {
  if (auto* c = std::get_if<ComposedChain>(&v))
    if (auto one = single(*c)) v = Value(std::move(*one));
  if (auto* c = std::get_if<ComposedLayout>(&v); c && is_plain(*c)) return Value(std::move(c->layout));
  if (auto* c = std::get_if<CoordLayout>(&v); c && !has_basis(c->stride()))
    if (auto l = c->to_layout()) return Value(std::move(*l));
  return v;
}

bool integer_strides(Value const& v) { return std::holds_alternative<Layout>(v) || std::holds_alternative<Tiler>(v); }

}  // namespace catlayout::wire
