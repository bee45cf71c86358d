#include "catlayout/core/composition.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/structural.hpp"

namespace catlayout {
namespace {

struct Mode {
  IntTuple shape, stride;
};

Mode leaf(Int s, Int d) { return {IntTuple(s), IntTuple(d)}; }

// A o (n:r) for one integral mode of B, A already coalesced (extension kept).
// used[i]: the largest coordinate of mode i of A that B's modes reach together. Right-
// distributivity over B's modes holds only while these sums stay inside the mode (no carry).
Result<Mode> compose_mode(FlatLayout const& a, Layout const& a_orig, Int n, Int r, Ints& used) {
  if (r == 0) return leaf(n, 0);  // B is constant: A(0) = 0
  if (a.shape.empty())
    return fail(ErrorKind::inadmissible, "A = ", to_string(a_orig), " is the empty layout, defined at 0 only");
  if (a.shape.size() == 1) {  // A is one (unbounded) mode s:d, so A(j r) = j r d
    CL_TRY(d, checked_mul(r, a.stride[0], "stride"));
    return leaf(n, d);
  }
  if (r < 0 && n > 1)
    return fail(ErrorKind::inadmissible, "B's stride ", r, " is negative: B(1) = ", r,
                " lies outside A's domain [0, ", a_orig.size(), ")");
  Ints rs, rd;
  Int rest_shape = n, rest_stride = r;
  for (std::size_t i = 0; i + 1 < a.shape.size(); ++i) {
    Int cs = a.shape[i], cd = a.stride[i];
    Int ar = rest_stride < 0 ? -rest_stride : rest_stride;
    // CuTe's stride divisibility condition.
    if (!(rest_stride % cs == 0 || rest_stride < cs))
      return fail(ErrorKind::inadmissible, "stride divisibility: the stride ", rest_stride, " left of B's stride ", r,
                  " is neither a multiple of nor less than the shape ", cs, " of mode ", i, " of coalesce(A) = ",
                  to_string(*from_flat(a)));
    Int next_shape = ceil_div(cs, ar);
    Int next_stride = ceil_div(ar, cs) * signum(rest_stride);
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      continue;
    }
    Int new_shape = std::min(next_shape, rest_shape);
    // CuTe's shape divisibility condition.
    if (rest_shape % new_shape != 0)
      return fail(ErrorKind::inadmissible, "shape divisibility: ", new_shape, " elements fit in mode ", i,
                  " of coalesce(A) = ", to_string(*from_flat(a)), " but do not divide the remaining shape ",
                  rest_shape, " of B's mode ", n, ":", r);
    // Stepping past this mode needs the stride to divide the mode's shape, else the walk
    // skews (CuTe misses this check: (4,6):(2,3) o 6:3).
    if (new_shape < rest_shape && cs % ar != 0)
      return fail(ErrorKind::inadmissible, "stride divisibility: B's stride ", ar, " does not divide the shape ", cs,
                  " of mode ", i, " of coalesce(A) = ", to_string(*from_flat(a)), ", yet B's mode ", n, ":", r,
                  " runs past it");
    CL_TRY(d, checked_mul(rest_stride, cd, "stride"));
    rs.push_back(new_shape);
    rd.push_back(d);
    used[i] += (new_shape - 1) * ar;  // < cs each: the sum over B's rank stays small
    rest_shape /= new_shape;
    rest_stride = next_stride;
  }
  CL_TRY(last, checked_mul(rest_stride, a.stride.back(), "stride"));
  if (rs.empty()) return leaf(rest_shape, last);
  if (rest_shape != 1) {
    rs.push_back(rest_shape);
    rd.push_back(last);
  }
  if (rs.size() == 1) return leaf(rs[0], rd[0]);
  return Mode{IntTuple::flat(rs), IntTuple::flat(rd)};
}

// Right-distributivity over B's modes: the result keeps B's nesting.
Result<Mode> compose_rec(FlatLayout const& a, Layout const& a_orig, IntTuple const& bs, IntTuple const& bd,
                         Ints& used) {
  if (bs.is_leaf()) return compose_mode(a, a_orig, bs.value(), bd.value(), used);
  Mode out;
  if (bs.word().size() == bs.rank() + 2) {  // a flat B: no sub-tuples to cut out
    auto s = bs.values(), d = bd.values();
    for (std::size_t i = 0; i < s.size(); ++i) {
      CL_TRY(m, compose_mode(a, a_orig, s[i], d[i], used));
      out.shape.push_back(m.shape);
      out.stride.push_back(m.stride);
    }
    return out;
  }
  for (std::size_t i = 0; i < bs.rank(); ++i) {
    CL_TRY(m, compose_rec(a, a_orig, bs.mode(i), bd.mode(i), used));
    out.shape.push_back(m.shape);
    out.stride.push_back(m.stride);
  }
  return out;
}

}  // namespace

Result<Layout> composition(Layout const& a, Layout const& b) {
  auto flat_a = coalesce_extended(a);
  Ints used(flat_a.shape.size(), 0);
  CL_TRY(m, compose_rec(flat_a, a, b.shape(), b.stride(), used));
  for (std::size_t i = 0; i + 1 < used.size(); ++i)
    if (used[i] >= flat_a.shape[i])
      return fail(ErrorKind::inadmissible, "B's modes overlap in mode ", i, " of coalesce(A) = ",
                  to_string(*from_flat(flat_a)), ": their coordinates there add up to ", used[i],
                  ", past its shape ", flat_a.shape[i], ", so A o B is not the sum of A o B's modes (",
                  to_string(a), " o ", to_string(b), ")");
  auto r = Layout::make(std::move(m.shape), std::move(m.stride));
  if (!r) return fail(r.error().kind, r.error().message, " in ", to_string(a), " o ", to_string(b));
  return r;
}

Result<Layout> composition(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return composition(a, *b.layout);
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  std::vector<Layout> modes;
  for (std::size_t i = 0; i < b.modes.size(); ++i) {
    CL_TRY(m, composition(a.mode(i), b.modes[i]));
    modes.push_back(std::move(m));
  }
  return make_layout(modes);
}

}  // namespace catlayout
