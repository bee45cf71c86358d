#include "catlayout/core/common_domain.hpp"

#include <algorithm>
#include <numeric>

namespace catlayout {

Result<Layout> greatest_common_domain(IntTuple const& a, IntTuple const& b) {
  for (auto const* t : {&a, &b}) {  // shapes: positive entries, sizes in int64
    for (Int v : t->values())
      if (v <= 0) return fail(ErrorKind::invalid_input, "shape ", to_string(*t), " has the entry ", v, ", not positive");
    CL_CHECK(product(*t));
  }
  std::vector<Int> x(a.values().begin(), a.values().end()), y(b.values().begin(), b.values().end());
  Ints shape, stride;
  Int px = 1, py = 1;  // the offsets where the current entries x[i], y[j] start
  __int128 limit = 1, other = 1;  // the smaller domain size (valid shapes: products in int64)
  for (Int v : x) limit *= v;
  for (Int v : y) other *= v;
  limit = std::min(limit, other);
  std::size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (x[i] == 1) {
      ++i;
      continue;
    }
    if (y[j] == 1) {
      ++j;
      continue;
    }
    __int128 at = static_cast<__int128>(px / std::gcd(px, py)) * py;  // lcm: the first offset both reach
    if (at >= limit) break;  // a common mode there would end past a domain; `at` never decreases
    Int rx = static_cast<Int>(at / px), ry = static_cast<Int>(at / py);
    if (x[i] % rx == 0 && y[j] % ry == 0) {
      Int g = std::gcd(x[i] / rx, y[j] / ry);
      if (g != 1) {
        shape.push_back(g);
        stride.push_back(static_cast<Int>(at));
        x[i] /= rx * g;
        y[j] /= ry * g;
        px = py = static_cast<Int>(at) * g;
        continue;
      }
    }
    Int ex = px * x[i], ey = py * y[j];  // where the entries end: within the sizes of A and B
    bool x_first = ey % ex == 0, y_first = ex % ey == 0;
    if (x_first || !y_first) {
      px = ex;
      ++i;
    }
    if (y_first || !x_first) {
      py = ey;
      ++j;
    }
  }
  if (shape.empty()) {
    shape.push_back(1);
    stride.push_back(0);
  }
  return Layout::make(IntTuple::flat(shape), IntTuple::flat(stride));
}

}  // namespace catlayout
