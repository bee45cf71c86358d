#pragma once
// CuTe's integers are static (a type, `Int<4>`, printed `_4`) or run-time (a value, `int`, printed
// `4`), and its algorithms branch on which (cute/numeric/integral_constant.hpp, `is_static`,
// `is_constant`): a run-time extent-1 mode is kept, a run-time stride does not merge, some
// operations refuse run-time values. A mixed value carries that mark on every integer, so that
// the algebra can give CuTe's run-time answers in CuTe's printed form (docs/definitions.md,
// "Static and run-time integers").
//
// These are plain trees: the run-time path follows CuTe's recursions mode by mode, and a layout
// whose integers are all static takes core's flat Layout instead.
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout {

// An integer and whether CuTe holds it in its type (`_4`) or in a register (`4`).
struct MixedInt {
  Int value = 0;
  bool is_static = true;
  bool operator==(MixedInt const&) const = default;
};

// CuTe's nested tuple of such integers: a leaf or a tuple of modes (paper §2.2's nested tuple).
struct MixedTuple {
  MixedInt leaf{};
  std::vector<MixedTuple> modes;
  bool is_leaf = true;

  MixedTuple() = default;
  MixedTuple(MixedInt v) : leaf(v) {}  // NOLINT: an integer is a depth-0 tuple
  static MixedTuple tuple(std::vector<MixedTuple> modes);
  std::size_t rank() const { return is_leaf ? 1 : modes.size(); }
  MixedTuple const& mode(std::size_t i) const { return is_leaf ? *this : modes[i]; }
  bool operator==(MixedTuple const&) const = default;
};

struct MixedLayout {
  MixedTuple shape, stride;
  bool operator==(MixedLayout const&) const = default;
};

// CuTe's tiler: a layout, an integer n (CuTe's make_layout(n)), or a by-mode tuple of tilers.
struct MixedTiler {
  enum class Kind { layout, integer, by_mode } kind = Kind::layout;
  MixedLayout layout;             // Kind::layout
  MixedInt integer{};             // Kind::integer
  std::vector<MixedTiler> modes;  // Kind::by_mode
};

// The flat integers, in order.
std::vector<MixedInt> flatten(MixedTuple const& t);
bool all_static(MixedTuple const& t);
bool all_static(MixedLayout const& l);
bool all_static(MixedTiler const& t);

// Every integer marked static, and back (the marks dropped: the function is the same).
MixedTuple mark_static(IntTuple const& t);
MixedLayout mark_static(Layout const& l);
IntTuple unmarked(MixedTuple const& t);
Result<Layout> unmarked(MixedLayout const& l);

// CuTe's print: `(4,_8):(_1,4)`, static integers with a leading `_`.
std::string to_string(MixedTuple const& t);
std::string to_string(MixedLayout const& l);
std::string to_string(MixedTiler const& t);

// Which reading of integers: as today (every integer static, CuTe's answer with static
// integers), or as CuTe prints them (`_4` static, `4` run-time).
enum class Integers { all_static, as_printed };

// Whether a text writes CuTe's static mark (`_` before a digit or a minus sign), so that its
// integers are read as printed.
bool has_static_marks(std::string_view text);

// Readers of CuTe's printed forms: an int tuple `(4,(_2,3))`, a layout `shape:stride`, a tiler (a
// layout, an integer, or a tuple of tilers). Errors name the position and what was expected.
Result<MixedTuple> read_mixed_tuple(std::string_view text, Integers integers);
Result<MixedLayout> read_mixed_layout(std::string_view text, Integers integers);
Result<MixedTiler> read_mixed_tiler(std::string_view text, Integers integers);

}  // namespace catlayout
