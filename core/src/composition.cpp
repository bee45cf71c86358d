#include "catlayout/core/composition.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/structural.hpp"
#include "layout_access.hpp"

namespace catlayout {
namespace {

// The result under construction: B's bracket word with each of B's leaves replaced by the
// mode A o (n:r), an integer or a flat tuple.
struct Out {
  Ints shape, stride;
  IntTuple::Word word;
  std::expected<void, Error> leaf(Int s, Int d) {
    shape.push_back(s);
    stride.push_back(d);
    word.push_back(IntTuple::leaf_token);
    return {};
  }
};

// A o (n:r) for one integral mode of B, A already coalesced (extension kept).
// used[i]: the largest coordinate of mode i of A that B's modes reach together. Right-
// distributivity over B's modes holds only while these sums stay inside the mode (no carry).
std::expected<void, Error> compose_mode(FlatLayout const& a, Layout const& a_orig, Int n, Int r, Ints& used,
                                        Out& out) {
  if (r == 0) return out.leaf(n, 0);  // B is constant: A(0) = 0
  if (a.shape.empty())
    return fail(ErrorKind::inadmissible, "A = ", to_string(a_orig), " is the empty layout, defined at 0 only");
  if (a.shape.size() == 1) {  // A is one (unbounded) mode s:d, so A(j r) = j r d
    CL_TRY(d, checked_mul(r, a.stride[0], "stride"));
    return out.leaf(n, d);
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
    if (!(rest_stride < cs || (rest_stride > 0 ? mod_nonneg(rest_stride, cs) : rest_stride % cs) == 0))
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
    if (mod_nonneg(rest_shape, new_shape) != 0)
      return fail(ErrorKind::inadmissible, "shape divisibility: ", new_shape, " elements fit in mode ", i,
                  " of coalesce(A) = ", to_string(*from_flat(a)), " but do not divide the remaining shape ",
                  rest_shape, " of B's mode ", n, ":", r);
    // Stepping past this mode needs the stride to divide the mode's shape, else the walk
    // skews (CuTe misses this check: (4,6):(2,3) o 6:3).
    if (new_shape < rest_shape && mod_nonneg(cs, ar) != 0)
      return fail(ErrorKind::inadmissible, "stride divisibility: B's stride ", ar, " does not divide the shape ", cs,
                  " of mode ", i, " of coalesce(A) = ", to_string(*from_flat(a)), ", yet B's mode ", n, ":", r,
                  " runs past it");
    CL_TRY(d, checked_mul(rest_stride, cd, "stride"));
    rs.push_back(new_shape);
    rd.push_back(d);
    used[i] += (new_shape - 1) * ar;  // < cs each: the sum over B's rank stays small
    rest_shape = div_nonneg(rest_shape, new_shape);  // exact (checked above): the mode's size stays n
    rest_stride = next_stride;
  }
  CL_TRY(last, checked_mul(rest_stride, a.stride.back(), "stride"));
  if (rs.empty()) return out.leaf(rest_shape, last);
  if (rest_shape != 1) {
    rs.push_back(rest_shape);
    rd.push_back(last);
  }
  if (rs.size() == 1) return out.leaf(rs[0], rd[0]);
  out.word.push_back(IntTuple::open_token);
  for (std::size_t k = 0; k < rs.size(); ++k) out.leaf(rs[k], rd[k]);
  out.word.push_back(IntTuple::close_token);
  return {};
}

}  // namespace

Result<Layout> composition(Layout const& a, Layout const& b) {
  auto flat_a = coalesce_extended(a);
  Ints used(flat_a.shape.size(), 0);
  // Right-distributivity over B's modes: walk B's bracket word, so the result keeps B's nesting.
  Out out;
  auto bs = b.flat_shape(), bd = b.flat_stride();
  std::size_t k = 0;
  for (auto t : b.shape().word()) {
    if (t != IntTuple::leaf_token) {
      out.word.push_back(t);
      continue;
    }
    CL_CHECK(compose_mode(flat_a, a, bs[k], bd[k], used, out));
    ++k;
  }
  for (std::size_t i = 0; i + 1 < used.size(); ++i)
    if (used[i] >= flat_a.shape[i])
      return fail(ErrorKind::inadmissible, "B's modes overlap in mode ", i, " of coalesce(A) = ",
                  to_string(*from_flat(flat_a)), ": their coordinates there add up to ", used[i],
                  ", past its shape ", flat_a.shape[i], ", so A o B is not the sum of A o B's modes (",
                  to_string(a), " o ", to_string(b), ")");
  // Each mode of the result has the size of B's mode: only the span can overflow (A is extended).
  Int span = 0;
  bool overflow = false;
  for (std::size_t i = 0; i < out.shape.size(); ++i) {
    Int d = out.stride[i], term;
    overflow |= d == INT64_MIN || __builtin_mul_overflow(out.shape[i] - 1, d < 0 ? -d : d, &term) ||
                __builtin_add_overflow(span, term, &span);
  }
  // The result keeps B's top-level modes; a single mode of B becomes a leaf or a flat tuple.
  std::size_t rank = !b.shape().is_leaf() ? b.rank() : out.word.size() == 1 ? 1 : out.shape.size();
  IntTuple s = detail::LayoutAccess::tuple(std::move(out.shape), out.word, rank);
  IntTuple d = detail::LayoutAccess::tuple(std::move(out.stride), std::move(out.word), rank);
  if (overflow) {
    auto r = Layout::make(std::move(s), std::move(d));  // names the overflowing numbers
    return fail(r.error().kind, r.error().message, " in ", to_string(a), " o ", to_string(b));
  }
  return detail::LayoutAccess::trusted(std::move(s), std::move(d), b.size());
}

Result<Layout> composition(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return composition(a, *b.layout);
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  IntTuple s, d;
  for (std::size_t i = 0; i < b.modes.size(); ++i) {
    CL_TRY(m, composition(a.mode(i), b.modes[i]));
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return Layout::make(std::move(s), std::move(d));
}

}  // namespace catlayout
