#pragma once
// CuTe's slice_and_offset with static and run-time integers in the coordinate (mixed.hpp): the answer
// of slice.hpp / slice_swizzled.hpp with CuTe C++ 4.2's print of it, its marks as CuTe computes them
// (docs/definitions.md slice_and_offset, "Static and run-time integers"):
//  - the offset is run-time where a run-time integer meets a mode with a non-zero stride (CuTe's
//    `int * _0` is `_0`);
//  - a swizzled layout's Y/Z bits of the fixed coordinates are CuTe's MixedBits (cute/swizzle.hpp):
//    run-time on the bits a run-time leaf can reach, printed `M_S|(D&F)=V` where they stay in the
//    swizzle's offset; in the decayed form each Y/Z stride reads one bit of them and is run-time where
//    that bit is, and the layout is CuTe's composition of that mixed layout (mixed_algebra.hpp).
#include "catlayout/core/slice_swizzled.hpp"

namespace catlayout {

// The numeric answer with printed_layout and printed_offset set (the coordinate's `run_time` marks read).
Result<SliceResult> slice_and_offset_printed(SliceCoord const& c, Layout const& l);
Result<SliceResult> slice_and_offset_printed(SliceCoord const& c, ComposedLayout const& l);

}  // namespace catlayout
