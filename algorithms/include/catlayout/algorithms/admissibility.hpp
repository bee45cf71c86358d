#pragma once
// Admissibility for composition (paper §4.1.6, after Shah, "A note on the algebra of CuTe layouts",
// reconstructed; docs/census.md and algorithms/README.md state it in full). Paper order: B o A,
// A applied first (core: composition(B, A)).
//
// Let A's modes of shape > 1 and stride != 0 be s_i:d_i (the others add nothing to A's function),
// coal(B) have flat shape (u_1, ..., u_p) and P_k = u_1 ... u_k (P_0 = 1). A and B are admissible when
//  (a,b) each d_i has a division index k: P_{k-1} | d_i and d_i | P_k (d_i lands on whole steps of u_k),
//  (c,d) each d_i s_i has a division index l: P_{l-1} | d_i s_i and d_i s_i | P_l,
//  (e)   for i != i', the intervals [d_i, d_i s_i) and [d_i', d_i' s_i') do not overlap, and
//        every d_i > 0 (a negative stride leaves B's domain).
// extended (Shah's original, B's last mode unbounded as in CuTe): the u_k are the shape of CuTe's
// coalesce_extended(B) (its last flat mode is the unbounded one, kept even when of size 1), and at
// k = p (l = p) only P_{p-1} | d_i (P_{p-1} | d_i s_i) is required.
#include "catlayout/core/layout.hpp"

namespace catlayout::algorithms {

// §4.1.6 (reconstructed above); returns inadmissible naming the failed condition and its numbers.
Result<void> admissible_for_composition(Layout const& a, Layout const& b, bool extended = false);

}  // namespace catlayout::algorithms
