#pragma once
// A tile in memory as threads touch it: thread t's value v is element data(tv(t, v)) of the tile,
// at byte address base + elem_bytes * data(tv(t, v)). tv is a CuTe thread-value layout
// (thread, value) -> tile index (or tile coordinate, with coordinate strides); data is the tile's
// memory layout, plain or Sw<B,M,S> o offset o L. Every analysis of docs/analysis.md starts here.
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::analysis {

inline constexpr Int warp_size = 32;
// The analyses enumerate every (thread, value): past this many they answer invalid_input.
inline constexpr Int max_pairs = Int{1} << 22;

// How one instruction moves data: elements of elem_bytes, vector_values of them per thread.
struct AccessSpec {
  Int elem_bytes = 4;     // 1, 2, 4, 8 or 16
  Int vector_values = 1;  // values per thread per instruction: the vector is elem_bytes * this (<= 16)
  Int base_byte = 0;      // byte address of element offset 0 (alignment of the buffer)
};

struct MemoryAccess {
  Int threads = 0, values = 0;  // size of tv's mode 0 and mode 1
  AccessSpec spec;
  std::vector<Int> element;     // element[t + threads * v] = data(tv(t, v)), the element offset
  std::string tv_text, data_text;
  Int vector_bytes() const { return spec.elem_bytes * spec.vector_values; }
  Int instructions() const { return values / spec.vector_values; }  // per thread
  Int element_at(Int t, Int v) const { return element[static_cast<std::size_t>(t + threads * v)]; }
  Int byte_at(Int t, Int v) const { return spec.base_byte + spec.elem_bytes * element_at(t, v); }
};

// The analyses' arguments read through core's one reader (any notation), errors named by role
// ("TV", "DATA") and quoting the text.
Result<AnyLayout> read_layout(std::string_view text, std::string_view role);
// TV: integer or coordinate strides; a swizzled layout is refused (a swizzle belongs to DATA).
Result<std::variant<Layout, CoordLayout>> read_tv_layout(std::string_view text);
// DATA: integer strides (read as the identity swizzle over them) or Sw<B,M,S> o offset o L.
Result<ComposedLayout> read_data_layout(std::string_view text);

// A memory layout as a kernel author writes it: the plain layout, or Sw<B,M,S> o offset o L.
std::string layout_text(ComposedLayout const& data);

// pre (else invalid_input naming the condition and its numbers): tv has rank 2; elem_bytes a power
// of two in [1, 16]; vector_values divides size(mode 1) and the vector is a power of two <= 16 bytes;
// base_byte >= 0 and a multiple of elem_bytes; every tv(t, v) inside data's domain; every element
// offset >= 0; each thread's vector of values lies on consecutive, vector-aligned elements (else the
// instruction does not exist: the message names the thread, the values and the offsets).
Result<MemoryAccess> make_access(Layout const& tv, ComposedLayout const& data, AccessSpec const& spec);
// tv with coordinate strides, (thread, value) -> tile coordinate (CuTe's partitioned identity
// layouts): data is read at that coordinate.
Result<MemoryAccess> make_access(CoordLayout const& tv, ComposedLayout const& data, AccessSpec const& spec);

}  // namespace catlayout::analysis
