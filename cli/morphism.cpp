// The categorical engine and the algorithms on the command line.
#include <iostream>

#include "chapter4.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/categories/text.hpp"
#include "catlayout/core.hpp"
#include "command.hpp"

namespace catlayout::cli {
namespace {

enum class In { layout, morphism };

Command morphism_op(std::string sub, std::string op, std::vector<In> ins, std::string usage, std::string summary,
                    std::string example) {
  Command c{"morphism " + sub, "morphism " + usage, summary, example, {{"--json", 0}}, nullptr};
  c.run = [c, op, ins](Args const& a) -> int {
    if (a.pos.size() != ins.size()) return usage_error(c, "expected " + std::to_string(ins.size()) + " argument(s)");
    Json args = Json::array();
    for (std::size_t i = 0; i < ins.size(); ++i) {
      if (ins[i] == In::layout) {
        auto l = parse_layout(a.pos[i]);
        if (!l) return report_error(Error{l.error().kind, "argument " + std::to_string(i + 1) + ": " + l.error().message});
        args.push_back(to_json(*l));
      } else {
        auto f = categories::parse_nest_morphism(a.pos[i]);
        if (!f) return report_error(Error{f.error().kind, "argument " + std::to_string(i + 1) + ": " + f.error().message});
        args.push_back(categories::to_json(*f));
      }
    }
    auto r = wire::run_op(op, args, "args");
    if (!r) return report_error(r.error());
    if (a.has("--json")) {
      std::cout << r->dump() << "\n";
    } else if (auto f = categories::nest_morphism_from_json(*r, "result")) {
      std::cout << categories::to_string(*f) << "\n";
    } else if (auto l = layout_from_json(*r, "result")) {
      std::cout << to_string(*l) << "\n";
    } else {
      std::cout << r->dump() << "\n";
    }
    return 0;
  };
  return c;
}

using Main = int (*)(std::vector<std::string> const&, std::ostream&, std::ostream&);

Command forward(std::string name, Main main, std::string usage, std::string summary, std::string example,
                std::map<std::string, int> options = {}) {
  return Command{name, usage, summary, example, options, [main, options](Args const& a) {
                   std::vector<std::string> args = a.pos;
                   for (auto const& [o, vals] : a.opt) {
                     args.push_back(o);
                     args.insert(args.end(), vals.begin(), vals.end());
                   }
                   return main(args, std::cout, std::cerr);
                 }};
}

}  // namespace

std::vector<Command> morphism_commands() {
  using I = In;
  auto const F = "'(2,2) -(1,3)-> (2,2,2)'";
  return {
      morphism_op("encode", "layout.to_nest", {I::layout}, "encode L", "f_L, the standard representation of a tractable layout",
                  "catlayout morphism encode '(2,2):(1,4)'"),
      morphism_op("layout", "nest.to_layout", {I::morphism}, "layout F", "L_f, the layout a Nest morphism encodes",
                  std::string("catlayout morphism layout ") + F),
      morphism_op("compose", "nest.compose", {I::morphism, I::morphism}, "compose F G", "g o f (G after F)",
                  "catlayout morphism compose '(2,2) -(1,2)-> (2,2)' '(2,2) -(2,1)-> (2,2)'"),
      morphism_op("coalesce", "nest.coalesce", {I::morphism}, "coalesce F", "coal(f), the CuTe-compatible variant",
                  std::string("catlayout morphism coalesce ") + F),
      morphism_op("complement", "nest.complement", {I::morphism}, "complement F", "f^c (alpha injective)",
                  std::string("catlayout morphism complement ") + F),
      morphism_op("divide", "nest.logical_divide", {I::morphism, I::morphism}, "divide F G", "f (/) g = f o (g, g^c)",
                  "catlayout morphism divide '(4,8) -(1,2)-> (4,8)' '(4) -(1)-> (4,8)'"),
      morphism_op("product", "nest.logical_product", {I::morphism, I::morphism}, "product F G", "f (x) g = (f, f^c o g)",
                  "catlayout morphism product '(2) -(1)-> (2,3)' '(3) -(1)-> (3)'"),
      forward("refine", refine_main, "refine T U", "mutual refinement (Algorithm 4.1.1) of two nested tuples",
              "catlayout refine '(6,6)' '(2,6,6)'"),
      forward("census", census_main, "census A", "the tiling blog's census of composands of A",
              "catlayout census '(6,2):(8,2)'", {{"--rows", 0}}),
      forward("representable", representable_main, "representable TABLE", "is this table the function of a layout?",
              "catlayout representable [0,1,4,5]"),
      forward("explain", explain_main, "explain A B | explain complement|divide|product A X",
              "A o B by core, by the categorical algorithm, and representability; CuTe's and the categorical view "
              "of a complement, divide or product",
              "catlayout explain '(3,2):(1,4)' 4:1"),
  };
}

}  // namespace catlayout::cli
