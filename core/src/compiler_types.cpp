// Compilers' layout types (compiler_types.hpp): the wrapper read off, the value's text handed on.
#include "catlayout/core/compiler_types.hpp"

#include <cctype>

#include "catlayout/core/named_linear.hpp"
#include "catlayout/core/quote.hpp"

namespace catlayout {

namespace {

struct Known {
  std::string_view prefix;  // up to and including '<'
  CompilerType type;
  bool quoted;  // CuTe DSL quotes the value's str; FlyDSL writes it bare
};
constexpr Known known[] = {
    {"!cute.layout<", CompilerType::cute_layout, true},
    {"!cute.composed_layout<", CompilerType::cute_composed_layout, true},
    {"!cute.swizzle<", CompilerType::cute_swizzle, true},
    {"!fly.layout<", CompilerType::fly_layout, false},
};

std::string_view trimmed(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

// FlyDSL's value text in CuTe's notation: a basis stride 1E0 is CuTe's 1@0, and a run-time value
// with its known divisibility, ?{i64 div=16}, is a run-time value '?' (which the reader refuses by name).
std::string fly_to_cute(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (std::size_t k = 0; k < v.size(); ++k) {
    char c = v[k];
    bool digit_before = k > 0 && std::isdigit(static_cast<unsigned char>(v[k - 1]));
    bool digit_after = k + 1 < v.size() && std::isdigit(static_cast<unsigned char>(v[k + 1]));
    if (c == 'E' && digit_before && digit_after) {
      out += '@';
    } else if (c == '{' && !out.empty() && out.back() == '?') {
      auto close = v.find('}', k);
      if (close == std::string_view::npos) return out + std::string(v.substr(k));  // the reader names it
      k = close;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string_view compiler_type_name(CompilerType t) {
  if (t == CompilerType::triton_linear) return "#ttg.linear";
  for (auto const& k : known)
    if (k.type == t) return k.prefix.substr(0, k.prefix.size() - 1);
  return "";
}

Result<CompilerTypeText> compiler_type_text(std::string_view text) {
  std::string_view t = trimmed(text);
  if (is_named_linear_text(t)) {
    CL_TRY(f, parse_named_linear(t));
    auto l = to_cute(f);
    if (!l) return fail(l.error().kind, "Triton's linear layout has no CuTe layout: ", l.error().message);
    return CompilerTypeText{CompilerType::triton_linear, to_string(*l, Notation::catlayout)};
  }
  if (t.empty() || t.front() != '!') return CompilerTypeText{};
  for (auto const& k : known) {
    if (!t.starts_with(k.prefix)) continue;
    std::string_view name = compiler_type_name(k.type);
    if (t.back() != '>')
      return fail(ErrorKind::invalid_input, name, "<...>: the type does not end with '>': '", shortened(text), "'");
    std::string_view v = t.substr(k.prefix.size(), t.size() - k.prefix.size() - 1);
    if (k.quoted) {
      v = trimmed(v);
      if (v.size() < 2 || v.front() != '"' || v.back() != '"')
        return fail(ErrorKind::invalid_input, name, "<...>: CuTe DSL quotes the value, ", name,
                    "<\"(4,8):(8,1)\">; found '", shortened(text), "'");
      return CompilerTypeText{k.type, std::string(v.substr(1, v.size() - 2))};
    }
    return CompilerTypeText{k.type, fly_to_cute(v)};
  }
  auto end = t.find('<');
  return fail(ErrorKind::invalid_input, "'", shortened(t.substr(0, end == std::string_view::npos ? t.size() : end)),
              "' is not a layout type catlayout reads (it reads !cute.layout, !cute.composed_layout, "
              "!cute.swizzle and !fly.layout): '", shortened(text), "'");
}

Result<Compiler> parse_compiler(std::string_view name) {
  if (name == "cute-dsl") return Compiler::cute_dsl;
  if (name == "flydsl") return Compiler::flydsl;
  return fail(ErrorKind::invalid_input, "expected cute-dsl or flydsl as the compiler, found '", shortened(name), "'");
}

namespace {

// CuTe DSL's str of a swizzle: S<B,M,S> (CuTe C++ prints Sw<B,M,S>).
std::string dsl_swizzle(Swizzle const& s) {
  return "S<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) + ">";
}

// A coordinate layout in FlyDSL's notation: each basis element of one index n written En.
Result<std::string> fly_basis(CoordLayout const& l) {
  std::string text = to_string(l), out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '@') {
      out += text[k];
      continue;
    }
    std::size_t end = k + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end < text.size() && text[end] == '@')
      return fail(ErrorKind::invalid_input, "FlyDSL has no type here for the basis element of a nested mode in ",
                  text, " (its !fly.layout writes one index, 1E0)");
    out += 'E';
  }
  return out;
}

}  // namespace

Result<std::string> compiler_type(AnyLayout const& l, Compiler c) {
  if (c == Compiler::cute_dsl) {
    if (auto const* z = std::get_if<ComposedLayout>(&l))
      return "!cute.composed_layout<\"" + dsl_swizzle(z->sw) + " o " + std::to_string(z->offset) + " o " +
             to_string(z->layout) + "\">";
    return "!cute.layout<\"" + to_string(l, Notation::catlayout) + "\">";
  }
  if (auto const* x = std::get_if<Layout>(&l)) return "!fly.layout<" + to_string(*x) + ">";
  if (auto const* x = std::get_if<CoordLayout>(&l)) {
    CL_TRY(text, fly_basis(*x));
    return "!fly.layout<" + text + ">";
  }
  return fail(ErrorKind::invalid_input, "FlyDSL has no type here for the swizzled layout ", to_string(l, Notation::catlayout),
              " (catlayout knows FlyDSL's !fly.layout only)");
}

Result<std::string> compiler_type(Swizzle const& s, Compiler c) {
  if (c == Compiler::cute_dsl) return "!cute.swizzle<\"" + dsl_swizzle(s) + "\">";
  return fail(ErrorKind::invalid_input, "FlyDSL has no type here for the swizzle ", to_string(s),
              " (catlayout knows FlyDSL's !fly.layout only)");
}

}  // namespace catlayout
