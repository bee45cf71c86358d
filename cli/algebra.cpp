// The algebra commands, one per op row that has a command (wire/ops.hpp's OpDoc): each argument
// read from text as the row's position takes it, the row's function called on the values, the
// result printed (to_string in the chosen notation, or its JSON form).
#include <algorithm>
#include <iostream>
#include <optional>
#include <variant>

#include "catlayout/core.hpp"
#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/value_text.hpp"
#include "catlayout/wire/values_json.hpp"
#include "command.hpp"

namespace catlayout::cli {

using wire::Takes;
using wire::Value;
namespace {

// ---------------------------------------------------------------------------------------------
// Printing the result

// A result as text in the chosen notation: a layout of any kind, a partition (the sub-layout,
// then where it starts), a table.
std::string result_text(Value const& r, Notation n) {
  return std::visit(
      [n](auto const& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, F2Layout>) return to_string(v);
        else if constexpr (std::is_same_v<T, SliceResult>) {
          if (!v.printed_layout.empty()) return v.printed_layout + "\noffset " + v.printed_offset;  // CuTe's print
          std::string sub = v.swizzle ? to_string(ComposedLayout{*v.swizzle, v.swizzle_offset, v.layout}, n) : to_string(v.layout, n);
          return sub + "\noffset " + std::to_string(v.offset);
        }
        else if constexpr (std::is_same_v<T, std::vector<Int>> || std::is_same_v<T, std::vector<IntTuple>>) {
          auto const& table = wire::to_json(Value(v));
          std::string out;
          for (std::size_t i = 0; i < table.size(); ++i) out += (i ? " " : "") + table[i].dump();
          return out;
        } else if constexpr (requires { to_string(v, n); }) return to_string(v, n);
        else if constexpr (requires { to_string(v); }) return to_string(v);
        else return wire::to_json(Value(v)).dump();
      },
      r);
}

// The result as result_text, or its JSON form.
void print_result(Value const& r, bool json, Notation n) {
  std::cout << (json ? wire::to_json(r).dump() : result_text(r, n)) << "\n";
}

// --print cute-dsl | flydsl: a layout or swizzle result as the compiler's type (docs/notation.md,
// "Compilers' types"); other results have none.
Result<std::string> compiler_text(Value const& r, Compiler c) {
  return std::visit(
      [c](auto const& v) -> Result<std::string> {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Layout> || std::is_same_v<T, CoordLayout> || std::is_same_v<T, ComposedLayout>)
          return compiler_type(AnyLayout{v}, c);
        else if constexpr (std::is_same_v<T, Swizzle>) return compiler_type(v, c);
        else return fail(ErrorKind::invalid_input, "--print cute-dsl and --print flydsl write layouts and swizzles; ",
                         "this result is not one: ", result_text(Value(v), Notation::catlayout));
      },
      r);
}

// ---------------------------------------------------------------------------------------------
// The commands

// ---------------------------------------------------------------------------------------------
// The commands

Command algebra(wire::OpRow const& row) {
  bool by_convention = row.strict != wire::Strict::none;
  Command c{std::string(row.doc.command), std::string(row.doc.usage), std::string(row.doc.summary),
            std::string(row.doc.example), {{"--json", 0}, {"--print", 1}, {"--cute-integers", 0}}, nullptr};
  if (by_convention) c.options["--strict"] = 0;
  c.run = [c, &row, by_convention](Args const& a) -> int {
    auto const& takes = row.typed.takes;
    if (a.pos.size() < row.min_args || a.pos.size() > takes.size())
      return usage_error(c, "expected " + std::to_string(row.min_args) + " argument(s)");
    Notation notation = Notation::catlayout;
    std::optional<Compiler> compiler;  // --print cute-dsl | flydsl: the compiler's type
    if (a.has("--print")) {
      if (auto cc = parse_compiler(a.value("--print"))) {
        compiler = *cc;
      } else {
        auto n = parse_notation(a.value("--print"));
        if (!n) return usage_error(c, n.error().message + " (or cute-dsl or flydsl, a compiler's type)");
        notation = *n;
      }
    }
    // --cute-integers: every integer as CuTe prints it (`_4` static, `4` run-time), the answer in
    // CuTe's print; without it only a text that writes `_4` is read so (docs/notation.md).
    Integers integers = a.has("--cute-integers") ? Integers::as_printed : Integers::all_static;
    wire::Values args;
    for (std::size_t i = 0; i < a.pos.size(); ++i) {
      auto x = wire::operand_from_text(takes[i], a.pos[i], i, integers);
      if (!x) return report_error(x.error());
      if ((takes[i] == Takes::layout || takes[i] == Takes::tiler) && !wire::integer_strides(*x) && !row.other_kinds)
        return report_error(Error{ErrorKind::invalid_input,
                                  str(c.name, " is defined for integer-stride layouts; argument ", i + 1, " '", a.pos[i],
                                      "' is not one (docs/algebra.md lists the operations each kind of layout takes)")});
      args.push_back(std::move(*x));
    }
    bool strict = a.has("--strict");
    auto r = run_typed(row, args, strict ? Convention::categorical : Convention::cute);
    if (!r) return report_error(r.error());
    if (compiler && !a.has("--json")) {
      auto text = compiler_text(*r, *compiler);
      if (!text) return report_error(text.error());
      std::cout << *text << "\n";
    } else {
      print_result(*r, a.has("--json"), notation);
    }
    if (row.typed.note)
      if (auto plain = wire::unmarked_operands(row, args))
        if (auto n = row.typed.note(*plain); !n.empty()) std::cerr << "note: " << n << "\n";
    // CuTe's answer outside the categorical paper's fragment: say so, and how to refuse it.
    if (!strict && by_convention) {
      // The row says whether --strict is a stricter reading of docs/definitions.md or the paper's fragment.
      bool stricter_reading = row.strict == wire::Strict::reading;
      if (auto cat = run_typed(row, args, Convention::categorical); !cat && stricter_reading)
        std::cerr << "note: this is CuTe's answer; --strict (docs/definitions.md) refuses it: " << cat.error().message
                  << "\n";
      else if (!cat)
        std::cerr << "note: outside the categorical fragment: " << cat.error().message
                  << " (this is CuTe's answer; --strict refuses it)\n";
      else if (wire::to_json(*cat) != wire::to_json(*r))  // a stricter reading (docs/definitions.md): nullspace, casts
        std::cerr << "note: this is CuTe's answer; --strict (docs/definitions.md) answers " << result_text(*cat, notation) << "\n";
    }
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
