#pragma once
// An op row run on operands written as text, its answer written as text: what `catlayout OP ARGS`
// prints (cli/algebra.cpp) and what the playground shows, from one function so the two agree.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/wire/ops.hpp"

namespace catlayout::wire {

// How an answer is written: JSON (--json), a compiler's type (--print cute-dsl | flydsl), or a
// notation (--print catlayout | cute).
struct TextPrint {
  bool json = false;
  Notation notation = Notation::catlayout;
  std::optional<Compiler> compiler;
};
// --print's value: a compiler's name or a notation's; the error says which names exist.
Result<TextPrint> parse_print(std::string_view name);

struct TextOptions {
  TextPrint print;
  bool cute_integers = false;  // --cute-integers: `_4` static, `4` run-time (docs/notation.md)
  bool strict = false;         // --strict: Convention::categorical
};

// The answer's text (no final newline) and the notes the CLI writes to stderr (without "note: "):
// the row's note on the answer, and where CuTe's answer lies outside the categorical fragment.
struct TextAnswer {
  std::string text;
  std::vector<std::string> notes;
};

// A result in notation n: a layout of any kind, a partition (the sub-layout, then where it
// starts), a table of integers or tuples, or its JSON form.
std::string result_text(Value const& r, Notation n);

// `row` on operands read from text by the row's `takes` (operand_from_text); the caller checks the
// number of operands (row.min_args to takes.size()).
Result<TextAnswer> run_text(OpRow const& row, std::span<std::string const> operands, TextOptions const& o);

}  // namespace catlayout::wire
