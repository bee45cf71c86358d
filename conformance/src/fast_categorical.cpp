#include "fast_categorical.hpp"

#include "fast_case.hpp"
#include "json_scan.hpp"
#include "text_values.hpp"
#ifdef CATLAYOUT_HAVE_CATEGORIES
#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/categories/product.hpp"
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
#include "catlayout/algorithms/mutual_refinement.hpp"
#endif

namespace catlayout::conformance::fast {
namespace {

// The members of expect that a result's JSON has, plus the provenance classify leaves out: more
// than this, and expect cannot equal the result.
constexpr std::size_t max_expect_members = 5;

// The values of exactly the keys `names` in the object expect, ignoring provenance; false when a
// key is missing, repeated (object_members), escaped, or another key is there, which would
// make nlohmann's comparison with the result's JSON fail (or need the DOM path to decide).
template <std::size_t N>
bool exact_members(std::string_view expect, std::array<std::string_view, N> const& names,
                   std::array<std::string_view, N>& values) {
  std::array<scan::Member, max_expect_members> m;
  std::size_t n = 0;
  if (!scan::object_members(expect, m, &n)) return false;
  std::array<bool, N> seen{};
  for (std::size_t i = 0; i < n; ++i) {
    bool known = false;
    for (std::size_t k = 0; k < N && !known; ++k)
      if (m[i].key == names[k]) {
        values[k] = m[i].value;
        seen[k] = known = true;
      }
    if (!known && !is_provenance(m[i].key)) return false;
  }
  for (bool s : seen)
    if (!s) return false;
  return true;
}

// The int tuple text v is t (to_json(t) == v as nlohmann compares numbers by value).
[[maybe_unused]] bool is_tuple(std::string_view v, IntTuple const& t) {
  char const* p = v.data();
  text::FlatTuple x;
  return text::tuple_at(p, p + v.size(), x) && p == v.data() + v.size() && text::same_tuple(x, t);
}

#ifdef CATLAYOUT_HAVE_CATEGORIES
using categories::NestMorphism;
using categories::Point;

bool matches_value(std::string_view expect, Layout const& l) { return matches_layout(expect, l); }

// expect is exactly to_json(f): {"domain": S, "codomain": T, "map": [a1..am]}.
bool matches_value(std::string_view expect, NestMorphism const& f) {
  std::array<std::string_view, 3> v;
  if (!exact_members(expect, std::array<std::string_view, 3>{"domain", "codomain", "map"}, v)) return false;
  if (!is_tuple(v[0], f.domain()) || !is_tuple(v[1], f.codomain())) return false;
  auto const& want = f.map().values();
  std::size_t i = 0;
  bool same = true;
  bool plain = text::each_int(v[2], [&](Int x) {
    same = same && i < want.size() && x >= 0 && static_cast<Point>(x) == want[i];
    ++i;
  });
  return plain && same && i == want.size();
}

#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// expect is exactly {"first": T', "second": U'}, as run_mutual_refinement writes it.
bool matches_value(std::string_view expect, MutualRefinement const& r) {
  std::array<std::string_view, 2> v;
  return exact_members(expect, std::array<std::string_view, 2>{"first", "second"}, v) && is_tuple(v[0], r.first) &&
         is_tuple(v[1], r.second);
}

#endif

// The result of an engine, as classify finds an exact match: the error's kind, or the value
// (matches_value, overloaded above for each result type).
template <class T>
bool matches(std::string_view expect, Result<T> const& r) {
  return r ? matches_value(expect, *r) : matches_error(expect, r.error());
}

#ifdef CATLAYOUT_HAVE_CATEGORIES
// A morphism argument as categories' nest_morphism_from_json reads it: nullopt when it is not in
// the plain form (the DOM reader then decides), else the morphism or an error of the kind that
// reader gives. Only the kind matters: the fast path answers nothing but exact matches.
std::optional<Result<NestMorphism>> read_morphism(std::string_view v) {
  auto invalid = [] { return std::optional(Result<NestMorphism>(fail(ErrorKind::invalid_input, "not a morphism"))); };
  if (v.empty() || v[0] != '{') return invalid();  // valid JSON, but not an object
  std::array<scan::Member, 8> m;
  std::size_t n = 0;
  if (!scan::object_members(v, m, &n)) return std::nullopt;  // e.g. an escaped key that may spell "map"
  auto members = std::span<scan::Member const>(m.data(), n);
  auto domain = scan::find(members, "domain");
  auto codomain = scan::find(members, "codomain");
  auto map = scan::find(members, "map");
  if (!domain || !codomain || !map) return invalid();
  auto s = text::read_int_tuple(*domain);
  if (!s) return std::nullopt;
  auto t = text::read_int_tuple(*codomain);
  if (!t) return std::nullopt;
  if (map->empty() || (*map)[0] != '[') return invalid();
  // json.cpp's check, entry by entry: a point of <n>_*, 0 standing for *. An entry out of range
  // is an error only once every entry has read plainly (else the DOM reader decides).
  std::size_t points = length(*t);
  std::vector<Point> alpha;
  alpha.reserve(8);  // maps are short: one allocation, not one per doubling
  bool in_range = true;
  bool plain = text::each_int(*map, [&](Int x) {
    in_range = in_range && x >= 0 && static_cast<std::size_t>(x) <= points;
    alpha.push_back(static_cast<Point>(x));
  });
  if (!plain) return std::nullopt;
  if (!in_range) return invalid();
  return NestMorphism::make(std::move(*s), std::move(*t), std::move(alpha));
}

// categories' run_categorical_op on text: the same arity, the same readers' order (the first
// argument's error before the second's), the same engine calls.
bool exact_nest_case(std::string_view op, std::string_view args, std::string_view expect) {
  if (op == "layout.to_nest") {
    auto a = arg_list(args, 1, 1);
    if (!a) return false;
    auto l = text::read_layout(a->at[0]);
    return l && matches(expect, categories::standard_representation(*l));
  }
  bool binary = op == "nest.compose" || op == "nest.logical_divide" || op == "nest.logical_product";
  bool unary = op == "nest.coalesce" || op == "nest.complement" || op == "nest.to_layout";
  if (!binary && !unary) return false;
  std::size_t arity = binary ? 2 : 1;
  auto a = arg_list(args, arity, arity);
  if (!a) return false;
  auto f = read_morphism(a->at[0]);
  if (!f) return false;
  if (!*f) return matches_error(expect, f->error());
  if (op == "nest.coalesce") return matches_value(expect, categories::coalesce(**f));
  if (op == "nest.complement") return matches(expect, categories::complement(**f));
  if (op == "nest.to_layout") return matches_value(expect, categories::to_layout(**f));
  auto g = read_morphism(a->at[1]);
  if (!g) return false;
  if (!*g) return matches_error(expect, g->error());
  if (op == "nest.compose") return matches(expect, categories::compose(**g, **f));  // [f, g]: g after f
  if (op == "nest.logical_divide") return matches(expect, categories::logical_divide(**f, **g));
  return matches(expect, categories::logical_product(**f, **g));
}
#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// run_mutual_refinement on text: [T, U], int tuples.
bool exact_refinement_case(std::string_view args, std::string_view expect) {
  auto a = arg_list(args, 2, 2);
  if (!a) return false;
  auto t = text::read_int_tuple(a->at[0]);
  if (!t) return false;
  auto u = text::read_int_tuple(a->at[1]);
  return u && matches(expect, mutual_refinement(*t, *u));
}
#endif

}  // namespace

bool exact_categorical_case(std::string_view op, std::string_view args, std::string_view expect) {
#ifdef CATLAYOUT_HAVE_CATEGORIES
  if (op.starts_with("nest.") || op == "layout.to_nest") return exact_nest_case(op, args, expect);
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
  if (op == "mutual_refinement") return exact_refinement_case(args, expect);
#endif
  (void)op, (void)args, (void)expect;
  return false;
}

}  // namespace catlayout::conformance::fast
