#include "catlayout/proofs/properties.hpp"
#include "outcome_text.hpp"

#include "catlayout/wire/layout_json.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <unordered_set>

namespace catlayout::proofs {

using namespace catlayout::wire;  // the JSON forms of the values
using namespace detail;  // table_text, overflow, refused (outcome_text.hpp)
namespace {

bool injective_bf(std::vector<Int> const& t) {
  std::unordered_set<Int> seen(t.begin(), t.end());
  return seen.size() == t.size();
}

bool compact_bf(std::vector<Int> const& t) {
  std::vector<char> hit(t.size(), 0);
  for (Int v : t) {
    if (v < 0 || v >= static_cast<Int>(t.size()) || hit[v]) return false;
    hit[v] = 1;
  }
  return true;
}

std::vector<Int> sorted(std::vector<Int> t) {
  std::sort(t.begin(), t.end());
  return t;
}

std::string two(Layout const& a, Layout const& b) { return "A = " + describe(a) + ", B = " + describe(b); }

// Ordered factorizations of n into factors >= 2, at most max_k of them: calls f(factors).
void factorizations(Int n, std::size_t max_k, std::vector<Int>& cur, std::function<bool(std::vector<Int> const&)> const& f,
                    bool& stop) {
  if (stop) return;
  if (n == 1) {
    if (!cur.empty() && f(cur)) stop = true;
    return;
  }
  if (cur.size() == max_k) return;
  for (Int d = 2; d <= n && !stop; ++d) {
    if (n % d) continue;
    cur.push_back(d);
    factorizations(n / d, max_k, cur, f, stop);
    cur.pop_back();
  }
}

Layout flat_layout(std::vector<Int> const& s, std::vector<Int> const& d) { return *from_flat({s, d}); }

}  // namespace

std::string describe(Layout const& l) { return to_string(l) + " " + to_json(l).dump(); }

FlatFn::FlatFn(Layout const& l) {
  auto f = flat_modes(l);
  shape = f.shape.to_vector();
  stride = f.stride.to_vector();
}

Int FlatFn::operator()(Int i) const {
  if (shape.empty()) return 0;
  Int off = 0;
  for (std::size_t k = 0; k + 1 < shape.size(); ++k) {
    off += (i % shape[k]) * stride[k];
    i /= shape[k];
  }
  return off + i * stride.back();
}

Int FlatFn::size() const {
  Int n = 1;
  for (Int s : shape) n *= s;
  return n;
}

std::vector<Int> table(Layout const& l) {
  FlatFn f(l);
  std::vector<Int> t(static_cast<std::size_t>(l.size()));
  for (Int i = 0; i < l.size(); ++i) t[i] = f(i);
  return t;
}

Outcome evaluate_agrees(Layout const& a) {
  auto t = table(a);
  if (tabulate(a) != t) return Outcome::fail("tabulate(" + describe(a) + ") = " + table_text(tabulate(a)) + ", expected " + table_text(t));
  auto s = flat_modes(a).shape;
  std::vector<Int> crd(s.size(), 0);
  for (Int i = 0; i < a.size(); ++i) {
    if (a(i) != t[i] || !a.at(i) || *a.at(i) != t[i] || !a.extended(i) || *a.extended(i) != t[i])
      return Outcome::fail(describe(a) + " at " + std::to_string(i) + " is " + std::to_string(a(i)) + ", expected " +
                           std::to_string(t[i]));
    if (!s.empty()) {  // the natural (flat-entry) coordinate of i, nested as the shape
      auto c = substitute(crd, profile(a.shape()));
      auto v = a.at_coord(*c);
      if (!v || *v != t[i])
        return Outcome::fail(describe(a) + " at coordinate " + to_string(*c) + " is " +
                             (v ? std::to_string(*v) : v.error().what()) + ", expected " + std::to_string(t[i]));
      for (std::size_t k = 0; k < s.size(); ++k)
        if (++crd[k] < s[k]) break;
        else crd[k] = 0;
    }
  }
  if (a.at(a.size())) return Outcome::fail(describe(a) + ".at(size) answered instead of refusing");
  if (!s.empty())
    for (Int i = a.size(); i < a.size() + 3; ++i) {
      auto e = a.extended(i);
      if (!e || *e != FlatFn(a)(i))
        return Outcome::fail(describe(a) + ".extended(" + std::to_string(i) + ") = " +
                             (e ? std::to_string(*e) : e.error().what()) + ", expected " + std::to_string(FlatFn(a)(i)));
    }
  return Outcome::ok();
}

Outcome predicates_agree(Layout const& a) {
  auto t = table(a);
  auto f = flat_modes(a);
  bool inj = injective_bf(t), cpt = compact_bf(t), coal = coalesce(a) == a, nondeg = true;
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.shape[i] == 1 && f.stride[i] != 0) nondeg = false;
  // §2.1.8: sort(squeeze(flatten L)) by (stride, shape) has d_i = 0 or s_i d_i | d_{i+1}.
  std::vector<std::pair<Int, Int>> m;  // (stride, shape)
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.shape[i] != 1) m.emplace_back(f.stride[i], f.shape[i]);
  std::stable_sort(m.begin(), m.end());
  bool tract = true;
  for (std::size_t i = 0; i + 1 < m.size(); ++i)
    if (m[i].first != 0 && m[i + 1].first % (m[i].first * m[i].second) != 0) tract = false;
  std::string bad;
  if (is_injective(a) != inj) bad += " is_injective";
  if (is_compact(a) != cpt) bad += " is_compact";
  if (is_coalesced(a) != coal) bad += " is_coalesced";
  if (is_non_degenerate(a) != nondeg) bad += " is_non_degenerate";
  if (is_tractable(a) != tract) bad += " is_tractable";
  if (bad.empty()) return Outcome::ok();
  return Outcome::fail("predicates disagree with their definitions on " + describe(a) + ":" + bad + " (table " +
                       table_text(t) + ")");
}

Outcome coalesce_idempotent(Layout const& a) {
  Layout c = coalesce(a), cc = coalesce(c);
  if (cc == c) return Outcome::ok();
  return Outcome::fail("coalesce(" + describe(a) + ") = " + describe(c) + " but coalesce of that is " + describe(cc));
}

Outcome coalesce_preserves_function(Layout const& a) {
  Layout c = coalesce(a);
  std::string what = "coalesce(" + describe(a) + ") = " + describe(c);
  if (c.size() != a.size()) return Outcome::fail(what + ": size changed");
  if (table(c) != table(a))
    return Outcome::fail(what + ": function changed, " + table_text(table(c)) + " vs " + table_text(table(a)));
  if (depth(c) > 1) return Outcome::fail(what + ": not flat");
  auto f = flat_modes(c);
  if (a.size() == 1 && !(c == Layout())) return Outcome::fail(what + ": a size-1 layout coalesces to 1:0");
  if (a.size() > 1)
    for (Int s : f.shape)
      if (s == 1) return Outcome::fail(what + ": keeps a size-1 mode");
  return Outcome::ok();
}

Outcome coalesce_minimal(Layout const& a) {
  Layout c = coalesce(a);
  std::size_t m = flat_modes(c).shape.size();
  if (a.size() == 1 || m <= 1) return Outcome::ok();
  if (a.size() > (1 << 16)) return Outcome::skip("size too large for the brute force");
  auto t = table(a);
  // A layout with shape (s_0..s_{k-1}), all s_j >= 2, has L(s_0...s_{j-1}) = d_j: its strides are
  // forced by the function, so the factorizations of size(A) enumerate every candidate.
  std::vector<Int> cur;
  bool found = false;
  std::string shorter;
  factorizations(a.size(), m - 1, cur, [&](std::vector<Int> const& s) {
    std::vector<Int> d;
    Int p = 1;
    for (Int x : s) {
      d.push_back(t[p]);
      p *= x;
    }
    Layout x = flat_layout(s, d);
    if (table(x) != t) return false;
    shorter = describe(x);
    return true;
  }, found);
  if (!found) return Outcome::ok();
  return Outcome::fail("coalesce(" + describe(a) + ") = " + describe(c) + " has " + std::to_string(m) +
                       " modes, but " + shorter + " has the same function with fewer");
}

Outcome coalesce_characterises_function(Layout const& a, Layout const& b) {
  if (a.size() != b.size()) return Outcome::skip("sizes differ");
  bool same_fn = table(a) == table(b), same_coal = coalesce(a) == coalesce(b);
  if (same_fn == same_coal) return Outcome::ok();
  return Outcome::fail(two(a, b) + ": functions " + (same_fn ? "equal" : "differ") + " but coalesce gives " +
                       describe(coalesce(a)) + " and " + describe(coalesce(b)));
}

// R(i) == A(B(i)) with A extended; "" when it holds.
static std::string composes(Layout const& r, Layout const& a, Layout const& b) {
  if (r.size() != b.size()) return "size " + std::to_string(r.size()) + " != size(B) " + std::to_string(b.size());
  FlatFn fa(a);
  auto tr = table(r), tb = table(b);
  for (std::size_t i = 0; i < tb.size(); ++i) {
    bool defined = fa.shape.size() == 1 || (tb[i] >= 0 && (!fa.shape.empty() || tb[i] == 0));
    if (!defined)
      return "B(" + std::to_string(i) + ") = " + std::to_string(tb[i]) + " is outside A's (extended) domain";
    if (fa(tb[i]) != tr[i])
      return "R(" + std::to_string(i) + ") = " + std::to_string(tr[i]) + " but A(B(" + std::to_string(i) +
             ")) = A(" + std::to_string(tb[i]) + ") = " + std::to_string(fa(tb[i]));
  }
  return {};
}

Outcome composition_function(Layout const& a, Layout const& b) {
  auto r = composition(a, b);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible}, "composition");
  auto bad = composes(*r, a, b);
  if (bad.empty()) return Outcome::ok();
  return Outcome::fail(two(a, b) + ", A o B = " + describe(*r) + ": " + bad);
}

Outcome composition_refines(Layout const& a, Layout const& b) {
  auto r = composition(a, b);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible}, "composition");
  if (refines(r->shape(), b.shape())) return Outcome::ok();
  return Outcome::fail(two(a, b) + ", A o B = " + describe(*r) + ": its shape does not refine B's shape " +
                       to_string(b.shape()));
}

Outcome composition_associative(Layout const& a, Layout const& b, Layout const& c) {
  // Beyond B's domain, (A o B) o C reads the extension of A o B, which composition does not
  // promise to equal A(B(.)) extended: (2,2):(1,0) o 1:1 = 1:0 (docs: R(i) = A(B(i)) on R's domain).
  auto tc = table(c);
  for (Int v : tc)
    if (v < 0 || v >= b.size()) return Outcome::skip("C leaves B's domain");
  auto ab = composition(a, b);
  if (!ab) return refused(ab.error(), {ErrorKind::inadmissible}, "A o B");
  auto ab_c = composition(*ab, c);
  if (!ab_c) return refused(ab_c.error(), {ErrorKind::inadmissible}, "(A o B) o C");
  auto bc = composition(b, c);
  if (!bc) return refused(bc.error(), {ErrorKind::inadmissible}, "B o C");
  auto a_bc = composition(a, *bc);
  if (!a_bc) return refused(a_bc.error(), {ErrorKind::inadmissible}, "A o (B o C)");
  auto t1 = table(*ab_c), t2 = table(*a_bc);
  if (t1 == t2) return Outcome::ok();
  std::size_t i = 0;
  while (i < t1.size() && t1[i] == t2[i]) ++i;
  return Outcome::fail("A = " + describe(a) + ", B = " + describe(b) + ", C = " + describe(c) + ": (A o B) o C = " +
                       describe(*ab_c) + " and A o (B o C) = " + describe(*a_bc) + " differ at " + std::to_string(i) +
                       ": " + std::to_string(t1[i]) + " vs " + std::to_string(t2[i]));
}

namespace {
struct ComplementFacts {
  Layout f;         // filter(A)
  Int extent = 1;   // max s*d over filter(A)'s modes
};
ComplementFacts facts(Layout const& a) {
  ComplementFacts c{filter(a)};
  auto fm = flat_modes(c.f);
  for (std::size_t i = 0; i < fm.shape.size(); ++i) c.extent = std::max(c.extent, fm.shape[i] * fm.stride[i]);
  return c;
}
}  // namespace

Outcome complement_properties(Layout const& a, Int n) {
  auto r = complement(a, n);
  if (!r) return refused(r.error(), {ErrorKind::not_complementable}, "complement");
  Layout const& c = *r;
  std::string what = "complement(" + describe(a) + ", " + std::to_string(n) + ") = " + describe(c);
  auto fc = flat_modes(c);
  if (depth(c) > 1) return Outcome::fail(what + ": not flat");
  for (std::size_t i = 0; i + 1 < fc.stride.size(); ++i)
    if (fc.stride[i] > fc.stride[i + 1]) return Outcome::fail(what + ": not sorted");
  for (Int d : fc.stride)
    if (d < 0) return Outcome::fail(what + ": negative stride");
  if (!(coalesce(c) == c)) return Outcome::fail(what + ": not coalesced (coalesce gives " + describe(coalesce(c)) + ")");
  auto ta = table(a), tc = table(c);
  std::unordered_set<Int> ia(ta.begin(), ta.end());
  for (Int v : tc)
    if (v != 0 && ia.count(v)) return Outcome::fail(what + ": not disjoint, both reach " + std::to_string(v));
  auto cf = facts(a);
  auto both = make_layout({cf.f, c});
  auto tb = table(*both);
  // Inside the categorical fragment (Prop. 2.1.6.21) (filter(A), C) is compact; outside it CuTe's
  // complement keeps its own post-conditions: injective, and C meets A only at 0 (above).
  bool fragment = complementability(a, n).complementable;
  if (fragment && !compact_bf(tb))
    return Outcome::fail(what + ": (filter(A), C) = " + describe(*both) + " is not compact: " + table_text(tb));
  if (!injective_bf(tb))
    return Outcome::fail(what + ": (filter(A), C) = " + describe(*both) + " is not injective: " + table_text(tb));
  // C's last mode reaches the least multiple of A's extent that is >= N (CuTe's ceil_div).
  Int reach = cf.extent;
  for (std::size_t i = 0; i < fc.shape.size(); ++i) reach = std::max(reach, fc.shape[i] * fc.stride[i]);
  if (reach < n || reach % cf.extent != 0 || reach - cf.extent >= n)
    return Outcome::fail(what + ": (filter(A), C) reaches " + std::to_string(reach) +
                         ", not the least multiple of the extent " + std::to_string(cf.extent) + " >= N");
  if (fragment && reach != both->size())
    return Outcome::fail(what + ": (filter(A), C) reaches " + std::to_string(reach) + " with " +
                         std::to_string(both->size()) + " elements");
  return Outcome::ok();
}

Outcome complement_unique(Layout const& a, Int n) {
  auto r = complement(a, n);
  if (!r) return refused(r.error(), {ErrorKind::not_complementable}, "complement");
  if (!complementability(a, n).complementable) return Outcome::skip("outside the categorical fragment");
  auto cf = facts(a);
  Int csize = r->size(), total = cf.f.size() * csize;
  if (total > 63) return Outcome::skip("too large for the brute force");
  // Images as bit sets of [0, total): a mode s:d shifts the image so far by 0, d, ..., (s-1)d;
  // the shifts must stay disjoint and inside [0, total) for (filter A, X) to be injective there.
  using Bits = std::uint64_t;
  Bits full = total == 64 ? ~Bits{0} : (Bits{1} << total) - 1, base = 0;
  for (Int v : table(cf.f)) {
    if (v < 0 || v >= total || (base >> v & 1)) return Outcome::skip("filter(A) is not injective below the total");
    base |= Bits{1} << v;
  }
  int top = 63 - std::countl_zero(base);
  std::vector<Int> s, d;
  std::string other;
  // Depth-first over flat X = (s_0..s_k):(d_0..d_k), sizes >= 2 multiplying to size(C), strides
  // strictly increasing (sorted and injective), no s_j d_j = d_{j+1} (coalesced): every sorted,
  // coalesced X with (filter A, X) compact of C's size, whatever its rank.
  std::function<bool(Int, Int, Bits, int)> dfs = [&](Int rest, Int lo, Bits img, int hi) {
    if (rest == 1) {
      if (img != full || s.empty()) return false;
      Layout x = flat_layout(s, d);
      if (x == *r) return false;
      other = describe(x);
      return true;
    }
    for (Int sj = 2; sj <= rest; ++sj) {
      if (rest % sj) continue;
      for (Int dj = lo; dj < total; ++dj) {
        if (!s.empty() && s.back() * d.back() == dj) continue;  // would coalesce with the mode below
        if (hi + (sj - 1) * dj >= total) break;
        Bits acc = img;
        bool ok = true;
        for (Int c = 1; c < sj && ok; ++c) {
          Bits sh = img << (c * dj);
          ok = (acc & sh) == 0;
          acc |= sh;
        }
        if (!ok) continue;
        s.push_back(sj);
        d.push_back(dj);
        bool found = dfs(rest / sj, dj + 1, acc, hi + static_cast<int>((sj - 1) * dj));
        s.pop_back();
        d.pop_back();
        if (found) return true;
      }
    }
    return false;
  };
  if (csize == 1) {
    if (*r == Layout()) return Outcome::ok();
    return Outcome::fail("complement(" + describe(a) + ", " + std::to_string(n) + ") = " + describe(*r) + " has size 1 but is not 1:0");
  }
  if (!dfs(csize, 1, base, top)) return Outcome::ok();
  return Outcome::fail("complement(" + describe(a) + ", " + std::to_string(n) + ") = " + describe(*r) +
                       ", but " + other + " is also sorted, coalesced and completes filter(A) = " + describe(cf.f) +
                       " to a compact layout of size " + std::to_string(total));
}

Outcome divide_mode0_is_composition(Layout const& a, Layout const& b) {
  auto z = zipped_divide(a, Tiler::of(b));
  if (!z) return refused(z.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, "zipped_divide");
  auto c = composition(a, b);
  if (!c) return Outcome::fail(two(a, b) + ": zipped_divide = " + describe(*z) + " but A o B is refused: " + c.error().what());
  if (!(z->mode(0) == *c))
    return Outcome::fail(two(a, b) + ": layout<0>(zipped_divide) = " + describe(z->mode(0)) + " but A o B = " + describe(*c));
  // Def. 2.3.8.1: A (/) B = A o (B, comp(B, size A)), evaluated on A's extension.
  auto ld = logical_divide(a, Tiler::of(b));
  auto comp = complement(b, coalesce(a).shape());
  if (!ld || !comp) return Outcome::fail(two(a, b) + ": zipped_divide succeeds but logical_divide or the complement fails");
  auto bb = make_layout({b, *comp});
  auto bad = composes(*ld, a, *bb);
  if (!bad.empty())
    return Outcome::fail(two(a, b) + ", A (/) B = " + describe(*ld) + " is not A o (B, B*) with B* = " + describe(*comp) + ": " + bad);
  return Outcome::ok();
}

Outcome divide_permutes(Layout const& a, Layout const& b) {
  auto d = logical_divide(a, Tiler::of(b));
  if (!d) return refused(d.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, "logical_divide");
  if (d->size() != a.size()) return Outcome::skip("size(A (/) B) != size(A)");
  // Outside the fragment CuTe's tiles may reach past A's domain (4:1 / (2,2):(3,1)).
  if (!complementability(b, coalesce(a).shape().values()).complementable)
    return Outcome::skip("outside the categorical fragment");
  if (sorted(table(*d)) == sorted(table(a))) return Outcome::ok();
  return Outcome::fail(two(a, b) + ", A (/) B = " + describe(*d) + " does not rearrange A's offsets: " +
                       table_text(table(*d)) + " vs " + table_text(table(a)));
}

Outcome product_mode0_is_a(Layout const& a, Layout const& b) {
  auto p = logical_product(a, Tiler::of(b));
  if (!p) return refused(p.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, "logical_product");
  std::string what = two(a, b) + ", A (x) B = " + describe(*p);
  if (p->rank() != 2 || !(p->mode(0) == a)) return Outcome::fail(what + ": mode 0 is not A");
  if (p->size() != a.size() * b.size()) return Outcome::fail(what + ": size is not size(A) * size(B)");
  if (injective_bf(table(a)) && injective_bf(table(b)) && !injective_bf(table(*p)))
    return Outcome::fail(what + ": A and B are injective but the product is not");
  return Outcome::ok();
}

Outcome blocked_raked_agree(Layout const& a, Layout const& b) {
  auto bp = blocked_product(a, b), rp = raked_product(a, b);
  auto zip_refusal = [](Error const& e) { return e.kind == ErrorKind::inadmissible && e.message.starts_with("zip: "); };
  if (!bp && !rp) {
    if (zip_refusal(bp.error()) || zip_refusal(rp.error())) return Outcome::skip();  // ranks CuTe's zip cannot pair
    return refused(bp.error(), {ErrorKind::inadmissible, ErrorKind::not_complementable}, "blocked_product");
  }
  if (!bp || !rp) {
    // CuTe's zip is asymmetric: raked zips (C, A), which fails when C has more modes than an
    // integral A (blocked zips (A, C) whole). That one refusal is expected; any other is not.
    auto const& e = bp ? rp.error() : bp.error();
    if (e.kind == ErrorKind::inadmissible && e.message.starts_with("zip: ")) return Outcome::skip();
    return Outcome::fail(two(a, b) + ": only one of blocked_product and raked_product is defined: " + e.what());
  }
  std::string what = two(a, b) + ": blocked = " + describe(*bp) + ", raked = " + describe(*rp);
  if (bp->size() != a.size() * b.size() || rp->size() != bp->size()) return Outcome::fail(what + ": sizes");
  if (sorted(table(*bp)) != sorted(table(*rp))) return Outcome::fail(what + ": different offsets");
  return Outcome::ok();
}

Outcome right_inverse_property(Layout const& l) {
  Layout r = right_inverse(l);
  std::string what = "right_inverse(" + describe(l) + ") = " + describe(r);
  auto tr = table(r), tl = table(l);
  for (std::size_t i = 0; i < tr.size(); ++i) {
    if (tr[i] < 0 || tr[i] >= l.size())
      return Outcome::fail(what + ": R(" + std::to_string(i) + ") = " + std::to_string(tr[i]) + " is outside L's domain");
    if (tl[tr[i]] != static_cast<Int>(i))
      return Outcome::fail(what + ": L(R(" + std::to_string(i) + ")) = " + std::to_string(tl[tr[i]]));
  }
  if (compact_bf(tl) && r.size() != l.size()) return Outcome::fail(what + ": L is compact but R does not cover it");
  return Outcome::ok();
}

Outcome left_inverse_property(Layout const& l) {
  auto tl = table(l);
  if (!injective_bf(tl)) return Outcome::skip("not injective");
  auto r = left_inverse(l);
  if (!r) return refused(r.error(), {ErrorKind::inadmissible}, "left_inverse");
  std::string what = "left_inverse(" + describe(l) + ") = " + describe(*r);
  auto tr = table(*r);
  for (std::size_t i = 0; i < tl.size(); ++i) {
    if (tl[i] < 0 || tl[i] >= r->size())
      return Outcome::fail(what + ": L(" + std::to_string(i) + ") = " + std::to_string(tl[i]) + " is outside R's domain");
    if (tr[tl[i]] != static_cast<Int>(i))
      return Outcome::fail(what + ": R(L(" + std::to_string(i) + ")) = " + std::to_string(tr[tl[i]]));
  }
  return Outcome::ok();
}

Outcome text_round_trip(Layout const& l) {
  std::string s = to_string(l);
  auto p = parse_layout(s);
  if (!p) return Outcome::fail("parse_layout(\"" + s + "\") fails: " + p.error().what() + " (" + to_json(l).dump() + ")");
  if (!(*p == l) || to_string(*p) != s)
    return Outcome::fail("parse_layout(to_string(" + describe(l) + ")) = " + describe(*p));
  return Outcome::ok();
}

Outcome json_round_trip(Layout const& l) {
  Json j = to_json(l);
  auto p = layout_from_json(Json::parse(j.dump()), "$");
  if (!p) return Outcome::fail("layout_from_json(" + j.dump() + ") fails: " + p.error().what() + " (" + to_string(l) + ")");
  if (!(*p == l)) return Outcome::fail("layout_from_json(to_json(" + describe(l) + ")) = " + describe(*p));
  return Outcome::ok();
}

}  // namespace catlayout::proofs
