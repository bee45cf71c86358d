#pragma once
// CuTe's coordinate maps over static and run-time integers (mixed.hpp): crd2idx, idx2crd and
// crd2crd as CuTe C++ 4.2 computes them (cute/stride.hpp), each integer of the answer static
// exactly where CuTe's arithmetic keeps it static (a static 0 times anything is _0, ...).
// Their values are those of coord_layout's crd2idx / idx2crd / crd2crd on the unmarked integers;
// the op rows hold them to that.
#include "catlayout/core/mixed.hpp"

namespace catlayout {

// cute/stride.hpp:102 crd2idx(coord, shape, stride): the inner product, an integer coordinate
// split over a tuple shape by divmod (the last mode unbounded).
Result<MixedInt> crd2idx(MixedTuple const& coord, MixedTuple const& shape, MixedTuple const& stride);
// cute/stride.hpp:152 crd2idx(coord, shape): Horner's rule over the flattened coordinate.
Result<MixedInt> crd2idx(MixedTuple const& coord, MixedTuple const& shape);
// cute/stride.hpp:185 idx2crd(idx, shape, stride): (idx / d) % s at each leaf.
Result<MixedTuple> idx2crd(MixedTuple const& idx, MixedTuple const& shape, MixedTuple const& stride);
// cute/stride.hpp:228 idx2crd(idx, shape): colexicographic, through crd2idx with basis strides.
Result<MixedTuple> idx2crd(MixedTuple const& idx, MixedTuple const& shape);
// cute/stride.hpp:256 crd2crd(coord, src_shape, dst_shape).
Result<MixedTuple> crd2crd(MixedTuple const& coord, MixedTuple const& src_shape, MixedTuple const& dst_shape);

}  // namespace catlayout
