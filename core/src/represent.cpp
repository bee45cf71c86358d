#include "catlayout/core/represent.hpp"

#include "catlayout/core/coalesce.hpp"

namespace catlayout {

// Why the greedy decides (a proof sketch). Every layout L has the function of coalesce(L) (Def.
// 2.3.3.1), which is 1:0 or flat s_1:d_1, ..., s_m:d_m with every s_k > 1 and no d_{k+1} = s_k d_k
// (else CuTe's rule would have merged them). For such a form, f(i) = i d_1 on [0, s_1), and if m > 1
// f(s_1) = d_2 != s_1 d_1: so d_1 = f(1) and s_1 is the length of the longest prefix of f that is an
// arithmetic progression of step f(1) (the whole table if m = 1). Stride-0 modes are the step-0 case;
// size-1 modes never occur. Then f(i) = f(i mod s_1) + g(floor(i / s_1)) with g(j) = f(s_1 j) the function
// of the remaining modes, again coalesced. By induction f determines the coalesced form: the greedy
// below rebuilds it, and any failure (s_1 does not divide n, or f does not split as above) means no
// layout has this function. Each level is O(n) and halves n at least: O(n log n).
Result<Representation> represent(std::span<Int const> table) {
  if (table.empty()) return fail(ErrorKind::invalid_input, "an empty table is no layout function: sizes are >= 1");
  Representation r;
  if (table[0] != 0) {
    r.reason = str("f(0) = ", table[0], ", but every layout maps 0 to 0");
    return r;
  }
  std::vector<Int> f(table.begin(), table.end());
  FlatLayout modes;
  Int scale = 1;  // f here is the original table at multiples of scale
  while (f.size() > 1) {
    Int n = static_cast<Int>(f.size()), d = f[1], s = 2;
    while (s < n && static_cast<__int128>(s) * d == f[s]) ++s;
    if (n % s != 0) {
      r.reason = str("the table at multiples of ", scale, " is an arithmetic progression of step ", d,
                     " exactly on its first ", s, " entries (f(", s * scale, ") = ", f[s], " != ", s, "*", d,
                     "), so its next mode would be ", s, ":", d, ", but ", s, " does not divide the ", n,
                     " entries left");
      return r;
    }
    for (Int i = s; i < n; ++i) {
      __int128 want = static_cast<__int128>(f[i % s]) + f[s * (i / s)];
      if (want != f[i]) {
        r.reason = str("with the mode ", s, ":", d, " forced by the arithmetic prefix, f(", i * scale,
                       ") would be f(", (i % s) * scale, ") + f(", (s * (i / s)) * scale, ") = ",
                       static_cast<Int>(want), ", but it is ", f[i]);
        return r;
      }
    }
    modes.shape.push_back(s);
    modes.stride.push_back(d);
    std::vector<Int> g;
    for (Int j = 0; j < n / s; ++j) g.push_back(f[s * j]);
    f = std::move(g);
    scale *= s;
  }
  if (modes.shape.empty()) {
    r.layout = Layout();
    return r;
  }
  CL_TRY(l, from_flat(modes));
  r.layout = coalesce(l);  // already coalesced; coalesce fixes the notation (s:d for one mode)
  return r;
}

}  // namespace catlayout
