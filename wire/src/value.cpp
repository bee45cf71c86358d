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

bool integer_strides(Value const& v) {
  return std::holds_alternative<Layout>(v) || std::holds_alternative<Tiler>(v) || std::holds_alternative<MixedLayout>(v) ||
         std::holds_alternative<MixedTiler>(v);
}

bool is_mixed(Value const& v) {
  return std::holds_alternative<MixedLayout>(v) || std::holds_alternative<MixedTiler>(v) ||
         std::holds_alternative<MixedTuple>(v);
}

namespace {

Result<Tiler> unmarked_tiler(MixedTiler const& t) {
  switch (t.kind) {
    case MixedTiler::Kind::layout: {
      auto l = unmarked(t.layout);
      if (!l) return std::unexpected(l.error());
      return Tiler::of(std::move(*l));
    }
    case MixedTiler::Kind::integer: return Tiler::of_integer(t.integer.value);
    case MixedTiler::Kind::by_mode: break;
  }
  std::vector<Tiler> modes;
  for (auto const& m : t.modes) {
    auto u = unmarked_tiler(m);
    if (!u) return u;
    modes.push_back(std::move(*u));
  }
  return Tiler::by_mode(std::move(modes));
}

}  // namespace

Value unmarked_static(Value v) {
  if (auto* l = std::get_if<MixedLayout>(&v))
    if (auto u = unmarked(*l)) return Value(std::move(*u));
  if (auto* t = std::get_if<MixedTiler>(&v))
    if (auto u = unmarked_tiler(*t)) return Value(std::move(*u));
  if (auto* t = std::get_if<MixedTuple>(&v)) return t->is_leaf ? Value(t->leaf.value) : Value(unmarked(*t));
  return v;
}

Value marked_static(Value v) {
  if (auto* l = std::get_if<Layout>(&v)) return Value(mark_static(*l));
  if (auto* t = std::get_if<IntTuple>(&v)) return Value(mark_static(*t));
  if (auto* n = std::get_if<Int>(&v)) return Value(MixedTuple(MixedInt{*n, true}));  // CuTe's _17
  return v;
}

}  // namespace catlayout::wire
