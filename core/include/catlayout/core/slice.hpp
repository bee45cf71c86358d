#pragma once
// CuTe's slice: a coordinate with holes (written _) selects the sub-layout of the modes under
// the holes; the integer parts fix an offset (CuTe slice_and_offset, paper §4.1.5 "sublayouts").
#include <optional>
#include <vector>

#include "catlayout/core/layout.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout {

// An integer, a hole _, or a tuple of slice coordinates.
struct SliceCoord {
  enum class Kind { integer, hole, tuple };
  Kind kind = Kind::hole;
  Int value = 0;
  std::vector<SliceCoord> children;
  // Read in CuTe's print with its marks (parse_slice_coord with Integers::as_printed): an integer
  // without `_` is a run-time value (CuTe's `int`), and the answer is CuTe's print (slice_printed.hpp).
  bool run_time = false;  // this integer
  bool printed = false;   // the whole coordinate (set on every node)
  static SliceCoord of(Int v) { return {Kind::integer, v, {}}; }
  static SliceCoord hole() { return {Kind::hole, 0, {}}; }
  static SliceCoord tuple(std::vector<SliceCoord> c) { return {Kind::tuple, 0, std::move(c)}; }
  bool has_hole() const;
};

std::string to_string(SliceCoord const& c);  // (_,1)
// CuTe's notation of a coordinate with holes: integers (with or without CuTe's static mark, _2),
// _ for a hole, nested tuples: (1,_,(2,_)). Errors name the column.
Result<SliceCoord> parse_slice_coord(std::string_view text);
// The same in CuTe's print: `_3` static, `3` run-time, `_` a hole (every node marked `printed`).
Result<SliceCoord> parse_printed_slice_coord(std::string_view text);

struct SliceResult {
  SliceResult() = default;
  SliceResult(Layout l, Int off, std::optional<Swizzle> sw = std::nullopt, Int sw_offset = 0)
      : layout(std::move(l)), offset(off), swizzle(sw), swizzle_offset(sw_offset) {}

  Layout layout;  // the modes under the holes, concatenated in order (CuTe flattens the levels)
  Int offset = 0; // L(c) with every hole read as 0
  // Set where the sub-layout stays swizzled (slice_swizzled.hpp: CuTe's slice of Sw o k o L): the
  // sub-layout is then `swizzle o swizzle_offset o layout`, and `offset` is added after the swizzle.
  std::optional<Swizzle> swizzle;
  Int swizzle_offset = 0;
  // CuTe's print of the sub-layout and of the offset with its static and run-time marks, for a
  // coordinate read in CuTe's print (slice_printed.hpp): `((_2,_2,_2)):((-1,-2,4))` and `27`; empty otherwise.
  std::string printed_layout, printed_offset;
};

// pre (else invalid_input, naming the mode): the coordinate is congruent to a coarsening of the
// shape and every integer is inside its mode.
Result<SliceResult> slice_and_offset(SliceCoord const& c, Layout const& l);
Result<Layout> slice(SliceCoord const& c, Layout const& l);

}  // namespace catlayout
