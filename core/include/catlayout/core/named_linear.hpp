#pragma once
// Triton's linear layouts (docs/definitions.md, "Triton's linear layouts"; Triton's
// include/triton/Tools/LinearLayout.h): an F2-linear map from named input dimensions (register,
// lane, warp, block, or any names) to named output dimensions (dim0, dim1, ...), every dimension
// of power-of-two size, given by the image of each input bit: one entry per output dimension.
// Flattened, the first dimension is the most minor (Triton's convention), which is CuTe's
// colexicographic order: a layout over (dim0, dim1) is a CuTe layout into the column-major index
// dim0 + size(dim0) * dim1, as CuTe indexes an (M, N) tile.
//
// Text forms read and written (docs/notation.md, "Compilers' types"):
//   TritonGPU's attribute  #ttg.linear<{register = [[0, 1], [8, 0]], lane = [...], warp = [], block = []}>
//   LinearLayout's print    - register=1 -> (0, 1) ... where out dims are: [dim0 (size 16), dim1 (size 8)]
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/notation.hpp"

namespace catlayout {

struct NamedDim {
  std::string name;
  Int size = 1;  // a power of two
  bool operator==(NamedDim const&) const = default;
};

// An input dimension: bases[k] = the image of 2^k, one entry per output dimension.
struct InDim {
  std::string name;
  std::vector<std::vector<Int>> bases;
  Int size() const { return Int{1} << bases.size(); }
  bool operator==(InDim const&) const = default;
};

class NamedLinearLayout {
 public:
  // pre (else invalid_input): names unique within ins and within outs, sizes powers of two, every
  // basis one entry per output dimension each in [0, size), at most 62 input and 62 output bits.
  static Result<NamedLinearLayout> make(std::vector<InDim> ins, std::vector<NamedDim> outs);
  // Triton's LinearLayout(bases, outDimNames): each output size the smallest power of two above
  // every basis entry of that dimension (1 where all are 0); require_surjective: refused unless
  // every output is reached (Triton's default, and the #ttg.linear attribute's).
  static Result<NamedLinearLayout> make_inferred(std::vector<InDim> ins, std::vector<std::string> out_names,
                                                 bool require_surjective);
  NamedLinearLayout() = default;

  std::vector<InDim> const& ins() const { return ins_; }
  std::vector<NamedDim> const& outs() const { return outs_; }
  // The map on flat indices: input bits dimension by dimension (the first the most minor), outputs
  // likewise.
  LinearLayout const& flat() const { return flat_; }
  Int in_size() const { return flat_.size(); }
  Int out_size() const { return Int{1} << flat_.out_bits(); }
  bool injective() const;   // the flat images are linearly independent
  bool surjective() const;  // the flat images span every output bit

  bool operator==(NamedLinearLayout const& o) const { return ins_ == o.ins_ && outs_ == o.outs_; }

 private:
  std::vector<InDim> ins_;
  std::vector<NamedDim> outs_;
  LinearLayout flat_;
};

// The layout applied to named inputs (Triton's apply) (every input dimension named once, each value in [0, size)):
// one value per output dimension, in its order.
Result<std::vector<Int>> evaluate(NamedLinearLayout const& f, std::vector<std::pair<std::string, Int>> const& inputs);

// second o first (first applied first; Triton's first.compose(second)): pre (else inadmissible)
// first's output dimensions are second's input dimensions, the same names in the same order, each
// no larger there. Names kept: first's inputs, second's outputs.
Result<NamedLinearLayout> compose(NamedLinearLayout const& first, NamedLinearLayout const& second);
// f^-1 (Triton's invert): pre (else inadmissible) f bijective. Inputs f's outputs, outputs f's inputs.
Result<NamedLinearLayout> invert(NamedLinearLayout const& f);
// Triton's pseudoinvert: P from f's outputs to f's inputs with f(P(y)) = y on f's image, P(y) the
// preimage Triton's elimination picks (docs/definitions.md), and P zero on a complement of the image.
Result<NamedLinearLayout> pseudoinvert(NamedLinearLayout const& f);

// To CuTe: where every input dimension is one of register, lane, warp, block, the thread-value
// layout (T, V) with T = lane, warp, block bits (CuTe's thread index lane + 32 warp) and V = register
// bits; otherwise one mode per input dimension in order; each mode coalesced. A plain layout where
// the integer sum is the XOR (the flat images pairwise bit-disjoint); otherwise Sw<B,M,S> o 0 o P as
// to_cute(LinearLayout) finds one (flat); not_representable, naming the two bits, where neither.
Result<AnyLayout> to_cute(NamedLinearLayout const& f);
// From CuTe: L's domain index split into the named input dimensions (the first the most minor, the
// sizes' product size(L)), its values split into the output dimensions likewise. pre (else
// not_representable or invalid_input): to_linear(L) (power-of-two modes, bit-disjoint images) and
// every value below the product of the output sizes.
Result<NamedLinearLayout> from_cute(Layout const& l, std::vector<NamedDim> const& ins, std::vector<NamedDim> outs);

// LinearLayout's print ( - register=1 -> (0, 1) ... where out dims are: [dim0 (size 16), ...]).
std::string to_string(NamedLinearLayout const& f);
// TritonGPU's #ttg.linear attribute: pre (else invalid_input) the inputs are register, lane, warp,
// block in that order and the outputs dim0, dim1, ... with the sizes the attribute infers.
Result<std::string> to_ttg_linear(NamedLinearLayout const& f);
// Either text form.
Result<NamedLinearLayout> parse_named_linear(std::string_view text);
// Whether text is written in one of the two forms (what parse_named_linear reads).
bool is_named_linear_text(std::string_view text);

}  // namespace catlayout
