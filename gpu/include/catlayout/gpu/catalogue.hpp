#pragma once
// Tensor-core fragment catalogue: for each mma.sync / wgmma instruction and each warp-wide
// matrix copy (ldmatrix, stmatrix, movmatrix), which (thread, value) holds which element of each
// operand tile, as a CuTe thread-value layout (thread, value) -> row + rows * col, with the PTX ISA
// formula it transcribes; and the wgmma shared-memory layouts that a matrix descriptor names.
//
// Tiles, all column-major: A is M x K (row m, col k), B is N x K (row n, col k),
// C/D is M x N (row m, col n). PTX writes B as K x N; the formulas here swap it to (n, k).
// Copy atoms (b16): the tile is 8 x R, R = 8 * x rows of 16 bytes ("row" s, matrix s / 8): element
// e of row s is (e, s), offset e + 8 s, which is CuTe's Copy_Traits reference offset in 16-bit units.
// A value index counts elements: value v lives in register v / per_reg, element v % per_reg,
// at bits [bits * (v % per_reg), bits * (v % per_reg + 1)) (PTX "Elements (low to high)").
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/layout.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::gpu {

// A, B, C: mma operands (C is the accumulator C/D). Src, Dst: a copy atom's source and destination.
// E: the sparsity metadata of mma.sp / wgmma.sp (sparse.hpp): which k of each chunk of A's row the
// stored values of A sit at. SFA, SFB: the scale factors of a block-scaled mma (scale_A is M x SFA_N,
// scale_B is stored N x SFB_M).
enum class Operand { A, B, C, Src, Dst, E, SFA, SFB };
std::string_view operand_name(Operand op);               // "A", "B", "C", "src", "dst", "E", "SFA", "SFB"
std::optional<Operand> parse_operand(std::string_view s);  // also "a", "c", "D"/"d" (= C), "S", "DST", "meta", "sfa"...

// Element types as they sit in registers (f32/s32 only as accumulators; b16: raw 16-bit words).
// b32: raw 32-bit words (tcgen05.ld/st); e2m1: 4-bit floats; ue8m0, ue4m3: block-scale factors.
enum class Elem { f16, bf16, tf32, f32, f64, s8, u8, s4, u4, b1, e4m3, e5m2, s32, b16, b32, e2m1, ue8m0, ue4m3 };
std::string_view elem_name(Elem e);  // the PTX type suffix without the dot
// Width inside the register. Inline: the probe's plans and the simulator ask it for every slot.
inline int elem_bits(Elem e) {
  switch (e) {
    case Elem::f16: case Elem::bf16: case Elem::b16: return 16;
    case Elem::tf32: case Elem::f32: case Elem::s32: case Elem::b32: return 32;
    case Elem::f64: return 64;
    case Elem::s8: case Elem::u8: case Elem::e4m3: case Elem::e5m2: case Elem::ue8m0: case Elem::ue4m3: return 8;
    case Elem::s4: case Elem::u4: case Elem::e2m1: return 4;
    case Elem::b1: return 1;
  }
  return 0;
}

// tcgen05_mma: the accumulator in tensor memory (TMEM lanes as threads, columns as values);
// tcgen05_ld / tcgen05_st: a warp's registers <-> TMEM; mma_block_scale: SM120 mma.sync with scale factors.
enum class Kind { mma, wgmma, ldmatrix, stmatrix, movmatrix, tcgen05_mma, tcgen05_ld, tcgen05_st, mma_block_scale };
std::string_view kind_name(Kind k);

struct Coord {
  Int row = -1, col = -1;
  bool operator==(Coord const&) const = default;
};
std::string to_string(Coord c);  // "(row,col)"
inline void PrintTo(Coord c, std::ostream* os) { *os << to_string(c); }  // GoogleTest output

// The PTX formula of one operand: (thread, register, element-within-register) -> (row, col)
// in this file's tile orientation. thread is %laneid for mma.sync, the warpgroup thread for wgmma.
using PtxFormula = Coord (*)(Int thread, Int reg, Int elem);

struct Fragment {
  Operand operand;
  Elem elem;
  Int rows, cols;    // tile extent: A M x K, B N x K, C M x N
  Int threads;       // 32 (mma.sync, copies), 128 (wgmma), 8 x (the address-giving threads of ld/stmatrix),
                     // 8 (mma.m8n8k4 .f16: one quad-pair, see quad_pair_lane)
  Int values;        // elements per thread
  Layout tv;         // (threads, values) -> row + rows * col
  PtxFormula formula;
  std::string ptx_section;  // PTX ISA section the fragment transcribes

  // elements per register (32-bit registers; f64: one per 64-bit register)
  Int per_reg() const { return elem_bits(elem) >= 32 ? 1 : 32 / elem_bits(elem); }
  Int reg_words() const { return elem == Elem::f64 ? 2 : 1; }   // 32-bit words per register
  Int words() const { return values / per_reg() * reg_words(); }  // 32-bit words per thread
  // The layout read as (thread, value) -> (row, col). pre: 0 <= t < threads, 0 <= v < values.
  Coord layout_at(Int t, Int v) const;
  // The PTX formula at value v (register v / per_reg, element v % per_reg).
  Coord formula_at(Int t, Int v) const;
};

struct Instruction {
  std::string name;   // catalogue key, e.g. "mma.m16n8k16.f32.f16.f16.f32", "wgmma.m64n64k16.f32.f16.f16",
                      // "mma.m8n8k128.s32.b1.b1.s32.xor.popc", "ldmatrix.x4.trans.b16", "movmatrix.trans.b16"
  std::string ptx;    // the PTX mnemonic the probe issues
  std::string arch;   // "sm75", "sm80", "sm90" (mma.sync f64 m16n8kK) or "sm90a" (wgmma)
  Kind kind;
  Int M, N, K;        // copies: M = rows of 16 bytes (8 x), N = 8 elements a row, K = 0
  std::vector<Fragment> fragments;  // mma.sync: A, B, C; wgmma: C, A (register-A variant); copies: src, dst
  bool xor_popc = false;  // b1: D = C + popc(A xor B) along k, not a product
  bool trans = false;     // ldmatrix / stmatrix .trans
  Elem b_elem = Elem::f16;  // wgmma: B's element type (B has no register fragment; A's may differ: e4m3.e5m2)
  bool and_popc = false;  // b1: D = C + popc(A and B) along k (mma .bitOp .and); on bits AND is a product
  Fragment const* fragment(Operand op) const;  // nullptr when the catalogue holds none
  Int copy_matrices() const { return M / 8; }  // ldmatrix / stmatrix: x1, x2, x4
};

// mma.m8n8k4 with .f16 A/B (PTX ISA 9.7.14.5.1) is 4 independent 8x8x4 MMAs, MMA computation q
// on the quad-pair of lanes 4q..4q+3 (low group) and 4q+16..4q+19 (high group). Like CuTe's
// SM70_QuadPair ThrID, its fragments are over the 8 threads of one quad-pair: fragment thread t is
// lane (t % 4) + 16 (t / 4) + 4 q of quad-pair q. Every other mma.sync fragment is over 32 lanes.
Int quad_pair_lane(Int t, Int q);
// The copies of an mma.sync fragment in a warp: 1, or 4 (the quad-pairs); and the lane holding
// thread t in copy q: t itself, or quad_pair_lane(t, q).
Int mma_copies(Fragment const& f);
Int mma_lane(Fragment const& f, Int t, Int q);

// Every catalogued instruction: SM80/SM90 mma.sync, SM90 wgmma, then the copy atoms; built once.
std::vector<Instruction> const& catalogue();
Instruction const* find_instruction(std::string_view name);
// Instruction `name` and its operand `operand` read (A, B, C, src, dst, ...), or invalid_input naming the
// unknown instruction or operand. The caller may ask the instruction for a fragment or a tiled MMA.
struct InstructionOperand {
  Instruction const* ins = nullptr;
  Operand op = Operand::A;
};
Result<InstructionOperand> find_instruction_operand(std::string_view name, std::string_view operand);
// The catalogued fragment of that operand, or invalid_input when the instruction holds none.
Result<Fragment const*> find_fragment(std::string_view name, std::string_view operand);

// True when the probe (PTX for sm_90a) can run the instruction: arch sm75/sm80/sm90/sm90a. The others
// (sm100a, sm120a) are transcribed from the PTX ISA and checked on the CPU only.
bool probe_runs(Instruction const& ins);
// "" for probe_runs instructions, else why no hardware confirms it ("sm100a: not run on any device here").
std::string no_hardware_reason(Instruction const& ins);

// A wgmma shared-memory layout (PTX ISA 9.7.15.5.1.2 "Shared Memory Matrix Layout"): the canonical
// atom of one major-ness and swizzle mode, as a CuTe layout (mn, k) -> element offset in the atom,
// the swizzle acting on element offsets. rows x cols = MN x K extent of the atom.
enum class Major { K, MN };
// sw128_32b: tcgen05's "128-Byte with 32B atomic swizzling" (its descriptor's mode 1; MN-major, 32-bit).
enum class SwizzleMode { interleave, sw32, sw64, sw128, sw128_32b };  // wgmma descriptor layout type 0, 3, 2, 1
std::string_view major_name(Major m);        // "K", "MN"
std::string_view swizzle_name(SwizzleMode s);  // "INTER", "SW32", "SW64", "SW128"
int swizzle_bytes(SwizzleMode s);            // 16, 32, 64, 128: the atom's extent along its major axis

struct SmemLayout {
  std::string name;  // "wgmma.smem.16b.K.SW128"
  int elem_bits;     // 8, 16 or 32
  Major major;
  SwizzleMode swizzle;
  Int rows, cols;          // MN x K extent of the atom
  ComposedLayout layout;   // (mn, k) -> element offset
  std::string ptx_section;
  Int at(Int mn, Int k) const;  // layout at (mn, k); pre: inside the atom
  // The PTX formula, written independently: the byte address the canonical layout gives (mn, k),
  // i.e. the unswizzled byte offset with the swizzle mode's XOR of address bits [4,7) by [7,10).
  Int formula_byte(Int mn, Int k) const;
};
std::vector<SmemLayout> const& smem_layouts();
SmemLayout const* find_smem_layout(std::string_view name);
// Empty when the layout and the formula agree on every (mn, k) and the layout is a bijection
// onto [0, rows * cols); else the first failure.
std::string check_smem_layout(SmemLayout const& s);

// Checks a fragment: the layout covers its tile exactly once and agrees with the formula.
// Returns an empty string when both hold, else the first failure with its (thread, value).
std::string check_fragment(Fragment const& f);

}  // namespace catlayout::gpu
