#pragma once
// What the hardware did, as a map (thread, value) -> (row, col), and its comparison with the
// catalogue. Unobserved or contradictory slots carry a note saying why.
#include <array>
#include <string>
#include <vector>

#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

struct ObservedMap {
  Int threads = 0, values = 0;
  std::vector<Coord> at;          // index t + threads * v; Coord{} (-1,-1) when not observed
  std::vector<std::string> note;  // per slot, "" unless something was odd

  ObservedMap() = default;
  ObservedMap(Int t, Int v);
  Coord get(Int t, Int v) const { return at[static_cast<std::size_t>(t + threads * v)]; }
  void set(Int t, Int v, Coord c) { at[static_cast<std::size_t>(t + threads * v)] = c; }
  std::string const& note_at(Int t, Int v) const { return note[static_cast<std::size_t>(t + threads * v)]; }
  void add_note(Int t, Int v, std::string const& s);  // keeps the first note of a slot
};

// The catalogue's own prediction: the layout tabulated (what a correct observation equals).
ObservedMap expected_map(Fragment const& f);

struct Verdict {
  bool confirmed = false;
  Int mismatches = 0;             // slots where observation != layout
  Int thread = -1, value = -1;    // the first offending slot (thread-major order)
  Coord expected, observed;
  std::string message;            // "" when confirmed
};
// pre: obs has f's (threads, values). Confirmed iff every slot equals the layout and has no note.
Verdict compare(Fragment const& f, ObservedMap const& obs);
// The same against any expected map (shared-memory layouts: (mn, k) -> (mn, k) itself).
Verdict compare(ObservedMap const& expected, ObservedMap const& obs);

// (thread, value, row, col) rows of a map, value-major as the layout enumerates them.
std::vector<std::array<Int, 4>> table(ObservedMap const& m);

}  // namespace catlayout::gpu
