#pragma once
// The op table: every op of the vectors (docs/vector-format.md) once, with its arity, its
// argument readers and function, whether the convention reaches it, and the kind of its result. The
// checker's slow and fast paths, the exporter, the bench, the fuzzers, the CLI and Python's run_op
// all read this one table.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/tiler.hpp"
#include "catlayout/generators/args.hpp"
#include "catlayout/wire/layout_json.hpp"
#include "catlayout/wire/value.hpp"
#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
#include "catlayout/categories/nest_morphism.hpp"
#endif

namespace catlayout::wire {

// Where a row comes from: the core layout ops (docs/vector-format.md), CuTe's API and the whitepaper's operations
// (docs/algebra.md), strides beyond integers (docs/beyond-integers.md), the categorical engine, the
// algorithms, and the gpu catalogue.
enum class OpFamily { core, cute_api, strides, categorical, algorithms, gpu };

// What a core layout op takes after its layout A: nothing, a tiler (an integer, a layout or
// by-mode), a layout, a profile (an int tuple), or an integer.
enum class Second { none, tiler, layout, profile, integer };

// A core layout op's arguments, read once (from JSON, from JSON text, or generated): A, and the
// second argument as `Second` names it (a layout second is b.layout).
struct LayoutArgs {
  Layout a;
  Tiler b;
  IntTuple profile;
  Int n = 0;
  bool has_second = false;
};

// A core layout op typed: [A] or [A, second]; `second_optional`: [A] alone is also an op.
struct LayoutOp {
  Second second = Second::none;
  bool second_optional = false;
  Result<Layout> (*fn)(LayoutArgs const&, Convention) = nullptr;
};

#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
// A categorical op typed: its arguments morphisms (or, `from_layout`, one layout), its answer a
// morphism or a layout.
using MorphismValue = std::variant<categories::NestMorphism, Layout>;
struct MorphismOp {
  bool from_layout = false;
  Result<MorphismValue> (*fn)(std::span<MorphismValue const> args) = nullptr;
};
#endif

// An op typed over values: what each operand position takes (the first min_args required), the
// function (operand kinds dispatched once, onto the engines' own overloads), and what checks and
// draws it. The CLI reads operands from text by `takes`, the wire from JSON, Python from objects.
using OpFn = Result<Value> (*)(std::span<Value const> args, Convention c);
struct Typed {
  std::vector<Takes> takes;
  OpFn fn = nullptr;
  // The op's definition checked on an answer independently of how it was computed (tabulation);
  // the exporter refuses to write a case it fails. Null: the exporter's own witnesses.
  Result<void> (*witness)(std::span<Value const> args, Value const& result) = nullptr;
  // Random arguments for the exporter and the bench, deterministic in g (some meant to fail).
  generators::Args (*generate)(generators::Rng& g) = nullptr;
  // A note on an answer given (eval past the domain: CuTe's extended function), or "".
  std::string (*note)(std::span<Value const> args) = nullptr;
  // The op over static and run-time integers (core/mixed_algebra.hpp): CuTe's run-time answer where
  // it is the op's function. Null: mixed operands are taken only when every integer is static.
  OpFn mixed = nullptr;
  // `mixed` checks its answer itself (the inverses, by their contracts: they are not unique); otherwise
  // run_typed keeps it where it has the function of the static answer (`fn` on the unmarked operands).
  bool mixed_checked = false;
};

// How the CLI shows an op: its command, usage line, summary, and an example that runs as written.
struct OpDoc {
  std::string_view command, usage, summary, example;
};

struct OpRow;
using RunOp = Result<Json> (*)(OpRow const& row, Json const& args, std::string const& path, Convention c);

// What Convention::categorical (--strict) does to an op: nothing; refuse outside the categorical
// paper's fragment (the complement-based ops: Prop. 2.1.6.21); or give a stricter reading than
// CuTe C++'s contract (docs/definitions.md: nullspace.strict, upcast.strict, downcast.strict).
enum class Strict { none, paper, reading };

struct OpRow {
  std::string_view name;
  OpFamily family;
  std::size_t min_args, max_args;
  Strict strict;               // whether (and how) the convention can change the answer
  bool returns_layout;         // a different form with the same function is a functional match
  bool other_kinds;            // also takes composed layouts, swizzles, coordinate and F2 layouts as operands
  RunOp run;                   // args read from JSON, the function, the result written: the slow path
  LayoutOp layout{};           // the core layout ops, typed (fn null elsewhere)
#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
  MorphismOp morphism{};       // the categorical ops, typed
#endif
  Typed typed{};               // the op over values (fn null where the row is not typed yet)
  OpDoc doc{};                 // the CLI's command (empty where the CLI has none)
  // In the conformance suite (docs/adapter-protocol.md's op table, the runner's OPS): the ops every
  // implementation is measured on. A versioned set: an op joins it with the runner and the protocol.
  bool in_suite = false;
};

// A typed row: its JSON run is the generic one (operands read by `takes`, the function, the answer
// written). `other_kinds`: it takes layouts beyond integer strides.
OpRow typed_row(std::string_view name, OpFamily family, std::size_t min_args, Strict strict, bool returns_layout,
                bool other_kinds, Typed typed, OpDoc doc);

// A typed row's function on operands: `typed.fn`, or where an operand carries CuTe's marks
// (is_mixed), `typed.mixed`; an op without one takes marked operands whose integers are all static
// and answers in CuTe's print (every integer of the answer static).
Result<Value> run_typed(OpRow const& row, std::span<Value const> args, Convention c);
// The operands with CuTe's marks dropped, each in the form its position takes (what `typed.fn`,
// `typed.note` and `typed.witness` read); operands without marks are themselves.
Result<Values> unmarked_operands(OpRow const& row, std::span<Value const> args);

// A typed row's operands read from JSON: the arity, then each by what its position takes (the
// first error found, naming its path).
Result<Values> operands_from_json(OpRow const& row, Json const& args, std::string const& path);

// Every row this build serves, each family in the order it defines them (core, CuTe API, strides,
// categorical, algorithms, gpu).
std::span<OpRow const> op_table();
OpRow const* find_op(std::string_view name);

// The op names of this build, sorted.
std::vector<std::string> const& known_ops();
bool is_known_op(std::string_view op);
bool returns_layout(std::string_view op);
bool depends_on_convention(std::string_view op);
Strict strict_kind(std::string_view op);

// A core layout row's arguments read from JSON: the row's arity, then A, then the second argument as
// its LayoutOp names it (the first error found, naming its path).
Result<LayoutArgs> layout_args_from_json(OpRow const& row, Json const& args, std::string const& path);
#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
// A categorical row's arguments read from JSON in order (the first one's error first).
Result<std::vector<MorphismValue>> morphism_args_from_json(OpRow const& row, Json const& args, std::string const& path);
#endif

// Run `op` on schema-JSON `args`; `path` names args in error messages ($.cases[3].args).
// `c` reaches the ops built on complement (complement, the divides and the products).
Result<Json> run_op(std::string_view op, Json const& args, std::string const& path, Convention c = Convention::cute);

}  // namespace catlayout::wire
