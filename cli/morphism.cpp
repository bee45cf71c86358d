// The categorical engine on the command line: each argument read by the text readers (a layout,
// or a Nest morphism '(2,2) -(1,3)-> (2,2,2)'), the categories room's function called, the
// morphism or layout printed (or its JSON form under --json).
#include <iostream>
#include <tuple>
#include <utility>
#include <variant>

#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/categories/product.hpp"
#include "catlayout/categories/text.hpp"
#include "catlayout/core.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using categories::NestMorphism;
using Output = std::variant<NestMorphism, Layout>;

template <class T>
Result<T> read(std::string const& text, std::size_t i);
template <>
Result<Layout> read<Layout>(std::string const& text, std::size_t i) {
  auto l = parse_layout(text);
  if (!l) return fail(l.error().kind, "argument ", i + 1, ": ", l.error().message);
  return l;
}
template <>
Result<NestMorphism> read<NestMorphism>(std::string const& text, std::size_t i) {
  auto f = categories::parse_nest_morphism(text);
  if (!f) return fail(f.error().kind, "argument ", i + 1, ": ", f.error().message);
  return f;
}

template <class T>
Result<Output> give(Result<T> r) {
  if (!r) return std::unexpected(r.error());
  return Output(std::move(*r));
}
template <class T>
Result<Output> give(T r) {
  return Output(std::move(r));
}

void print(Output const& r, bool json) {
  std::visit(
      [json](auto const& x) {
        using wire::to_json, categories::to_string, catlayout::to_string;
        if (json) std::cout << to_json(x).dump() << "\n";
        else std::cout << to_string(x) << "\n";
      },
      r);
}

// `morphism SUB X...`: the arguments read as In..., in order (the first that does not read is
// reported), then f on them.
template <class... In, class F>
Command morphism_op(std::string sub, F f, std::string usage, std::string summary, std::string example) {
  Command c{"morphism " + sub, "morphism " + usage, summary, example, {{"--json", 0}}, nullptr};
  c.run = [c, f](Args const& a) -> int {
    if (a.pos.size() != sizeof...(In)) return usage_error(c, "expected " + std::to_string(sizeof...(In)) + " argument(s)");
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> int {
      std::tuple<Result<In>...> args{read<In>(a.pos[I], I)...};
      Error const* bad = nullptr;
      ((bad = bad || std::get<I>(args) ? bad : &std::get<I>(args).error()), ...);
      if (bad) return report_error(*bad);
      auto r = give(f(*std::get<I>(args)...));
      if (!r) return report_error(r.error());
      print(*r, a.has("--json"));
      return 0;
    }(std::index_sequence_for<In...>{});
  };
  return c;
}

}  // namespace

std::vector<Command> morphism_commands() {
  using M = NestMorphism;
  auto const F = "'(2,2) -(1,3)-> (2,2,2)'";
  return {
      morphism_op<Layout>("encode", [](Layout const& l) { return categories::standard_representation(l); }, "encode L",
                          "f_L, the standard representation of a tractable layout",
                          "catlayout morphism encode '(2,2):(1,4)'"),
      morphism_op<M>("layout", [](M const& f) { return categories::to_layout(f); }, "layout F",
                     "L_f, the layout a Nest morphism encodes", std::string("catlayout morphism layout ") + F),
      morphism_op<M, M>("compose", [](M const& f, M const& g) { return categories::compose(g, f); }, "compose F G",
                        "g o f (G after F)", "catlayout morphism compose '(2,2) -(1,2)-> (2,2)' '(2,2) -(2,1)-> (2,2)'"),
      morphism_op<M>("coalesce", [](M const& f) { return categories::coalesce(f); }, "coalesce F",
                     "coal(f), the CuTe-compatible variant", std::string("catlayout morphism coalesce ") + F),
      morphism_op<M>("complement", [](M const& f) { return categories::complement(f); }, "complement F",
                     "f^c (alpha injective)", std::string("catlayout morphism complement ") + F),
      morphism_op<M, M>("divide", [](M const& f, M const& g) { return categories::logical_divide(f, g); }, "divide F G",
                        "f (/) g = f o (g, g^c)", "catlayout morphism divide '(4,8) -(1,2)-> (4,8)' '(4) -(1)-> (4,8)'"),
      morphism_op<M, M>("product", [](M const& f, M const& g) { return categories::logical_product(f, g); },
                        "product F G", "f (x) g = (f, f^c o g)",
                        "catlayout morphism product '(2) -(1)-> (2,3)' '(3) -(1)-> (3)'"),
  };
}

}  // namespace catlayout::cli
