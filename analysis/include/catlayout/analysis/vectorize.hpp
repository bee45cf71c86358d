#pragma once
// The widest vector each thread can move in one instruction: the largest power of two n such that
// every thread's values k n .. k n + n - 1 lie on consecutive elements starting at a multiple of n,
// times the element size, capped at 16 bytes. Algebra (CuTe max_common_vector of the thread's value
// layout and the memory layout): n divides the contiguous run at the start of coalesce(data o tv)'s
// value mode, every other stride of that layout (thread and value modes), and the base offset; a
// swizzle Sw<B,M,S> keeps runs of 2^M elements. Where data o tv is not admissible, or data is
// swizzled, the answer is found by enumerating the vectors.
#include <string>
#include <vector>

#include "catlayout/analysis/access.hpp"

namespace catlayout::analysis {

struct VectorLimit {
  std::string what;  // "16-byte cap", "contiguous run", "thread stride", "value stride", "base offset", "swizzle"
  Int bound = 0;     // the largest power of two (elements) it allows
  std::string why;   // with its numbers
};

struct VectorReport {
  Int values = 1, bytes = 0;        // widest vector: values per thread, and in bytes
  std::string method;               // "algebra" or "enumeration"
  std::string composed;             // data o tv (the algebra's layout), when it exists
  std::vector<VectorLimit> limits;  // every bound considered; those equal to `values` limit it
  std::string limited_by;           // the binding bound(s), in words
};

// elem_bytes and base_byte from spec (vector_values is ignored: this finds it).
Result<VectorReport> widest_vector(Layout const& tv, ComposedLayout const& data, AccessSpec const& spec);
Result<VectorReport> widest_vector(CoordLayout const& tv, ComposedLayout const& data, AccessSpec const& spec);

}  // namespace catlayout::analysis
