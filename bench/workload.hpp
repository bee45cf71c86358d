#pragma once
// The fixed, seeded benchmark workload: realistic layouts (ranks 1-6, nesting depth up to 3,
// MMA/TV layouts, tiling layouts, sizes <= 4096) and, for each operation, N admissible inputs.
// catlayout_bench times these; `catlayout_bench --dump-workload FILE` writes them as schema
// JSON so that bench/compare runs the very same inputs through pycute and CuTe (runtime ints).
#include <cstdint>
#include <string>
#include <vector>

#include "catlayout/core.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::bench {

using wire::Json;

inline constexpr std::uint64_t seed = 20240610;
inline constexpr int cases_per_op = 128;

// One input of a core op: a layout and, for binary ops, a tiler (or a layout, or nothing)
// or an integer (complement's n).
struct CoreCase {
  Layout a;
  Tiler b;          // by-tiler ops; for layout-by-layout ops b.layout is set
  Int n = 0;        // complement(A, n)
  bool has_b = false;
};

struct CoreOp {
  std::string name;           // schema op name: composition, logical_divide, ...
  std::vector<CoreCase> cases;
  Result<Layout> (*fn)(CoreCase const&) = nullptr;  // the op itself, resolved once
  void (*run)(CoreCase const&) = nullptr;           // the same for timing (core_run)
};

// Every core op of the comparison, in table order (all cases admissible for catlayout).
std::vector<CoreOp> const& core_workload();
// Layouts for evaluation (size <= 4096) and the random indices of the random-access benchmark:
// index pairs (layout, i) flattened in one vector.
std::vector<Layout> const& eval_layouts();
struct EvalPoint {
  std::uint32_t layout;
  Int index;
};
std::vector<EvalPoint> const& eval_points();

// The core op named `op` (schema name), taking one case.
using CoreFn = Result<Layout> (*)(CoreCase const&);
CoreFn core_fn(std::string const& op);
// The same op as the timing loops run it: its result kept from the optimizer as the op returns it
// (a Layout or a Result), not converted: a conversion to Result would time a move of the Layout
// that a caller (`Layout c = coalesce(l);`) does not pay, nor does CuTe's harness.
using CoreRun = void (*)(CoreCase const&);
CoreRun core_run(std::string const& op);

// The workload in schema JSON: {"seed", "ops": {op: [[args...], ...]}, "evaluate": {...}}.
Json workload_json();

// A 10,000-case mixed catlayout.vectors/1 document from the exporter (several ops, cycled).
Json const& checker_document();

}  // namespace catlayout::bench
