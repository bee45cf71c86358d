#pragma once
// Wire-internal: the rows' functions, defined beside the forms they read (layout_ops.cpp,
// cute_api_rows.cpp, strides_ops.cpp, morphism_ops.cpp, refinement_json.cpp, catalogue_ops.cpp)
// and listed once in op_table.cpp.
#include <optional>

#include "catlayout/wire/ops.hpp"

namespace catlayout::wire {

// The core layout ops: evaluate, and every op with a LayoutOp (read by its Second, written as a layout).
Result<Json> op_evaluate(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_layout(OpRow const& row, Json const& args, std::string const& path, Convention c);
Result<Layout> coalesce_fn(LayoutArgs const& x, Convention);
Result<Layout> composition_fn(LayoutArgs const& x, Convention);
Result<Layout> complement_fn(LayoutArgs const& x, Convention c);
Result<Layout> logical_divide_fn(LayoutArgs const& x, Convention c);
Result<Layout> zipped_divide_fn(LayoutArgs const& x, Convention c);
Result<Layout> tiled_divide_fn(LayoutArgs const& x, Convention c);
Result<Layout> flat_divide_fn(LayoutArgs const& x, Convention c);
Result<Layout> logical_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> zipped_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> tiled_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> flat_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> blocked_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> raked_product_fn(LayoutArgs const& x, Convention c);
Result<Layout> right_inverse_fn(LayoutArgs const& x, Convention);
Result<Layout> left_inverse_fn(LayoutArgs const& x, Convention);

// For evaluate, coalesce, composition, right_inverse and left_inverse: the answer when an argument is
// of a kind beyond integer layouts and tilers (nullopt: every argument is plain, the row's own path).
std::optional<Result<Json>> run_other_kinds(std::string_view op, Json const& args, std::string const& path);

// CuTe's API and the whitepaper's operations (cute_api_rows.cpp).
Result<Json> op_make_layout(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_make_ordered_layout(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_make_layout_like(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_tile_to_shape(OpRow const&, Json const& args, std::string const& path, Convention c);
Result<Json> op_tile_partition(OpRow const& row, Json const& args, std::string const& path, Convention);
Result<Json> op_local_partition(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_recast(OpRow const& row, Json const& args, std::string const& path, Convention);
Result<Json> op_recast_layout(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_nullspace(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_coalesce_z(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_layout_add(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_greatest_common_domain(OpRow const&, Json const& args, std::string const& path, Convention);

// Strides beyond integers (strides_ops.cpp).
Result<Json> op_coord_identity(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_coord_evaluate(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_coord_coalesce(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_coord_composition(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_swizzle_evaluate(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_swizzle_composition(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_linear_from_layout(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_linear_to_layout(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_linear_compose(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_linear_inverse(OpRow const&, Json const& args, std::string const& path, Convention);

#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
// The categorical ops (morphism_ops.cpp): read as the row's MorphismOp says, written in their forms.
Result<Json> op_morphism(OpRow const& row, Json const& args, std::string const& path, Convention);
Result<MorphismValue> nest_compose_fn(std::span<MorphismValue const> a);
Result<MorphismValue> nest_coalesce_fn(std::span<MorphismValue const> a);
Result<MorphismValue> nest_complement_fn(std::span<MorphismValue const> a);
Result<MorphismValue> nest_logical_divide_fn(std::span<MorphismValue const> a);
Result<MorphismValue> nest_logical_product_fn(std::span<MorphismValue const> a);
Result<MorphismValue> nest_to_layout_fn(std::span<MorphismValue const> a);
Result<MorphismValue> layout_to_nest_fn(std::span<MorphismValue const> a);
#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// mutual_refinement (refinement_json.cpp).
Result<Json> op_mutual_refinement(OpRow const&, Json const& args, std::string const& path, Convention);
#endif

#ifdef CATLAYOUT_HAVE_GPU
// The catalogue's ops (catalogue_ops.cpp): mma.fragment, wgmma.smem_layout.
Result<Json> op_mma_fragment(OpRow const&, Json const& args, std::string const& path, Convention);
Result<Json> op_wgmma_smem_layout(OpRow const&, Json const& args, std::string const& path, Convention);
#endif

}  // namespace catlayout::wire
