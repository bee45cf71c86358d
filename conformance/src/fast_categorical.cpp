#include "fast_categorical.hpp"

#include "fast_case.hpp"
#include "catlayout/wire/json_scan.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/text_values.hpp"
#ifdef CATLAYOUT_HAVE_CATEGORIES
#include "catlayout/categories/nest_morphism.hpp"
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
#include "catlayout/algorithms/mutual_refinement.hpp"
#endif

namespace catlayout::conformance::fast {

using namespace catlayout::algorithms;  // paper chapter 4

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

// Every reader here is strict, as the core fast path's are (text_values.hpp): it accepts only
// valid JSON and reads it whole, so an exact match needs no validation pass over the case first.
// Depths count the containers around a value in the case object (wire::scan::skip_value_at): args and
// expect are at 1, an argument or a member of expect at 2, a member of an argument at 3.

// A value that no reader here takes, validated and skipped; false when it is not valid.
bool skip_at(char const*& q, char const* end, std::size_t depth) { return (q = wire::scan::skip_value_at(q, end, depth)) != nullptr; }

// expect is exactly the JSON object of `names` that same(k, q) compares as it reads the value of
// names[k] at q, apart from provenance (validated, not compared): any other key, one missing or
// repeated, and the DOM path decides.
template <std::size_t N, class Same>
bool matches_members(std::string_view expect, std::array<std::string_view, N> const& names, Same&& same) {
  char const* p = expect.data();
  char const* end = p + expect.size();
  std::array<bool, N> seen{};
  bool read = wire::text::members_at(p, end, [&](std::string_view key, char const*& q) {
    std::size_t k = 0;
    while (k < N && names[k] != key) ++k;
    if (k == N) return is_provenance(key) && skip_at(q, end, 2);
    if (seen[k]) return false;
    seen[k] = true;
    return same(k, q, end);
  });
  if (!read || p != end) return false;
  for (bool s : seen)
    if (!s) return false;
  return true;
}

#ifdef CATLAYOUT_HAVE_CATEGORIES
using categories::NestMorphism;
using categories::Point;

bool matches_value(std::string_view expect, Layout const& l) { return matches_layout(expect, l); }

// expect is exactly to_json(f): {"domain": S, "codomain": T, "map": [a1..am]}.
bool matches_value(std::string_view expect, NestMorphism const& f) {
  auto const& want = f.map().values();
  return matches_members(expect, std::array<std::string_view, 3>{"domain", "codomain", "map"},
                         [&](std::size_t k, char const*& q, char const* end) {
                           if (k < 2) return wire::text::tuple_equals(q, end, k == 0 ? f.domain() : f.codomain());
                           std::size_t i = 0;
                           bool same = true;
                           bool plain = wire::text::ints_at(q, end, [&](Int x) {
                             same = same && i < want.size() && x >= 0 && static_cast<Point>(x) == want[i];
                             ++i;
                           });
                           return plain && same && i == want.size();
                         });
}

#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// expect is exactly {"first": T', "second": U'}, as run_mutual_refinement writes it.
bool matches_value(std::string_view expect, MutualRefinement const& r) {
  return matches_members(expect, std::array<std::string_view, 2>{"first", "second"},
                         [&](std::size_t k, char const*& q, char const* end) {
                           return wire::text::tuple_equals(q, end, k == 0 ? r.first : r.second);
                         });
}

#endif

// The result of an engine, as classify finds an exact match: the error's kind, or the value
// (matches_value, overloaded above for each result type).
template <class T>
bool matches(std::string_view expect, Result<T> const& r) {
  return r ? matches_value(expect, *r) : matches_error(expect, r.error());
}

#ifdef CATLAYOUT_HAVE_CATEGORIES
// The morphism argument at q as categories' nest_morphism_from_json reads it, q moved past it:
// nullopt when it is not in the plain form (the DOM reader then decides), else the morphism or an
// error of the kind that reader gives. Only the kind matters: the fast path answers nothing but
// exact matches.
std::optional<Result<NestMorphism>> morphism_at(char const*& q, char const* end) {
  auto invalid = [] { return std::optional(Result<NestMorphism>(fail(ErrorKind::invalid_input, "not a morphism"))); };
  if (q == end || *q != '{') return skip_at(q, end, 2) ? invalid() : std::nullopt;  // valid, but not an object
  wire::text::FlatTuple s, t;
  bool has_s = false, has_t = false, has_map = false, map_array = false, in_range = true;
  Ints map;  // maps are short: read on the stack, one allocation (alpha) per morphism
  bool read = wire::text::members_at(q, end, [&](std::string_view key, char const*& v) {
    if (key == "domain" || key == "codomain") {
      bool& seen = key == "domain" ? has_s : has_t;
      if (seen) return false;  // repeated: nlohmann keeps the last, the DOM reader decides
      seen = true;
      return wire::text::tuple_at(v, end, key == "domain" ? s : t);
    }
    if (key != "map") return skip_at(v, end, 3);  // the reader looks at no other member
    if (has_map) return false;
    has_map = true;
    map_array = *v == '[';
    if (!map_array) return skip_at(v, end, 3);
    return wire::text::ints_at(v, end, [&](Int x) { map.push_back(x); });
  });
  if (!read) return std::nullopt;
  if (!has_s || !has_t || !has_map || !map_array) return invalid();
  // json.cpp's check, entry by entry: a point of <n>_*, 0 standing for *.
  auto codomain = wire::text::to_tuple(t);
  std::size_t points = length(codomain);
  std::vector<Point> alpha;
  alpha.reserve(map.size());
  for (Int x : map) {
    in_range = in_range && x >= 0 && static_cast<std::size_t>(x) <= points;
    alpha.push_back(static_cast<Point>(x));
  }
  if (!in_range) return invalid();
  return NestMorphism::make(wire::text::to_tuple(s), std::move(codomain), std::move(alpha));
}

// The categorical rows of the op table on text: the row's arity, the same readers' order (the first
// argument's error before the second's, the second then only validated), the row's typed function.
bool exact_nest_case(wire::OpRow const& row, std::string_view args, std::string_view expect) {
  char const* end = args.data() + args.size();
  // The row's function on one or two arguments held here (no vector: one case, no allocation).
  auto run = [&](std::span<wire::MorphismValue const> xs) {
    auto r = row.morphism.fn(xs);
    if (!r) return matches_error(expect, r.error());
    return std::visit([&](auto const& v) { return matches_value(expect, v); }, *r);
  };
  if (row.morphism.from_layout) {
    std::optional<Layout> l;
    if (!wire::text::args_of(args, row.min_args, row.max_args,
                             [&](std::size_t, char const*& q) { return wire::text::layout_at(q, end, l); }))
      return false;
    wire::MorphismValue x(std::move(*l));
    return run({&x, 1});
  }
  std::optional<Result<NestMorphism>> f, g;
  bool read = wire::text::args_of(args, row.min_args, row.max_args, [&](std::size_t i, char const*& q) {
    if (i == 1 && !*f) return skip_at(q, end, 2);  // the first argument's error decides
    auto& slot = i == 0 ? f : g;
    slot = morphism_at(q, end);
    return slot.has_value();
  });
  if (!read) return false;
  if (!*f) return matches_error(expect, f->error());
  if (!g) {
    wire::MorphismValue x(std::move(**f));
    return run({&x, 1});
  }
  if (!*g) return matches_error(expect, g->error());
  std::array<wire::MorphismValue, 2> xs{std::move(**f), std::move(**g)};
  return run(xs);
}
#endif

#ifdef CATLAYOUT_HAVE_ALGORITHMS
// run_mutual_refinement on text: [T, U], int tuples.
bool exact_refinement_case(std::string_view args, std::string_view expect) {
  char const* end = args.data() + args.size();
  wire::text::FlatTuple x[2];
  return wire::text::args_of(args, 2, 2, [&](std::size_t i, char const*& q) { return wire::text::tuple_at(q, end, x[i]); }) &&
         matches(expect, mutual_refinement(wire::text::to_tuple(x[0]), wire::text::to_tuple(x[1])));
}
#endif

}  // namespace

bool exact_categorical_case(std::string_view op, std::string_view args, std::string_view expect) {
  return exact_categorical_case(wire::find_op(op), op, args, expect);
}

bool exact_categorical_case(wire::OpRow const* row, std::string_view op, std::string_view args, std::string_view expect) {
#ifdef CATLAYOUT_HAVE_CATEGORIES
  if (row && row->morphism.fn) return exact_nest_case(*row, args, expect);
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
  if (op == "mutual_refinement") return exact_refinement_case(args, expect);
#endif
  (void)row, (void)op, (void)args, (void)expect;
  return false;
}

}  // namespace catlayout::conformance::fast
