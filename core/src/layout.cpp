#include "catlayout/core/layout.hpp"

#include <stdexcept>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "flat_pipeline.hpp"
#include "layout_access.hpp"

namespace catlayout {

Layout Layout::mode(std::size_t i) const {
  IntTuple s = shape_.mode(i);
  Int n = 1;
  for (Int x : s.values()) n *= x;  // a sub-layout's size divides a valid size: no overflow
  return detail::LayoutAccess::trusted(std::move(s), stride_.mode(i), n);
}

// Why (shape, stride) is not a layout: the slow path of Layout::make, kept out of line so that
// the check of valid input stays a short loop. pre: the quick check failed.
[[gnu::cold, gnu::noinline]] static Error make_error(IntTuple const& shape, IntTuple const& stride) {
  auto err = [](auto r) { return r.error(); };
  if (!congruent(shape, stride))
    return err(fail(ErrorKind::invalid_input, "shape ", to_string(shape), " and stride ", to_string(stride),
                    " are not congruent"));
  if (depth(shape) > limits::max_depth)
    return err(fail(ErrorKind::invalid_input, "nesting depth ", depth(shape), " exceeds the limit ",
                    limits::max_depth));
  auto s = shape.values();
  auto d = stride.values();
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] <= 0)
      return err(fail(ErrorKind::invalid_input, "shape entry ", s[i], " at flat position ", i, " of ",
                      to_string(shape), " is not positive"));
  Int span = 0;  // max |offset| over the domain: sum of (s_i - 1) |d_i|
  for (std::size_t i = 0; i < s.size(); ++i) {
    auto ad = checked_abs(d[i]);
    if (!ad) return ad.error();
    auto term = checked_mul(s[i] - 1, *ad, "offset");
    if (!term) return term.error();
    auto sp = checked_add(span, *term, "offset");
    if (!sp) return sp.error();
    span = *sp;
  }
  auto n = product(shape);
  if (!n) return n.error();
  return Error{ErrorKind::invalid_input, "not a layout: " + to_string(shape) + ":" + to_string(stride)};
}

Result<Layout> Layout::make(IntTuple shape, IntTuple stride) {
  // One pass over the flat entries, with every condition of Def. 2.3.1.1 folded into one flag:
  // positive shape, offsets (span = sum of (s_i - 1)|d_i|) and size inside int64. A word of 2k
  // brackets cannot nest deeper than k, so depth is counted only when it could exceed the limit.
  bool bad = !congruent(shape, stride) ||
             (shape.word().size() > 2 * limits::max_depth && depth(shape) > limits::max_depth);
  Int span = 0, size = 1;
  bad = bad || !detail::accumulate_valid(shape.values(), stride.values(), span, size);
  if (bad) return std::unexpected(make_error(shape, stride));
  return detail::LayoutAccess::trusted(std::move(shape), std::move(stride), size);
}

// A bracket word that is a nested tuple: its number of leaves, CuTe's rank and its depth; false
// where it is not one (a leaf alone, or one outer bracket pair around leaves and nested pairs).
static bool word_shape(std::span<std::uint8_t const> w, std::size_t& leaves, std::size_t& rank,
                       std::size_t& deepest) {
  leaves = rank = deepest = 0;
  if (w.size() == 1) {
    leaves = rank = 1;
    return w[0] == IntTuple::leaf_token;
  }
  if (w.size() < 2 || w[0] != IntTuple::open_token) return false;
  std::size_t depth = 0;
  for (std::size_t k = 0; k < w.size(); ++k) {
    auto t = w[k];
    if (t == IntTuple::close_token) {
      if (depth == 0 || (--depth == 0 && k + 1 != w.size())) return false;  // the outer pair closes last
      continue;
    }
    if (t != IntTuple::open_token && t != IntTuple::leaf_token) return false;
    rank += depth == 1;  // a mode starts inside the outer pair (nothing follows it: above)
    if (t == IntTuple::leaf_token)
      ++leaves;
    else
      deepest = std::max(deepest, ++depth);
  }
  return depth == 0;
}

Result<Layout> Layout::make(std::span<Int const> shape, std::span<Int const> stride,
                            std::span<std::uint8_t const> word) {
  std::size_t leaves, rank, deepest;
  if (!word_shape(word, leaves, rank, deepest) || leaves != shape.size() || leaves != stride.size())
    return fail(ErrorKind::invalid_input, "a bracket word of ", word.size(), " tokens with ", shape.size(),
                " shape and ", stride.size(), " stride entries is not a nested tuple with one leaf per entry");
  Int span = 0, size = 1;
  if (deepest > limits::max_depth || !detail::accumulate_valid(shape, stride, span, size))  // Def. 2.3.1.1
    return make(detail::LayoutAccess::tuple(Ints(shape), IntTuple::Word(word)),
                detail::LayoutAccess::tuple(Ints(stride), IntTuple::Word(word)));  // words the failure
  return Result<Layout>(std::in_place, detail::LayoutAccess::checked(), shape, stride, word,
                        static_cast<std::uint32_t>(rank), size);
}

static Int eval_flat(std::span<Int const> s, std::span<Int const> d, Int i) {
  Int off = 0;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    off += (i % s[k]) * d[k];
    i /= s[k];
  }
  if (!s.empty()) off += i * d.back();
  return off;
}

Int Layout::eval64(Int i) const { return eval_flat(flat_shape(), flat_stride(), i); }

Result<Int> Layout::at(Int i) const {
  if (i < 0 || i >= size_)
    return fail(ErrorKind::invalid_input, "index ", i, " is outside the domain [0, ", size_, ") of ", to_string(*this));
  return (*this)(i);
}

Result<Int> Layout::extended(Int i) const {
  if (i < size_) return at(i);
  auto s = flat_shape();
  auto d = flat_stride();
  if (s.empty()) return fail(ErrorKind::invalid_input, "the empty layout has no extension past index 0");
  Int off = 0, rest = i;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    off += (rest % s[k]) * d[k];  // bounded by the construction span
    rest /= s[k];
  }
  CL_TRY(last, checked_mul(rest, d.back(), "extended offset"));
  return checked_add(off, last, "extended offset");
}

Result<Int> odd_extended(Layout const& l, Int x) {
  if (x == INT64_MIN) return fail(ErrorKind::invalid_input, "the index ", x, " has no int64 negation");
  auto v = l.extended(x < 0 ? -x : x);
  if (!v || x >= 0) return v;
  return -*v;
}

static Result<Int> at_coord_rec(IntTuple const& c, IntTuple const& s, IntTuple const& d) {
  if (c.is_leaf()) {
    // An integer coordinate for a (possibly nested) mode: colexicographic index into it.
    CL_TRY(n, product(s));
    if (c.value() < 0 || c.value() >= n)
      return fail(ErrorKind::invalid_input, "coordinate ", c.value(), " is outside [0, ", n, ") of shape ",
                  to_string(s));
    return eval_flat(s.values(), d.values(), c.value());
  }
  if (s.is_leaf() || c.rank() != s.rank())
    return fail(ErrorKind::invalid_input, "coordinate ", to_string(c), " does not match shape ", to_string(s));
  Int off = 0;
  for (std::size_t i = 0; i < c.rank(); ++i) {
    CL_TRY(x, at_coord_rec(c.mode(i), s.mode(i), d.mode(i)));
    off += x;  // bounded: a valid coordinate's offset is within the span
  }
  return off;
}

Result<Int> Layout::at_coord(IntTuple const& coord) const { return at_coord_rec(coord, shape_, stride_); }

// L(size - 1) + 1: the last index has every coordinate at its end, so L(size - 1) is the sum of
// (s_i - 1) d_i, whatever the signs (each term within the span, which a valid layout keeps in int64).
Int cosize(Layout const& l) {
  auto s = l.flat_shape(), d = l.flat_stride();
  Int last = 0;
  for (std::size_t i = 0; i < s.size(); ++i) last += (s[i] - 1) * d[i];
  return last + 1;
}

std::size_t depth(Layout const& l) { return depth(l.shape()); }

Result<void> tabulate_into(Layout const& l, std::span<Int> out) {
  if (static_cast<Int>(out.size()) != l.size())
    return fail(ErrorKind::invalid_input, "tabulate: room for ", out.size(), " values, but ", to_string(l), " has ",
                l.size());
  // Coalescing keeps the function and makes the first mode as long as possible: it becomes a
  // tight (vectorised) inner loop, and an odometer steps the other modes once per pass.
  Layout c = coalesce(l);
  auto s = c.flat_shape();
  auto d = c.flat_stride();
  Int s0 = s[0], d0 = d[0];
  Ints crd(s.size(), 0);
  Int base = 0;
  Int* p = out.data();
  for (Int done = 0; done < c.size(); done += s0, p += s0) {
    for (Int j = 0; j < s0; ++j) p[j] = base + j * d0;
    for (std::size_t k = 1; k < s.size(); ++k) {
      if (++crd[k] < s[k]) {
        base += d[k];
        break;
      }
      base -= (s[k] - 1) * d[k];
      crd[k] = 0;
    }
  }
  return {};
}

std::vector<Int> tabulate(Layout const& l) {
  if (l.size() > limits::max_tabulate)
    throw std::length_error(str("tabulate: size ", l.size(), " of ", to_string(l), " exceeds the limit ",
                                limits::max_tabulate));
  std::vector<Int> out(static_cast<std::size_t>(l.size()));
  (void)tabulate_into(l, out);  // the sizes match by construction
  return out;
}

std::string to_string(Layout const& l) {
  std::string s;
  append_to(s, l.shape());
  s += ':';
  append_to(s, l.stride());
  return s;
}

Layout layout(IntTuple shape, IntTuple stride) {
  auto r = Layout::make(std::move(shape), std::move(stride));
  if (!r) throw std::invalid_argument(r.error().what());
  return *r;
}

FlatLayout flat_modes(Layout const& l) { return {l.flat_shape(), l.flat_stride()}; }

Result<Layout> from_flat(FlatLayout const& f) {
  if (f.shape.size() == 1) return Layout::make(f.shape[0], f.stride[0]);
  return Layout::make(IntTuple::flat(f.shape), IntTuple::flat(f.stride));
}

}  // namespace catlayout
