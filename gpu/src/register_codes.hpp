#pragma once
// Gpu-internal: observations read back from the codes the probes send through the accumulator, as
// the dense (probe_plan.cpp) and the sparse (probe_sparse.cpp) probes read them.
#include "catlayout/gpu/observe.hpp"

namespace catlayout::gpu {

// The accumulator's own slots: slot (t, v) spells m + 1 over the planes [0, pm) and n + 1 over
// [pm, pm + pn) (code(first, planes, t, v, note): -1 with a note where a reading is off); a code
// outside 1..M, 1..N is noted (0: no product reached the slot).
template <class Code>
ObservedMap accumulator_from_codes(Int threads, Int values, Int pm, Int pn, Int M, Int N, Code code) {
  ObservedMap obs(threads, values);
  for (Int t = 0; t < threads; ++t)
    for (Int v = 0; v < values; ++v) {
      std::string note;
      Int m = code(0, pm, t, v, note);
      Int n = note.empty() ? code(pm, pn, t, v, note) : -1;
      if (!note.empty()) obs.add_note(t, v, note);
      else if (m <= 0 || n <= 0 || m > M || n > N)
        obs.add_note(t, v, str("row code ", m, ", column code ", n, " (0: no product reached this slot)"));
      else obs.set(t, v, {m - 1, n - 1});
    }
  return obs;
}

// Where a warpgroup's register operand was read: slot (t, v) of the operand (128 threads, `values`
// each) holds the code 1 + t + 128 v; the accumulator slot that sits at (m, n) of group g read
// element (m, col(g, n)) of the operand and gives back the code it saw (code(g, t, v, note)).

// col(g, n): the operand's column, negative where group g's column n holds none.
template <class Col, class Code>
ObservedMap slots_from_codes(Int values, Int groups, Int c_values, ObservedMap const& obs_c, Col col, Code code) {
  ObservedMap obs(128, values);
  for (Int g = 0; g < groups; ++g)
    for (Int t = 0; t < 128; ++t)
      for (Int v = 0; v < c_values; ++v) {
        Coord mn = obs_c.get(t, v);
        if (mn.row < 0) continue;
        Int k = col(g, mn.col);
        if (k < 0) continue;
        std::string note;
        Int c = code(g, t, v, note);
        if (!note.empty() || c <= 0 || c > 128 * values) continue;  // the slot stays unobserved, noted below
        Int st = (c - 1) % 128, sv = (c - 1) / 128;
        Coord prev = obs.get(st, sv);
        if (prev.row >= 0 && prev != Coord{mn.row, k})
          obs.add_note(st, sv, str("read at both ", to_string(prev), " and ", to_string(Coord{mn.row, k})));
        obs.set(st, sv, {mn.row, k});
      }
  for (Int t = 0; t < 128; ++t)
    for (Int v = 0; v < values; ++v)
      if (obs.get(t, v).row < 0) obs.add_note(t, v, "no accumulator read this slot");
  return obs;
}

}  // namespace catlayout::gpu
