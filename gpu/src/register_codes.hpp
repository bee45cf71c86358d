#pragma once
// Gpu-internal: where a warpgroup's register operand was read, from the codes its slots carried.
// Slot (t, v) of the operand (128 threads, `values` each) holds the code 1 + t + 128 v; the
// accumulator slot that sits at (m, n) of group g read element (m, col(g, n)) of the operand and
// gives back the code it saw (code(g, t, v, note)). The probes of wgmma's A from registers, dense
// (probe_plan.cpp) and sparse (probe_sparse.cpp), read their observations this way.
#include "catlayout/gpu/observe.hpp"

namespace catlayout::gpu {

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
