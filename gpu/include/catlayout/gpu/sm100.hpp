#pragma once
// Blackwell (SM100) tensor memory, as the catalogue models it (transcribed from the PTX ISA; no device
// here runs sm_100a, so these are checked on the CPU only).
//
// TMEM of one CTA is a 2-D array of 128 lanes x 512 columns of 32-bit cells; an address is
// lane << 16 | column (PTX ISA 9.7.16.1 "Tensor Memory"). A warp w of a warpgroup reaches lanes
// 32 (w % 4) .. 32 (w % 4) + 31 only.
//
// Why lanes are the "threads": the tcgen05.mma accumulator D is catalogued as a Fragment whose threads
// are the TMEM lanes the data-path layout uses and whose values are TMEM columns, (lane, column) ->
// m + M n. A TMEM lane is what one epilogue thread reads (tcgen05.ld.32x32b gives thread i of warp w
// lane 32 w + i), so this is the TV view the epilogue sees, and the catalogue-wide checks (bijection onto
// the M x N tile, layout == PTX formula) apply unchanged. CuTe's own view, (m, n) -> TMEM address, is
// tmem_address_layout below; a test checks that the two agree.
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

constexpr Int kTmemLanes = 128;
constexpr Int kTmemLaneStride = Int{1} << 16;  // TMEM address of (lane, col): lane << 16 | col
constexpr Int kCtaTag = Int{1} << 25;          // cta_group::2: the peer CTA's half, tagged above the address

// The TMEM lane of accumulator thread t of a tcgen05.mma entry (thread = the t-th lane the data-path
// layout uses; for M = 64 those are lanes 0-15 of each 32-lane sub-partition), plus 128 for the second
// CTA of a cta_group::2 pair. pre: ins.kind == Kind::tcgen05_mma, 0 <= t < its C fragment's threads.
Int tmem_lane(Instruction const& ins, Int t);
// CuTe's view of the same accumulator: (m, n) -> TMEM address (lane << 16 | column), + kCtaTag for
// rows held by the second CTA of a pair. pre: ins.kind == Kind::tcgen05_mma.
Layout tmem_address_layout(Instruction const& ins);

// The shared-memory canonical layouts that a tcgen05 matrix descriptor names (PTX ISA 9.7.16.4.1
// "Shared Memory Descriptor"): CuTe's UMMA::Layout_*_Atom are its GMMA atoms (the same swizzles and
// atom shapes), named "umma.smem.<bits>b.<K|MN>.<mode>", plus the mode wgmma lacks, 128-byte swizzling
// with 32-byte atomicity (UMMA::Layout_MN_SW128_32B_Atom): "umma.smem.32b.MN.SW128_32B".
std::vector<SmemLayout> const& umma_smem_layouts();
SmemLayout const* find_umma_smem_layout(std::string_view name);

}  // namespace catlayout::gpu
