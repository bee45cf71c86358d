// The op table: one row per op of the vectors, in name order.
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "catlayout/core/quote.hpp"
#include "catlayout/wire/values_json.hpp"
#include "op_args.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {
namespace {

constexpr auto strides = OpFamily::strides;
constexpr Strict no = Strict::none;
constexpr bool layout = true, kinds = true;

// A row of layouts beyond integer strides: read and written by its own run.
OpRow strides_row(std::string_view name, std::size_t lo, std::size_t hi, RunOp run, generators::Args (*generate)(generators::Rng&)) {
  OpRow r{name, strides, lo, hi, no, !layout, !kinds, run};
  r.typed.generate = generate;
  return r;
}

// A row whose answer is a layout: another form with the same function matches.
OpRow layout_row(OpRow r) {
  r.returns_layout = true;
  return r;
}

std::vector<OpRow> rows() {
  std::vector<OpRow> v = layout_rows();
  for (auto& r : cute_api_rows()) v.push_back(std::move(r));
  for (auto& r : cute_query_rows()) v.push_back(std::move(r));
  for (auto const& r : std::initializer_list<OpRow>{
      // Strides beyond integers: coordinate strides, swizzles, F2 (docs/beyond-integers.md); Triton's linear
      // layouts, whose cases come from Triton itself (conformance/oracle/triton_linear.py), not a generator.
      strides_row("coord.identity", 1, 1, op_coord_identity, generators::coord_identity_args),
      strides_row("coord.evaluate", 1, 1, op_coord_evaluate, generators::coord_evaluate_args),
      strides_row("coord.coalesce", 1, 1, op_coord_coalesce, generators::coord_coalesce_args),
      strides_row("coord.composition", 2, 2, op_coord_composition, generators::coord_composition_args),
      strides_row("swizzle.evaluate", 1, 1 + (std::size_t{1} << 16), op_swizzle_evaluate, generators::swizzle_evaluate_args),
      strides_row("swizzle.composition", 2, 2, op_swizzle_composition, generators::swizzle_composition_args),
      strides_row("linear.from_layout", 1, 1, op_linear_from_layout, generators::linear_from_layout_args),
      strides_row("linear.to_layout", 1, 1, op_linear_to_layout, generators::linear_to_layout_args),
      strides_row("linear.compose", 2, 2, op_linear_compose, generators::linear_compose_args),
      strides_row("linear.inverse", 1, 1, op_linear_inverse, generators::linear_inverse_args),
      strides_row("triton.from_layout", 3, 3, op_triton_from_layout, nullptr),
      layout_row(strides_row("triton.to_layout", 1, 1, op_triton_to_layout, nullptr)),
      strides_row("triton.compose", 2, 2, op_triton_compose, nullptr),
      strides_row("triton.invert", 1, 1, op_triton_invert, nullptr),
      strides_row("triton.pseudoinvert", 1, 1, op_triton_pseudoinvert, nullptr),
      strides_row("triton.apply", 2, 2, op_triton_apply, nullptr),
      strides_row("triton.parse", 1, 1, op_triton_parse, nullptr),
      strides_row("triton.print", 1, 1, op_triton_print, nullptr),
  })
    v.push_back(r);
#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
  auto morphism = [](std::string_view name, std::size_t n, bool returns_layout, bool from_layout,
                     Result<MorphismValue> (*fn)(std::span<MorphismValue const>)) {
    OpRow r{name, OpFamily::categorical, n, n, no, returns_layout, !kinds, op_morphism};
    r.morphism = MorphismOp{from_layout, fn};
    if (from_layout) r.typed.generate = generators::layout_to_nest_args;
    return r;
  };
  for (auto const& r : {morphism("nest.compose", 2, !layout, false, nest_compose_fn),
                        morphism("nest.coalesce", 1, !layout, false, nest_coalesce_fn),
                        morphism("nest.complement", 1, !layout, false, nest_complement_fn),
                        morphism("nest.logical_divide", 2, !layout, false, nest_logical_divide_fn),
                        morphism("nest.logical_product", 2, !layout, false, nest_logical_product_fn),
                        morphism("nest.to_layout", 1, layout, false, nest_to_layout_fn),
                        morphism("layout.to_nest", 1, !layout, true, layout_to_nest_fn)})
    v.push_back(r);
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
  OpRow refinement{"mutual_refinement", OpFamily::algorithms, 2, 2, no, !layout, !kinds, op_mutual_refinement};
  refinement.typed.generate = generators::mutual_refinement_args;
  v.push_back(std::move(refinement));
#endif
#ifdef CATLAYOUT_HAVE_GPU
  v.push_back({"mma.fragment", OpFamily::gpu, 2, 2, no, !layout, !kinds, op_mma_fragment});
  v.push_back({"wgmma.smem_layout", OpFamily::gpu, 2, 2, no, !layout, !kinds, op_wgmma_smem_layout});
#endif
  return v;
}

}  // namespace

OpRow typed_row(std::string_view name, OpFamily family, std::size_t min_args, Strict strict, bool returns_layout,
                bool other_kinds, Typed typed, OpDoc doc) {
  std::size_t max_args = typed.takes.size();
  OpRow r{name, family, min_args, max_args, strict, returns_layout, other_kinds, op_typed};
  r.typed = std::move(typed);
  r.doc = doc;
  return r;
}

Result<Values> operands_from_json(OpRow const& row, Json const& args, std::string const& path) {
  CL_CHECK(detail::arity(args, path, row.min_args, row.max_args));
  Values x;
  x.reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    Takes t = row.typed.takes[i];
    CL_TRY(v, operand_from_json(t, args[i], detail::at(path, i)));
    if ((t == Takes::layout || t == Takes::tiler) && !row.other_kinds && !integer_strides(v))
      return fail(ErrorKind::invalid_input, row.name, " is defined for integer-stride layouts; ", detail::at(path, i),
                  " is not one (docs/algebra.md lists the operations each kind of layout takes)");
    x.push_back(std::move(v));
  }
  return x;
}

Result<Value> run_typed(OpRow const& row, std::span<Value const> args, Convention c) {
  if (std::none_of(args.begin(), args.end(), is_mixed)) return row.typed.fn(args, c);
  return run_mixed(row, args, c);
}

Result<Json> op_typed(OpRow const& row, Json const& args, std::string const& path, Convention c) {
  CL_TRY(x, operands_from_json(row, args, path));
  CL_TRY(r, run_typed(row, x, c));
  return to_json(r);
}

std::span<OpRow const> op_table() {
  static std::vector<OpRow> const table = rows();
  return table;
}

namespace {

// The rows by their names, hashed (open addressing, linear probing): the checker looks up every
// case's op, and a binary search over the names costs it a string comparison a step. The hash
// reads the length and three characters only; a probe ends at the name itself or at an empty slot.
constexpr std::size_t name_slots = 256;  // a power of two, several times the number of rows
std::size_t name_slot(std::string_view n) {
  if (n.empty()) return 0;
  auto at = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(n[i])); };
  return (n.size() * 131 + at(0) * 31 + at(n.size() / 2) * 7 + at(n.size() - 1)) & (name_slots - 1);
}

// Slot -> the row's index in op_table() plus one (0: empty).
std::array<std::uint16_t, name_slots> const& name_index() {
  static std::array<std::uint16_t, name_slots> const index = [] {
    std::array<std::uint16_t, name_slots> x{};
    auto t = op_table();
    if (2 * t.size() > name_slots) throw std::logic_error("op table: more rows than the name index holds");
    for (std::size_t r = 0; r < t.size(); ++r) {
      std::size_t i = name_slot(t[r].name);
      while (x[i]) i = (i + 1) & (name_slots - 1);
      x[i] = static_cast<std::uint16_t>(r + 1);
    }
    return x;
  }();
  return index;
}

}  // namespace

OpRow const* find_op(std::string_view name) {
  auto const& index = name_index();
  auto t = op_table();
  for (std::size_t i = name_slot(name);; i = (i + 1) & (name_slots - 1)) {
    if (!index[i]) return nullptr;
    OpRow const& row = t[index[i] - 1];
    if (row.name == name) return &row;
  }
}

std::vector<std::string> const& known_ops() {
  static std::vector<std::string> const names = [] {
    std::vector<std::string> v;
    for (auto const& r : op_table()) v.emplace_back(r.name);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return names;
}

bool is_known_op(std::string_view op) { return find_op(op) != nullptr; }

bool returns_layout(std::string_view op) {
  auto const* r = find_op(op);
  return r && r->returns_layout;
}

bool depends_on_convention(std::string_view op) { return strict_kind(op) != Strict::none; }

Strict strict_kind(std::string_view op) {
  auto const* r = find_op(op);
  return r ? r->strict : Strict::none;
}

Result<Json> run_op(std::string_view op, Json const& args, std::string const& path, Convention c) {
  auto const* r = find_op(op);
  if (!r) return fail(ErrorKind::invalid_input, "op '", shortened(op), "' is not implemented");
  return r->run(*r, args, path, c);
}

}  // namespace catlayout::wire
