#pragma once
// Gpu-internal: observations read back from the codes the probes send through the accumulator, as
// the dense (probe_plan.cpp) and the sparse (probe_sparse.cpp) probes read them.
#include "catlayout/core/text.hpp"
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

// A one-hot operand's map: its slot s (thread s % threads, value s / threads) observed at what
// judge(s, found, note) finds from the trials that lit it alone, or noted where it notes something.
template <class Judge>
ObservedMap one_hot_map(Int threads, Int values, Judge judge) {
  ObservedMap obs(threads, values);
  for (Int s = 0; s < threads * values; ++s) {
    Coord found;
    std::string note;
    judge(s, found, note);
    if (!note.empty()) obs.add_note(s % threads, s / threads, note);
    else obs.set(s % threads, s / threads, found);
  }
  return obs;
}

// The accumulator slots a one-hot trial lit: code(t, v, note) reads slot (t, v)'s code (0: not lit;
// -1 with a note where a reading is off), and lit(t, v, c, mn) judges each lit slot, mn its observed
// (m, n) in obs_c, noting a contradiction. Stops at the first note; returns how many slots were lit.
template <class Code, class Lit>
Int for_each_lit(Int threads, Int values, ObservedMap const& obs_c, std::string& note, Code code, Lit lit) {
  Int n = 0;
  for (Int t = 0; t < threads && note.empty(); ++t)
    for (Int v = 0; v < values && note.empty(); ++v) {
      Int c = code(t, v, note);
      if (c <= 0) continue;
      ++n;
      lit(t, v, c, obs_c.get(t, v));
    }
  return n;
}

// Every lit accumulator of a trial names the probed slot's (row, col): the first sets `found`, a
// later one that names another is noted.
inline void agree_found(Coord here, Coord& found, std::string& note) {
  if (found.row >= 0 && here != found)
    note = str("lit accumulators disagree: ", to_string(found), " and ", to_string(here));
  else found = here;
}

// One lit accumulator (thread t, value v) of a one-hot trial, observed at `mn`, that received the
// code of the coded operand's slot at catalogue (row, col) `other`: that row must be the coordinate
// of mn the two operands share (`shared`), and every lit accumulator must agree on `here`, the
// one-hot slot's (row, col). The first contradiction is noted; otherwise `found` becomes `here`.
inline void agree_lit(Int t, Int v, Coord mn, Coord other, Int shared, Operand coded, Coord here, Coord& found,
                      std::string& note) {
  if (mn.row < 0) note = str("accumulator (thread ", t, ", value ", v, ") has no observed (m,n)");
  else if (other.row != shared)
    note = str("accumulator (thread ", t, ", value ", v, ") received the slot holding ", to_string(other), " of ",
               operand_name(coded), " but sits at ", to_string(mn));
  else agree_found(here, found, note);
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
