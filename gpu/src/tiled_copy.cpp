// Tiled copies (CuTe's make_tiled_copy and make_tiled_copy_A/B/C) and what one thread of a TV
// layout holds (CuTe's partition by a TV layout), built with catlayout's algebra.
#include "catlayout/core/checked.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/inverse.hpp"
#include "catlayout/core/predicates.hpp"
#include "catlayout/core/product.hpp"
#include "catlayout/core/slice.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/gpu/tiled.hpp"

namespace catlayout::gpu {

Result<Layout> column_major(IntTuple const& shape) {
  auto extents = flatten_values(shape);
  std::vector<Int> strides;
  Int step = 1;
  for (Int e : extents) {
    if (e < 1) return fail(ErrorKind::invalid_input, "column_major: shape ", to_string(shape), " has extent ", e);
    strides.push_back(step);
    auto next = checked_mul(step, e, "column_major: size");
    if (!next) return std::unexpected(next.error());
    step = *next;
  }
  CL_TRY(stride, substitute(strides, shape));
  return Layout::make(shape, stride);
}

namespace {

// A thread or value layout must number its threads / values exactly once: a gap or a repeat
// would leave part of the tile uncopied or copy it twice.
Result<void> check_numbering(Layout const& l, char const* what) {
  if (l.rank() > 2)
    return fail(ErrorKind::invalid_input, "make_tiled_copy: ", what, " layout ", to_string(l), " has rank ",
                l.rank(), "; expected 1 or 2 (row, col)");
  if (!is_compact(l))
    return fail(ErrorKind::invalid_input, "make_tiled_copy: ", what, " layout ", to_string(l),
                " is not a bijection onto [0, ", l.size(), ") (cosize ", cosize(l), ")");
  return {};
}

}  // namespace

// CuTe make_tiled_copy(copy_atom, thr_layout, val_layout) with a one-thread, one-value atom.
Result<TiledCopy> make_tiled_copy(Layout const& thr_layout, Layout const& val_layout) {
  CL_CHECK(check_numbering(thr_layout, "thread"));
  CL_CHECK(check_numbering(val_layout, "value"));
  // Both as (row, col): CuTe's raked_product pads the lower rank with 1:0 the same way.
  Layout thr = append_rank(thr_layout, 2), val = append_rank(val_layout, 2);
  // (row, col) -> thread + threads * value: each thread's values raked across the tile.
  CL_TRY(layout_mn, raked_product(thr, val));
  Layout inverse = right_inverse(layout_mn);
  if (inverse.size() != layout_mn.size())  // compact thr and val make layout_mn compact; kept as a guard
    return fail(ErrorKind::invalid_input, "make_tiled_copy: raked_product ", to_string(layout_mn),
                " is not a bijection (its right inverse has size ", inverse.size(), ")");
  // (thread, value) -> tile index: the inverse read through the shape (size(thr), size(val)).
  CL_TRY(tv_shape, column_major(tup(thr.size(), val.size())));
  CL_TRY(tv, composition(inverse, tv_shape));
  return TiledCopy{std::move(tv), {layout_mn.mode(0).size(), layout_mn.mode(1).size()}};
}

namespace {

Result<TiledCopy> copy_of(TiledMma const& mma, Operand op) {  // CuTe make_tiled_copy_A/B/C
  CL_TRY(tv, mma.tv(op));
  return TiledCopy{std::move(tv), mma.tile_of(op)};
}

// The checks both partitions share: rank 2, the thread in range, the image inside `extent`.
Result<void> check_partition(Layout const& tv, Int extent, Int thread, char const* against) {
  if (tv.rank() != 2)
    return fail(ErrorKind::invalid_input, "partition: TV layout ", to_string(tv), " has rank ", tv.rank(),
                "; expected 2 (thread, value)");
  Int threads = tv.mode(0).size();
  if (thread < 0 || thread >= threads)
    return fail(ErrorKind::invalid_input, "partition: thread ", thread, " outside [0, ", threads, ") of ",
                to_string(tv));
  for (Int s : tv.flat_stride())
    if (s < 0)
      return fail(ErrorKind::invalid_input, "partition: TV layout ", to_string(tv), " has a negative stride");
  if (cosize(tv) > extent)
    return fail(ErrorKind::invalid_input, "partition: TV layout ", to_string(tv), " reaches index ",
                cosize(tv) - 1, " outside the ", against, " of size ", extent);
  return {};
}

Result<ThreadPart> thread_slice(Layout const& tv, Int thread) {  // CuTe slice_and_offset((t, _), tv)
  CL_TRY(s, slice_and_offset(SliceCoord::tuple({SliceCoord::of(thread), SliceCoord::hole()}), tv));
  return ThreadPart{std::move(s.layout), s.offset};
}

}  // namespace

Result<TiledCopy> make_tiled_copy_A(TiledMma const& mma) { return copy_of(mma, Operand::A); }
Result<TiledCopy> make_tiled_copy_B(TiledMma const& mma) { return copy_of(mma, Operand::B); }
Result<TiledCopy> make_tiled_copy_C(TiledMma const& mma) { return copy_of(mma, Operand::C); }

Result<ThreadPart> partition(Layout const& tv, std::array<Int, 2> tile, Int thread) {
  if (tile[0] < 1 || tile[1] < 1)
    return fail(ErrorKind::invalid_input, "partition: tile (", tile[0], ", ", tile[1], ") is empty");
  CL_TRY(extent, checked_mul(tile[0], tile[1], "partition: tile size"));
  CL_CHECK(check_partition(tv, extent, thread, "tile"));
  return thread_slice(tv, thread);
}

// CuTe: make_tensor(data).compose(tv)(thread, _).
Result<ThreadPart> partition(Layout const& tv, Layout const& data, Int thread) {
  CL_CHECK(check_partition(tv, data.size(), thread, "data layout"));
  auto composed = composition(data, tv);
  if (!composed) return in_context(composed.error(), "partition: data o tv: ");
  return thread_slice(*composed, thread);
}

}  // namespace catlayout::gpu
