#pragma once
// Wire-internal: the rows' functions, defined beside the forms they read (layout_ops.cpp,
// cute_api_rows.cpp, strides_ops.cpp, morphism_ops.cpp, refinement_json.cpp, catalogue_ops.cpp)
// and listed once in op_table.cpp.
#include <optional>

#include "catlayout/wire/ops.hpp"

namespace catlayout::wire {

// The function types of the rows' parts (declared by type so each list is one line of names): a
// row's slow path (OpRow::run), a core layout op over layouts (LayoutOp::fn), a categorical op typed.
using RowRun = Result<Json>(OpRow const& row, Json const& args, std::string const& path, Convention c);
using LayoutFn = Result<Layout>(LayoutArgs const& x, Convention c);

// The typed rows' JSON run: operands read by what each position takes, the function, the answer written.
RowRun op_typed;

// run_typed's run-time path (mixed_rows.cpp): CuTe's answer over static and run-time integers.
Result<Value> run_mixed(OpRow const& row, std::span<Value const> args, Convention c);

// The row tables' flags by name, so that a row reads as words (layout_ops.cpp, cute_api_rows.cpp,
// cute_query_rows.cpp: `using namespace row_flags;` beside the table).
namespace row_flags {
inline constexpr auto no = Strict::none, conv = Strict::paper, reading = Strict::reading;
inline constexpr bool layout_result = true, kinds = true, later = true;
}  // namespace row_flags

// The families whose rows are typed, each defined beside its functions: the core layout ops
// (layout_ops.cpp), CuTe's API and the whitepaper's operations (cute_api_rows.cpp).
std::vector<OpRow> layout_rows();
std::vector<OpRow> cute_api_rows();
// CuTe's layout queries and constructors from parts (cute_query_rows.cpp): size ... shape_div.
std::vector<OpRow> cute_query_rows();

// Strides beyond integers (strides_ops.cpp).
RowRun op_coord_identity, op_coord_evaluate, op_coord_coalesce, op_coord_composition, op_swizzle_evaluate,
    op_swizzle_composition, op_linear_from_layout, op_linear_to_layout, op_linear_compose, op_linear_inverse;
// Triton's linear layouts (triton_ops.cpp).
RowRun op_triton_from_layout, op_triton_to_layout, op_triton_compose, op_triton_invert, op_triton_pseudoinvert,
    op_triton_apply, op_triton_parse, op_triton_print;

#ifdef CATLAYOUT_WIRE_HAVE_CATEGORIES
using MorphismFn = Result<MorphismValue>(std::span<MorphismValue const> a);
// The categorical ops (morphism_ops.cpp): read as the row's MorphismOp says, written in their forms.
RowRun op_morphism;
MorphismFn nest_compose_fn, nest_coalesce_fn, nest_complement_fn, nest_logical_divide_fn, nest_logical_product_fn,
    nest_to_layout_fn, layout_to_nest_fn;
#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// mutual_refinement (refinement_json.cpp).
RowRun op_mutual_refinement;
#endif

#ifdef CATLAYOUT_HAVE_GPU
// The catalogue's ops (catalogue_ops.cpp): mma.fragment, wgmma.smem_layout.
RowRun op_mma_fragment, op_wgmma_smem_layout;
#endif

}  // namespace catlayout::wire
