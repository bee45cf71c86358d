// The algorithms room at the command line: mutual refinement, the census of composands,
// representability of a table, and the explanation of a composite or of CuTe's and the categorical
// view of a complement, divide or product. Exit status: 0 ok, 1 a negative answer of the algebra
// (not_refinable, not representable, inadmissible), 2 usage or input error.
#include <iostream>

#include "catlayout/algorithms/census.hpp"
#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/explain_text.hpp"
#include "catlayout/algorithms/fragment.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/algorithms/representability.hpp"
#include "catlayout/core/text.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::algorithms;  // paper chapter 4
namespace {

int refine_command(Args const& given) {
  auto const& args = given.pos;
  if (args.size() != 2) return usage_line("refine T U   (nested tuples, e.g. (6,6) (2,6,6))");
  auto t = parse_int_tuple(args[0]);
  if (!t) return report_error(t.error());
  auto u = parse_int_tuple(args[1]);
  if (!u) return report_error(u.error());
  auto r = mutual_refinement(*t, *u);
  if (!r) return report_error(r.error());
  std::cout << "T' = " << to_string(r->first) << "\nU' = " << to_string(r->second) << "\n";
  return 0;
}

int census_command(Args const& given) {
  auto const& args = given.pos;
  bool rows = given.has("--rows");
  if (args.size() != 1) return usage_line("census A [--rows]   (e.g. census '(6,2):(8,2)')");
  auto a = parse_layout(args[0]);
  if (!a) return report_error(a.error());
  auto c = census(*a);
  if (!c) return report_error(c.error());
  auto pct = [&](Int k) { return c->candidates ? (100 * k + c->candidates / 2) / c->candidates : 0; };
  std::cout << "A = " << to_string(*a) << ": B = s:d with 1 <= s <= " << a->size() << ", 0 <= d < " << a->size()
      << ", (s-1)d < " << a->size() << "\n"
      << "  composite is a layout: " << c->representable << "/" << c->candidates << " = " << pct(c->representable)
      << "%\n  core admissible:       " << c->core << "/" << c->candidates << " = " << pct(c->core) << "%\n"
      << "  categorical (4.1.2):   " << c->categorical << "/" << c->candidates << "\n"
      << "  rational (4.1.5):      " << c->rational << "/" << c->candidates << "\n";
  if (rows)
    for (auto const& r : c->rows)
      std::cout << "  " << r.shape << ":" << r.stride << "  " << (r.composite ? to_string(*r.composite) : "-")
          << (r.core ? "  core" : "") << (r.categorical ? "  categorical" : "") << (r.rational ? "  rational" : "")
          << "\n";
  return 0;
}

int representable_command(Args const& given) {
  auto const& args = given.pos;
  if (args.size() != 1) return usage_line("representable [f(0),f(1),...]   (e.g. [0,1,4,5])");
  auto t = parse_int_list(args[0]);
  if (!t) return report_error(t.error());
  auto r = represent(*t);
  if (!r) return report_error(r.error());
  if (r->layout) {
    std::cout << to_string(*r->layout) << "\n";
    return 0;
  }
  std::cout << "not a layout: " << r->reason << "\n";
  return 1;
}

// explain complement A N | divide A B | product A B: CuTe's view and the categorical one.
int explain_fragment_command(Args const& given) {
  auto const& args = given.pos;
  std::string const& op = args[0];
  if (args.size() != 3) return usage_line("explain complement A N | explain divide A B | explain product A B");
  auto a = parse_layout(args[1]);
  if (!a) return report_error(a.error());
  FragmentExplanation x;
  if (op == "complement") {
    auto n = parse_int_tuple(args[2]);
    if (!n || !n->is_leaf()) return report_error(Error{ErrorKind::invalid_input, "N '" + args[2] + "' is not an integer"});
    x = explain_complement(*a, n->value());
  } else {
    auto b = parse_layout(args[2]);
    if (!b) return report_error(b.error());
    x = op == "divide" ? explain_divide(*a, *b) : explain_product(*a, *b);
  }
  std::cout << to_text(x);
  return 0;
}

int explain_command(Args const& given) {
  auto const& args = given.pos;
  if (!args.empty() && (args[0] == "complement" || args[0] == "divide" || args[0] == "product"))
    return explain_fragment_command(given);
  if (args.size() != 2)
    return usage_line("explain A B   (the CuTe composite A o B, i.e. A(B(i)))\n"
                      "       catlayout explain complement A N | explain divide A B | explain product A B");
  auto a = parse_layout(args[0]);
  if (!a) return report_error(a.error());
  auto b = parse_layout(args[1]);
  if (!b) return report_error(b.error());
  auto x = explain_composition(*a, *b);
  if (!x) return report_error(x.error());
  std::cout << to_text(*x, *a, *b);
  return 0;
}

}  // namespace

std::vector<Command> algorithm_commands() {
  return {
      Command{"refine", "refine T U", "mutual refinement (Algorithm 4.1.1) of two nested tuples",
              "catlayout refine '(6,6)' '(2,6,6)'", {}, refine_command},
      Command{"census", "census A", "the tiling blog's census of composands of A", "catlayout census '(6,2):(8,2)'",
              {{"--rows", 0}}, census_command},
      Command{"representable", "representable TABLE", "is this table the function of a layout?",
              "catlayout representable [0,1,4,5]", {}, representable_command},
      Command{"explain", "explain A B | explain complement|divide|product A X",
              "A o B by core, by the categorical algorithm, and representability; CuTe's and the categorical view "
              "of a complement, divide or product",
              "catlayout explain '(3,2):(1,4)' 4:1", {}, explain_command},
  };
}

}  // namespace catlayout::cli
