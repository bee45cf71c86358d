// Chapter 4 at the command line: refine, census, representable, explain. Each takes the arguments
// after its name, writes to out/err, and returns the exit status: 0 ok, 1 a negative answer of the
// algebra (not_refinable, not representable, inadmissible), 2 usage or input error.
#include "chapter4.hpp"

#include "catlayout/algorithms/census.hpp"
#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/explain_text.hpp"
#include "catlayout/algorithms/fragment.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/algorithms/representability.hpp"
#include "catlayout/core/text.hpp"

namespace catlayout::cli {
namespace {

int usage(std::ostream& err, char const* text) {
  err << "usage: catlayout " << text << "\n";
  return 2;
}

int report(std::ostream& err, Error const& e) {
  err << "catlayout: " << e.what() << "\n";
  return e.kind == ErrorKind::invalid_input ? 2 : 1;
}

}  // namespace

int refine_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 2) return usage(err, "refine T U   (nested tuples, e.g. (6,6) (2,6,6))");
  auto t = parse_int_tuple(args[0]);
  if (!t) return report(err, t.error());
  auto u = parse_int_tuple(args[1]);
  if (!u) return report(err, u.error());
  auto r = mutual_refinement(*t, *u);
  if (!r) return report(err, r.error());
  out << "T' = " << to_string(r->first) << "\nU' = " << to_string(r->second) << "\n";
  return 0;
}

int census_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  bool rows = args.size() == 2 && args[1] == "--rows";
  if (args.size() != 1 && !rows) return usage(err, "census A [--rows]   (e.g. census '(6,2):(8,2)')");
  auto a = parse_layout(args[0]);
  if (!a) return report(err, a.error());
  auto c = census(*a);
  if (!c) return report(err, c.error());
  auto pct = [&](Int k) { return c->candidates ? (100 * k + c->candidates / 2) / c->candidates : 0; };
  out << "A = " << to_string(*a) << ": B = s:d with 1 <= s <= " << a->size() << ", 0 <= d < " << a->size()
      << ", (s-1)d < " << a->size() << "\n"
      << "  composite is a layout: " << c->representable << "/" << c->candidates << " = " << pct(c->representable)
      << "%\n  core admissible:       " << c->core << "/" << c->candidates << " = " << pct(c->core) << "%\n"
      << "  categorical (4.1.2):   " << c->categorical << "/" << c->candidates << "\n"
      << "  rational (4.1.5):      " << c->rational << "/" << c->candidates << "\n";
  if (rows)
    for (auto const& r : c->rows)
      out << "  " << r.shape << ":" << r.stride << "  " << (r.composite ? to_string(*r.composite) : "-")
          << (r.core ? "  core" : "") << (r.categorical ? "  categorical" : "") << (r.rational ? "  rational" : "")
          << "\n";
  return 0;
}

int representable_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) return usage(err, "representable [f(0),f(1),...]   (e.g. [0,1,4,5])");
  auto t = parse_int_list(args[0]);
  if (!t) return report(err, t.error());
  auto r = represent(*t);
  if (!r) return report(err, r.error());
  if (r->layout) {
    out << to_string(*r->layout) << "\n";
    return 0;
  }
  out << "not a layout: " << r->reason << "\n";
  return 1;
}

// explain complement A N | divide A B | product A B: CuTe's view and the categorical one.
int explain_fragment_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  std::string const& op = args[0];
  if (args.size() != 3) return usage(err, "explain complement A N | explain divide A B | explain product A B");
  auto a = parse_layout(args[1]);
  if (!a) return report(err, a.error());
  FragmentExplanation x;
  if (op == "complement") {
    auto n = parse_int_tuple(args[2]);
    if (!n || !n->is_leaf()) return report(err, Error{ErrorKind::invalid_input, "N '" + args[2] + "' is not an integer"});
    x = explain_complement(*a, n->value());
  } else {
    auto b = parse_layout(args[2]);
    if (!b) return report(err, b.error());
    x = op == "divide" ? explain_divide(*a, *b) : explain_product(*a, *b);
  }
  out << to_text(x);
  return 0;
}

int explain_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "complement" || args[0] == "divide" || args[0] == "product"))
    return explain_fragment_main(args, out, err);
  if (args.size() != 2)
    return usage(err, "explain A B   (the CuTe composite A o B, i.e. A(B(i)))\n"
                      "       catlayout explain complement A N | explain divide A B | explain product A B");
  auto a = parse_layout(args[0]);
  if (!a) return report(err, a.error());
  auto b = parse_layout(args[1]);
  if (!b) return report(err, b.error());
  auto x = explain_composition(*a, *b);
  if (!x) return report(err, x.error());
  out << to_text(*x, *a, *b);
  return 0;
}

}  // namespace catlayout::cli
