// The algebra commands, one per op row that has a command (wire/ops.hpp's OpDoc): each argument
// read from text as the row's position takes it, the row's function called on the values, the
// result printed (wire/op_text.hpp: to_string in the chosen notation, or its JSON form).
#include <iostream>

#include "catlayout/wire/op_text.hpp"
#include "catlayout/wire/ops.hpp"
#include "command.hpp"

namespace catlayout::cli {

namespace {

Command algebra(wire::OpRow const& row) {
  bool by_convention = row.strict != wire::Strict::none;
  Command c{std::string(row.doc.command), std::string(row.doc.usage), std::string(row.doc.summary),
            std::string(row.doc.example), {{"--json", 0}, {"--print", 1}, {"--cute-integers", 0}}, nullptr};
  if (by_convention) c.options["--strict"] = 0;
  c.run = [c, &row](Args const& a) -> int {
    if (a.pos.size() < row.min_args || a.pos.size() > row.typed.takes.size())
      return usage_error(c, "expected " + std::to_string(row.min_args) + " argument(s)");
    wire::TextOptions o;
    if (a.has("--print")) {
      auto p = wire::parse_print(a.value("--print"));
      if (!p) return usage_error(c, p.error().message);
      o.print = *p;
    }
    o.print.json = a.has("--json");
    o.cute_integers = a.has("--cute-integers");
    o.strict = a.has("--strict");
    auto r = wire::run_text(row, a.pos, o);
    if (!r) return report_error(r.error());
    std::cout << r->text << "\n";
    for (auto const& n : r->notes) std::cerr << "note: " << n << "\n";
    return 0;
  };
  return c;
}

}  // namespace

std::vector<Command> algebra_commands() {
  // In the table's order: the core layout ops first, then CuTe's API and the whitepaper's operations.
  std::vector<Command> out;
  for (auto const& row : wire::op_table())
    if (!row.doc.command.empty() && row.typed.fn) out.push_back(algebra(row));
  return out;
}

}  // namespace catlayout::cli
