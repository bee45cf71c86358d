#pragma once
// The layout types compilers print, read as the layouts they name (docs/notation.md, "Compilers'
// types"): what users paste from a compiler's IR or error message.
//   CuTe DSL's MLIR types (their quoted text is the DSL's str of the value):
//     !cute.layout<"(4,8):(8,1)">   !cute.layout<"(4,8):(1@0,1@1)">   (a run-time value prints '?')
//     !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">   !cute.swizzle<"S<3,4,3>">
//   FlyDSL's (fly dialect) types, unquoted, basis strides written 1E0 for CuTe's 1@0:
//     !fly.layout<(8,16):(1,8)>   !fly.layout<(128,64):(1E0,1E1)>   (a run-time value: ? or ?{i64 div=16})
//   Triton's linear layouts (named_linear.hpp), read as their CuTe layout (to_cute):
//     #ttg.linear<{register = [[0, 1], [8, 0]], lane = [...], warp = [], block = []}>
//     LinearLayout's print:  - register=1 -> (0, 1) ... where out dims are: [dim0 (size 16), dim1 (size 8)]
#include <string>
#include <string_view>

#include "catlayout/core/error.hpp"
#include "catlayout/core/notation.hpp"

namespace catlayout {

enum class CompilerType { none, cute_layout, cute_composed_layout, cute_swizzle, fly_layout, triton_linear };

struct CompilerTypeText {
  CompilerType type = CompilerType::none;
  std::string inner;  // the value's text, in a notation the one reader reads
};

// A compiler's type around a value: its kind and the inner text; type none where the text does not
// start with '!' and is not Triton's (not a compiler's type). Triton's: the inner text is its CuTe
// layout's (plain or swizzled), or the error saying why it has none. invalid_input for a '!' type that is none of the above
// (naming the types catlayout reads), or whose brackets or quotes do not close.
Result<CompilerTypeText> compiler_type_text(std::string_view text);

// "!cute.layout", "!cute.composed_layout", "!cute.swizzle", "!fly.layout", "#ttg.linear" (for messages).
std::string_view compiler_type_name(CompilerType t);

// The other way: the type a compiler prints for a value, which compiler_type_text reads back.
enum class Compiler { cute_dsl, flydsl };
Result<Compiler> parse_compiler(std::string_view name);  // "cute-dsl" or "flydsl"
// CuTe DSL: every layout kind and a swizzle. FlyDSL: integer-stride layouts, and coordinate layouts
// whose basis elements have one index (1E0); invalid_input, saying so, for what it has no type for
// here (a swizzle, a swizzled layout, a basis element of a nested mode).
Result<std::string> compiler_type(AnyLayout const& l, Compiler c);
Result<std::string> compiler_type(Swizzle const& s, Compiler c);

}  // namespace catlayout
