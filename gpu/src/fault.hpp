#pragma once
// Gpu-internal: how the CPU simulators (simulate.cpp, simulate_sparse.cpp) read a fragment under a
// Fault (probe.hpp): its formula, with the fault's two slots exchanged when it names f's operand.
#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu {

inline Coord where(Fragment const& f, Fault const& fault, Int t, Int v) {
  if (!fault.smem && fault.operand == f.operand) {
    if (t == fault.t1 && v == fault.v1) return f.formula_at(fault.t2, fault.v2);
    if (t == fault.t2 && v == fault.v2) return f.formula_at(fault.t1, fault.v1);
  }
  return f.formula_at(t, v);
}

}  // namespace catlayout::gpu
