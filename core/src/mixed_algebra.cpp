// CuTe's layout algebra over static and run-time integers (mixed_algebra.hpp): each function
// follows the CuTe 4.2 algorithm it cites, taking the branch CuTe's `if constexpr` takes for the
// marks at hand.
#include "catlayout/core/mixed_algebra.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "catlayout/core/checked.hpp"
#include "mixed_arith.hpp"

namespace catlayout {

namespace {

using namespace mixed_detail;

// cute/tuple_algorithms.hpp prepend: an integer becomes a tuple of two.
MT prepend(MT t, MT x) {
  if (t.is_leaf) return tup({std::move(x), std::move(t)});
  t.modes.insert(t.modes.begin(), std::move(x));
  return t;
}
// unwrap: a tuple of one mode is that mode, recursively.
MT unwrap(MT t) {
  while (!t.is_leaf && t.modes.size() == 1) {
    MT inner = std::move(t.modes[0]);
    t = std::move(inner);
  }
  return t;
}
MixedLayout pair(MixedLayout const& a, MixedLayout const& b) {  // make_layout(a, b)
  return {tup({a.shape, b.shape}), tup({a.stride, b.stride})};
}
MixedLayout mode_of(MixedLayout const& l, std::size_t i) { return {l.shape.mode(i), l.stride.mode(i)}; }

MixedLayout make_layout_impl(MT const& shape, Major major, MI start = st(1)) {
  MI current = start;
  MT stride = compact_strides(shape, current, major);
  return {shape, std::move(stride)};
}

// cute/layout.hpp bw_coalesce, from the back: skip a static 1, let anything replace a static-1
// start, merge where the new front's extent is static and s * d == d' holds statically, else prepend.
MixedLayout bw_coalesce(std::vector<MI> const& s, std::vector<MI> const& d, MT shape, MT stride) {
  for (std::size_t k = s.size() - 1; k-- > 0;) {
    if (is_constant(s[k], 1)) continue;
    if (shape.is_leaf && is_constant(shape.leaf, 1)) {
      shape = s[k];
      stride = d[k];
      continue;
    }
    MI& front_shape = shape.is_leaf ? shape.leaf : shape.modes.front().leaf;
    MI& front_stride = stride.is_leaf ? stride.leaf : stride.modes.front().leaf;
    if (front_shape.is_static && statically_equal(mul(s[k], d[k]), front_stride)) {
      front_shape = mul(s[k], front_shape);
      front_stride = d[k];
      continue;
    }
    shape = prepend(std::move(shape), s[k]);
    stride = prepend(std::move(stride), d[k]);
  }
  if (shape.is_leaf && is_constant(shape.leaf, 1)) return {st(1), st(0)};
  return {std::move(shape), std::move(stride)};
}

MixedLayout coalesce_flat(MixedLayout const& l, bool extended) {
  auto s = flatten(l.shape), d = flatten(l.stride);
  if (s.empty()) return {st(1), st(0)};
  // coalesce_x keeps the function past the domain: a static-1 last mode starts as _2 (its stride kept).
  MT last_shape = extended && is_constant(s.back(), 1) ? MT(st(2)) : MT(s.back());
  return bw_coalesce(s, d, std::move(last_shape), d.back());
}

// cute/layout.hpp detail::composition_impl of a flat A (lhs) with an integral mode of B (rhs).
MixedLayout compose_mode(std::vector<MI> const& ls, std::vector<MI> const& ld, MI rhs_shape, MI rhs_stride) {
  if (is_constant(rhs_stride, 0)) return {rhs_shape, rhs_stride};
  if (ls.size() == 1) return {rhs_shape, mul(rhs_stride, ld[0])};
  std::vector<MT> result_shape, result_stride;
  MI rest_shape = rhs_shape, rest_stride = rhs_stride;
  for (std::size_t i = 0; i + 1 < ls.size(); ++i) {
    MI curr_shape = ls[i], curr_stride = ld[i];
    // The weak divisibility condition: checked only where both sides are static.
    if (curr_shape.is_static && rest_stride.is_static && rest_stride.value % curr_shape.value != 0 &&
        !(rest_stride.value < curr_shape.value))
      refuse(ErrorKind::inadmissible, "Stride Divisibility Condition: the stride " + std::to_string(rest_stride.value) +
                                          " is neither a multiple of nor less than the extent " +
                                          std::to_string(curr_shape.value));
    MI next_shape = ceil_div(curr_shape, abs(rest_stride));
    MI next_stride = mul(ceil_div(abs(rest_stride), curr_shape), signum(rest_stride));
    if (is_constant(next_shape, 1) || is_constant(rest_shape, 1)) {
      rest_stride = next_stride;
      continue;
    }
    MI new_shape = min(next_shape, rest_shape);
    if (new_shape.is_static && rest_shape.is_static && rest_shape.value % new_shape.value != 0)
      refuse(ErrorKind::inadmissible, "Shape Divisibility Condition: the extent " + std::to_string(rest_shape.value) +
                                          " is not a multiple of " + std::to_string(new_shape.value));
    result_shape.push_back(new_shape);
    result_stride.push_back(mul(rest_stride, curr_stride));
    rest_shape = div(rest_shape, new_shape, "composition's rest extent");
    rest_stride = next_stride;
  }
  MI last = mul(rest_stride, ld.back());
  if (result_shape.empty()) return {rest_shape, last};
  if (is_constant(rest_shape, 1)) return {unwrap(tup(std::move(result_shape))), unwrap(tup(std::move(result_stride)))};
  result_shape.push_back(rest_shape);
  result_stride.push_back(last);
  return {tup(std::move(result_shape)), tup(std::move(result_stride))};
}

// Right-distributivity over B's modes (transform_layout): each mode of B composes on its own.
MixedLayout compose_impl(std::vector<MI> const& ls, std::vector<MI> const& ld, MT const& bs, MT const& bd) {
  if (bs.is_leaf) return compose_mode(ls, ld, bs.leaf, bd.leaf);
  std::vector<MT> s, d;
  for (std::size_t i = 0; i < bs.modes.size(); ++i) {
    auto m = compose_impl(ls, ld, bs.modes[i], bd.modes[i]);
    s.push_back(std::move(m.shape));
    d.push_back(std::move(m.stride));
  }
  return {tup(std::move(s)), tup(std::move(d))};
}

MixedLayout compose(MixedLayout const& a, MixedLayout const& b) {
  auto flat = coalesce_flat(a, true);
  return compose_impl(flatten(flat.shape), flatten(flat.stride), b.shape, b.stride);
}

// CuTe's make_layout(n) of an integer tiler element: n:_1, or _1:_0 for a static 1.
MixedLayout layout_of(MixedTiler const& t) {
  if (t.kind == MixedTiler::Kind::integer) return make_layout_impl(t.integer, Major::left);
  return t.layout;
}

MixedLayout compose_tiler(MixedLayout const& a, MixedTiler const& b) {
  if (b.kind == MixedTiler::Kind::layout) return compose(a, b.layout);
  if (b.kind == MixedTiler::Kind::integer) {  // composition(A, n) = composition_impl(coalesce_x(A), n, _1)
    auto flat = coalesce_flat(a, true);
    return compose_mode(flatten(flat.shape), flatten(flat.stride), b.integer, st(1));
  }
  if (b.modes.size() > a.shape.rank())
    refuse(ErrorKind::invalid_input, "the tiler " + to_string(b) + " has " + std::to_string(b.modes.size()) +
                                         " modes but " + to_string(a) + " has rank " + std::to_string(a.shape.rank()));
  std::vector<MT> s, d;  // A's modes past the tiler's are dropped
  for (std::size_t i = 0; i < b.modes.size(); ++i) {
    auto m = compose_tiler(mode_of(a, i), b.modes[i]);
    s.push_back(std::move(m.shape));
    d.push_back(std::move(m.stride));
  }
  return {tup(std::move(s)), tup(std::move(d))};
}

// cute/int_tuple.hpp ceil_div(tuple, int): each entry divided by what is left of the divisor.
MT ceil_div_shape(MT const& a, MI& rest) {
  if (a.is_leaf) {
    MI r = ceil_div(a.leaf, rest);
    rest = ceil_div(rest, a.leaf);
    return r;
  }
  std::vector<MT> modes;
  for (auto const& m : a.modes) modes.push_back(ceil_div_shape(m, rest));
  return tup(std::move(modes));
}

// cute/layout.hpp coalesce(Shape): neighbours of the same kind (static or run-time) multiply.
MT coalesce_shape(MT const& shape) {
  auto flat = flatten(shape);
  std::vector<MT> out{flat.front()};
  for (std::size_t i = 1; i < flat.size(); ++i) {
    MI& back = out.back().leaf;
    if (back.is_static == flat[i].is_static)
      back = mul(back, flat[i]);
    else
      out.push_back(flat[i]);
  }
  return out.size() == 1 ? out.front() : tup(std::move(out));
}

// cute/layout.hpp filter: modes of static stride 0 become static extent 1, then coalesce.
MixedLayout filter(MixedLayout const& l) {
  auto s = flatten(l.shape), d = flatten(l.stride);
  std::vector<MT> fs;
  for (std::size_t i = 0; i < s.size(); ++i) fs.push_back(is_constant(d[i], 0) ? st(1) : s[i]);
  std::vector<MT> fd(d.begin(), d.end());
  return coalesce_flat({tup(std::move(fs)), tup(std::move(fd))}, false);
}

// cute/layout.hpp detail::complement of a filtered layout.
MixedLayout complement_impl(MixedLayout const& f, MT const& cotarget) {
  if (f.stride.is_leaf && is_constant(f.stride.leaf, 0)) return make_layout_impl(coalesce_shape(cotarget), Major::left);
  auto shape = flatten(f.shape), stride = flatten(f.stride);
  std::size_t r = shape.size();
  if (r > 1)
    for (auto d : stride)
      if (!d.is_static)
        refuse(ErrorKind::inadmissible, "Dynamic-stride complement only for rank-1 layouts: " + to_string(f) +
                                            " has rank " + std::to_string(r) + " and a run-time stride");
  for (auto d : stride)
    if (d.value < 0) refuse(ErrorKind::not_complementable, "complement of " + to_string(f) + ": a negative stride");
  std::vector<MT> result_shape, result_stride{st(1)};
  auto non_injective = [&](MI new_shape) {
    if (is_constant(new_shape, 0))
      refuse(ErrorKind::not_complementable, "Non-injective Layout detected in complement: " + to_string(f));
  };
  for (std::size_t i = 0; i + 1 < r; ++i) {
    auto it = std::min_element(stride.begin(), stride.end(), [](MI x, MI y) { return x.value < y.value; });
    std::size_t k = static_cast<std::size_t>(it - stride.begin());
    MI min_stride = *it;
    MI new_shape = div(min_stride, result_stride[i].leaf, "complement");
    non_injective(new_shape);
    MI new_stride = mul(min_stride, shape[k]);
    shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(k));
    stride.erase(stride.begin() + static_cast<std::ptrdiff_t>(k));
    result_shape.push_back(new_shape);
    result_stride.push_back(new_stride);
  }
  MI new_shape = div(stride[0], result_stride[r - 1].leaf, "complement");
  non_injective(new_shape);
  result_shape.push_back(new_shape);
  MI new_stride = mul(stride[0], shape[0]);
  MI rest = new_stride;
  MT rest_shape = coalesce_shape(ceil_div_shape(cotarget, rest));
  MI current = new_stride;
  MT rest_stride = compact_strides(rest_shape, current, Major::left);
  MixedLayout whole{tup({tup(std::move(result_shape)), rest_shape}), tup({tup(std::move(result_stride)), rest_stride})};
  return coalesce_flat(whole, false);
}

// cute/layout.hpp cosize: (s - _1) * |d| summed from _0, plus _1 (coshape of the absolute strides).
MI cosize_of(MixedLayout const& l) {
  auto s = flatten(l.shape), d = flatten(l.stride);
  MI sum = st(0);
  for (std::size_t i = 0; i < s.size(); ++i) sum = add(sum, mul(sub(s[i], st(1)), abs(d[i])));
  return add(sum, st(1));
}

MixedLayout complement_to(MixedLayout const& a, MT const& cotarget) { return complement_impl(filter(a), cotarget); }

// The complement a divide or a product needs: where there is none, the divide or product is
// inadmissible (the engine's kind for these operations), naming the complement's reason.
MixedLayout complement_for(char const* op, MixedLayout const& a, MT const& cotarget) {
  try {
    return complement_to(a, cotarget);
  } catch (Refused& r) {
    if (r.error.kind == ErrorKind::not_complementable) {
      r.error.kind = ErrorKind::inadmissible;
      r.error.message = std::string(op) + " needs the complement of " + to_string(a) + ": " + r.error.message;
    }
    throw;
  }
}

MixedLayout divide(MixedLayout const& a, MixedTiler const& b) {
  if (b.kind == MixedTiler::Kind::by_mode) {
    if (b.modes.size() > a.shape.rank())
      refuse(ErrorKind::invalid_input, "logical_divide: the tiler " + to_string(b) + " has more modes than " + to_string(a));
    std::vector<MT> s, d;  // modes past the tiler's are kept
    for (std::size_t i = 0; i < a.shape.rank(); ++i) {
      auto m = i < b.modes.size() ? divide(mode_of(a, i), b.modes[i]) : mode_of(a, i);
      s.push_back(std::move(m.shape));
      d.push_back(std::move(m.stride));
    }
    return {tup(std::move(s)), tup(std::move(d))};
  }
  MixedLayout t = layout_of(b);
  MT cotarget = coalesce_flat(a, false).shape;
  return compose(a, pair(t, complement_for("logical_divide", t, cotarget)));
}

MixedLayout product(MixedLayout const& a, MixedTiler const& b) {
  if (b.kind == MixedTiler::Kind::by_mode) {
    if (b.modes.size() > a.shape.rank())
      refuse(ErrorKind::invalid_input, "logical_product: the tiler " + to_string(b) + " has more modes than " + to_string(a));
    std::vector<MT> s, d;
    for (std::size_t i = 0; i < a.shape.rank(); ++i) {
      auto m = i < b.modes.size() ? product(mode_of(a, i), b.modes[i]) : mode_of(a, i);
      s.push_back(std::move(m.shape));
      d.push_back(std::move(m.stride));
    }
    return {tup(std::move(s)), tup(std::move(d))};
  }
  MixedLayout t = layout_of(b);
  MI cotarget = mul(mixed_detail::product(a.shape), cosize_of(t));
  return pair(a, compose(complement_for("logical_product", a, cotarget), t));
}

// cute/layout.hpp zip2_by: the first halves of the tiled modes, then the second halves and A's other modes.
struct Halves {
  std::vector<MT> first_shape, first_stride, second_shape, second_stride;
};

void zip2_halves(MT const& s, MT const& d, MixedTiler const& guide, Halves& h) {
  if (guide.kind != MixedTiler::Kind::by_mode) {
    if (s.is_leaf || s.modes.size() != 2)
      refuse(ErrorKind::invalid_input, "zip2_by: expected a rank-2 mode, found " + to_string(MixedLayout{s, d}));
    h.first_shape.push_back(s.modes[0]);
    h.first_stride.push_back(d.modes[0]);
    h.second_shape.push_back(s.modes[1]);
    h.second_stride.push_back(d.modes[1]);
    return;
  }
  if (s.is_leaf || s.modes.size() < guide.modes.size())
    refuse(ErrorKind::invalid_input, "zip2_by: " + to_string(MixedLayout{s, d}) + " has fewer modes than the tiler");
  Halves inner;
  for (std::size_t i = 0; i < guide.modes.size(); ++i) {
    Halves m;
    zip2_halves(s.modes[i], d.modes[i], guide.modes[i], m);
    inner.first_shape.push_back(std::move(m.first_shape[0]));
    inner.first_stride.push_back(std::move(m.first_stride[0]));
    inner.second_shape.push_back(std::move(m.second_shape[0]));
    inner.second_stride.push_back(std::move(m.second_stride[0]));
  }
  for (std::size_t i = guide.modes.size(); i < s.modes.size(); ++i) {
    inner.second_shape.push_back(s.modes[i]);
    inner.second_stride.push_back(d.modes[i]);
  }
  h.first_shape.push_back(tup(std::move(inner.first_shape)));
  h.first_stride.push_back(tup(std::move(inner.first_stride)));
  h.second_shape.push_back(tup(std::move(inner.second_shape)));
  h.second_stride.push_back(tup(std::move(inner.second_stride)));
}

MixedLayout zip2_by(MixedLayout const& l, MixedTiler const& guide) {
  Halves h;
  zip2_halves(l.shape, l.stride, guide, h);
  return {tup({h.first_shape[0], h.second_shape[0]}), tup({h.first_stride[0], h.second_stride[0]})};
}

// tiled_ and flat_ forms: the second (and first) mode's modes unpacked; a rank-1 mode stays whole.
MixedLayout unpack(MixedLayout const& l, bool first, bool second) {
  std::vector<MT> s, d;
  for (std::size_t i = 0; i < 2; ++i) {
    MT const& ms = l.shape.modes[i];
    MT const& md = l.stride.modes[i];
    if ((i == 0 ? first : second) && !ms.is_leaf && ms.modes.size() > 1) {
      for (std::size_t j = 0; j < ms.modes.size(); ++j) {
        s.push_back(ms.modes[j]);
        d.push_back(md.modes[j]);
      }
    } else {
      s.push_back(ms);
      d.push_back(md);
    }
  }
  return {tup(std::move(s)), tup(std::move(d))};
}

// cute/layout.hpp append<R>(layout): padded with _1:_0 modes up to rank R.
MixedLayout append_rank(MixedLayout const& l, std::size_t r) {
  if (l.shape.rank() >= r) return l;
  MixedLayout out = l;
  if (out.shape.is_leaf) {
    out.shape = tup({out.shape});
    out.stride = tup({out.stride});
  }
  while (out.shape.modes.size() < r) {
    out.shape.modes.push_back(st(1));
    out.stride.modes.push_back(st(0));
  }
  return out;
}

// cute/tuple_algorithms.hpp zip of a product's halves.
MixedLayout zip_pair(MixedLayout const& first, MixedLayout const& second) {
  if (first.shape.is_leaf) return {tup({tup({first.shape, second.shape})}), tup({tup({first.stride, second.stride})})};
  if (second.shape.is_leaf || second.shape.modes.size() != first.shape.modes.size())
    refuse(ErrorKind::inadmissible, "zip: " + to_string(second) + " does not have the " +
                                        std::to_string(first.shape.modes.size()) + " modes of " + to_string(first));
  std::vector<MT> s, d;
  for (std::size_t i = 0; i < first.shape.modes.size(); ++i) {
    s.push_back(tup({first.shape.modes[i], second.shape.modes[i]}));
    d.push_back(tup({first.stride.modes[i], second.stride.modes[i]}));
  }
  return {tup(std::move(s)), tup(std::move(d))};
}

MixedLayout rank_product(MixedLayout const& a, MixedLayout const& b, bool raked) {
  std::size_t r = std::max(a.shape.rank(), b.shape.rank());
  MixedTiler t;
  t.layout = append_rank(b, r);
  auto p = product(append_rank(a, r), t);
  return raked ? zip_pair(mode_of(p, 1), mode_of(p, 0)) : zip_pair(mode_of(p, 0), mode_of(p, 1));
}

// The coalesced layout as modes (wrap), with the exclusive prefix products of its extents.
struct Wrapped {
  std::vector<MI> shape, stride, prefix;
};
Wrapped wrapped_coalesce(MixedLayout const& a) {
  auto c = coalesce_flat(a, false);
  Wrapped w{flatten(c.shape), flatten(c.stride), {st(1)}};
  for (auto s : w.shape) w.prefix.push_back(mul(s, w.prefix.back()));
  return w;
}

// Indices sorted by stride as CuTe's SortByKey sorts them: its exchange sort, which decides ties.
std::vector<std::size_t> sorted_by_stride(std::vector<MI> const& stride, bool static_only) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < stride.size(); ++i)
    if (!static_only || stride[i].is_static) idx.push_back(i);
  for (std::size_t i = 0; i < idx.size(); ++i)
    for (std::size_t j = i + 1; j < idx.size(); ++j)
      if (stride[idx[j]].value < stride[idx[i]].value) std::swap(idx[i], idx[j]);
  return idx;
}

}  // namespace

Result<MixedLayout> make_layout(MixedTuple const& shape, Major major) {
  return guarded([&]() -> Result<MixedLayout> { return make_layout_impl(shape, major); });
}

Result<MixedTuple> compact_major(MixedTuple const& shape, Major major, MixedTuple const& current) {
  return guarded([&]() -> Result<MixedTuple> {
    std::function<MT(MT const&, MT const&)> by_mode = [&](MT const& s, MT const& c) -> MT {
      if (c.is_leaf) {
        MI running = c.leaf;
        return compact_strides(s, running, major);
      }
      if (s.is_leaf) refuse(ErrorKind::invalid_input, "compact_major: a tuple start " + to_string(c) + " for the integer shape " + to_string(s) + " (CuTe's static_assert: Invalid parameters)");
      if (s.modes.size() != c.modes.size())
        refuse(ErrorKind::invalid_input, "compact_major: Mismatched Ranks: shape " + to_string(s) + " and start " + to_string(c) + " (CuTe's static_assert)");
      std::vector<MT> modes;
      for (std::size_t k = 0; k < s.modes.size(); ++k) modes.push_back(by_mode(s.modes[k], c.modes[k]));
      return tup(std::move(modes));
    };
    return by_mode(shape, current);
  });
}

Result<MixedLayout> coalesce(MixedLayout const& layout) {
  return guarded([&]() -> Result<MixedLayout> { return coalesce_flat(layout, false); });
}

Result<MixedLayout> coalesce(MixedLayout const& layout, MixedTuple const& profile) {
  if (profile.is_leaf) return coalesce(layout);
  if (profile.modes.size() > layout.shape.rank())
    return fail(ErrorKind::invalid_input, "coalesce: the profile ", to_string(profile), " has more modes than ",
                to_string(layout));
  std::vector<MT> s, d;
  for (std::size_t i = 0; i < layout.shape.rank(); ++i) {
    MixedLayout m = mode_of(layout, i);
    if (i < profile.modes.size()) {
      auto c = coalesce(m, profile.modes[i]);
      if (!c) return c;
      m = std::move(*c);
    }
    s.push_back(std::move(m.shape));
    d.push_back(std::move(m.stride));
  }
  return MixedLayout{tup(std::move(s)), tup(std::move(d))};
}

Result<MixedLayout> composition(MixedLayout const& a, MixedLayout const& b) {
  return guarded([&]() -> Result<MixedLayout> { return compose(a, b); });
}
Result<MixedLayout> composition(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return compose_tiler(a, b); });
}

Result<MixedLayout> complement(MixedLayout const& a, MixedTuple const& cotarget) {
  return guarded([&]() -> Result<MixedLayout> { return complement_to(a, cotarget); });
}
Result<MixedLayout> complement(MixedLayout const& a) {
  return guarded([&]() -> Result<MixedLayout> {
    auto f = filter(a);
    return complement_impl(f, cosize_of(f));
  });
}

Result<MixedLayout> logical_divide(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return divide(a, b); });
}
Result<MixedLayout> zipped_divide(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return zip2_by(divide(a, b), b); });
}
Result<MixedLayout> tiled_divide(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return unpack(zip2_by(divide(a, b), b), false, true); });
}
Result<MixedLayout> flat_divide(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return unpack(zip2_by(divide(a, b), b), true, true); });
}

Result<MixedLayout> logical_product(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return product(a, b); });
}
Result<MixedLayout> zipped_product(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return zip2_by(product(a, b), b); });
}
Result<MixedLayout> tiled_product(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return unpack(zip2_by(product(a, b), b), false, true); });
}
Result<MixedLayout> flat_product(MixedLayout const& a, MixedTiler const& b) {
  return guarded([&]() -> Result<MixedLayout> { return unpack(zip2_by(product(a, b), b), true, true); });
}
Result<MixedLayout> blocked_product(MixedLayout const& a, MixedLayout const& b) {
  return guarded([&]() -> Result<MixedLayout> { return rank_product(a, b, false); });
}
Result<MixedLayout> raked_product(MixedLayout const& a, MixedLayout const& b) {
  return guarded([&]() -> Result<MixedLayout> { return rank_product(a, b, true); });
}

// cute/layout.hpp right_inverse: the static strides, sorted, each taken while it is the (static)
// stride reached so far; run-time strides are left out.
Result<MixedLayout> right_inverse(MixedLayout const& a) {
  return guarded([&]() -> Result<MixedLayout> {
    auto w = wrapped_coalesce(a);
    std::vector<MT> rs{st(1)}, rd{st(0)};
    MI curr = st(1);
    for (std::size_t i : sorted_by_stride(w.stride, true)) {
      if (!statically_equal(w.stride[i], curr)) continue;
      rs.push_back(w.shape[i]);
      rd.push_back(w.prefix[i]);
      curr = mul(w.shape[i], w.stride[i]);
    }
    return coalesce_flat({tup(std::move(rs)), tup(std::move(rd))}, false);
  });
}

// cute/layout.hpp left_inverse: static strides only ("Left inverse requires static strides."),
// sorted; each nonzero stride divided by the size so far (its divisibility asserted).
Result<MixedLayout> left_inverse(MixedLayout const& a) {
  return guarded([&]() -> Result<MixedLayout> {
    auto w = wrapped_coalesce(a);
    for (auto d : w.stride)
      if (!d.is_static)
        refuse(ErrorKind::inadmissible, "Left inverse requires static strides: " + to_string(a) + " has a run-time stride");
    std::vector<MT> rs, rd{st(0)};
    MI size = st(1);
    auto order = sorted_by_stride(w.stride, false);
    for (std::size_t i : order) {
      MI d = w.stride[i];
      if (is_constant(d, 0)) continue;
      if (mod(d, size).value != 0)
        refuse(ErrorKind::inadmissible, "Left inverse divisibility condition: stride " + std::to_string(d.value) +
                                            " is not a multiple of " + std::to_string(size.value));
      MI q = div(d, size, "left_inverse");
      rs.push_back(q);
      rd.push_back(w.prefix[i]);
      size = mul(size, q);
    }
    rs.push_back(w.shape[order.back()]);
    return coalesce_flat({tup(std::move(rs)), tup(std::move(rd))}, false);
  });
}

Result<MixedInt> size(MixedLayout const& a) {
  return guarded([&]() -> Result<MixedInt> { return product(a.shape); });
}
Result<MixedInt> cosize(MixedLayout const& a) {
  return guarded([&]() -> Result<MixedInt> { return cosize_of(a); });
}

}  // namespace catlayout
