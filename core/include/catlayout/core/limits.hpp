#pragma once
// Bounds on untrusted input: beyond these, parsing answers invalid_input instead of
// recursing without limit or allocating without limit (docs/representation.md).
#include <cstddef>

namespace catlayout::limits {
inline constexpr std::size_t max_depth = 64;          // nesting depth of an int tuple
inline constexpr std::size_t max_text = 1u << 20;     // characters of one CuTe-notation argument
inline constexpr std::size_t max_flat_modes = 4096;   // flat entries of one int tuple
inline constexpr long long max_tabulate = 1ll << 26;  // elements a tabulation may produce
inline constexpr long long max_mixed_sign_check = 1ll << 16;  // size of a B with strides of both signs
inline constexpr unsigned long long max_vector_file = 256ull << 20;  // bytes of one vector file
}  // namespace catlayout::limits
