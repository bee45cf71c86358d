#include "catlayout/core/layout.hpp"

#include <stdexcept>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {

Layout::Layout(IntTuple s, IntTuple d, int)
    : shape_(std::move(s)), stride_(std::move(d)), flat_shape_(flatten_values(shape_)), flat_stride_(flatten_values(stride_)) {
  size_ = *product(shape_);  // a sub-layout's size divides a valid size: no overflow
}

Result<Layout> Layout::make(IntTuple shape, IntTuple stride) {
  if (!congruent(shape, stride))
    return fail(ErrorKind::invalid_input, "shape ", to_string(shape), " and stride ", to_string(stride),
                " are not congruent");
  if (depth(shape) > limits::max_depth)
    return fail(ErrorKind::invalid_input, "nesting depth ", depth(shape), " exceeds the limit ", limits::max_depth);
  auto s = flatten_values(shape);
  auto d = flatten_values(stride);
  Int span = 0;  // max |offset| over the domain: sum of (s_i - 1) |d_i|
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", s[i], " at flat position ", i, " of ", to_string(shape),
                  " is not positive");
    CL_TRY(ad, checked_abs(d[i]));
    CL_TRY(term, checked_mul(s[i] - 1, ad, "offset"));
    CL_TRY(sp, checked_add(span, term, "offset"));
    span = sp;
  }
  CL_TRY(size, product(shape));
  Layout l;
  l.shape_ = std::move(shape);
  l.stride_ = std::move(stride);
  l.size_ = size;
  l.flat_shape_ = std::move(s);
  l.flat_stride_ = std::move(d);
  return l;
}

static Int eval_flat(std::vector<Int> const& s, std::vector<Int> const& d, Int i) {
  Int off = 0;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    off += (i % s[k]) * d[k];
    i /= s[k];
  }
  if (!s.empty()) off += i * d.back();
  return off;
}

Int Layout::operator()(Int i) const {
  return eval_flat(flat_shape_, flat_stride_, i);
}

Result<Int> Layout::at(Int i) const {
  if (i < 0 || i >= size_)
    return fail(ErrorKind::invalid_input, "index ", i, " is outside the domain [0, ", size_, ") of ", to_string(*this));
  return (*this)(i);
}

Result<Int> Layout::extended(Int i) const {
  if (i < size_) return at(i);
  auto const& s = flat_shape_;
  auto const& d = flat_stride_;
  if (s.empty()) return fail(ErrorKind::invalid_input, "the empty layout has no extension past index 0");
  Int off = 0, rest = i;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    off += (rest % s[k]) * d[k];  // bounded by the construction span
    rest /= s[k];
  }
  CL_TRY(last, checked_mul(rest, d.back(), "extended offset"));
  return checked_add(off, last, "extended offset");
}

static Result<Int> at_coord_rec(IntTuple const& c, IntTuple const& s, IntTuple const& d) {
  if (c.is_leaf()) {
    // An integer coordinate for a (possibly nested) mode: colexicographic index into it.
    CL_TRY(n, product(s));
    if (c.value() < 0 || c.value() >= n)
      return fail(ErrorKind::invalid_input, "coordinate ", c.value(), " is outside [0, ", n, ") of shape ",
                  to_string(s));
    return eval_flat(flatten_values(s), flatten_values(d), c.value());
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

Int cosize(Layout const& l) { return l(l.size() - 1) + 1; }

std::size_t depth(Layout const& l) { return depth(l.shape()); }

std::vector<Int> tabulate(Layout const& l) {
  if (l.size() > limits::max_tabulate)
    throw std::length_error(str("tabulate: size ", l.size(), " of ", to_string(l), " exceeds the limit ",
                                limits::max_tabulate));
  std::vector<Int> out;
  out.reserve(static_cast<std::size_t>(l.size()));
  auto const& s = l.flat_shape();
  auto const& d = l.flat_stride();
  std::vector<Int> crd(s.size(), 0);
  Int off = 0;
  for (Int i = 0; i < l.size(); ++i) {
    out.push_back(off);
    // Odometer step: increment the colexicographic coordinate.
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (++crd[k] < s[k]) {
        off += d[k];
        break;
      }
      off -= (s[k] - 1) * d[k];
      crd[k] = 0;
    }
  }
  return out;
}

std::string to_string(Layout const& l) { return to_string(l.shape()) + ":" + to_string(l.stride()); }

Layout layout(IntTuple shape, IntTuple stride) {
  auto r = Layout::make(std::move(shape), std::move(stride));
  if (!r) throw std::invalid_argument(r.error().what());
  return *r;
}

FlatLayout flat_modes(Layout const& l) { return {l.flat_shape_, l.flat_stride_}; }

Result<Layout> from_flat(FlatLayout const& f) {
  if (f.shape.size() == 1) return Layout::make(f.shape[0], f.stride[0]);
  std::vector<IntTuple> s, d;
  for (std::size_t i = 0; i < f.shape.size(); ++i) {
    s.emplace_back(f.shape[i]);
    d.emplace_back(f.stride[i]);
  }
  return Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d)));
}

}  // namespace catlayout
