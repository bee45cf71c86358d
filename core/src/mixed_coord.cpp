// CuTe's coordinate maps over static and run-time integers (mixed_coord.hpp), following
// cute/stride.hpp's branches for the marks at hand.
#include "catlayout/core/mixed_coord.hpp"

#include "mixed_arith.hpp"

namespace catlayout {

namespace {

using namespace mixed_detail;

[[noreturn]] void mismatched(char const* op, MT const& a, MT const& b) {
  refuse(ErrorKind::invalid_input, std::string(op) + ": Mismatched Ranks: " + to_string(a) + " and " + to_string(b) +
                                       " (CuTe's static_assert)");
}

MI inner(MT const& c, MT const& s, MT const& d);

// cute/stride.hpp:79 crd2idx_itt: an integer coordinate over a tuple shape; a static 0 is _0 in
// every mode, the last mode takes what is left (unbounded).
MI split_inner(MI c, MT const& s, MT const& d, std::size_t k = 0) {
  if (k + 1 == s.modes.size()) return inner(MT(c), s.modes[k], d.modes[k]);
  if (is_constant(c, 0)) {
    MI sum = inner(MT(st(0)), s.modes[k], d.modes[k]);
    MI rest = st(0);
    for (std::size_t j = k + 1; j < s.modes.size(); ++j) rest = add(rest, inner(MT(st(0)), s.modes[j], d.modes[j]));
    return add(sum, rest);
  }
  MI p = product(s.modes[k]);
  MI q = div(c, p, "crd2idx"), r = mod(c, p);
  return add(inner(MT(r), s.modes[k], d.modes[k]), split_inner(q, s, d, k + 1));
}

// cute/stride.hpp:102 crd2idx(coord, shape, stride).
MI inner(MT const& c, MT const& s, MT const& d) {
  if (!c.is_leaf) {
    if (s.is_leaf) refuse(ErrorKind::invalid_input, "crd2idx: a tuple coordinate " + to_string(c) + " of the integer shape " + to_string(s));
    if (c.modes.size() != s.modes.size()) mismatched("crd2idx", c, s);
    if (d.is_leaf || c.modes.size() != d.modes.size()) mismatched("crd2idx", c, d);
    MI sum = inner(c.modes[0], s.modes[0], d.modes[0]);  // a left fold, as CuTe's (... + x)
    for (std::size_t k = 1; k < c.modes.size(); ++k) sum = add(sum, inner(c.modes[k], s.modes[k], d.modes[k]));
    return sum;
  }
  if (!s.is_leaf) {
    if (d.is_leaf || s.modes.size() != d.modes.size()) mismatched("crd2idx", s, d);
    if (s.modes.empty()) refuse(ErrorKind::invalid_input, "crd2idx: an empty shape");
    return split_inner(c.leaf, s, d);
  }
  if (!d.is_leaf) mismatched("crd2idx", s, d);
  return mul(c.leaf, d.leaf);
}

// cute/int_tuple.hpp product_like(shape, coord): a shape mode where the coordinate has an integer
// becomes its product; flattened, as crd2idx(coord, shape) reads it.
void flat_guided(MT const& c, MT const& s, std::vector<MI>& cs, std::vector<MI>& ss) {
  if (c.is_leaf) {
    cs.push_back(c.leaf);
    ss.push_back(product(s));
    return;
  }
  if (s.is_leaf || c.modes.size() != s.modes.size()) mismatched("crd2idx", c, s);
  for (std::size_t k = 0; k < c.modes.size(); ++k) flat_guided(c.modes[k], s.modes[k], cs, ss);
}

MI horner(MT const& c, MT const& s) {
  if (c.is_leaf) return c.leaf;  // an integer coordinate is already an index
  if (s.is_leaf) refuse(ErrorKind::invalid_input, "crd2idx: a tuple coordinate " + to_string(c) + " of the integer shape " + to_string(s));
  if (c.modes.size() != s.modes.size()) mismatched("crd2idx", c, s);
  std::vector<MI> cs, ss;
  flat_guided(c, s, cs, ss);
  MI acc = cs.back();  // cute/stride.hpp:131 crd2idx_horner: c0 + s0 * (c1 + s1 * (...))
  for (std::size_t k = cs.size() - 1; k-- > 0;) acc = add(cs[k], mul(ss[k], acc));
  return acc;
}

// cute/stride.hpp:240 idx2crd(idx, shape) for a tuple shape: crd2idx with basis strides, so each
// leaf of the coordinate is the value that basis picks out (c * E<...>, its marks kept).
MT split_colex(MI c, MT const& s);
MT split_colex_tuple(MI c, MT const& s) {
  std::vector<MT> out;
  for (std::size_t k = 0; k < s.modes.size(); ++k) {
    if (k + 1 == s.modes.size()) {
      out.push_back(split_colex(c, s.modes[k]));
    } else if (is_constant(c, 0)) {
      for (; k < s.modes.size(); ++k) out.push_back(split_colex(st(0), s.modes[k]));
      break;
    } else {
      MI p = product(s.modes[k]);
      out.push_back(split_colex(mod(c, p), s.modes[k]));
      c = div(c, p, "idx2crd");
    }
  }
  return tup(std::move(out));
}
MT split_colex(MI c, MT const& s) {
  if (s.is_leaf) return mul(c, st(1));
  return split_colex_tuple(c, s);
}

MT colex(MT const& i, MT const& s) {
  if (!i.is_leaf) {
    if (s.is_leaf || i.modes.size() != s.modes.size()) mismatched("idx2crd", i, s);
    std::vector<MT> out;
    for (std::size_t k = 0; k < i.modes.size(); ++k) out.push_back(colex(i.modes[k], s.modes[k]));
    return tup(std::move(out));
  }
  if (s.is_leaf) return i;
  if (s.modes.empty()) refuse(ErrorKind::invalid_input, "idx2crd: an empty shape");
  return split_colex_tuple(i.leaf, s);
}

// cute/stride.hpp:185 idx2crd(idx, shape, stride).
MT strided(MT const& i, MT const& s, MT const& d);
MT strided_leaf(MI i, MT const& s, MT const& d) {
  if (!s.is_leaf) {
    if (d.is_leaf) {  // "int" tuple "int": the strides of compact_col_major(shape, d)
      MI current = d.leaf;
      return strided_leaf(i, s, compact_strides(s, current, Major::left));
    }
    if (s.modes.size() != d.modes.size()) mismatched("idx2crd", s, d);
    std::vector<MT> out;
    for (std::size_t k = 0; k < s.modes.size(); ++k) out.push_back(strided_leaf(i, s.modes[k], d.modes[k]));
    return tup(std::move(out));
  }
  if (!d.is_leaf) mismatched("idx2crd", s, d);
  if (is_constant(s.leaf, 1)) return st(0);  // skip a potential division by a stride 0
  if (d.leaf.value == 0)
    refuse(ErrorKind::invalid_input, "idx2crd: divides the index by the stride 0 of the shape " + to_string(s) + " (CuTe divides by zero)");
  return mod(div(i, d.leaf, "idx2crd"), s.leaf);
}
MT strided(MT const& i, MT const& s, MT const& d) {
  if (i.is_leaf) return strided_leaf(i.leaf, s, d);
  if (s.is_leaf || i.modes.size() != s.modes.size()) mismatched("idx2crd", i, s);
  if (d.is_leaf || i.modes.size() != d.modes.size()) mismatched("idx2crd", i, d);
  std::vector<MT> out;
  for (std::size_t k = 0; k < i.modes.size(); ++k) out.push_back(strided(i.modes[k], s.modes[k], d.modes[k]));
  return tup(std::move(out));
}

MT convert(MT const& c, MT const& src, MT const& dst) {
  if (!c.is_leaf && !src.is_leaf && !dst.is_leaf) {
    if (c.modes.size() != src.modes.size()) mismatched("crd2crd", c, src);
    if (c.modes.size() != dst.modes.size()) mismatched("crd2crd", c, dst);
    std::vector<MT> out;
    for (std::size_t k = 0; k < c.modes.size(); ++k) out.push_back(convert(c.modes[k], src.modes[k], dst.modes[k]));
    return tup(std::move(out));
  }
  return colex(MT(horner(c, src)), dst);
}

}  // namespace

Result<MixedInt> crd2idx(MixedTuple const& coord, MixedTuple const& shape, MixedTuple const& stride) {
  return guarded([&]() -> Result<MixedInt> { return inner(coord, shape, stride); });
}
Result<MixedInt> crd2idx(MixedTuple const& coord, MixedTuple const& shape) {
  return guarded([&]() -> Result<MixedInt> { return horner(coord, shape); });
}
Result<MixedTuple> idx2crd(MixedTuple const& idx, MixedTuple const& shape, MixedTuple const& stride) {
  return guarded([&]() -> Result<MixedTuple> { return strided(idx, shape, stride); });
}
Result<MixedTuple> idx2crd(MixedTuple const& idx, MixedTuple const& shape) {
  return guarded([&]() -> Result<MixedTuple> { return colex(idx, shape); });
}
Result<MixedTuple> crd2crd(MixedTuple const& coord, MixedTuple const& src_shape, MixedTuple const& dst_shape) {
  return guarded([&]() -> Result<MixedTuple> { return convert(coord, src_shape, dst_shape); });
}

}  // namespace catlayout
