// Single-bit mma.sync with .and.popc: D = C + popc(A AND B) along k (PTX ISA "Multiply-and-Accumulate Instruction: mma",
// .bitOp .and, SM80+). The fragments depend on the shape only: PTX ISA 9.7.14.5.5 (m8n8k128),
// 9.7.14.5.12 (m16n8k128), 9.7.14.5.13 (m16n8k256), the ones the .xor.popc rows carry, so each
// .and.popc row is its .xor.popc row with the other bit operation.
#include "catalogue_parts.hpp"

namespace catlayout::gpu {

void add_b1_and_popc(std::vector<Instruction>& cat) {
  for (char const* shape : {"m8n8k128", "m16n8k128", "m16n8k256"}) {
    std::string const xor_name = std::string("mma.") + shape + ".s32.b1.b1.s32.xor.popc";
    Instruction const* x = nullptr;
    for (auto const& i : cat)
      if (i.name == xor_name) x = &i;
    if (!x) throw std::logic_error("add_b1_and_popc runs after the .xor.popc rows; " + xor_name + " is missing");
    Instruction a = *x;
    a.name = std::string("mma.") + shape + ".s32.b1.b1.s32.and.popc";
    a.ptx = std::string("mma.sync.aligned.") + shape + ".row.col.s32.b1.b1.s32.and.popc";
    a.xor_popc = false;
    a.and_popc = true;
    cat.push_back(std::move(a));
  }
}

}  // namespace catlayout::gpu
