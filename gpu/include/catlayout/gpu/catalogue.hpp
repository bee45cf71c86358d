#pragma once
// Tensor-core fragment catalogue: for each mma.sync / wgmma instruction, which (thread, value)
// holds which element of each operand tile, as a CuTe thread-value layout
// (thread, value) -> row + rows * col, with the PTX ISA formula it transcribes.
//
// Tiles, all column-major: A is M x K (row m, col k), B is N x K (row n, col k),
// C/D is M x N (row m, col n). PTX writes B as K x N; the formulas here swap it to (n, k).
// A value index counts elements: value v lives in register v / per_reg, element v % per_reg,
// at bits [bits * (v % per_reg), bits * (v % per_reg + 1)) (PTX "Elements (low to high)").
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/layout.hpp"

namespace catlayout::gpu {

enum class Operand { A, B, C };
std::string_view operand_name(Operand op);               // "A", "B", "C"
std::optional<Operand> parse_operand(std::string_view s);  // "A"/"a", "B"/"b", "C"/"c"/"D"/"d"

// Element types as they sit in registers (f32/s32 only as accumulators).
enum class Elem { f16, bf16, tf32, f32, f64, s8, s4, s32 };
std::string_view elem_name(Elem e);
int elem_bits(Elem e);  // width inside the register: 16, 16, 32, 32, 64, 8, 4, 32

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
  Int threads;       // 32 (mma.sync) or 128 (wgmma)
  Int values;        // elements per thread
  Layout tv;         // (threads, values) -> row + rows * col
  PtxFormula formula;
  std::string ptx_section;  // PTX ISA section the fragment transcribes

  Int per_reg() const;   // elements per register (32-bit registers; f64: one per 64-bit register)
  Int reg_words() const; // 32-bit words per register: 2 for f64, else 1
  Int words() const;     // 32-bit words per thread
  // The layout read as (thread, value) -> (row, col). pre: 0 <= t < threads, 0 <= v < values.
  Coord layout_at(Int t, Int v) const;
  // The PTX formula at value v (register v / per_reg, element v % per_reg).
  Coord formula_at(Int t, Int v) const;
};

struct Instruction {
  std::string name;   // catalogue key, e.g. "mma.m16n8k16.f32.f16.f16.f32", "wgmma.m64n64k16.f32.f16.f16"
  std::string ptx;    // the PTX mnemonic the probe issues
  std::string arch;   // "sm80" or "sm90a"
  Int M, N, K;
  std::vector<Fragment> fragments;  // mma.sync: A, B, C; wgmma: C, A (register-A variant)
  Fragment const* fragment(Operand op) const;  // nullptr when the catalogue holds none
};

// Every catalogued instruction, SM80 mma.sync first, then SM90 wgmma; built once.
std::vector<Instruction> const& catalogue();
Instruction const* find_instruction(std::string_view name);

// Checks a fragment: the layout covers its tile exactly once and agrees with the formula.
// Returns an empty string when both hold, else the first failure with its (thread, value).
std::string check_fragment(Fragment const& f);

}  // namespace catlayout::gpu
