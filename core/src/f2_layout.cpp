#include "catlayout/core/f2_layout.hpp"

#include <bit>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/common_domain.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/nullspace.hpp"
#include "catlayout/core/represent.hpp"
#include "catlayout/core/text.hpp"
#include "merge_modes.hpp"

namespace catlayout {

std::optional<std::uint64_t> clmul(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  // The product's top bit is the sum of the operands' top bits (no cancellation there).
  if (std::bit_width(a) + std::bit_width(b) - 1 > F2Layout::max_bits) return std::nullopt;
  std::uint64_t r = 0;
  for (int k = 0; a != 0; ++k, a >>= 1)
    if (a & 1) r ^= b << k;
  return r;
}

static std::uint64_t bits(Int v) { return static_cast<std::uint64_t>(v); }

Result<F2Layout> F2Layout::make(IntTuple shape, IntTuple stride) {
  if (!congruent(shape, stride))
    return fail(ErrorKind::invalid_input, "shape ", to_string(shape), " and F2 strides ", to_string(stride),
                " are not congruent");
  auto s = shape.values(), d = stride.values();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", s[k], " of ", to_string(shape), " is not positive");
    if (d[k] < 0)
      return fail(ErrorKind::invalid_input, "F2 stride ", d[k], " of ", to_string(stride),
                  " is negative: an F2 stride is a bit pattern");
    if (!clmul(bits(s[k] - 1), bits(d[k])))
      return fail(ErrorKind::invalid_input, "the mode ", s[k], ":F", d[k], " reaches past bit ", max_bits - 1);
  }
  CL_TRY(n, product(shape));
  F2Layout l;
  l.shape_ = std::move(shape);
  l.stride_ = std::move(stride);
  l.size_ = n;
  return l;
}

F2Layout F2Layout::mode(std::size_t i) const {
  F2Layout m;
  m.shape_ = shape_.mode(i);
  m.stride_ = stride_.mode(i);
  m.size_ = *product(m.shape_);  // divides size()
  return m;
}

Int F2Layout::operator()(Int i) const {
  auto s = shape_.values(), d = stride_.values();
  std::uint64_t r = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    r ^= *clmul(bits(i % s[k]), bits(d[k]));  // bounded by make()
    i /= s[k];
  }
  return static_cast<Int>(r);
}

Result<Int> F2Layout::at(Int i) const {
  if (i < 0 || i >= size_)
    return fail(ErrorKind::invalid_input, "index ", i, " is outside the domain [0, ", size_, ") of ", to_string(*this));
  return (*this)(i);
}

Result<Int> F2Layout::extended(Int i) const {
  if (i < 0) return fail(ErrorKind::invalid_input, "index ", i, " of ", to_string(*this), " is negative");
  if (i < size_) return (*this)(i);
  auto s = shape_.values(), d = stride_.values();
  if (s.empty()) return fail(ErrorKind::invalid_input, "the empty layout has no extension past index 0");
  std::uint64_t r = 0;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    r ^= *clmul(bits(i % s[k]), bits(d[k]));
    i /= s[k];
  }
  auto last = clmul(bits(i), bits(d.back()));
  if (!last)
    return fail(ErrorKind::invalid_input, "the extended value of ", to_string(*this), " at coordinate ", i,
                " of its last mode reaches past bit ", max_bits - 1);
  return static_cast<Int>(r ^ *last);
}

std::string to_string(F2Layout const& l) {
  std::string out = to_string(l.shape()) + ":";
  std::size_t v = 0;
  bool comma = false;
  for (auto t : l.stride().word()) {  // the stride tuple with each entry written F<v>
    if (t == IntTuple::close_token) {
      out += ')';
      comma = true;
      continue;
    }
    if (comma) out += ',';
    comma = t != IntTuple::open_token;
    out += t == IntTuple::open_token ? std::string("(") : "F" + std::to_string(l.stride().values()[v++]);
  }
  return out;
}

namespace {

// PyCuTe's F2 merge predicate (f2_layout.hpp): zeros, or a power-of-two mode continued by the shift.
bool f2_follows(Int s, Int a, Int b) {
  if (a == 0) return b == 0;
  if (!std::has_single_bit(bits(s))) return false;
  int k = std::countr_zero(bits(s));
  return std::bit_width(bits(a)) + k <= F2Layout::max_bits && (a << k) == b;
}

F2Layout flat_f2(Ints const& s, Ints const& d, bool keep_size_one) {
  if (s.empty() || (!keep_size_one && s.size() == 1 && s[0] == 1)) return F2Layout();
  if (s.size() == 1) return *F2Layout::make(s[0], d[0]);
  return *F2Layout::make(IntTuple::flat(s), IntTuple::flat(d));  // merges keep every image in range
}

}  // namespace

F2Layout coalesce(F2Layout const& l) {
  Ints s, d;
  auto ls = l.shape().values();
  if (ls.empty()) return F2Layout();
  detail::merge_back(ls, l.stride().values(), ls.back(), s, d, f2_follows);
  return flat_f2(s, d, false);
}

F2Layout coalesce_z(F2Layout const& l) {
  Ints s, d;
  auto ls = l.shape().values();
  if (ls.empty()) return F2Layout();
  // A trailing size-1 mode carries the extension: a placeholder size 2 keeps it from vanishing.
  detail::merge_back(ls, l.stride().values(), ls.back() == 1 ? 2 : ls.back(), s, d, f2_follows);
  if (ls.back() == 1) s.back() /= 2;
  return flat_f2(s, d, true);
}

namespace {

template <class Got, class Want>
Result<void> tabulated_equal(Int n, Got got, Want want, std::string const& what, ErrorKind kind) {
  if (n > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, what, ": size ", n, " is too large to check by tabulation");
  for (Int i = 0; i < n; ++i) {
    CL_TRY(g, got(i));
    CL_TRY(w, want(i));
    if (g != w) return fail(kind, what, ": at i = ", i, " the F2 strides give ", g, ", but the definition gives ", w);
  }
  return {};
}

}  // namespace

Result<F2Layout> composition(F2Layout const& a, Layout const& b) {
  std::string what = str("composition(", to_string(a), ", ", to_string(b), ")");
  // B split at A's mode boundaries: core's composition with a stand-in for A whose modes never merge
  // (strides 1), on the modes F2 coalescing keeps; its shapes and admissibility are A's.
  F2Layout ca = coalesce_z(a);
  Ints ones(ca.shape().values().size(), 1);
  CL_TRY(stand_in, Layout::make(ca.shape(), IntTuple::with_profile(ca.shape(), ones)));
  auto split = composition(stand_in, b);
  if (!split) return in_context(split.error(), what + ": ");
  // Mode j of R steps by A(B(u_j)), u_j its unit index in B's domain.
  auto rs = split->flat_shape();
  Ints w;
  Int unit = 1;
  for (Int s : rs) {
    Int x = unit < b.size() ? b(unit) : 0;  // a trailing size-1 mode has no step inside B's domain
    if (x < 0) return fail(ErrorKind::invalid_input, what, ": B(", unit, ") = ", x, " is negative, no index of A");
    CL_TRY(v, a.extended(x));
    w.push_back(v);
    unit *= s;
  }
  CL_TRY(r, F2Layout::make(split->shape(), IntTuple::with_profile(split->shape(), w)));
  CL_CHECK(tabulated_equal(
      b.size(), [&](Int i) -> Result<Int> { return r(i); },
      [&](Int i) -> Result<Int> {
        Int x = b(i);
        if (x < 0) return fail(ErrorKind::invalid_input, what, ": B(", i, ") = ", x, " is negative, no index of A");
        return a.extended(x);
      },
      what + " = " + to_string(r) + " is not A(B(i)): a mode of B steps through a mode of A by a factor that is not a "
                                    "power of two, where the carry-less product is not linear",
      ErrorKind::inadmissible));
  return r;
}

std::optional<F2Layout> zero_as_f2(Layout const& l) {
  for (Int d : l.flat_stride())
    if (d != 0) return std::nullopt;
  return *F2Layout::make(l.shape(), l.stride());
}

Result<F2Layout> layout_add(F2Layout const& a, F2Layout const& b) {
  if (a.size() != b.size())
    return fail(ErrorKind::inadmissible, "layout_add: size(A) = ", a.size(), " for A = ", to_string(a), " but size(B) = ",
                b.size(), " for B = ", to_string(b));
  F2Layout ca = coalesce(a), cb = coalesce(b);
  CL_TRY(g, greatest_common_domain(ca.shape(), cb.shape()));
  if (g.size() != a.size())
    return fail(ErrorKind::not_representable, "layout_add: ", to_string(ca), " and ", to_string(cb),
                " have no common refinement: greatest_common_domain = ", to_string(g));
  Ints w;
  for (Int at : g.flat_stride()) w.push_back(ca(at) ^ cb(at));
  CL_TRY(sum, F2Layout::make(g.shape(), IntTuple::flat(w)));
  F2Layout r = coalesce(sum);
  CL_CHECK(tabulated_equal(
      a.size(), [&](Int i) -> Result<Int> { return r(i); }, [&](Int i) -> Result<Int> { return a(i) ^ b(i); },
      str("layout_add(", to_string(a), ", ", to_string(b), ") = ", to_string(r),
          " (PyCuTe's leaf-wise XOR over a mode that is not a power of two) is not A(i) ^ B(i)"),
      ErrorKind::not_representable));
  return r;
}

Result<Layout> nullspace(F2Layout const& a) {
  auto s = a.shape().values(), d = a.stride().values();
  Ints shadow;
  for (Int v : d) shadow.push_back(v == 0 ? 0 : 1);
  CL_TRY(zeros, Layout::make(a.shape(), IntTuple::with_profile(a.shape(), shadow)));
  Layout formula = nullspace_formula(zeros);
  if (a.size() > limits::max_tabulate)
    return fail(ErrorKind::invalid_input, "nullspace(", to_string(a), "): size ", a.size(), " is too large to tabulate");
  std::vector<Int> kernel;
  for (Int i = 0; i < a.size(); ++i)
    if (a(i) == 0) kernel.push_back(i);
  if (tabulate(formula) == kernel) return formula;
  CL_TRY(r, represent(kernel));
  if (!r.layout)
    return fail(ErrorKind::not_representable, "nullspace(", to_string(a), "): its kernel has ", kernel.size(),
                " indices and no layout enumerates them: ", r.reason);
  return *r.layout;
}

Result<LinearLayout> to_linear(F2Layout const& l) {
  std::vector<std::uint64_t> bases;
  std::uint64_t all = 0;
  auto s = l.shape().values(), d = l.stride().values();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (!std::has_single_bit(bits(s[k])))
      return fail(ErrorKind::not_representable, "the mode ", s[k], ":F", d[k], " of ", to_string(l),
                  " is not a power of two: no F2-linear map of bits");
    for (Int j = 1; j < s[k]; j *= 2) {
      bases.push_back(*clmul(bits(j), bits(d[k])));
      all |= bases.back();
    }
  }
  if (bases.size() > static_cast<std::size_t>(LinearLayout::max_bits))
    return fail(ErrorKind::invalid_input, to_string(l), " has ", bases.size(), " input bits, over the limit");
  return LinearLayout::make(std::move(bases), static_cast<int>(std::bit_width(all)));
}

F2Layout to_f2(LinearLayout const& f) {
  Ints s(f.bases().size(), 2), d;
  for (auto b : f.bases()) d.push_back(static_cast<Int>(b));
  if (s.empty()) return F2Layout();
  return coalesce(flat_f2(s, d, true));
}

Result<F2Layout> to_f2(Layout const& l) {
  CL_CHECK(to_linear(l));  // the integer sum is the XOR exactly there
  for (Int d : l.flat_stride())  // to_linear passes a size-1 mode's negative stride, which F2 cannot keep
    if (d < 0)
      return fail(ErrorKind::not_representable, "the stride ", d, " of ", to_string(l), " is negative: an F2 stride is a bit pattern");
  return F2Layout::make(l.shape(), l.stride());
}

Result<F2Layout> to_f2(ComposedLayout const& c) {
  CL_TRY(f, to_linear(c));
  return to_f2(f);
}

Result<F2Layout> to_f2(Swizzle const& s, int n) {
  CL_TRY(f, to_linear(s, n));
  return to_f2(f);
}

}  // namespace catlayout
