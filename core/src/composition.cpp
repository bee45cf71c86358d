#include "catlayout/core/composition.hpp"

#include <optional>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/structural.hpp"
#include "compose_walk.hpp"
#include "cute_composition.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"
#include "merge_modes.hpp"

namespace catlayout {
namespace {

// The result under construction: B's bracket word with each of B's leaves replaced by the
// mode A o (n:r), an integer or a flat tuple.
struct Out {
  Ints shape, stride;
  IntTuple::Word word;
  std::optional<Error> missed;  // see detail::compose_walk
  std::expected<void, Error> leaf(Int s, Int d) {
    shape.push_back(s);
    stride.push_back(d);
    word.push_back(IntTuple::leaf_token);
    return {};
  }
};

// A o (n:r) for one integral mode of B, A already coalesced (extension kept): a leaf, or a flat
// tuple of modes. used / missed: see detail::compose_walk.
std::expected<void, Error> compose_mode(FlatLayout const& a, Layout const& a_orig, Int n, Int r, Ints& used,
                                        Out& out) {
  if (r == 0) return out.leaf(n, 0);  // B is constant: A(0) = 0
  if (a.shape.empty())
    return fail(ErrorKind::inadmissible, "A = ", to_string(a_orig), " is the empty layout, defined at 0 only");
  Ints rs, rd;
  auto a_text = [&] { return "coalesce(A) = " + to_string(*from_flat(a)); };
  auto times = [](Int k, Int d) { return checked_mul(k, d, "stride"); };
  CL_CHECK(detail::compose_walk(a.shape, a.stride, n, r, used, out.missed, a_text, times, rs, rd));
  if (rs.size() == 1) return out.leaf(rs[0], rd[0]);
  out.word.push_back(IntTuple::open_token);
  for (std::size_t k = 0; k < rs.size(); ++k) out.leaf(rs[k], rd[k]);
  out.word.push_back(IntTuple::close_token);
  return {};
}

// Each mode of A o B has the size of B's mode (positive, their product size(B)): of Def. 2.3.1.1's
// conditions only the span sum (s_i - 1)|d_i| can fail, A being extended past its domain.
static bool span_overflows(std::span<Int const> s, std::span<Int const> d) {
  Int span = 0;
  bool overflow = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    Int term;
    overflow |= d[i] == INT64_MIN || __builtin_mul_overflow(s[i] - 1, d[i] < 0 ? -d[i] : d[i], &term) ||
                __builtin_add_overflow(span, term, &span);
  }
  return overflow;
}

// The rank of A o B, given its word's length and its entries: A o B keeps B's top-level modes, and
// a single mode of B becomes a leaf or a flat tuple.
static std::size_t composed_rank(Layout const& b, std::size_t word_size, std::size_t entries) {
  return !b.shape().is_leaf() ? b.rank() : word_size == 1 ? 1 : entries;
}

// A extended past its domain (its last mode unbounded), odd on negative arguments.
__int128 eval_odd(FlatLayout const& a, Int x) {  // 128 bits: past int64 is a mismatch, not a wrap
  bool negative = x < 0;
  __int128 rest = negative ? -static_cast<__int128>(x) : x, v = 0;
  for (std::size_t i = 0; i + 1 < a.shape.size(); ++i) {
    v += rest % a.shape[i] * a.stride[i];
    rest /= a.shape[i];
  }
  v += rest * a.stride.back();  // |x| < 2^63 and |stride| < 2^63
  return negative ? -v : v;
}

// as_cute: CuTe's layout, without the conditions CuTe does not check (detail::cute_composition).
Result<Layout> compose(Layout const& a, Layout const& b, bool as_cute) {
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
  // CuTe's stride divisibility condition, documented in cute/layout.hpp composition_impl ("Strong
  // divisibility condition", its static_assert commented out) and unchecked there: a precondition.
  // CuTe answers all the same; where its answer is A o B anyway (tabulated), that is the answer.
  if (out.missed && !as_cute) {
    if (b.size() <= limits::max_mixed_sign_check)
      if (auto cute = compose(a, b, true)) {
        bool same = true;
        for (Int i = 0; i < b.size() && same; ++i) same = (*cute)(i) == eval_odd(flat_a, b(i));
        if (same) return cute;
      }
    return cute_unchecked(std::unexpected(std::move(*out.missed)));
  }
  // With strides of both signs in B, the coordinates B's modes reach in A no longer just add
  // up: the result is checked against A(B(i)) by tabulation instead (below).
  bool up = false, down = false;
  for (std::size_t j = 0; j < bs.size(); ++j) {
    up |= bs[j] > 1 && bd[j] > 0;
    down |= bs[j] > 1 && bd[j] < 0;
  }
  bool mixed = up && down && flat_a.shape.size() > 1 && !as_cute;
  if (mixed && b.size() > limits::max_mixed_sign_check)
    return fail(ErrorKind::inadmissible, "B = ", to_string(b), " has strides of both signs, so A o B is checked by ",
                "tabulation, and its size ", b.size(), " is past the ", limits::max_mixed_sign_check, " that allows");
  for (std::size_t i = 0; i + 1 < used.size() && !mixed && !as_cute; ++i)
    if (used[i] >= flat_a.shape[i])
      return cute_misses(fail(ErrorKind::inadmissible, "B's modes overlap in mode ", i, " of coalesce(A) = ",
                  to_string(*from_flat(flat_a)), ": their coordinates there add up to ", used[i],
                  ", past its shape ", flat_a.shape[i], ", so A o B is not the sum of A o B's modes (",
                  to_string(a), " o ", to_string(b), ")"));
  bool overflow = span_overflows(out.shape, out.stride);
  std::size_t rank = composed_rank(b, out.word.size(), out.shape.size());
  IntTuple s = detail::LayoutAccess::tuple(std::move(out.shape), out.word, rank);
  IntTuple d = detail::LayoutAccess::tuple(std::move(out.stride), std::move(out.word), rank);
  if (overflow) {
    auto r = Layout::make(std::move(s), std::move(d));  // names the overflowing numbers
    return fail(r.error().kind, r.error().message, " in ", to_string(a), " o ", to_string(b));
  }
  auto r = detail::LayoutAccess::trusted(std::move(s), std::move(d), b.size());
  if (mixed)
    for (Int i = 0; i < b.size(); ++i)
      if (auto want = eval_odd(flat_a, b(i)); r(i) != want)
        return cute_misses(fail(ErrorKind::inadmissible, "B = ", to_string(b), " has strides of both signs and A o B is not the sum ",
                    "of A o B's modes: at ", i, ", B(", i, ") = ", b(i), " and A(", b(i), ") = ",
                    want >= INT64_MIN && want <= INT64_MAX ? std::to_string(static_cast<Int>(want)) : "past int64",
                    " (A(-x) = -A(x)), but the modes give ", r(i)));
  return r;
}

}  // namespace

// A o B's modes walked as compose() does, every condition checked, no message kept: false where
// compose() fails. Strides of both signs in B (checked by tabulation there) are left to compose().
// A's coalesced modes (as, ad), the state and the draft: core's containers, or fixed arrays.
template <class AS, class AD, class State, class Out>
static bool compose_modes_of(AS const& as, AD const& ad, detail::View const& b, State& st, Out& out) {
  std::optional<Error> missed;
  auto no_text = [] { return std::string(); };
  auto times = [](Int k, Int d) -> Result<Int> {
    Int r;
    if (__builtin_mul_overflow(k, d, &r)) return fail(ErrorKind::invalid_input, "overflow");
    return r;
  };
  std::size_t k = 0;
  for (auto t : b.word) {
    if (t != IntTuple::leaf_token) {
      out.word.push_back(t);
      continue;
    }
    Int n = b.shape[k], r = b.stride[k];
    ++k;
    st.up |= n > 1 && r > 0;
    st.down |= n > 1 && r < 0;
    if (r == 0) {  // B is constant: A(0) = 0
      out.leaf(n, 0);
      continue;
    }
    if (as.empty()) return false;
    Int d;
    if (as.size() == 1) {  // one unbounded mode: n:(r d), the common case of a coalesced A
      if (__builtin_mul_overflow(r, ad[0], &d)) return false;
      out.leaf(n, d);
      continue;
    }
    std::size_t first = out.shape.size();
    if (!detail::compose_walk(as, ad, n, r, st.used, missed, no_text, times, out.shape, out.stride) || missed)
      return false;
    std::size_t modes = out.shape.size() - first;
    if (modes == 1) {
      out.word.push_back(IntTuple::leaf_token);
      continue;
    }
    out.open();
    for (std::size_t j = 0; j < modes; ++j) out.word.push_back(IntTuple::leaf_token);
    out.close();
  }
  return true;
}

template <class AS, class State>
static bool compose_holds_of(AS const& as, State const& st) {
  if (st.up && st.down && as.size() > 1) return false;
  for (std::size_t i = 0; i + 1 < as.size(); ++i)
    if (st.used[i] >= as[i]) return false;
  return true;
}

bool detail::compose_modes(FlatLayout const& a, View const& b, ComposeState& st, Draft& out) {
  return compose_modes_of(a.shape, a.stride, b, st, out);
}

bool detail::compose_modes(FixedFlat const& a, View const& b, FixedState& st, Draft& out) {
  return compose_modes_of(a.shape, a.stride, b, st, out);
}

bool detail::compose_holds(FlatLayout const& a, ComposeState const& st) { return compose_holds_of(a.shape, st); }

bool detail::compose_holds(FixedFlat const& a, FixedState const& st) { return compose_holds_of(a.shape, st); }

// A o B into out: A coalesced with its extension into fixed arrays when it has at most
// fixed_modes flat modes (the common case: no capacity test per push), into core's containers otherwise.
static bool compose_into(detail::View const& a, detail::View const& b, detail::Draft& out) {
  if (a.shape.size() <= detail::fixed_modes) {
    detail::FixedFlat fa;
    detail::FixedState st{};
    detail::coalesce_extended_into(a.shape, a.stride, fa.shape, fa.stride);
    return compose_modes_of(fa.shape, fa.stride, b, st, out) && compose_holds_of(fa.shape, st);
  }
  FlatLayout flat_a;
  detail::coalesce_extended_into(a.shape, a.stride, flat_a.shape, flat_a.stride);
  detail::ComposeState st(flat_a);
  return compose_modes_of(flat_a.shape, flat_a.stride, b, st, out) && compose_holds_of(flat_a.shape, st);
}

Result<Layout> composition(Layout const& a, Layout const& b) {
  detail::Draft out;
  if (compose_into(detail::view(a), detail::view(b), out) && !out.overflowed()) {
    // Each mode has the size of B's mode, and B's word of at most 2 max_depth tokens nests at most
    // max_depth - 1 deep, one less than A o B may: then only the span is left to check.
    if (b.shape().word().size() <= 2 * limits::max_depth) {
      if (!span_overflows(out.shape, out.stride)) {
        return detail::build(out, b.size(), composed_rank(b, out.word.size(), out.shape.size()));
      }
    } else if (auto size = detail::checked_size(out)) {
      return detail::build(out, *size);
    }
  }
  return detail::composition_checked(a, b);
}

Result<Layout> detail::composition_checked(Layout const& a, Layout const& b) { return compose(a, b, false); }

Result<Layout> detail::cute_composition(Layout const& a, Layout const& b) { return compose(a, b, true); }

// CuTe's composition with a tiler: a layout tiler composes whole, a tuple tiler mode by mode
// (A's modes past the tiler's are dropped), each result one mode.
Result<Layout> detail::composition_tiler_checked(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return composition(a, *b.layout);
  if (b.modes.size() > a.rank())
    return fail(ErrorKind::invalid_input, "the tiler ", to_string(b), " has ", b.modes.size(), " modes but ",
                to_string(a), " has rank ", a.rank());
  IntTuple s, d;
  for (std::size_t i = 0; i < b.modes.size(); ++i) {
    CL_TRY(m, composition_tiler_checked(a.mode(i), b.modes[i]));
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return Layout::make(std::move(s), std::move(d));
}

// The same on a draft; false where the step-by-step form fails.
static bool compose_tiler_into(detail::View const& a, Tiler const& b, detail::Draft& out) {
  if (b.is_layout()) return compose_into(a, detail::view(*b.layout), out);
  bool ok = true;
  std::size_t i = 0;
  out.open();
  detail::for_each_mode(a, [&](detail::View const& m) {
    if (i++ < b.modes.size()) ok = ok && compose_tiler_into(m, b.modes[i - 1], out);
  });
  out.close();
  return ok && i >= b.modes.size();  // a tiler of more modes than A has: refused (A's modes counted on the way)
}

Result<Layout> composition(Layout const& a, Tiler const& b) {
  if (b.is_layout()) return composition(a, *b.layout);
  detail::Draft out;
  if (compose_tiler_into(detail::view(a), b, out))  // one mode per mode of the tiler
    if (auto size = detail::checked_size(out)) return detail::build(out, *size, b.modes.size());
  return detail::composition_tiler_checked(a, b);
}

}  // namespace catlayout
