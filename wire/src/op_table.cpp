// The op table: one row per op of the vectors, in name order.
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "catlayout/core/quote.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {
namespace {

constexpr auto core = OpFamily::core, api = OpFamily::cute_api, strides = OpFamily::strides;
constexpr Strict conv = Strict::paper, no = Strict::none, reading = Strict::reading;
constexpr bool layout = true, kinds = true;

// A core layout op: [A] or [A, second], run through its typed LayoutOp.
OpRow layout_row(std::string_view name, std::size_t lo, std::size_t hi, Strict convention, bool other_kinds,
                 Second second, Result<Layout> (*fn)(LayoutArgs const&, Convention)) {
  return OpRow{name, core, lo, hi, convention, layout, other_kinds, op_layout, LayoutOp{second, lo == 1 && hi == 2, fn}};
}

std::vector<OpRow> rows() {
  std::vector<OpRow> v = {
      // name, family, arity, depends on the convention, returns a layout, takes other kinds, run
      {"evaluate", core, 1, 1, no, !layout, kinds, op_evaluate},
      layout_row("coalesce", 1, 2, no, kinds, Second::profile, coalesce_fn),
      layout_row("composition", 2, 2, no, kinds, Second::tiler, composition_fn),
      layout_row("complement", 1, 2, conv, !kinds, Second::integer, complement_fn),
      layout_row("logical_divide", 2, 2, conv, !kinds, Second::tiler, logical_divide_fn),
      layout_row("zipped_divide", 2, 2, conv, !kinds, Second::tiler, zipped_divide_fn),
      layout_row("tiled_divide", 2, 2, conv, !kinds, Second::tiler, tiled_divide_fn),
      layout_row("flat_divide", 2, 2, conv, !kinds, Second::tiler, flat_divide_fn),
      layout_row("logical_product", 2, 2, conv, !kinds, Second::tiler, logical_product_fn),
      layout_row("zipped_product", 2, 2, conv, !kinds, Second::tiler, zipped_product_fn),
      layout_row("tiled_product", 2, 2, conv, !kinds, Second::tiler, tiled_product_fn),
      layout_row("flat_product", 2, 2, conv, !kinds, Second::tiler, flat_product_fn),
      layout_row("blocked_product", 2, 2, conv, !kinds, Second::layout, blocked_product_fn),
      layout_row("raked_product", 2, 2, conv, !kinds, Second::layout, raked_product_fn),
      layout_row("right_inverse", 1, 1, no, kinds, Second::none, right_inverse_fn),
      layout_row("left_inverse", 1, 1, no, kinds, Second::none, left_inverse_fn),
      // CuTe's constructors, partitioners and element-size changes; the whitepaper's operations.
      {"make_layout", api, 1, 2, no, layout, !kinds, op_make_layout},
      {"make_ordered_layout", api, 2, 2, no, layout, !kinds, op_make_ordered_layout},
      {"make_layout_like", api, 1, 1, no, layout, !kinds, op_make_layout_like},
      {"tile_to_shape", api, 2, 3, conv, layout, !kinds, op_tile_to_shape},
      {"local_tile", api, 3, 4, conv, !layout, !kinds, op_tile_partition},
      {"inner_partition", api, 3, 3, conv, !layout, !kinds, op_tile_partition},
      {"outer_partition", api, 3, 3, conv, !layout, !kinds, op_tile_partition},
      {"local_partition", api, 3, 4, conv, !layout, !kinds, op_local_partition},
      {"upcast", api, 2, 2, reading, layout, !kinds, op_recast},
      {"downcast", api, 2, 2, reading, layout, !kinds, op_recast},
      {"recast_layout", api, 3, 3, reading, layout, !kinds, op_recast_layout},
      {"nullspace", api, 1, 1, reading, layout, !kinds, op_nullspace},
      {"coalesce_z", api, 1, 2, no, layout, !kinds, op_coalesce_z},
      {"layout_add", api, 2, 2, no, layout, !kinds, op_layout_add},
      {"greatest_common_domain", api, 2, 2, no, layout, !kinds, op_greatest_common_domain},
      // Strides beyond integers: coordinate strides, swizzles, F2 (docs/beyond-integers.md).
      {"coord.identity", strides, 1, 1, no, !layout, !kinds, op_coord_identity},
      {"coord.evaluate", strides, 1, 1, no, !layout, !kinds, op_coord_evaluate},
      {"coord.coalesce", strides, 1, 1, no, !layout, !kinds, op_coord_coalesce},
      {"coord.composition", strides, 2, 2, no, !layout, !kinds, op_coord_composition},
      {"swizzle.evaluate", strides, 1, 1 + (std::size_t{1} << 16), no, !layout, !kinds, op_swizzle_evaluate},
      {"swizzle.composition", strides, 2, 2, no, !layout, !kinds, op_swizzle_composition},
      {"linear.from_layout", strides, 1, 1, no, !layout, !kinds, op_linear_from_layout},
      {"linear.to_layout", strides, 1, 1, no, !layout, !kinds, op_linear_to_layout},
      {"linear.compose", strides, 2, 2, no, !layout, !kinds, op_linear_compose},
      {"linear.inverse", strides, 1, 1, no, !layout, !kinds, op_linear_inverse},
  };
#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
  auto morphism = [](std::string_view name, std::size_t n, bool returns_layout, bool from_layout,
                     Result<MorphismValue> (*fn)(std::span<MorphismValue const>)) {
    OpRow r{name, OpFamily::categorical, n, n, no, returns_layout, !kinds, op_morphism};
    r.morphism = MorphismOp{from_layout, fn};
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
  v.push_back({"mutual_refinement", OpFamily::algorithms, 2, 2, no, !layout, !kinds, op_mutual_refinement});
#endif
#ifdef CATLAYOUT_HAVE_GPU
  v.push_back({"mma.fragment", OpFamily::gpu, 2, 2, no, !layout, !kinds, op_mma_fragment});
  v.push_back({"wgmma.smem_layout", OpFamily::gpu, 2, 2, no, !layout, !kinds, op_wgmma_smem_layout});
#endif
  std::sort(v.begin(), v.end(), [](OpRow const& a, OpRow const& b) { return a.name < b.name; });
  return v;
}

}  // namespace

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
  if (r->other_kinds)  // composed layouts, swizzles, coordinate and F2 strides as operands of the older ops
    if (auto x = run_other_kinds(op, args, path)) return std::move(*x);
  return r->run(*r, args, path, c);
}

}  // namespace catlayout::wire
