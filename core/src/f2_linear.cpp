#include "catlayout/core/f2_linear.hpp"

#include <bit>

#include "catlayout/core/coalesce.hpp"

namespace catlayout {

Result<LinearLayout> LinearLayout::make(std::vector<std::uint64_t> bases, int out_bits) {
  if (bases.size() > max_bits)
    return fail(ErrorKind::invalid_input, "a linear layout of ", bases.size(), " input bits exceeds the limit of ",
                max_bits);
  if (out_bits < 0 || out_bits > max_bits)
    return fail(ErrorKind::invalid_input, "out_bits ", out_bits, " is outside [0, ", max_bits, "]");
  for (std::size_t k = 0; k < bases.size(); ++k)
    if (bases[k] >> out_bits)
      return fail(ErrorKind::invalid_input, "basis ", k, " = ", bases[k], " has bit ", std::bit_width(bases[k]) - 1,
                  ", outside the ", out_bits, " output bits");
  LinearLayout f;
  f.bases_ = std::move(bases);
  f.out_bits_ = out_bits;
  return f;
}

std::uint64_t LinearLayout::operator()(std::uint64_t i) const {
  std::uint64_t r = 0;
  for (std::size_t k = 0; i != 0; ++k, i >>= 1)
    if (i & 1) r ^= bases_[k];
  return r;
}

Result<Int> LinearLayout::at(Int i) const {
  if (i < 0 || i >= size())
    return fail(ErrorKind::invalid_input, "index ", i, " is outside the domain [0, ", size(), ") of ", to_string(*this));
  return static_cast<Int>((*this)(static_cast<std::uint64_t>(i)));
}

std::string to_string(LinearLayout const& f) {
  std::string s = "[";  // appended piece by piece (str): GCC 12 at -O3 warns falsely on "," + to_string
  for (std::size_t k = 0; k < f.bases().size(); ++k) s += str(k ? "," : "", f.bases()[k]);
  return s + str("] : ", f.in_bits(), " -> ", f.out_bits(), " bits");
}

static int width_of(std::vector<std::uint64_t> const& bases) {
  std::uint64_t all = 0;
  for (auto b : bases) all |= b;
  return static_cast<int>(std::bit_width(all));
}

// Integer sum == XOR on every subset iff the images are pairwise bit-disjoint.
static Result<void> disjoint(std::vector<std::uint64_t> const& bases, std::string const& what) {
  std::uint64_t seen = 0;
  for (std::size_t k = 0; k < bases.size(); ++k) {
    if (!(bases[k] & seen)) {
      seen |= bases[k];
      continue;
    }
    for (std::size_t j = 0; j < k; ++j)
      if (bases[j] & bases[k])
        return fail(ErrorKind::not_representable, "input bits ", j, " and ", k, " of ", what,
                    " map to ", bases[j], " and ", bases[k], ", which share output bit ",
                    std::countr_zero(bases[j] & bases[k]), ": the integer sum is not their XOR");
  }
  return {};
}

Result<LinearLayout> to_linear(Layout const& l) {
  auto f = flat_modes(l);
  std::vector<std::uint64_t> bases;
  for (std::size_t i = 0; i < f.shape.size(); ++i) {
    Int s = f.shape[i], d = f.stride[i];
    if (!std::has_single_bit(static_cast<std::uint64_t>(s)))
      return fail(ErrorKind::not_representable, "shape ", s, " of mode ", i, " of ", to_string(l),
                  " is not a power of two");
    if (d < 0 && s > 1)
      return fail(ErrorKind::not_representable, "stride ", d, " of mode ", i, " of ", to_string(l),
                  " is negative");
    for (Int j = 1; j < s; j *= 2) bases.push_back(static_cast<std::uint64_t>(d * j));  // bounded by l's span
  }
  CL_CHECK(disjoint(bases, to_string(l)));
  int w = width_of(bases);
  if (w > LinearLayout::max_bits)
    return fail(ErrorKind::invalid_input, "the image of ", to_string(l), " needs ", w, " bits, over the limit of ",
                LinearLayout::max_bits);
  return LinearLayout::make(std::move(bases), w);
}

Result<LinearLayout> to_linear(ComposedLayout const& c) {
  if (c.offset != 0)
    return fail(ErrorKind::not_representable, "the offset ", c.offset, " of ", to_string(c),
                " makes it affine, not linear");
  CL_TRY(f, to_linear(c.layout));
  std::vector<std::uint64_t> bases;
  for (auto b : f.bases()) bases.push_back(static_cast<std::uint64_t>(c.sw(static_cast<Int>(b))));
  int w = width_of(bases);
  if (w > LinearLayout::max_bits)
    return fail(ErrorKind::invalid_input, "the image of ", to_string(c), " needs ", w, " bits, over the limit");
  return LinearLayout::make(std::move(bases), w);
}

Result<LinearLayout> to_linear(Swizzle const& s, int n) {
  if (n < s.span_bits() || n > LinearLayout::max_bits)
    return fail(ErrorKind::invalid_input, to_string(s), " as a map on ", n, " bits: need ", s.span_bits(), " <= n <= ",
                LinearLayout::max_bits);
  std::vector<std::uint64_t> bases;
  for (int k = 0; k < n; ++k) bases.push_back(static_cast<std::uint64_t>(s(Int{1} << k)));
  return LinearLayout::make(std::move(bases), n);
}

// The plain layout (2,...,2):(b_0,...) when its sum is its XOR: the bases pairwise bit-disjoint (a
// layout of size 2^k is its (2,...,2) refinement, so no other layout has F's function). With
// `permutation`, only bases 0 or distinct powers of two (a permutation of bits).
static std::optional<Layout> plain(std::vector<std::uint64_t> const& bases, bool permutation) {
  std::uint64_t seen = 0;
  for (auto b : bases) {
    if (b == 0) continue;
    if ((permutation && !std::has_single_bit(b)) || (b & seen)) return std::nullopt;
    seen |= b;
  }
  if (bases.empty()) return Layout();
  std::vector<IntTuple> s, d;
  for (auto b : bases) {
    s.emplace_back(Int{2});
    d.emplace_back(static_cast<Int>(b));
  }
  auto l = Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d)));
  if (!l) return std::nullopt;
  return coalesce(*l);
}

// F itself when it is a layout; else the first swizzle (in the order below) that makes sw o F a
// permutation of bits, else one that makes it any layout: a swizzle's bits come back exactly from a
// swizzled permutation (Linear.RoundTrips), and a function some Sw o P has is never refused.
Result<ComposedLayout> to_cute(LinearLayout const& f) {
  if (auto p = plain(f.bases(), false)) return ComposedLayout{Swizzle{}, 0, *p};
  std::optional<ComposedLayout> any;  // the first swizzle that gives a layout, kept in one pass
  for (int b = 1; b <= 5; ++b)
    for (int m = 0; m <= 8; ++m)
      for (int sign : {1, -1})
        for (int s = b; s <= 12; ++s) {
          Swizzle sw = *Swizzle::make(b, m, sign * s);
          std::vector<std::uint64_t> q;  // sw^-1 o F, and sw^-1 = sw
          for (auto x : f.bases()) q.push_back(static_cast<std::uint64_t>(sw(static_cast<Int>(x))));
          if (auto p = plain(q, true)) return ComposedLayout{sw, 0, *p};
          if (!any)
            if (auto p = plain(q, false)) any = ComposedLayout{sw, 0, *p};
        }
  if (any) return *any;
  return fail(ErrorKind::not_representable, "", to_string(f),
              " is neither a layout (its bases pairwise bit-disjoint) nor Sw<B,M,S> of one for B <= 5, M <= 8, "
              "|S| <= 12");
}

Result<LinearLayout> composition(LinearLayout const& outer, LinearLayout const& inner) {
  std::vector<std::uint64_t> bases;
  for (std::size_t k = 0; k < inner.bases().size(); ++k) {
    auto b = inner.bases()[k];
    if (outer.in_bits() < 64 && (b >> outer.in_bits()) != 0)
      return fail(ErrorKind::inadmissible, "the image ", b, " of input bit ", k, " of the inner map ", to_string(inner),
                  " has bit ", std::bit_width(b) - 1, ", not an input bit of the outer map ", to_string(outer));
    bases.push_back(outer(b));
  }
  return LinearLayout::make(std::move(bases), outer.out_bits());
}

RowReduction row_reduce(LinearLayout const& f) {
  int n = f.in_bits(), m = f.out_bits();
  RowReduction r{std::vector<std::uint64_t>(m, 0), std::vector<std::uint64_t>(m, 0), std::vector<bool>(m, false), {}};
  // Invariant: each pivot row has exactly one pivot bit among the pivots so far (its own), so
  // reducing a new row against them never reintroduces one.
  for (int k = 0; k < n; ++k) {
    std::uint64_t v = f.bases()[k], c = std::uint64_t{1} << k;
    for (int p = 0; p < m; ++p)
      if (r.pivot[p] && (v >> p & 1)) {
        v ^= r.image[p];
        c ^= r.preimage[p];
      }
    if (v == 0) {
      r.kernel.push_back(c);
      continue;
    }
    int p = std::countr_zero(v);
    for (int q = 0; q < m; ++q)  // Gauss-Jordan: clear bit p from the other pivot rows
      if (r.pivot[q] && (r.image[q] >> p & 1)) {
        r.image[q] ^= v;
        r.preimage[q] ^= c;
      }
    r.image[p] = v;
    r.preimage[p] = c;
    r.pivot[p] = true;
  }
  return r;
}

Result<LinearLayout> inverse(LinearLayout const& f) {
  int n = f.in_bits();
  if (n != f.out_bits())
    return fail(ErrorKind::inadmissible, "not invertible: ", to_string(f), " is not square (", n, " input bits, ",
                f.out_bits(), " output bits)");
  auto r = row_reduce(f);
  if (!r.kernel.empty()) {
    std::string bits;
    for (int j = 0; j < n; ++j)
      if (r.kernel[0] >> j & 1) bits += str(bits.empty() ? "" : ",", j);
    return fail(ErrorKind::inadmissible, "not invertible: ", to_string(f), " is singular: the images of input bits {",
                bits, "} XOR to 0");
  }
  // Every bit is now a pivot and each row keeps only its own: image[p] = 2^p, so F(preimage[p]) = 2^p.
  return LinearLayout::make(std::move(r.preimage), n);
}

}  // namespace catlayout
