#include "catlayout/analysis/vectorize.hpp"

#include <algorithm>
#include <optional>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/composition.hpp"

namespace catlayout::analysis {

namespace {

// The largest power of two dividing x (x = 0: every one, so `cap`).
Int pow2_part(Int x, Int cap) { return x == 0 ? cap : std::min(cap, x < 0 ? (-x & x) : (x & -x)); }

// Where the n-value vectors of a fail: the first thread and vector whose values are not consecutive
// elements, or do not start at a multiple of n elements (from the buffer's start).
std::optional<std::string> vector_fails(MemoryAccess const& a, Int n) {
  if (a.values % n != 0) return str(a.values, " values per thread are not a multiple of ", n);
  Int base = a.spec.base_byte / a.spec.elem_bytes;
  for (Int t = 0; t < a.threads; ++t)
    for (Int v = 0; v < a.values; v += n) {
      Int first = a.element_at(t, v);
      if ((base + first) % n != 0)
        return str("thread ", t, " value ", v, " is at element ", base + first, ", not a multiple of ", n);
      for (Int j = 1; j < n; ++j)
        if (a.element_at(t, v + j) != first + j)
          return str("thread ", t, " values ", v, " and ", v + j, " are at elements ", first, " and ",
                     a.element_at(t, v + j));
    }
  return std::nullopt;
}

void finish(VectorReport& r, Int elem_bytes) {
  r.values = r.limits.front().bound;
  for (auto const& l : r.limits) r.values = std::min(r.values, l.bound);
  r.bytes = r.values * elem_bytes;
  for (auto const& l : r.limits)
    if (l.bound == r.values) r.limited_by += (r.limited_by.empty() ? "" : "; ") + l.what + ": " + l.why;
}

VectorReport by_enumeration(MemoryAccess const& a, Int cap) {
  VectorReport r{1, 0, "enumeration", "", {{"16-byte cap", cap, str("16 / ", a.spec.elem_bytes, "-byte elements")}}, ""};
  Int n = 1;
  while (n < cap && !vector_fails(a, 2 * n)) n *= 2;
  if (n < cap) r.limits.push_back({"enumeration", n, *vector_fails(a, 2 * n)});
  finish(r, a.spec.elem_bytes);
  return r;
}

// CuTe max_common_vector: the bounds read off M = data o tv, coalesced per mode.
VectorReport by_algebra(Layout const& m, Int base, Int cap, Int elem_bytes) {
  VectorReport r{1, 0, "algebra", to_string(m), {{"16-byte cap", cap, str("16 / ", elem_bytes, "-byte elements")}}, ""};
  auto vals = flat_modes(coalesce(m.mode(1)));
  auto thrs = flat_modes(coalesce(m.mode(0)));
  std::size_t first = 0;
  if (vals.shape.size() == 0 || (vals.shape.size() == 1 && vals.shape[0] == 1)) {
    r.limits.push_back({"contiguous run", 1, "one value per thread"});
    first = vals.shape.size();
  } else if (vals.stride[0] != 1) {
    r.limits.push_back({"contiguous run", 1, str("the value mode ", to_string(coalesce(m.mode(1))),
                                                  " starts with stride ", vals.stride[0], ", not 1")});
  } else {
    r.limits.push_back({"contiguous run", pow2_part(vals.shape[0], cap),
                        str("the value mode ", to_string(coalesce(m.mode(1))), " has a run of ", vals.shape[0],
                            " consecutive elements")});
    first = 1;
  }
  for (std::size_t k = first; k < vals.shape.size(); ++k)
    if (vals.shape[k] > 1)
      r.limits.push_back({"value stride", pow2_part(vals.stride[k], cap),
                          str("value mode ", vals.shape[k], ":", vals.stride[k], " starts vectors ", vals.stride[k],
                              " elements apart")});
  for (std::size_t k = 0; k < thrs.shape.size(); ++k)
    if (thrs.shape[k] > 1)
      r.limits.push_back({"thread stride", pow2_part(thrs.stride[k], cap),
                          str("thread mode ", thrs.shape[k], ":", thrs.stride[k], " starts threads ", thrs.stride[k],
                              " elements apart")});
  if (base != 0) r.limits.push_back({"base offset", pow2_part(base, cap), str("the tile starts at element ", base)});
  finish(r, elem_bytes);
  return r;
}

template <class TV>
Result<VectorReport> widest(TV const& tv, ComposedLayout const& data, AccessSpec spec) {
  spec.vector_values = 1;
  CL_TRY(a, make_access(tv, data, spec));
  Int cap = 16 / spec.elem_bytes;
  if (!data.sw.is_identity()) return by_enumeration(a, cap);  // a swizzle: exact by enumeration
  Result<Layout> m = [&]() -> Result<Layout> {
    if constexpr (std::is_same_v<TV, Layout>) {
      return composition(data.layout, tv);
    } else {
      CL_TRY(c, composition(data.layout, tv));
      return c.to_layout();
    }
  }();
  if (!m || m->rank() != 2) return by_enumeration(a, cap);
  return by_algebra(*m, data.offset + spec.base_byte / spec.elem_bytes, cap, spec.elem_bytes);
}

}  // namespace

Result<VectorReport> widest_vector(Layout const& tv, ComposedLayout const& data, AccessSpec const& spec) {
  return widest(tv, data, spec);
}

Result<VectorReport> widest_vector(CoordLayout const& tv, ComposedLayout const& data, AccessSpec const& spec) {
  return widest(tv, data, spec);
}

}  // namespace catlayout::analysis
