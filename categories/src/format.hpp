#pragma once
// Tuples in messages, written as the paper writes them: (2,2,4), (2,(2,4)).
#include <string>
#include <vector>

#include "catlayout/core/error.hpp"
#include "catlayout/core/int_tuple.hpp"

namespace catlayout::categories::detail {

inline std::string tuple_text(std::vector<Int> const& t) {
  std::string s = "(";
  for (std::size_t i = 0; i < t.size(); ++i) s += str(i ? "," : "", t[i]);
  return s + ")";
}
inline std::string tuple_text(IntTuple const& t) { return to_string(t); }

}  // namespace catlayout::categories::detail
