// fuzz_algebra: the algebra on fuzzed layouts. The bytes decode into 1-3 small layouts (shape
// entries 1..16, strides -8..64, nesting up to depth 3, at most 10 flat modes) and every operation
// runs on them: core coalesce / composition / complement / divides / products / inverses, the
// categories engine (standard representation, realization, compose with identities, complement),
// and the algorithms room (mutual refinement, categorical / nest / rational composition).
// Every failure must be an error value (an escaping exception, UB or an assert is a crash), and
// every returned layout must pass its tabulation check; a violation traps (common.hpp).
//
// Byte format (fuzz/make_corpus.py writes it): byte 0 picks the number of layouts (1 + b % 3) and
// is also a small parameter for complements; then each layout is a tree: a byte with the high bit
// set is a tuple node of (b & 7) % 5 children (a leaf at depth 3), otherwise it is a leaf followed
// by two bytes: shape 1 + b % 16 and stride b % 73 - 8. Missing bytes read as 0.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "catlayout/algorithms/composition.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/categories.hpp"
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/core.hpp"
#include "common.hpp"

using namespace catlayout;
using namespace catlayout::algorithms;  // paper chapter 4
using namespace catlayout::wire;  // the JSON forms of the values

namespace {

constexpr Int kTab = Int{1} << 14;  // tabulation checks run when the sizes involved are at most this
constexpr int kMaxLeaves = 10;

struct Bytes {
  std::uint8_t const* p;
  std::size_t n, i = 0;
  std::uint8_t next() { return i < n ? p[i++] : 0; }
};

IntTuple decode_tuple(Bytes& b, int depth, int& leaves, IntTuple& stride) {
  std::uint8_t t = b.next();
  if ((t & 0x80) && depth < 3 && leaves < kMaxLeaves) {
    int k = (t & 7) % 5;
    std::vector<IntTuple> s, d;
    for (int c = 0; c < k && leaves < kMaxLeaves; ++c) {
      IntTuple dc;
      s.push_back(decode_tuple(b, depth + 1, leaves, dc));
      d.push_back(std::move(dc));
    }
    stride = IntTuple(std::move(d));
    return IntTuple(std::move(s));
  }
  ++leaves;
  Int shape = 1 + b.next() % 16;
  stride = IntTuple(Int(b.next() % 73) - 8);
  return IntTuple(shape);
}

std::string show(Layout const& l) { return to_string(l); }

bool small(Layout const& l) { return l.size() <= kTab; }
constexpr Int kTypedRowsMax = Int{1} << 20;  // the largest size the op table and left_inverse run on

// The function of l on [0, size), or nothing when too large to check.
std::vector<Int> tab(Layout const& l) { return tabulate(l); }

void same_function(char const* what, Layout const& got, Layout const& want, std::string const& ctx) {
  if (!small(got) || !small(want)) return;
  FUZZ_REQUIRE(got.size() == want.size(), std::string(what) + ": size " + std::to_string(got.size()) + " != " +
                                              std::to_string(want.size()) + " (" + ctx + ")");
  FUZZ_REQUIRE(tab(got) == tab(want), std::string(what) + ": " + show(got) + " and " + show(want) +
                                          " differ as functions (" + ctx + ")");
}

// R(i) == A.extended(B(i)) for every i < size(B): the composition contract.
void check_composite(char const* what, Layout const& r, Layout const& a, Layout const& b, std::string const& ctx) {
  FUZZ_REQUIRE(r.size() == b.size(), std::string(what) + ": size(R) != size(B) (" + ctx + ", R = " + show(r) + ")");
  if (!small(r)) return;
  for (Int i = 0; i < r.size(); ++i) {
    // A negative B(i): A is odd there, A(-x) = -A(x) (docs/representation.md).
    Int x = b(i);
    auto want = a.extended(x >= 0 ? x : -x);  // (no std::expected::transform in libstdc++ 12)
    if (want && x < 0) *want = -*want;
    FUZZ_REQUIRE(want.has_value(), std::string(what) + ": accepted, but A.extended(B(" + std::to_string(i) +
                                       ")) fails (" + ctx + ", R = " + show(r) + ")");
    FUZZ_REQUIRE(r(i) == *want, std::string(what) + ": R(" + std::to_string(i) + ") = " + std::to_string(r(i)) +
                                    " != A(B(i)) = " + std::to_string(*want) + " (" + ctx + ", R = " + show(r) + ")");
  }
}

// comp(A, N): (filter(A), R) injective, R increasing; inside the categorical fragment
// (Prop. 2.1.6.21) its image also covers [0, N).
void check_complement(Layout const& a, Layout const& r, Int n, std::string const& ctx) {
  Layout f = filter(a);
  if (f.size() > kTab || r.size() > kTab || f.size() * r.size() > kTab) return;
  auto fa = tab(f), rb = tab(r);
  std::vector<Int> all;
  all.reserve(fa.size() * rb.size());
  for (Int y : rb) {
    FUZZ_REQUIRE(y >= 0, "complement has a negative offset (" + ctx + ", R = " + show(r) + ")");
    for (Int x : fa) all.push_back(x + y);
  }
  std::sort(all.begin(), all.end());
  FUZZ_REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end(),
               "complement is not disjoint from A (" + ctx + ", R = " + show(r) + ")");
  for (std::size_t j = 1; j < rb.size(); ++j)
    FUZZ_REQUIRE(rb[j - 1] < rb[j], "complement is not increasing (" + ctx + ", R = " + show(r) + ")");
  if (!complementability(a, n).complementable) return;  // CuTe's floor fold: injective, not compact
  // covers [0, N): the first N sorted values are 0..N-1
  Int covered = 0;
  while (covered < static_cast<Int>(all.size()) && all[covered] == covered) ++covered;
  FUZZ_REQUIRE(covered >= std::min<Int>(n, static_cast<Int>(all.size())) && static_cast<Int>(all.size()) >= n,
               "complement does not cover [0, " + std::to_string(n) + ") (" + ctx + ", R = " + show(r) + ")");
}

std::vector<Int> sorted_tab(Layout const& l) {
  auto v = tab(l);
  std::sort(v.begin(), v.end());
  return v;
}

void core_ops(Layout const& a, Layout const& b, Layout const& c, Int param) {
  std::string ctx = "A = " + show(a) + ", B = " + show(b);
  // coalesce: same function, depth <= 1
  Layout co = coalesce(a);
  same_function("coalesce", co, a, ctx);
  FUZZ_REQUIRE(depth(co) <= 1, "coalesce has depth > 1 (" + ctx + ")");
  FUZZ_REQUIRE(coalesce(co) == co, "coalesce is not idempotent (" + ctx + ")");
  if (auto r = coalesce(a, profile(b.shape()))) same_function("coalesce(A, profile)", *r, a, ctx);
  if (auto r = relative_coalesce(a, b.shape())) same_function("relative_coalesce", *r, a, ctx);
  {
    FlatLayout fx = coalesce_extended(a);
    (void)fx;
  }
  (void)is_sorted(a), (void)is_coalesced(a), (void)is_non_degenerate(a), (void)is_tractable(a);
  if (small(a)) {
    bool inj = is_injective(a);
    auto t = sorted_tab(a);
    FUZZ_REQUIRE(inj == (std::adjacent_find(t.begin(), t.end()) == t.end()), "is_injective is wrong (" + ctx + ")");
    bool compact = is_compact(a);
    bool want = inj && !t.empty() && t.front() == 0 && t.back() == static_cast<Int>(t.size()) - 1;
    FUZZ_REQUIRE(compact == want, "is_compact is wrong (" + ctx + ")");
  }
  // structural
  (void)flatten(a), (void)squeeze(a), (void)filter_zeros(a), (void)sort(a);
  if (auto r = flat_concat(a, b); r && small(*r) && small(a) && small(b)) {
    FUZZ_REQUIRE(r->size() == a.size() * b.size(), "flat_concat size (" + ctx + ")");
  }

  // composition
  if (auto r = composition(a, b)) check_composite("composition", *r, a, b, ctx);
  if (auto r = composition(b, a)) check_composite("composition", *r, b, a, "swapped: " + ctx);
  if (a.rank() >= 2) {
    Tiler t = Tiler::by_mode({Tiler::of(b), Tiler::of(c)});
    if (auto r = composition(a, t)) {
      // By-mode: mode i of A with B_i; A's other modes are dropped, as CuTe (core/composition.hpp).
      FUZZ_REQUIRE(r->rank() == 2, "by-mode composition with 2 tilers is not rank 2 (" + ctx + ")");
      check_composite("by-mode composition mode 0", r->mode(0), a.mode(0), b, ctx + ", C = " + show(c));
      check_composite("by-mode composition mode 1", r->mode(1), a.mode(1), c, ctx + ", C = " + show(c));
    }
  }

  // complement
  for (Int n : {Int{1}, param, b.size(), cosize(a), a.size() * (1 + param % 3)}) {
    if (n < 1) continue;
    if (auto r = complement(a, n)) check_complement(a, *r, n, ctx + ", N = " + std::to_string(n));
  }
  if (auto r = complement(a)) check_complement(a, *r, cosize(filter(a)), ctx + ", N = cosize(filter(A))");
  (void)complement(a, b.shape());

  // divides: mode 0 of A (/) B is A o B; the rearrangements have the same image multiset
  for (Tiler const& t : {Tiler::of(b), Tiler::of_integer(b.size()), Tiler::by_mode({Tiler::of(b), Tiler::of(c)})}) {
    auto ld = logical_divide(a, t);
    if (ld && t.is_layout() && !t.integer) {
      FUZZ_REQUIRE(ld->rank() == 2, "logical_divide is not rank 2 (" + ctx + ")");
      check_composite("logical_divide mode 0", ld->mode(0), a, b, ctx);
    }
    auto zd = zipped_divide(a, t);
    auto td = tiled_divide(a, t);
    auto fd = flat_divide(a, t);
    if (ld && small(*ld)) {
      auto want = sorted_tab(*ld);
      if (zd) FUZZ_REQUIRE(sorted_tab(*zd) == want, "zipped_divide image differs from logical_divide (" + ctx + ")");
      if (td) FUZZ_REQUIRE(sorted_tab(*td) == want, "tiled_divide image differs from logical_divide (" + ctx + ")");
      if (fd) FUZZ_REQUIRE(sorted_tab(*fd) == want, "flat_divide image differs from logical_divide (" + ctx + ")");
    }
    FUZZ_REQUIRE(ld.has_value() == zd.has_value() && ld.has_value() == td.has_value() &&
                     ld.has_value() == fd.has_value(),
                 "the divides disagree on admissibility (" + ctx + ", tiler " + to_string(t) + ")");
    // products: mode 0 of A (x) B is A
    auto lp = logical_product(a, t);
    if (lp && t.is_layout() && !t.integer) {
      FUZZ_REQUIRE(lp->rank() == 2, "logical_product is not rank 2 (" + ctx + ")");
      same_function("logical_product mode 0", lp->mode(0), a, ctx);
      FUZZ_REQUIRE(lp->size() == a.size() * b.size(), "logical_product size (" + ctx + ")");
    }
    auto zp = zipped_product(a, t);
    auto tp = tiled_product(a, t);
    auto fp = flat_product(a, t);
    if (lp && small(*lp)) {
      auto want = sorted_tab(*lp);
      if (zp) FUZZ_REQUIRE(sorted_tab(*zp) == want, "zipped_product image differs from logical_product (" + ctx + ")");
      if (tp) FUZZ_REQUIRE(sorted_tab(*tp) == want, "tiled_product image differs from logical_product (" + ctx + ")");
      if (fp) FUZZ_REQUIRE(sorted_tab(*fp) == want, "flat_product image differs from logical_product (" + ctx + ")");
    }
    FUZZ_REQUIRE(lp.has_value() == zp.has_value() && lp.has_value() == tp.has_value() &&
                     lp.has_value() == fp.has_value(),
                 "the products disagree on admissibility (" + ctx + ", tiler " + to_string(t) + ")");
  }
  auto bp = blocked_product(a, b);
  auto rp = raked_product(a, b);
  // regressions/fuzz_algebra/blocked-product-drops-modes.bin: blocked_product((4):(2), 4:1) once
  // dropped modes (zip_pair in core/src/product.cpp), giving size 8.
  if (bp) FUZZ_REQUIRE(bp->size() == a.size() * b.size(), "blocked_product size (" + ctx + ")");
  if (rp) FUZZ_REQUIRE(rp->size() == a.size() * b.size(), "raked_product size (" + ctx + ")");
  if (bp && rp && small(*bp))
    FUZZ_REQUIRE(sorted_tab(*bp) == sorted_tab(*rp), "blocked and raked products have different images (" + ctx + ")");

  // inverses
  {
    Layout r = right_inverse(a);
    if (small(r))
      for (Int i = 0; i < r.size(); ++i) {
        Int j = r(i);
        FUZZ_REQUIRE(j >= 0 && j < a.size(), "right_inverse leaves A's domain (" + ctx + ", R = " + show(r) + ")");
        FUZZ_REQUIRE(a(j) == i, "A(right_inverse(A)(i)) != i at i = " + std::to_string(i) + " (" + ctx + ", R = " + show(r) + ")");
      }
  }
  // Not past kTypedRowsMax: on overlapping modes left_inverse checks CuTe's answer over up to 2^24
  // elements, tens of seconds under the sanitizers (the documented cost, not a finding).
  if (a.size() <= kTypedRowsMax)
    if (auto r = left_inverse(a); r && small(a) && is_injective(a)) {
      for (Int i = 0; i < a.size(); ++i) {
        auto j = r->extended(a(i));
        FUZZ_REQUIRE(j && *j == i, "left_inverse(A)(A(i)) != i at i = " + std::to_string(i) + " (" + ctx + ", R = " + show(*r) + ")");
      }
    }
  if (auto r = max_common_layout(a, b); r && small(*r)) {
    for (Int i = 0; i < r->size(); ++i) {
      // As CuTe: R may run past the smaller layout (max_common_layout(4:1, 6:1) = 6:1), which is then
      // read extended.
      Int j = (*r)(i);
      auto x = a.extended(j), y = b.extended(j);
      FUZZ_REQUIRE(x && y && *x == i && *y == i,
                   "max_common_layout: A(R(i)) or B(R(i)) != i at i = " + std::to_string(i) + " (" + ctx + ", R = " + show(*r) + ")");
    }
  }
  (void)max_common_vector(a, b);
}

void categorical_ops(Layout const& a, Layout const& b) {
  std::string ctx = "A = " + show(a) + ", B = " + show(b);
  namespace cat = catlayout::categories;
  // Encoding: L_{f_A} has A's function; |f| = Phi_{L_f}.
  if (auto f = cat::standard_representation(a)) {
    Layout lf = cat::to_layout(*f);
    same_function("to_layout(standard_representation(A))", lf, a, ctx);
    if (small(lf))
      for (Int x = 0; x < lf.size(); ++x) {
        auto v = cat::realize(*f, x);
        FUZZ_REQUIRE(v && *v == lf(x), "realize(f, x) != L_f(x) at x = " + std::to_string(x) + " (" + ctx + ")");
      }
    if (auto id = cat::NestMorphism::identity(f->codomain())) {
      auto g = cat::compose(*id, *f);
      FUZZ_REQUIRE(g && *g == *f, "id o f != f (" + ctx + ")");
    }
    if (auto id = cat::NestMorphism::identity(f->domain())) {
      auto g = cat::compose(*f, *id);
      FUZZ_REQUIRE(g && *g == *f, "f o id != f (" + ctx + ")");
    }
    if (auto g = cat::complement(*f)) {
      auto want = complement(lf, cat::cosize(*f));
      FUZZ_REQUIRE(want.has_value(), "categorical complement exists but core complement fails (" + ctx + ")");
      same_function("coal(L_{f^c}) vs comp(L_f, size(T))", coalesce(cat::to_layout(*g)), *want, ctx);
    }
    if (auto fb = cat::standard_representation(b)) {
      (void)cat::logical_divide(*f, *fb);
      (void)cat::logical_product(*f, *fb);
      (void)cat::compose(*fb, *f);
    }
  }
  // The schema entry points (JSON in, JSON out).
  Json args = Json::array({to_json(a)});
  if (auto n = catlayout::wire::run_op("layout.to_nest", args, "$.args")) {
    Json nargs = Json::array({*n});
    for (char const* op : {"nest.to_layout", "nest.coalesce", "nest.complement"})
      (void)catlayout::wire::run_op(op, nargs, "$.args");
    if (auto back = catlayout::wire::run_op("nest.to_layout", nargs, "$.args")) {
      auto l = layout_from_json(*back, "$");
      FUZZ_REQUIRE(l.has_value(), "nest.to_layout returned a bad layout (" + ctx + ")");
      same_function("nest.to_layout(layout.to_nest(A))", *l, a, ctx);
    }
    Json pair = Json::array({*n, *n});
    for (char const* op : {"nest.compose", "nest.logical_divide", "nest.logical_product"})
      (void)catlayout::wire::run_op(op, pair, "$.args");
  }

  // Algorithms room: paper order B o A is core composition(B, A): R(i) == B(A(i)) on size(A).
  auto paper = [&](char const* what, Result<Layout> const& r) {
    if (!r) return;
    FUZZ_REQUIRE(r->size() == a.size(), std::string(what) + ": size(R) != size(A) (" + ctx + ")");
    if (!small(*r)) return;
    for (Int i = 0; i < r->size(); ++i) {
      Int x = a(i);
      auto want = b.extended(x);
      FUZZ_REQUIRE(want && (*r)(i) == *want, std::string(what) + ": R(i) != B(A(i)) at i = " + std::to_string(i) +
                                                 " (" + ctx + ", R = " + show(*r) + ")");
    }
  };
  paper("categorical_composition", categorical_composition(a, b));
  paper("nest_composition", nest_composition(a, b));
  paper("rational_composition", rational_composition(a, b));
  (void)extended_prefix(b, a.size());
  (void)codomain_extent(a);
  if (auto m = mutual_refinement(a.shape(), b.shape())) {
    FUZZ_REQUIRE(refines(m->first, a.shape()), "mutual_refinement: first does not refine T (" + ctx + ")");
    FUZZ_REQUIRE(refines(m->second, b.shape()), "mutual_refinement: second does not refine U (" + ctx + ")");
    auto f1 = flatten_values(m->first), f2 = flatten_values(m->second);
    FUZZ_REQUIRE(f1.size() <= f2.size() && std::equal(f1.begin(), f1.end(), f2.begin()),
                 "mutual_refinement: flat(T') is not a prefix of flat(U') (" + ctx + ")");
  }
}

// A tuple's integers marked run-time where the next bit of `bits` is set (CuTe's `4` against `_4`).
MixedTuple marked(IntTuple const& t, std::uint64_t& bits) {
  MixedTuple m = mark_static(t);
  std::vector<MixedTuple*> leaves{&m};
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    MixedTuple* x = leaves[k];
    if (x->is_leaf) {
      x->leaf.is_static = bits & 1;
      bits = bits >> 1 | bits << 63;
    } else {
      for (auto& c : x->modes) leaves.push_back(&c);
    }
  }
  return m;
}

// An operand with run-time marks (a layout, a tiler, a shape, an integer); other kinds as they are.
Value marked(Value const& v, std::uint64_t& bits) {
  if (auto const* l = std::get_if<Layout>(&v)) return MixedLayout{marked(l->shape(), bits), marked(l->stride(), bits)};
  if (auto const* t = std::get_if<Tiler>(&v); t && t->is_layout()) {
    MixedTiler m;
    m.layout = {marked(t->layout->shape(), bits), marked(t->layout->stride(), bits)};
    return m;
  }
  if (auto const* t = std::get_if<IntTuple>(&v)) return marked(*t, bits);
  if (auto const* n = std::get_if<Int>(&v)) return marked(IntTuple(*n), bits);
  return v;
}

// Every typed row of the op table (wire/ops.hpp) on the fuzzed layouts, its required operands
// filled from them (layouts, tilers, shapes, integers; a row needing another kind is left out),
// under both conventions: an answer must pass the row's witness; a refusal is an error, never a crash.
// The same operands with run-time integers go through the row's run-time path.
void typed_rows(Layout const& a, Layout const& b, Int param) {
  for (auto const& row : op_table()) {
    if (!row.typed.fn) continue;
    Values x;
    for (std::size_t i = 0; i < row.min_args; ++i) {
      switch (row.typed.takes[i]) {
        case Takes::layout: x.emplace_back(i == 0 ? a : b); break;
        case Takes::tiler: x.emplace_back(Tiler::of(b)); break;
        case Takes::shape:
        case Takes::domain: x.emplace_back(i == 0 ? a.shape() : b.shape()); break;
        case Takes::integer: x.emplace_back(param); break;
        default: break;
      }
    }
    if (x.size() != row.min_args) continue;
    // CuTe's run-time path (Typed::mixed) with marks drawn from param: an answer (checked by
    // run_typed against the static answer's function) or an error, never a crash.
    std::uint64_t bits = static_cast<std::uint64_t>(param) * 0x9E3779B97F4A7C15ull;
    Values m;
    for (auto const& v : x) m.push_back(marked(v, bits));
    (void)run_typed(row, m, Convention::cute);
    for (auto c : {Convention::cute, Convention::categorical}) {
      auto r = row.typed.fn(x, c);
      if (!r || !row.typed.witness) continue;
      auto w = row.typed.witness(x, *r);
      FUZZ_REQUIRE(w.has_value(), std::string(row.name) + ": the answer fails its witness: " + w.error().message + " (A = " +
                                      show(a) + ", B = " + show(b) + ")");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  Bytes bytes{data, size};
  std::uint8_t head = bytes.next();
  int count = 1 + head % 3;
  std::vector<Layout> ls;
  for (int k = 0; k < count; ++k) {
    int leaves = 0;
    IntTuple stride;
    IntTuple shape = decode_tuple(bytes, 0, leaves, stride);
    auto l = Layout::make(shape, stride);
    if (!l) {
      FUZZ_REQUIRE(l.error().kind == ErrorKind::invalid_input, "Layout::make error kind");
      return 0;  // e.g. an overflowing size: refused, as it should be
    }
    ls.push_back(std::move(*l));
  }
  Layout const& a = ls[0];
  Layout const& b = ls.size() > 1 ? ls[1] : ls[0];
  Layout const& c = ls.size() > 2 ? ls[2] : b;
  Int param = 1 + head / 3;
  core_ops(a, b, c, param);
  categorical_ops(a, b);
  if (ls.size() > 1) categorical_ops(b, a);
  // Not on layouts far past the tabulation cap: rows whose witnesses or strict forms tabulate the
  // whole domain (nullspace up to 2^26, left_inverse's overlap check up to 2^24) take tens of
  // seconds each under the sanitizers, which stalled the fuzzer at ~18 inputs a second.
  if (a.size() <= kTypedRowsMax && b.size() <= kTypedRowsMax) typed_rows(a, b, param);
  return 0;
}
