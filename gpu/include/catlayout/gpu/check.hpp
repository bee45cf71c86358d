#pragma once
// "Is my layout this fragment?": a user's layout against the catalogue, as functions.
//
// The user's layout is a CuTe TV layout (thread, value) -> offset into the operand's column-major
// tile (gpu/README.md, Conventions: A (m,k) -> m + M k, B (n,k) -> n + N k, C (m,n) -> m + M n,
// copies (e,s) -> e + 8 s), in any notation core's one reader takes (parse_any_layout): integer
// strides, a swizzled layout (Sw<B,M,S> o L), or coordinate strides, where 1@0 steps the row and
// 1@1 the column ((t, v) -> (row, col) directly). Against a wgmma shared-memory layout
// (wgmma.smem.*) the layout is read as the atom, (mn, k) -> element offset.
//
// Order: differences are searched in the layout's own index order i = t + threads * v (thread
// fastest: CuTe's colexicographic order of (thread, value), as check_fragment reports), so the
// first difference is the one of smallest value, and of smallest thread among those.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// The first (thread, value) at which the catalogue and the layout differ. For a shared-memory
// atom, thread and value are (mn, k) and the coordinates are unset (row = col = -1).
struct Mismatch {
  Int thread = 0, value = 0;
  Int expected = 0, got = 0;  // offsets: the tile's row + rows * col, or the atom's element offset
  Coord expected_at, got_at;  // fragments: the offsets as (row, col) of the operand tile
};

// One catalogued entry compared with the layout at every (thread, value) of its domain.
struct CheckResult {
  std::string name;     // instruction or shared-memory layout name
  std::string operand;  // "A", "B", "C", "src", "dst"; "" for a shared-memory atom
  std::string catalogue_layout;  // the entry's layout in catlayout notation
  Int threads = 0, values = 0;   // the entry's domain (atoms: MN x K)
  Int rows = 0, cols = 0;        // the entry's tile (atoms: the atom's MN x K extent)
  bool same_shape = true;  // the layout's (mode 0, mode 1) sizes are (threads, values); else
                           // (nearest only) compared by flat index i = t + threads * v
  Int agree = 0;           // the (thread, value) at which both agree, of threads * values
  std::optional<Mismatch> first;  // the first difference; none: equal as functions
  bool equal() const { return same_shape && !first; }
  Int total() const { return threads * values; }
};

// The layout against instruction `name`'s fragment of `operand`, or against the shared-memory
// layout `name` (operand then empty, "A" or "B": the atom is the same for both).
// Errors (invalid_input): unknown name or operand (naming what exists); a layout that is not of
// rank 2; a thread count or value count other than the fragment's (both numbers named); an
// offset (or coordinate) outside the tile (the first such (thread, value), its offset and the tile);
// a coordinate layout whose strides name modes other than 0 (row) and 1 (col), or against an atom.
Result<CheckResult> check_layout(std::string_view name, std::string_view operand, AnyLayout const& layout);
// The same for a text read by parse_any_layout (its error, when it reads none).
Result<CheckResult> check_layout(std::string_view name, std::string_view operand, std::string_view layout_text);

// Entries with one function: every catalogued name x operand whose layout (and tile) is the same.
struct NearMatch {
  CheckResult result;              // for the first of them, in catalogue order
  std::vector<std::string> names;  // "NAME OPERAND" (atoms: "NAME") of every entry in the group
};

// The catalogued entries closest to the layout: those whose domain has the layout's size
// (threads * values, atoms MN * K), restricted to `operand` (empty: any; atoms count as A and B)
// and to instruction `name` (empty: any). Closeness: equal first, then the same (threads, values)
// shape before a different split of the same size, then more agreeing (thread, value), then
// catalogue order (fragments, then atoms). Entries with the same layout and tile are one group.
// At most `top` groups. Errors: the layout's rank is not 2, unknown operand or name; an empty
// list when no entry has the layout's size.
Result<std::vector<NearMatch>> nearest(AnyLayout const& layout, std::string_view operand = "",
                                       std::string_view name = "", std::size_t top = 5);

// Text for people: "(thread 1, value 0)" or "(mn 1, k 0)", and a result in one or more lines
// (what `catlayout gpu check` prints).
std::string describe(CheckResult const& r);
std::string describe(std::vector<NearMatch> const& near, AnyLayout const& layout);

// What `catlayout gpu check [NAME] [OPERAND] LAYOUT` answers: the text it prints and whether the
// layout equals the entry (nearest: whether the closest group is equal).
struct CheckAnswer {
  std::string text;
  bool equal = false;
};
// args: [NAME] [OPERAND] LAYOUT, 1 to 3 texts, the last the layout in any notation. NAME and OPERAND,
// or a shared-memory layout's NAME, compare with that one entry (check_layout); otherwise the `top`
// nearest groups, restricted to the operand or instruction given (of two texts, the first is the
// operand when it reads as one). Errors: the count of texts, the layout's reading, and those above.
Result<CheckAnswer> check_args(std::span<std::string const> args, std::size_t top);

}  // namespace catlayout::gpu
