#include "catlayout/algorithms/composition.hpp"

#include "catlayout/core/coalesce.hpp"
#include "morphism.hpp"

namespace catlayout::algorithms {
namespace {

using detail::FlatMorphism;
using detail::Rational;

IntTuple flat_tuple(std::vector<Int> const& v) { return IntTuple(std::vector<IntTuple>(v.begin(), v.end())); }

std::string describe(FlatMorphism const& f, IntTuple const& domain) {
  std::string s = to_string(domain) + " -> " + detail::codomain_string(f) + " via (";
  for (std::size_t i = 0; i < f.map.size(); ++i) {
    s += i ? "," : "";
    s += (f.map[i] ? std::to_string(f.map[i]) : "*");
  }
  return s + ")";
}

// Start of each relative mode inside the flattening of the refinement.
std::vector<std::size_t> starts(std::vector<std::vector<Int>> const& modes) {
  std::vector<std::size_t> out;
  std::size_t p = 0;
  for (auto const& m : modes) {
    out.push_back(p);
    p += m.size();
  }
  out.push_back(p);
  return out;
}

Result<CompositionTrace> run(Layout const& a, Layout const& b, bool integral) {
  // Step 1: the standard representations f: S -> T of A and g: U -> V of coal(B).
  CL_TRY(f, detail::standard_representation(flat_modes(a), true, "A = " + to_string(a)));
  Layout cb = coalesce(b);
  CL_TRY(g, detail::standard_representation(flat_modes(cb), integral, "coal(B) = " + to_string(cb)));
  std::vector<Int> t;
  for (auto const& q : f.codomain) t.push_back(static_cast<Int>(numerator(q)));  // integral
  CompositionTrace tr;
  tr.f = describe(f, a.shape());
  tr.g = describe(g, cb.shape());
  tr.t = flat_tuple(t);
  tr.u = flat_tuple(g.domain);
  // Step 2: Algorithm 4.1.1.
  auto mr = mutual_refinement(tr.t, tr.u);
  if (!mr)
    return fail(ErrorKind::not_refinable, "B o A for A = ", to_string(a), ", B = ", to_string(b),
                ": the codomain T = ", to_string(tr.t), " of f_A and the domain U = ", to_string(tr.u),
                " of g have no mutual refinement (", mr.error().message, ")");
  tr.t_refined = mr->first;
  tr.u_refined = mr->second;
  auto tpos = starts(mr->first_modes), upos = starts(mr->second_modes);
  // Step 3, pushforward g' : U' -> V' (Construction 4.1.2.1): an image entry v_l = u_k becomes mode_k(U', U).
  std::vector<std::vector<Rational>> vmodes;
  for (auto const& v : g.codomain) vmodes.push_back({v});
  for (std::size_t k = 0; k < g.map.size(); ++k)
    if (g.map[k]) vmodes[g.map[k] - 1].assign(mr->second_modes[k].begin(), mr->second_modes[k].end());
  std::vector<std::size_t> vpos(1, 0);
  for (auto const& m : vmodes) vpos.push_back(vpos.back() + m.size());
  std::vector<std::size_t> gprime(upos.back(), 0);  // flat U' -> flat V' (1-based, 0 = *)
  for (std::size_t k = 0; k < g.map.size(); ++k)
    for (std::size_t q = 0; q < mr->second_modes[k].size(); ++q)
      gprime[upos[k] + q] = g.map[k] ? vpos[g.map[k] - 1] + q + 1 : 0;
  std::vector<Rational> before(vpos.back() + 1, Rational(1));  // V' prefix products
  std::size_t p = 0;
  for (auto const& m : vmodes)
    for (auto const& v : m) before[p + 1] = before[p] * v, ++p;
  // Steps 3-5, pullback f' : S' -> T' (an entry s_i = t_j becomes mode_j(T', T)), composed with g':
  // flat(T') is a prefix of flat(U'), so f' lands in U'.
  std::vector<std::vector<Int>> smodes, dmodes;
  for (std::size_t i = 0; i < f.map.size(); ++i) {
    if (f.map[i] == 0) {  // * stays *: stride 0
      smodes.push_back({f.domain[i]});
      dmodes.push_back({0});
      continue;
    }
    std::size_t j = f.map[i] - 1;
    smodes.push_back(mr->first_modes[j]);
    dmodes.emplace_back();
    for (std::size_t q = 0; q < mr->first_modes[j].size(); ++q) {
      std::size_t target = gprime[tpos[j] + q];
      // Step 6: L_{g' o f'} has the stride of the V'-entries before the image (0 for *).
      CL_TRY(d, target ? detail::to_int(before[target - 1], "stride") : Result<Int>(0));
      dmodes.back().push_back(d);
    }
  }
  CL_TRY(shape, substitute_modes(smodes, profile(a.shape())));
  CL_TRY(stride, substitute_modes(dmodes, profile(a.shape())));
  CL_TRY(c, Layout::make(shape, stride));
  tr.encoded = c;
  // Step 7: B o A = coal(C, shape(A)).
  CL_TRY(r, relative_coalesce(c, a.shape()));
  tr.result = r;
  return tr;
}

}  // namespace

Result<CompositionTrace> categorical_composition_trace(Layout const& a, Layout const& b) { return run(a, b, true); }
Result<CompositionTrace> rational_composition_trace(Layout const& a, Layout const& b) { return run(a, b, false); }

Result<Layout> categorical_composition(Layout const& a, Layout const& b) {
  CL_TRY(tr, run(a, b, true));
  return tr.result;
}

Result<Layout> rational_composition(Layout const& a, Layout const& b) {
  CL_TRY(tr, run(a, b, false));
  return tr.result;
}

Int codomain_extent(Layout const& a) {
  auto f = flat_modes(a);
  Int e = 1;
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (f.shape[i] > 1 && f.stride[i] != 0) e = std::max(e, f.shape[i] * (f.stride[i] < 0 ? -f.stride[i] : f.stride[i]));
  return e;
}

Result<Layout> extended_prefix(Layout const& b, Int n) {
  if (n < 1) return fail(ErrorKind::invalid_input, "extended_prefix: n = ", n, " is not positive");
  auto e = coalesce_extended(b);  // its last mode stands for an unbounded one
  if (e.shape.empty()) return fail(ErrorKind::invalid_input, "the empty layout has no extension");
  FlatLayout out;
  Int p = 1;  // P_{k-1}
  for (std::size_t k = 0; k < e.shape.size(); ++k) {
    bool last = k + 1 == e.shape.size();
    if (!last && static_cast<__int128>(p) * e.shape[k] < n) {
      out.shape.push_back(e.shape[k]);
      out.stride.push_back(e.stride[k]);
      p *= e.shape[k];
      continue;
    }
    if (n % p != 0)
      return fail(ErrorKind::inadmissible, "B = ", to_string(b), " on [0, ", n, ") is no layout: ", n,
                  " is not a multiple of ", p, ", the size of the modes of B it covers whole");
    out.shape.push_back(n / p);
    out.stride.push_back(e.stride[k]);
    break;
  }
  CL_TRY(l, from_flat(out));
  return coalesce(l);
}

}  // namespace catlayout::algorithms
