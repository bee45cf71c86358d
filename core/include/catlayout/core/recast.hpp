#pragma once
// Element-size changes (CuTe upcast<N>, downcast<N>, recast_layout<Old,New>: cute/layout.hpp,
// cute/swizzle_layout.hpp, cute/layout_composed.hpp): the layout of the same memory seen through
// elements N times larger (upcast) or smaller (downcast).
//
// CuTe documents them per mode (cute/layout.hpp: "For stride-1 mode, divide size by N. Divide all
// other strides by N." and "For stride-1 mode, multiply size by N. Multiply all other strides by
// N."): that rule is the definition (docs/definitions.md upcast, downcast) and the default answer.
// Under Convention::categorical (the CLI's --strict; upcast.strict, downcast.strict) catlayout
// checks the answer against what the change of element size means for the memory (tabulated):
// - downcast<N>: sub-element r of old element c is new element N*L(c) + r, and CuTe puts r in the
//   one mode of stride 1 (index c_u*N + r there). Right exactly when one flat mode has stride +-1 and
//   it is +1: a -1 mode runs its sub-elements backwards, two unit modes multiply the size by N^2.
// - upcast<N>: old element at offset x lies in new element floor(x / N); CuTe maps coordinate c to
//   the new coordinate with c_k / (N / |d_k|) in each mode of 0 < |d_k| < N. Right when that new
//   element is floor(L(c) / N) for every c (not so for a negative stride of |d| < N, nor for modes
//   whose small strides add up across a multiple of N).
// Where that check fails: inadmissible, flagged cute_answers.
#include "catlayout/core/convention.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// CuTe upcast<N>(L); pre: N >= 1 (else invalid_input); each nonzero stride d and N divide one
// another (CuTe's static_assert; else inadmissible).
Result<Layout> upcast(Layout const& l, Int n, Convention c = Convention::cute);
// CuTe downcast<N>(L); pre: N >= 1; some stride is 1 (CuTe: "Downcast requires adjacent elements").
Result<Layout> downcast(Layout const& l, Int n, Convention c = Convention::cute);
// CuTe upcast<N>(Swizzle<B,M,S>): Sw<B,M-log2 N,S>, or Sw<max(B+M-log2 N,0),0,S> below bit 0;
// downcast<N>: Sw<B,M+log2 N,S>. pre: N a power of two (else invalid_input).
Result<Swizzle> upcast(Swizzle const& s, Int n);
Result<Swizzle> downcast(Swizzle const& s, Int n);
// CuTe on ComposedLayout: each of swizzle, offset (upcast: offset / N, which must divide; downcast:
// offset * N) and layout; checked as a whole against the element-size meaning above.
Result<ComposedLayout> upcast(ComposedLayout const& c, Int n, Convention conv = Convention::cute);
Result<ComposedLayout> downcast(ComposedLayout const& c, Int n, Convention conv = Convention::cute);
// CuTe recast_layout<Old,New>: new/old = num/den in lowest terms; 1/1 the layout itself, 1/den
// downcast<den>, num/1 upcast<num>, else downcast<den>(upcast<num>(L)). pre: bits >= 1.
Result<Layout> recast_layout(Layout const& l, Int old_bits, Int new_bits, Convention c = Convention::cute);
Result<ComposedLayout> recast_layout(ComposedLayout const& c, Int old_bits, Int new_bits,
                                     Convention conv = Convention::cute);

}  // namespace catlayout
