// CuTe's print of slice_and_offset with run-time coordinates (slice_printed.hpp).
#include "catlayout/core/slice_printed.hpp"

#include "catlayout/core/composition.hpp"
#include "catlayout/core/mixed_algebra.hpp"
#include "catlayout/core/notation.hpp"
#include "slice_fields.hpp"

namespace catlayout {
namespace {

std::string marked(Int v, bool is_static) { return (is_static ? "_" : "") + std::to_string(v); }

// Whether the fixed coordinates' offset is static: each run-time integer's mode has only 0 strides.
bool offset_static(SliceCoord const& c, Layout const& m) {
  switch (c.kind) {
    case SliceCoord::Kind::hole: return true;
    case SliceCoord::Kind::integer: {
      if (!c.run_time) return true;
      for (Int d : m.flat_stride())
        if (d != 0) return false;
      return true;
    }
    case SliceCoord::Kind::tuple: break;
  }
  for (std::size_t i = 0; i < c.children.size(); ++i)
    if (!offset_static(c.children[i], m.mode(i))) return false;
  return true;
}

// CuTe's print of MixedBits<S,F> holding v: `M_S|(D&F)=V`, S = v's static bits, D = its run-time ones.
std::string mixed_bits(Int v, Int flags) {
  if (flags == 0) return marked(v, true);
  return str("M_", v & ~flags, "|(", v & flags, "&", flags, ")=", v);
}

}  // namespace

Result<SliceResult> slice_and_offset_printed(SliceCoord const& c, Layout const& l) {
  CL_TRY(r, slice_and_offset(c, l));
  r.printed_layout = to_string(mark_static(r.layout));
  r.printed_offset = marked(r.offset, offset_static(c, l));
  return r;
}

Result<SliceResult> slice_and_offset_printed(SliceCoord const& c, ComposedLayout const& l) {
  CL_TRY(r, slice_and_offset(c, l));
  if (detail::all_holes(c) || l.sw.is_identity()) {  // CuTe's reshape: every integer static
    r.printed_layout = r.swizzle ? to_string(ComposedLayout{*r.swizzle, r.swizzle_offset, r.layout}, Notation::cute)
                                 : to_string(mark_static(r.layout));
    r.printed_offset = marked(r.offset, !r.swizzle ? offset_static(c, l.layout) : true);
    return r;
  }
  // The run-time bits of k' (CuTe's MixedBits flags): what the run-time leaves can reach on Y and Z;
  // the other bits of the fixed coordinates' offset are static where no run-time leaf reaches them.
  CL_TRY(only_zy, detail::projection(l.sw, true));
  CL_TRY(anti_zy, detail::projection(l.sw, false));
  std::vector<detail::DicedLeaf> diced;
  detail::dice_leaves(c, l.layout, diced);
  Int flags = 0;
  bool rest_static = true;
  for (auto const& leaf : diced) {
    if (!leaf.run_time) continue;
    CL_CHECK(detail::zy_bits(only_zy, leaf, &flags));
    CL_TRY(leaf_layout, Layout::make(IntTuple(leaf.shape), IntTuple(leaf.stride)));
    CL_TRY(a, composition(anti_zy, leaf_layout));
    for (Int d : a.flat_stride()) rest_static = rest_static && d == 0;
  }
  CL_TRY(sliced, slice(c, l.layout));
  if (r.swizzle) {  // Sw o k' o slice(c, L), the offset the other bits
    r.printed_layout = to_string(*r.swizzle) + " o " + mixed_bits(r.swizzle_offset, flags) + " o " + to_string(mark_static(sliced));
    r.printed_offset = marked(r.offset, rest_static);
    return r;
  }
  // Decayed: CuTe's composition of the swizzle's mixed layout with slice(c, L); the offset Sw(k') + rest.
  if (flags == 0) {
    r.printed_layout = to_string(mark_static(r.layout));
  } else {
    Int k = l.offset;
    for (auto const& leaf : diced) {
      CL_TRY(bits, detail::zy_bits(only_zy, leaf));
      k ^= bits;
    }
    CL_TRY(sw_layout, detail::decayed_swizzle(l.sw, k, flags));
    CL_TRY(m, composition(sw_layout, mark_static(sliced)));
    CL_TRY(plain, unmarked(m));
    if (plain.size() != r.layout.size())
      return fail(ErrorKind::invalid_input, "CuTe's run-time composition ", to_string(m), " has size ", plain.size(),
                  ", the static answer ", to_string(r.layout), " ", r.layout.size());
    for (Int j = 0; j < plain.size(); ++j)
      if (plain(j) != r.layout(j))
        return fail(ErrorKind::invalid_input, "CuTe's run-time composition ", to_string(m), " differs from the static answer ",
                    to_string(r.layout), " at ", j);
    r.printed_layout = to_string(m);
  }
  r.printed_offset = marked(r.offset, flags == 0 && rest_static);
  return r;
}

}  // namespace catlayout
