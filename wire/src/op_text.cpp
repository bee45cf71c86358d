// Ops from text to text (op_text.hpp): the CLI's algebra commands and the playground share it.
#include "catlayout/wire/op_text.hpp"

#include <variant>

#include "catlayout/core.hpp"
#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/wire/value_text.hpp"
#include "catlayout/wire/values_json.hpp"

namespace catlayout::wire {
namespace {

// --print cute-dsl | flydsl: a layout or swizzle result as the compiler's type (docs/notation.md,
// "Compilers' types"); other results have none.
Result<std::string> compiler_text(Value const& r, Compiler c) {
  return std::visit(
      [c](auto const& v) -> Result<std::string> {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Layout> || std::is_same_v<T, CoordLayout> || std::is_same_v<T, ComposedLayout>)
          return compiler_type(catlayout::AnyLayout{v}, c);  // core's, not the wire's AnyLayout
        else if constexpr (std::is_same_v<T, Swizzle>) return compiler_type(v, c);
        else return fail(ErrorKind::invalid_input, "--print cute-dsl and --print flydsl write layouts and swizzles; ",
                         "this result is not one: ", result_text(Value(v), Notation::catlayout));
      },
      r);
}

Result<std::string> answer_text(Value const& r, TextPrint const& p) {
  if (p.json) return to_json(r).dump();
  if (p.compiler) return compiler_text(r, *p.compiler);
  return result_text(r, p.notation);
}

// The notes on an answer given under CuTe's convention: the row's own, then, for a row the
// convention reaches, what --strict (docs/definitions.md, or the categorical paper's fragment) says.
std::vector<std::string> notes_of(OpRow const& row, Values const& args, Value const& r, TextOptions const& o) {
  std::vector<std::string> notes;
  if (row.typed.note)
    if (auto plain = unmarked_operands(row, args))
      if (auto n = row.typed.note(*plain); !n.empty()) notes.push_back(n);
  if (o.strict || row.strict == Strict::none) return notes;
  bool stricter_reading = row.strict == Strict::reading;
  auto cat = run_typed(row, args, Convention::categorical);
  if (!cat && stricter_reading)
    notes.push_back("this is CuTe's answer; --strict (docs/definitions.md) refuses it: " + cat.error().message);
  else if (!cat)
    notes.push_back("outside the categorical fragment: " + cat.error().message +
                    " (this is CuTe's answer; --strict refuses it)");
  else if (to_json(*cat) != to_json(r))  // a stricter reading (docs/definitions.md): nullspace, casts
    notes.push_back("this is CuTe's answer; --strict (docs/definitions.md) answers " + result_text(*cat, o.print.notation));
  return notes;
}

}  // namespace

Result<TextPrint> parse_print(std::string_view name) {
  TextPrint p;
  if (auto c = parse_compiler(name)) {
    p.compiler = *c;
    return p;
  }
  auto n = parse_notation(name);
  if (!n) return fail(ErrorKind::invalid_input, n.error().message, " (or cute-dsl or flydsl, a compiler's type)");
  p.notation = *n;
  return p;
}

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
          auto const& table = to_json(Value(v));
          std::string out;
          for (std::size_t i = 0; i < table.size(); ++i) out += (i ? " " : "") + table[i].dump();
          return out;
        } else if constexpr (requires { to_string(v, n); }) return to_string(v, n);
        else if constexpr (requires { to_string(v); }) return to_string(v);
        else return to_json(Value(v)).dump();
      },
      r);
}

Result<TextAnswer> run_text(OpRow const& row, std::span<std::string const> operands, TextOptions const& o) {
  auto const& takes = row.typed.takes;
  if (!row.typed.fn) return fail(ErrorKind::invalid_input, row.name, " has no typed function");
  if (operands.size() < row.min_args || operands.size() > takes.size())
    return fail(ErrorKind::invalid_input, row.name, " expects ", row.min_args, " to ", takes.size(), " operands, found ",
                operands.size());
  // --cute-integers: every integer as CuTe prints it (`_4` static, `4` run-time), the answer in
  // CuTe's print; without it only a text that writes `_4` is read so (docs/notation.md).
  Integers integers = o.cute_integers ? Integers::as_printed : Integers::all_static;
  std::string_view name = row.doc.command.empty() ? row.name : row.doc.command;
  Values args;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    CL_TRY(x, operand_from_text(takes[i], operands[i], i, integers));
    if ((takes[i] == Takes::layout || takes[i] == Takes::tiler) && !integer_strides(x) && !row.other_kinds)
      return fail(ErrorKind::invalid_input, name, " is defined for integer-stride layouts; argument ", i + 1, " '",
                  operands[i], "' is not one (docs/algebra.md lists the operations each kind of layout takes)");
    args.push_back(std::move(x));
  }
  CL_TRY(r, run_typed(row, args, o.strict ? Convention::categorical : Convention::cute));
  CL_TRY(text, answer_text(r, o.print));
  return TextAnswer{std::move(text), notes_of(row, args, r, o)};
}

}  // namespace catlayout::wire
