#pragma once
// A tiled MMA or copy named by its parts (what the CUTLASS cross-check builds on both sides,
// conformance/oracle/cutlass_tiled.py), built, and the partition of data layouts by its TV layouts.
#include <string>
#include <variant>
#include <vector>

#include "catlayout/gpu/tiled.hpp"

namespace catlayout::gpu {

struct TiledSpec {
  enum class Kind { mma, copy, copy_A, copy_B, copy_C };
  Kind kind = Kind::mma;
  Instruction const* instruction = nullptr;  // mma, copy_A/B/C: the atom (pre: not null)
  Layout atoms;                              // mma, copy_A/B/C: the atom layout over (M, N, K)
  PermutationMnk permutation;                // mma, copy_A/B/C
  Layout thr, val;                           // copy
};

using Tiled = std::variant<TiledMma, TiledCopy>;

// make_tiled_mma (kind mma), make_tiled_copy (copy), make_tiled_copy_A/B/C of the tiled MMA.
Result<Tiled> make_tiled(TiledSpec const& spec);

// Every thread's partition of `data` by the TV layout `key` names: A, B, C what the threads of a
// tiled MMA hold (ThrMMA::partition_A/B/C), TV a tiled copy's. offsets[t][v] =
// partition(tv, data, t).at(v); error: "no TV layout KEY", or the first thread's refusal.
struct DataPartition {
  std::string key;
  Layout data;
  std::string error;  // empty when every thread's partition is there
  std::vector<std::vector<Int>> offsets;
};
DataPartition partition_data(Tiled const& tiled, std::string const& key, Layout const& data);

}  // namespace catlayout::gpu
