#pragma once
// The algebra's theorems as checkable properties (paper ch. 2; CuTe's post-conditions).
// Each property takes its inputs and answers holds, vacuous (a precondition failed: the
// operation is partial and refused, as documented) or fails with a counterexample text that
// names the inputs in CuTe notation and in the JSON of docs/vector-format.md.
// The same functions back the RapidCheck tests and the bounded-exhaustive `catlayout prove`.
#include <span>
#include <string>
#include <vector>

#include "catlayout/core.hpp"

namespace catlayout::proofs {

enum class Verdict { holds, vacuous, fails };

struct Outcome {
  Verdict verdict = Verdict::holds;
  std::string detail;  // the counterexample (fails) or the refused precondition (vacuous)

  static Outcome ok() { return {}; }
  static Outcome skip(std::string why = {}) { return {Verdict::vacuous, std::move(why)}; }
  static Outcome fail(std::string what) { return {Verdict::fails, std::move(what)}; }
  explicit operator bool() const { return verdict != Verdict::fails; }
};

// `(6,2):(8,2) {"shape":[6,2],"stride":[8,2]}`: how every counterexample names a layout.
std::string describe(Layout const& l);

// An evaluator independent of core's: flat colexicographic with the last mode unbounded.
struct FlatFn {
  std::vector<Int> shape, stride;
  explicit FlatFn(Layout const& l);
  Int operator()(Int i) const;  // extended function; pre: i >= 0, no overflow
  Int size() const;
};
std::vector<Int> table(Layout const& l);  // FlatFn on [0, size)

// ---- the properties; arguments are the generated / enumerated inputs ----
// Layout::operator(), tabulate and at_coord agree with the independent evaluator.
Outcome evaluate_agrees(Layout const& a);
// is_injective, is_compact, is_coalesced, is_non_degenerate agree with their brute-force definitions.
Outcome predicates_agree(Layout const& a);
// coal(coal A) = coal A.
Outcome coalesce_idempotent(Layout const& a);
// coal A has A's size and function, depth <= 1, no size-1 mode (unless it is 1:0).
Outcome coalesce_preserves_function(Layout const& a);
// No layout with fewer modes has A's function (every one is enumerated: its strides are forced).
Outcome coalesce_minimal(Layout const& a);
// Phi_A = Phi_B iff coal(A) = coal(B) (pre: size A = size B, else vacuous).
Outcome coalesce_characterises_function(Layout const& a, Layout const& b);
// R = A o B, when admissible: size B, R(i) = A(B(i)) with A extended; refused only as inadmissible.
Outcome composition_function(Layout const& a, Layout const& b);
// R = A o B keeps B's nesting: shape(R) refines shape(B) (catlayout::refines).
Outcome composition_refines(Layout const& a, Layout const& b);
// (A o B) o C = A o (B o C) as functions when all four are defined and C stays in B's domain
// (past it, (A o B) o C reads the extension of A o B, which is not promised to be A(B(.))).
Outcome composition_associative(Layout const& a, Layout const& b, Layout const& c);
// C = comp(A, N): sorted, coalesced, disjoint from A, (filter A, C) compact, the least cover of N.
Outcome complement_properties(Layout const& a, Int n);
// Brute force: C is the only sorted, coalesced X with (filter A, X) compact of C's size (size <= 63).
Outcome complement_unique(Layout const& a, Int n);
// layout<0>(zipped_divide(A, B)) = A o B, and the divide is A extended over (B, comp(B, size A)).
Outcome divide_mode0_is_composition(Layout const& a, Layout const& b);
// When size(A (/) B) = size A, every offset of A appears in it exactly as often as in A.
Outcome divide_permutes(Layout const& a, Layout const& b);
// A (x) B = (A, _): mode 0 is A, size is size A * size B; injective A and B give an injective product.
Outcome product_mode0_is_a(Layout const& a, Layout const& b);
// blocked and raked products rearrange the same offsets: equal multisets, size A * size B.
Outcome blocked_raked_agree(Layout const& a, Layout const& b);
// R = right_inverse(L): L(R(i)) = i on R's domain; R covers L when L is compact.
Outcome right_inverse_property(Layout const& l);
// R = left_inverse(L) for injective L: R(L(i)) = i on L's domain (refused only as inadmissible).
Outcome left_inverse_property(Layout const& l);
// parse_layout(to_string(L)) = L.
Outcome text_round_trip(Layout const& l);
// layout_from_json(to_json(L)) = L, also through the serialised text.
Outcome json_round_trip(Layout const& l);

}  // namespace catlayout::proofs
