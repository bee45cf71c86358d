#include "catlayout/core/coord_layout.hpp"

#include <algorithm>

#include "catlayout/core/checked.hpp"
#include "catlayout/core/limits.hpp"
#include "compose_walk.hpp"
#include "merge_modes.hpp"

namespace catlayout {

// ---------------------------------------------------------------------------------------------
// Values and text

std::string to_string(ScaledBasis const& b) {
  std::string s = std::to_string(b.scale);
  for (auto it = b.path.rbegin(); it != b.path.rend(); ++it) s += str("@", *it);  // CuTe: reversed
  return s;
}

static void basis_text(BasisTuple const& t, std::string& out) {
  if (t.is_leaf()) {
    out += to_string(t.value());
    return;
  }
  out += '(';
  for (std::size_t i = 0; i < t.rank(); ++i) {
    if (i) out += ',';
    basis_text(t.mode(i), out);
  }
  out += ')';
}

std::string to_string(BasisTuple const& t) {
  std::string s;
  basis_text(t, s);
  return s;
}

static void flatten_into(BasisTuple const& t, std::vector<ScaledBasis>& out) {
  if (t.is_leaf()) {
    out.push_back(t.value());
    return;
  }
  for (auto const& c : t.children()) flatten_into(c, out);
}

std::vector<ScaledBasis> flatten_values(BasisTuple const& t) {
  std::vector<ScaledBasis> out;
  flatten_into(t, out);
  return out;
}

std::string to_string(CoordLayout const& l) { return to_string(l.shape()) + ":" + to_string(l.stride()); }

// ---------------------------------------------------------------------------------------------
// Construction

static bool congruent_basis(IntTuple const& s, BasisTuple const& d) {
  if (s.is_leaf() || d.is_leaf()) return s.is_leaf() && d.is_leaf();
  if (s.rank() != d.rank()) return false;
  for (std::size_t i = 0; i < s.rank(); ++i)
    if (!congruent_basis(s.mode(i), d.mode(i))) return false;
  return true;
}

static bool is_proper_prefix(std::vector<int> const& a, std::vector<int> const& b) {
  return a.size() < b.size() && std::equal(a.begin(), a.end(), b.begin());
}

static std::string basis_name(std::vector<int> const& p) {
  if (p.empty()) return "an integer stride";
  return "a stride @" + to_string(ScaledBasis{0, p}).substr(2);
}

// Entries of the coordinate tuple over sorted, prefix-free paths [lo, hi) sharing `at` entries.
static std::size_t coord_entries(std::vector<std::vector<int>> const& paths, std::size_t lo, std::size_t hi,
                                 std::size_t at) {
  if (hi - lo == 1 && paths[lo].size() == at) return 1;
  std::size_t n = static_cast<std::size_t>(paths[hi - 1][at]) + 1;  // zeros included
  for (std::size_t i = lo; i < hi;) {
    std::size_t j = i;
    while (j < hi && paths[j][at] == paths[i][at]) ++j;
    n += coord_entries(paths, i, j, at + 1) - 1;
    i = j;
  }
  return n;
}

Result<CoordLayout> CoordLayout::make(IntTuple shape, BasisTuple stride) {
  if (!congruent_basis(shape, stride))
    return fail(ErrorKind::invalid_input, "shape ", to_string(shape), " and stride ", to_string(stride),
                " are not congruent");
  if (depth(shape) > limits::max_depth)
    return fail(ErrorKind::invalid_input, "nesting depth ", depth(shape), " exceeds the limit ", limits::max_depth);
  auto s = catlayout::flatten_values(shape);
  auto d = catlayout::flatten_values(stride);
  std::map<std::vector<int>, Int> span;  // per path: sum of (s_i - 1) |scale_i|, the largest |coordinate|
  std::vector<std::vector<int>> paths;
  bool nonzero_integer = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", s[i], " at flat position ", i, " of ", to_string(shape),
                  " is not positive");
    if (d[i].path.size() > limits::max_depth)
      return fail(ErrorKind::invalid_input, "basis path of ", d[i].path.size(), " modes exceeds the limit ",
                  limits::max_depth);
    for (int k : d[i].path)
      if (k < 0 || static_cast<std::size_t>(k) >= limits::max_flat_modes)
        return fail(ErrorKind::invalid_input, "basis mode ", k, " in stride ", to_string(d[i]), " is outside [0, ",
                    limits::max_flat_modes, ")");
    CL_TRY(ad, checked_abs(d[i].scale));
    CL_TRY(term, checked_mul(s[i] - 1, ad, "offset"));
    CL_TRY(sp, checked_add(span[d[i].path], term, "offset"));
    span[d[i].path] = sp;
    if (d[i].is_integer())
      nonzero_integer = nonzero_integer || d[i].scale != 0;
    else
      paths.push_back(d[i].path);
  }
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  // An integer and a tuple do not add (CuTe: C<t> + ScaledBasis needs t == 0).
  if (nonzero_integer && !paths.empty())
    return fail(ErrorKind::invalid_input, "stride ", to_string(stride), " mixes a nonzero integer stride with ",
                basis_name(paths[0]), ": an integer and a coordinate tuple do not add");
  for (std::size_t i = 0; i + 1 < paths.size(); ++i)
    if (is_proper_prefix(paths[i], paths[i + 1]))
      return fail(ErrorKind::invalid_input, "stride ", to_string(stride), " has ", basis_name(paths[i]), " and ",
                  basis_name(paths[i + 1]), ": that mode would be both an integer and a tuple");
  // The coordinate is a tuple with a zero for every mode no stride names: bound its size.
  if (!paths.empty()) {
    std::size_t n = coord_entries(paths, 0, paths.size(), 0);
    if (n > limits::max_flat_modes)
      return fail(ErrorKind::invalid_input, "stride ", to_string(stride), " spans a coordinate of ", n,
                  " entries, over the limit of ", limits::max_flat_modes);
  }
  CL_TRY(size, product(shape));
  CoordLayout l;
  l.shape_ = std::move(shape);
  l.stride_ = std::move(stride);
  l.size_ = size;
  l.codomain_ = std::move(paths);
  return l;
}

static BasisTuple integer_strides(IntTuple const& d) {
  if (d.is_leaf()) return BasisTuple(d.value());
  std::vector<BasisTuple> c;
  for (auto const& x : d.children()) c.push_back(integer_strides(x));
  return BasisTuple(std::move(c));
}

CoordLayout CoordLayout::of(Layout const& l) { return *make(l.shape(), integer_strides(l.stride())); }

CoordLayout CoordLayout::mode(std::size_t i) const {
  return *make(shape_.mode(i), stride_.mode(i));  // a mode of a valid layout is valid
}

static Result<IntTuple> to_int_strides(BasisTuple const& d) {
  if (d.is_leaf()) {
    if (!d.value().is_integer())
      return fail(ErrorKind::invalid_input, "stride ", to_string(d.value()), " is a coordinate, not an integer");
    return IntTuple(d.value().scale);
  }
  std::vector<IntTuple> c;
  for (auto const& x : d.children()) {
    CL_TRY(y, to_int_strides(x));
    c.push_back(std::move(y));
  }
  return IntTuple(std::move(c));
}

Result<Layout> CoordLayout::to_layout() const {
  CL_TRY(d, to_int_strides(stride_));
  return Layout::make(shape_, std::move(d));
}

// ---------------------------------------------------------------------------------------------
// Evaluation: L(i) = sum_k c_k d_k with c the colexicographic coordinate of i.

static Result<void> add_to(SparseCoord& c, std::vector<int> const& path, Int v) {
  if (v == 0) return {};
  CL_TRY(s, checked_add(c[path], v, "coordinate"));
  if (s == 0)
    c.erase(path);
  else
    c[path] = s;
  return {};
}

Result<SparseCoord> CoordLayout::sparse_at(Int i) const {
  if (i < 0 || i >= size_)
    return fail(ErrorKind::invalid_input, "index ", i, " is outside the domain [0, ", size_, ") of ", to_string(*this));
  return sparse_extended(i);
}

Result<SparseCoord> CoordLayout::sparse_extended(Int i) const {
  auto s = catlayout::flatten_values(shape_);
  auto d = catlayout::flatten_values(stride_);
  if (s.empty()) {
    if (i == 0) return SparseCoord{};
    return fail(ErrorKind::invalid_input, "the empty layout has no extension past index 0");
  }
  if (i < 0 && s.size() > 1)
    return fail(ErrorKind::invalid_input, "index ", i, " is negative: only a one-mode layout extends below 0");
  SparseCoord c;
  Int rest = i;
  for (std::size_t k = 0; k + 1 < s.size(); ++k) {
    CL_CHECK(add_to(c, d[k].path, (rest % s[k]) * d[k].scale));  // bounded by the construction span
    rest /= s[k];
  }
  CL_TRY(last, checked_mul(rest, d.back().scale, "extended coordinate"));
  CL_CHECK(add_to(c, d.back().path, last));
  return c;
}

// The coordinate tuple over sorted, prefix-free paths [lo, hi) that share their first `at` entries.
static IntTuple build_coord(std::vector<std::vector<int>> const& paths, std::size_t lo, std::size_t hi,
                            std::size_t at, SparseCoord const& c) {
  if (hi - lo == 1 && paths[lo].size() == at) {
    auto it = c.find(paths[lo]);
    return IntTuple(it == c.end() ? 0 : it->second);
  }
  std::vector<IntTuple> ch(static_cast<std::size_t>(paths[hi - 1][at]) + 1, IntTuple(0));
  for (std::size_t i = lo; i < hi;) {
    std::size_t j = i;
    while (j < hi && paths[j][at] == paths[i][at]) ++j;
    ch[static_cast<std::size_t>(paths[i][at])] = build_coord(paths, i, j, at + 1, c);
    i = j;
  }
  return IntTuple(std::move(ch));
}

IntTuple CoordLayout::shape_coord(SparseCoord const& c) const {
  if (codomain_.empty()) {
    auto it = c.find({});
    return IntTuple(it == c.end() ? 0 : it->second);
  }
  return build_coord(codomain_, 0, codomain_.size(), 0, c);
}

IntTuple CoordLayout::operator()(Int i) const { return shape_coord(*sparse_extended(i)); }

Result<IntTuple> CoordLayout::at(Int i) const {
  CL_TRY(c, sparse_at(i));
  return shape_coord(c);
}

static Result<void> at_coord_rec(CoordLayout const& a, IntTuple const& c, SparseCoord& out) {
  if (c.is_leaf()) {
    CL_TRY(v, a.sparse_extended(c.value()));
    for (auto const& [p, x] : v) CL_CHECK(add_to(out, p, x));
    return {};
  }
  if (c.rank() > a.rank())
    return fail(ErrorKind::invalid_input, "coordinate ", to_string(c), " has ", c.rank(), " modes but ", to_string(a),
                " has rank ", a.rank());
  for (std::size_t k = 0; k < c.rank(); ++k) CL_CHECK(at_coord_rec(a.mode(k), c.mode(k), out));
  return {};
}

Result<SparseCoord> evaluate_at_coord(CoordLayout const& a, IntTuple const& coord) {
  SparseCoord out;
  CL_CHECK(at_coord_rec(a, coord, out));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Identity, flat views, coalesce

static BasisTuple basis_like(IntTuple const& s, std::vector<int>& path) {
  if (s.is_leaf()) return BasisTuple(ScaledBasis{1, path});
  std::vector<BasisTuple> c;
  for (std::size_t i = 0; i < s.rank(); ++i) {
    path.push_back(static_cast<int>(i));
    c.push_back(basis_like(s.mode(i), path));
    path.pop_back();
  }
  return BasisTuple(std::move(c));
}

CoordLayout make_identity_layout(IntTuple const& shape) {
  std::vector<int> path;
  return *CoordLayout::make(shape, basis_like(shape, path));
}

FlatCoordLayout flat_modes(CoordLayout const& l) {
  return {catlayout::flatten_values(l.shape()), flatten_values(l.stride())};
}

Result<CoordLayout> from_flat(FlatCoordLayout const& f) {
  if (f.shape.size() == 1) return CoordLayout::make(f.shape[0], f.stride[0]);
  std::vector<IntTuple> s(f.shape.begin(), f.shape.end());
  std::vector<BasisTuple> d(f.stride.begin(), f.stride.end());
  return CoordLayout::make(IntTuple(std::move(s)), BasisTuple(std::move(d)));
}

// s * d == e in the semimodule: same basis element, scales multiply.
static bool scaled_equals(Int s, ScaledBasis const& d, ScaledBasis const& e) {
  return d.path == e.path && static_cast<__int128>(s) * d.scale == e.scale;
}

// CuTe's bw_coalesce over basis strides (merge_modes.hpp).
static FlatCoordLayout merge_back(FlatCoordLayout const& f, Int last_shape) {
  FlatCoordLayout out;
  detail::merge_back(f.shape, f.stride, last_shape, out.shape, out.stride, scaled_equals);
  return out;
}

CoordLayout coalesce(CoordLayout const& l) {
  auto f = flat_modes(l);
  if (f.shape.empty()) return CoordLayout();
  auto m = merge_back(f, f.shape.back());
  if (m.shape.size() == 1 && m.shape[0] == 1) return CoordLayout();
  return *from_flat(m);
}

// CuTe's coalesce_x: the trailing stride survives for the extension (placeholder shape 2).
static FlatCoordLayout coalesce_extended(CoordLayout const& l) {
  auto f = flat_modes(l);
  if (f.shape.empty()) return f;
  return merge_back(f, f.shape.back() == 1 ? 2 : f.shape.back());
}

// ---------------------------------------------------------------------------------------------
// Composition: core's fold (composition.cpp) with basis strides; B's strides are integers there.

namespace {

struct Mode {
  IntTuple shape;
  BasisTuple stride;
};

Mode leaf(Int s, ScaledBasis d) { return {IntTuple(s), BasisTuple(std::move(d))}; }

Result<ScaledBasis> times(Int r, ScaledBasis const& d) {
  CL_TRY(s, checked_mul(r, d.scale, "stride"));
  return ScaledBasis{s, d.path};
}

// The flat text of core's to_string(*from_flat(a)), without revalidating the placeholder.
std::string flat_text(FlatCoordLayout const& a) {
  if (a.shape.size() == 1) return std::to_string(a.shape[0]) + ":" + to_string(a.stride[0]);
  std::string s = "(", d = "(";
  for (std::size_t i = 0; i < a.shape.size(); ++i) {
    s += str(i ? "," : "", a.shape[i]);
    d += str(i ? "," : "", to_string(a.stride[i]));
  }
  return s + "):" + d + ")";
}

// The part of A that a stride of B addresses: all of A for an integer stride, mode p for c@p.
struct Target {
  std::string name;  // "A" or "get<1,0>(A)"
  std::string text;  // to_string of that part
  Int size = 1;
  FlatCoordLayout a;  // coalesced, extension kept
  std::vector<Int> used;
};

Result<Target*> target(CoordLayout const& a, std::vector<int> const& path, std::map<std::vector<int>, Target>& ts) {
  auto it = ts.find(path);
  if (it != ts.end()) return &it->second;
  CoordLayout m = a;
  std::string name = "A";
  if (!path.empty()) {
    name = "get<";
    for (std::size_t i = 0; i < path.size(); ++i) name += str(i ? "," : "", path[i]);
    name += ">(A)";
  }
  std::string part = "A";
  for (std::size_t i = 0; i < path.size(); ++i) {
    auto k = static_cast<std::size_t>(path[i]);
    if (m.shape().is_leaf() ? k != 0 : k >= m.rank())
      return fail(ErrorKind::invalid_input, "B's stride @", to_string(ScaledBasis{0, path}).substr(2), " needs mode ", k,
                  " of ", part, " = ", to_string(m), ", which has rank ", m.rank(), " (A = ", to_string(a), ")");
    m = m.mode(k);
    part = "get<";
    for (std::size_t j = 0; j <= i; ++j) part += str(j ? "," : "", path[j]);
    part += ">(A)";
  }
  Target t{name, to_string(m), m.size(), coalesce_extended(m), {}};
  t.used.assign(t.a.shape.size(), 0);
  return &ts.emplace(path, std::move(t)).first->second;
}

// A o (n:r) for one mode of B with integer stride r: core's walk over basis strides.
Result<Mode> compose_mode(Target& t, Int n, Int r, std::optional<Error>& missed) {
  auto const& a = t.a;
  if (r == 0) return leaf(n, ScaledBasis{0, {}});  // B is constant: A(0) = 0
  if (a.shape.empty())
    return fail(ErrorKind::inadmissible, t.name, " = ", t.text, " is the empty layout, defined at 0 only");
  std::vector<Int> rs;
  std::vector<ScaledBasis> rd;
  auto a_text = [&] { return "coalesce(" + t.name + ") = " + flat_text(a); };
  CL_CHECK(detail::compose_walk(a.shape, a.stride, n, r, t.used, missed, a_text, times, rs, rd));
  if (rs.size() == 1) return leaf(rs[0], rd[0]);
  std::vector<IntTuple> s(rs.begin(), rs.end());
  std::vector<BasisTuple> d(rd.begin(), rd.end());
  return Mode{IntTuple(std::move(s)), BasisTuple(std::move(d))};
}

// Right-distributivity over B's modes; a basis stride c@p picks mode p of A (CuTe basis_get).
Result<Mode> compose_rec(CoordLayout const& a, IntTuple const& bs, BasisTuple const& bd,
                         std::map<std::vector<int>, Target>& ts, std::optional<Error>& missed) {
  if (bs.is_leaf()) {
    ScaledBasis const& b = bd.value();
    if (b.scale == 0) return leaf(bs.value(), ScaledBasis{0, {}});  // constant: the zero
    CL_TRY(t, target(a, b.path, ts));
    return compose_mode(*t, bs.value(), b.scale, missed);
  }
  std::vector<IntTuple> s;
  std::vector<BasisTuple> d;
  for (std::size_t i = 0; i < bs.rank(); ++i) {
    CL_TRY(m, compose_rec(a, bs.mode(i), bd.mode(i), ts, missed));
    s.push_back(std::move(m.shape));
    d.push_back(std::move(m.stride));
  }
  return Mode{IntTuple(std::move(s)), BasisTuple(std::move(d))};
}

}  // namespace

Result<CoordLayout> composition(CoordLayout const& a, CoordLayout const& b) {
  std::map<std::vector<int>, Target> ts;
  std::optional<Error> missed;
  CL_TRY(m, compose_rec(a, b.shape(), b.stride(), ts, missed));
  // CuTe's answer (the walk's modes) where a condition catlayout adds fails: kept where it is A o B
  // all the same (tabulated; B of integer strides), as core's composition does.
  auto cute_if_right = [&]() -> std::optional<CoordLayout> {
    auto integer_b = b.to_layout();
    auto cute = CoordLayout::make(m.shape, m.stride);
    if (!integer_b || !cute || b.size() > limits::max_mixed_sign_check) return std::nullopt;
    for (Int i = 0; i < b.size(); ++i) {
      auto got = cute->sparse_at(i);
      auto want = a.sparse_extended((*integer_b)(i));
      if (!got || !want || *got != *want) return std::nullopt;
    }
    return std::move(*cute);
  };
  if (missed) {  // a precondition CuTe does not check
    if (auto cute = cute_if_right()) return std::move(*cute);
    return cute_unchecked(std::unexpected(std::move(*missed)));
  }
  // Strides of both signs: B's coordinates in A no longer add without borrow (core checks such
  // integer compositions by tabulation; here they are refused).
  bool up = false, down = false, multi = false;
  auto bs = flatten_values(b.shape());
  auto bd = flatten_values(b.stride());
  for (std::size_t j = 0; j < bs.size(); ++j) {
    up |= bs[j] > 1 && bd[j].scale > 0;
    down |= bs[j] > 1 && bd[j].scale < 0;
  }
  for (auto const& [path, t] : ts) multi |= t.a.shape.size() > 1;
  if (up && down && multi)
    return fail(ErrorKind::inadmissible, "B = ", to_string(b), " has strides of both signs: A o B is not the sum of ",
                "A o B's modes in general, and catlayout checks that by tabulation for integer strides only");
  for (auto const& [path, t] : ts)  // core's rule 4: B's modes must not carry within a mode of A
    for (std::size_t i = 0; i + 1 < t.used.size(); ++i)
      if (t.used[i] >= t.a.shape[i]) {
        // a carry past a mode of A can leave A o B unchanged (its strides there of scale 0)
        if (auto cute = cute_if_right()) return std::move(*cute);
        return cute_misses(fail(ErrorKind::inadmissible, "B's modes overlap in mode ", i, " of coalesce(", t.name, ") = ",
                    flat_text(t.a), ": their coordinates there add up to ", t.used[i], ", past its shape ",
                    t.a.shape[i], ", so A o B is not the sum of A o B's modes (", to_string(a), " o ", to_string(b),
                    ")"));
      }
  auto r = CoordLayout::make(std::move(m.shape), std::move(m.stride));
  if (!r) return fail(r.error().kind, r.error().message, " in ", to_string(a), " o ", to_string(b));
  return r;
}

Result<CoordLayout> composition(CoordLayout const& a, Layout const& b) { return composition(a, CoordLayout::of(b)); }

Result<CoordLayout> composition(Layout const& a, CoordLayout const& b) { return composition(CoordLayout::of(a), b); }

}  // namespace catlayout
