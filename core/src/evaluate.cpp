#include "catlayout/core/evaluate.hpp"

#include <algorithm>
#include <array>

#include "catlayout/core/coalesce.hpp"

namespace catlayout {
namespace {

// Division of a 32-bit index by a mode's shape through a precomputed reciprocal: for 1 < n < 2^32
// and a < 2^32, floor(a / n) = high 64 bits of M * a with M = floor((2^64 - 1) / n) + 1 (Lemire,
// Kaser, Kurz, "Faster remainder by direct computation", 2019, for N = 32, F = 64). One multiply
// instead of a division per mode: the batch loop is otherwise bound by the divider.
struct Reciprocal {
  std::uint64_t m = 0;
  std::uint32_t n = 2;
  std::uint32_t quotient(std::uint32_t a) const {
    return static_cast<std::uint32_t>((static_cast<unsigned __int128>(m) * a) >> 64);
  }
};

constexpr std::size_t max_fixed = 8;  // modes of a coalesced layout the fixed kernels take

// The digits of a coalesced layout of size < 2^32 with no size-1 mode: reciprocals, or shifts
// and masks when every shape is a power of two.
struct Digits {
  std::array<Reciprocal, max_fixed> r{};
  std::array<std::uint32_t, max_fixed> mask{}, shift{};
  std::array<Int, max_fixed> d{};
  std::size_t last = 0;
  bool pow2 = true;
};

// One pass: evaluate as if every index were in [0, size) and track the smallest and largest, so
// that a bad index (rare) costs a second, checked pass instead of every call paying a first one.
template <std::size_t Last, bool Pow2>
void kernel(Digits const& g, Int const* in, Int* out, std::size_t n, Int& lo, Int& hi) {
  Int l = lo, h = hi;
  for (std::size_t e = 0; e < n; ++e) {
    Int x = in[e];
    l = std::min(l, x);
    h = std::max(h, x);
    auto i = static_cast<std::uint32_t>(x);
    // Unsigned, so that an index outside [0, size) (its value discarded below) cannot overflow;
    // for one inside, every partial sum is an offset of the layout and fits int64.
    std::uint64_t off = 0;
    for (std::size_t k = 0; k < Last; ++k) {  // Last is a constant: the loop unrolls
      if constexpr (Pow2) {
        off += std::uint64_t{i & g.mask[k]} * static_cast<std::uint64_t>(g.d[k]);
        i >>= g.shift[k];
      } else {
        std::uint32_t q = g.r[k].quotient(i);
        off += std::uint64_t{i - q * g.r[k].n} * static_cast<std::uint64_t>(g.d[k]);
        i = q;
      }
    }
    out[e] = static_cast<Int>(off + std::uint64_t{i} * static_cast<std::uint64_t>(g.d[Last]));
  }
  lo = l;
  hi = h;
}

template <std::size_t Last>
void dispatch(Digits const& g, Int const* in, Int* out, std::size_t n, Int& lo, Int& hi) {
  if constexpr (Last + 1 < max_fixed) {
    if (g.last != Last) return dispatch<Last + 1>(g, in, out, n, lo, hi);
  }
  if (g.pow2)
    kernel<Last, true>(g, in, out, n, lo, hi);
  else
    kernel<Last, false>(g, in, out, n, lo, hi);
}

// The fast path; false when the layout does not fit it (the caller evaluates mode by mode).
bool evaluate_fast(Layout const& c, std::span<Int const> idx, std::span<Int> out, Int& lo, Int& hi) {
  auto s = c.flat_shape();
  auto d = c.flat_stride();
  if (s.empty() || s.size() > max_fixed || c.size() > Int{UINT32_MAX}) return false;
  Digits g;
  g.last = s.size() - 1;
  for (std::size_t k = 0; k < s.size(); ++k) {
    g.d[k] = d[k];
    if (k == g.last) break;
    if (s[k] < 2) return false;  // coalesce leaves none; the reciprocal needs n > 1
    auto n = static_cast<std::uint32_t>(s[k]);
    g.r[k] = Reciprocal{UINT64_MAX / n + 1, n};
    g.mask[k] = n - 1;
    g.shift[k] = static_cast<std::uint32_t>(__builtin_ctz(n));
    g.pow2 &= (n & (n - 1)) == 0;
  }
  dispatch<0>(g, idx.data(), out.data(), idx.size(), lo, hi);
  return true;
}

}  // namespace

Result<void> evaluate(Layout const& l, std::span<Int const> idx, std::span<Int> out) {
  if (out.size() != idx.size())
    return fail(ErrorKind::invalid_input, "evaluate: ", idx.size(), " indices but room for ", out.size(), " values");
  if (idx.empty()) return {};
  Int size = l.size();
  Int lo = idx[0], hi = idx[0];
  Layout c = coalesce(l);  // the same function on [0, size), usually fewer modes
  if (!evaluate_fast(c, idx, out, lo, hi)) {
    auto [a, b] = std::minmax_element(idx.begin(), idx.end());
    lo = *a;
    hi = *b;
    if (lo >= 0 && hi < size)
      for (std::size_t k = 0; k < idx.size(); ++k) out[k] = c(idx[k]);
  }
  if (lo >= 0 && hi < size) return {};
  // Some index is outside [0, size): name a negative one, or take CuTe's extended function.
  for (std::size_t k = 0; k < idx.size(); ++k)
    if (idx[k] < 0) return fail(ErrorKind::invalid_input, "index ", idx[k], " at position ", k, " is negative");
  for (std::size_t k = 0; k < idx.size(); ++k) {
    CL_TRY(v, l.extended(idx[k]));
    out[k] = v;
  }
  return {};
}

}  // namespace catlayout
