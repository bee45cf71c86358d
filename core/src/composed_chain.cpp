#include "catlayout/core/composed_chain.hpp"

#include "catlayout/core/checked.hpp"

namespace catlayout {
namespace {

Layout const* last_layout(ComposedChain const& c, std::size_t* at = nullptr) {
  for (std::size_t k = c.functions.size(); k-- > 0;)
    if (auto const* l = std::get_if<Layout>(&c.functions[k])) {
      if (at) *at = k;
      return l;
    }
  return nullptr;
}

// functions[k] at x: a swizzle as CuTe applies it, a layout extended (odd past 0).
Result<Int> apply_one(ChainFunction const& f, Int x) {
  if (auto const* s = std::get_if<Swizzle>(&f)) return (*s)(x);
  return odd_extended(std::get<Layout>(f), x);
}

// Functions k-1 .. 0 and their offsets after functions[k] gave x.
Result<Int> apply_left_of(ComposedChain const& c, std::size_t k, Int x) {
  while (k-- > 0) {
    CL_TRY(y, checked_add(c.offsets[k], x, "offset"));
    CL_TRY(z, apply_one(c.functions[k], y));
    x = z;
  }
  return x;
}

}  // namespace

Int ComposedChain::size() const {
  auto const* l = last_layout(*this);
  return l ? l->size() : 0;
}

Result<ComposedChain> make_chain(std::vector<ChainFunction> functions, std::vector<Int> offsets) {
  if (functions.empty() || offsets.size() + 1 != functions.size())
    return fail(ErrorKind::invalid_input, "a composed chain has one offset between each two functions: ",
                functions.size(), " functions and ", offsets.size(), " offsets");
  if (functions.size() > max_chain_functions)
    return fail(ErrorKind::invalid_input, "a composed chain of ", functions.size(), " functions exceeds the limit of ",
                max_chain_functions);
  ComposedChain c{std::move(functions), std::move(offsets)};
  if (!last_layout(c)) return fail(ErrorKind::invalid_input, "a composed chain needs a layout (its domain): ", to_string(c));
  return c;
}

ComposedChain chain_of(ComposedLayout const& c) {
  if (is_plain(c)) return chain_of(c.layout);
  return ComposedChain{{c.sw, c.layout}, {c.offset}};
}

ComposedChain chain_of(Layout const& l) { return ComposedChain{{l}, {}}; }

ComposedChain nest(ComposedChain const& a, Int offset, ComposedChain const& b) {
  ComposedChain r = a;
  r.offsets.push_back(offset);
  r.functions.insert(r.functions.end(), b.functions.begin(), b.functions.end());
  r.offsets.insert(r.offsets.end(), b.offsets.begin(), b.offsets.end());
  return r;
}

std::optional<ComposedLayout> single(ComposedChain const& c) {
  if (c.functions.size() == 1) return ComposedLayout{Swizzle{}, 0, std::get<Layout>(c.functions[0])};
  if (c.functions.size() != 2) return std::nullopt;
  auto const* s = std::get_if<Swizzle>(&c.functions[0]);
  auto const* l = std::get_if<Layout>(&c.functions[1]);
  if (!s || !l) return std::nullopt;
  return ComposedLayout{*s, c.offsets[0], *l};
}

Result<Int> apply(ComposedChain const& c, Int x) {
  if (c.functions.empty()) return fail(ErrorKind::invalid_input, "an empty composed chain");
  std::size_t k = c.functions.size() - 1;
  CL_TRY(y, apply_one(c.functions[k], x));
  return apply_left_of(c, k, y);
}

Result<Int> domain_point(ComposedChain const& c, Int j) {
  std::size_t at = 0;
  if (!last_layout(c, &at)) return fail(ErrorKind::invalid_input, "a composed chain needs a layout (its domain)");
  Int x = j;  // undo functions at+1 .. end, outermost of them first: each offset subtracted, each swizzle its own inverse
  for (std::size_t k = at + 1; k < c.functions.size(); ++k) {
    CL_TRY(y, checked_add(x, -c.offsets[k - 1], "offset"));
    x = std::get<Swizzle>(c.functions[k])(y);
  }
  return x;
}

Result<Int> evaluate(ComposedChain const& c, Int j) {
  std::size_t at = 0;
  auto const* l = last_layout(c, &at);
  if (!l) return fail(ErrorKind::invalid_input, "a composed chain needs a layout (its domain)");
  CL_TRY(x, l->at(j));
  return apply_left_of(c, at, x);
}

std::string to_string(ComposedChain const& c) {
  std::string out;
  for (std::size_t k = 0; k < c.functions.size(); ++k) {
    if (k) out += " o " + std::to_string(c.offsets[k - 1]) + " o ";
    out += std::visit([](auto const& f) { return to_string(f); }, c.functions[k]);
  }
  return out;
}

}  // namespace catlayout
