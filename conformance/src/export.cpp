#include "catlayout/conformance/export.hpp"

#include <array>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string_view>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core.hpp"
#include "catlayout/conformance/random_args.hpp"
#include "cute_api_ops.hpp"
#include "seeded_json.hpp"
#ifdef CATLAYOUT_HAVE_CATEGORIES
#include "catlayout/wire/morphism_json.hpp"
#include "catlayout/generators/morphisms.hpp"
#endif
#ifdef CATLAYOUT_HAVE_ALGORITHMS
#include "catlayout/algorithms/composition.hpp"
#endif

namespace catlayout::conformance {

using namespace catlayout::algorithms;  // paper chapter 4

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using Rng = std::mt19937_64;

Json lj(Layout const& l) { return to_json(l); }

// Witnesses: independent confirmations of a result, by tabulation.
Result<void> witness_composition(Layout const& a, Layout const& b, Layout const& r) {
  if (r.size() != b.size()) return fail(ErrorKind::invalid_input, "size ", r.size(), " != size(B) ", b.size());
  for (Int i = 0; i < r.size(); ++i) {
    auto ab = a.extended(b(i));
    if (!ab || *ab != r(i))
      return fail(ErrorKind::invalid_input, "composition ", to_string(a), " o ", to_string(b), " = ", to_string(r),
                  " differs from A(B(i)) at i = ", i);
  }
  return {};
}

// Same function on [0, size): the engines may normalise differently (size-1 strides, nesting).
// Beyond 2^20 elements, coalesced forms are compared (Phi_A = Phi_B iff coal(A) = coal(B)).
bool same_function(Layout const& x, Layout const& y) {
  if (x.size() != y.size()) return false;
  if (x.size() > (Int{1} << 20)) return coalesce(x) == coalesce(y);
  return tabulate(x) == tabulate(y);
}

Result<void> disagree(std::string const& what, Json const& args, Layout const& one, Layout const& other) {
  return fail(ErrorKind::invalid_input, what, " on ", args.dump(), ": ", to_string(one), " vs ", to_string(other));
}

// The second engine's view of a categorical result: the layouts must agree with core's algebra.
Result<void> categorical_witness(std::string const& op, Json const& args, Json const& result) {
  auto L = [](Json const& f) { return run_op("nest.to_layout", Json::array({f}), "w"); };
  auto as_layout = [](Result<Json> const& j) -> std::optional<Layout> {
    if (!j) return std::nullopt;
    auto l = layout_from_json(*j, "w");
    return l ? std::optional<Layout>(*l) : std::nullopt;
  };
  if (op == "layout.to_nest") {  // L_{f_L} = L
    auto back = as_layout(L(result));
    auto orig = layout_from_json(args[0], "a");
    if (back && orig && !same_function(*back, *orig)) return disagree("L_{f_L} != L", args, *back, *orig);
    return {};
  }
  auto lf = as_layout(L(args[0]));
  auto lr = op == "nest.to_layout" ? layout_from_json(result, "r") : Result<Layout>(*as_layout(L(result)));
  if (!lf || !lr) return {};
  std::optional<Layout> core;
  if (op == "nest.compose") {  // L_{g o f} = L_g o L_f
    if (auto lg = as_layout(L(args[1]))) core = as_layout(run_op("composition", Json::array({lj(*lg), lj(*lf)}), "w"));
  } else if (op == "nest.coalesce") {
    core = coalesce(*lf);
  } else if (op == "nest.complement") {  // coal(L_{f^c}) = complement(L_f, size T)
    auto t = int_tuple_from_json(args[0]["codomain"], "t");
    if (t) core = as_layout(run_op("complement", Json::array({lj(*lf), *product(*t)}), "w"));
  } else if (op == "nest.logical_divide") {
    if (auto lg = as_layout(L(args[1]))) core = as_layout(run_op("logical_divide", Json::array({lj(*lf), lj(*lg)}), "w"));
  } else if (op == "nest.logical_product") {
    if (auto lg = as_layout(L(args[1]))) core = as_layout(run_op("logical_product", Json::array({lj(*lf), lj(*lg)}), "w"));
  }
  if (core && !same_function(*core, *lr)) return disagree("the engines disagree on " + op, args, *lr, *core);
  return {};
}

Result<void> witness(std::string const& op, Json const& args, Json const& result) {
  if (auto w = witness_other_kinds(op, args, result)) return *w;
  auto const* row = wire::find_op(op);
  if (row && row->typed.witness) {  // the row's own: the answer computed again as a value, then checked
    CL_TRY(x, wire::operands_from_json(*row, args, "args"));
    CL_TRY(r, row->typed.fn(x, Convention::cute));
    return row->typed.witness(x, r);
  }
  auto family = row ? row->family : wire::OpFamily::core;
  if (family == wire::OpFamily::cute_api) return witness_cute_api(op, args, result);
  if (family == wire::OpFamily::categorical) return categorical_witness(op, args, result);
  if (op == "mutual_refinement") {  // T' refines T, U' refines U, flat(T') a prefix of flat(U')
    auto t = int_tuple_from_json(args[0], "t"), u = int_tuple_from_json(args[1], "u");
    auto t2 = int_tuple_from_json(result["first"], "t'"), u2 = int_tuple_from_json(result["second"], "u'");
    if (!t || !u || !t2 || !u2 || !refines(*t2, *t) || !refines(*u2, *u))
      return fail(ErrorKind::invalid_input, "mutual refinement of ", args.dump(), " is not a refinement: ", result.dump());
    auto ft = flatten_values(*t2), fu = flatten_values(*u2);
    if (ft.size() > fu.size() || !std::equal(ft.begin(), ft.end(), fu.begin()))
      return fail(ErrorKind::invalid_input, "mutual refinement of ", args.dump(), ": flat(T') is no prefix of flat(U')");
    return {};
  }
  if (op == "linear.from_layout" && args[0].contains("shape")) {  // XOR of the bases == L(i)
    auto l = layout_from_json(args[0], "a");
    if (!l || l->size() > (Int{1} << 16)) return {};
    auto bases = result["bases"].get<std::vector<std::uint64_t>>();
    for (Int i = 0; i < l->size(); ++i) {
      std::uint64_t x = 0;
      for (std::size_t b = 0; b < bases.size(); ++b)
        if ((i >> b) & 1) x ^= bases[b];
      if (static_cast<Int>(x) != (*l)(i))
        return fail(ErrorKind::invalid_input, "F2 form of ", to_string(*l), " differs at ", i);
    }
    return {};
  }
  auto a = layout_from_json(args[0], "a");
  auto r = layout_from_json(result, "r");
  // Huge layouts (the int64 corner cases) are confirmed by the engines' own checks alone.
  if (!a || !r || a->size() > (Int{1} << 20) || r->size() > (Int{1} << 20)) return {};
  if (op == "coalesce" && args.size() == 1) {
    if (tabulate(*a) != tabulate(*r)) return fail(ErrorKind::invalid_input, "coalesce changed the function of ", to_string(*a));
  } else if (op == "composition" && args[1].contains("shape")) {
    auto b = *layout_from_json(args[1], "b");
    CL_CHECK(witness_composition(*a, b, *r));
#ifdef CATLAYOUT_HAVE_ALGORITHMS
    // Algorithm 4.1.2 (paper order: B o A is categorical_composition(A, B)) where it applies.
    if (auto c = categorical_composition(b, *a); c && !same_function(*c, *r))
      return disagree("core and Algorithm 4.1.2 disagree", args, *r, *c);
#endif
  } else if (op == "complement") {
    // CuTe's post-conditions: (filter(A), C) injective, C increasing; inside the categorical
    // fragment (filter(A), C) also covers [0, N) (Prop. 2.1.6.21).
    auto both = make_layout({filter(*a), *r});
    if (!both || !is_injective(*both))
      return fail(ErrorKind::invalid_input, "complement ", to_string(*r), " overlaps ", to_string(*a));
    for (Int j = 1; j < r->size(); ++j)
      if ((*r)(j) <= (*r)(j - 1)) return fail(ErrorKind::invalid_input, "complement ", to_string(*r), " is not increasing");
    Int n = args.size() > 1 ? args[1].get<Int>() : cosize(filter(*a));
    if (!complementability(*a, n).complementable) return {};
    auto t = tabulate(*both);
    std::set<Int> image(t.begin(), t.end());
    for (Int i = 0; i < n; ++i)
      if (!image.count(i)) return fail(ErrorKind::invalid_input, "complement of ", to_string(*a), " misses ", i);
  } else if ((op == "logical_divide" || op == "zipped_divide") && args[1].contains("shape")) {
    return witness_composition(*a, *layout_from_json(args[1], "b"), r->mode(0));
  } else if (op == "logical_product" && args[1].contains("shape")) {
    if (!(r->mode(0) == *a)) return fail(ErrorKind::invalid_input, "product mode 0 is not A");
  } else if (op == "right_inverse") {
    for (Int i = 0; i < r->size(); ++i)
      if ((*a)((*r)(i)) != i) return fail(ErrorKind::invalid_input, "right inverse fails at ", i);
  } else if (op == "left_inverse" && is_injective(*a)) {
    for (Int i = 0; i < a->size(); ++i) {
      auto x = r->extended((*a)(i));
      if (!x || *x != i) return fail(ErrorKind::invalid_input, "left inverse fails at ", i);
    }
  }
  return {};
}

// Random arguments for a categorical op (schema JSON): the seeded generators' morphisms.
Json random_morphism_args(std::string const& op, Rng& g) {
  Json args = Json::array();
#ifdef CATLAYOUT_HAVE_CATEGORIES
  for (auto const& f : generators::nest_op_args(op, g)) args.push_back(wire::to_json(f));
#else
  (void)op, (void)g;
#endif
  return args;
}

// Corner cases every export carries: size-1 modes, stride 0, the empty tuple, deep nesting,
// values near the int64 limit.
std::vector<Json> corner_args(std::string const& op) {
  auto L = [](char const* s) { return lj(*parse_layout(s)); };
  std::vector<Json> unary = {L("1:0"), L("(1,1):(0,0)"), L("():()"), L("(4,1):(1,0)"), L("(2,(1,(3,(1,2)))):(1,(0,(2,(0,6))))"),
                             L("((((((2))))),3):((((((3))))),1)"), L("(2,3):(0,0)"), L("4611686018427387904:1"),
                             L("(2,2305843009213693952):(2305843009213693952,1)"), L("(3,2):(1,4)")};
  if (op == "evaluate") return {Json::array({L("1:0")}), Json::array({L("():()")}), Json::array({L("(2,1,3):(5,7,0)")})};
  if (op == "coalesce" || op == "right_inverse" || op == "left_inverse" || op == "complement" ||
      op == "layout.to_nest") {
    std::vector<Json> v;
    for (auto const& u : unary) v.push_back(Json::array({u}));
    if (op == "complement")
      for (auto c : {"(2,2):(1,1)", "(2,2):(1,3)", "(4,6):(1,4)"}) v.push_back(Json::array({L(c), 24}));
    return v;
  }
  if (op == "composition")
    return {Json::array({L("(3,2):(1,4)"), L("4:1")}), Json::array({L("(4,6):(2,3)"), L("6:3")}),
            Json::array({L("1:0"), L("4:2")}), Json::array({L("(4,3,1):(3,1,0)"), L("24:1")}),
            Json::array({L("4611686018427387904:1"), L("2:2")}), Json::array({L("2:4611686018427387904"), L("2:2")}),
            Json::array({L("(2,(1,6)):(1,(6,2))"), L("(1,(2,1)):(0,(3,0))")})};
  if (op.ends_with("_divide") || op.ends_with("_product"))
    return {Json::array({L("(4,4):(1,4)"), L("(2,2):(1,2)")}), Json::array({L("(1,1):(0,0)"), L("1:0")}),
            Json::array({L("(2,2):(2,3)"), L("2:1")})};
  if (op == "mutual_refinement")
    return {Json::array({Json::array({8, 8}), Json::array({3, 8, 8})}), Json::array({Json::array(), Json::array()}),
            Json::array({1, Json::array({1, 1})}), Json::array({4611686018427387904, Json::array({2, 2305843009213693952})})};
  return {};
}

// Every integer layout among the args (a tiler's modes included) is tractable.
bool tractable_layouts(Json const& j) {
  if (j.is_object() && j.contains("shape")) {
    auto l = layout_from_json(j, "a");
    return !l || is_tractable(*l);
  }
  if (j.is_object() && j.contains("tiler")) return tractable_layouts(j["tiler"]);
  if (j.is_array())
    for (auto const& x : j)
      if (!tractable_layouts(x)) return false;
  return true;
}

}  // namespace

// The vector format's tags (docs/conformance.md): outside_categorical where CuTe answers and the
// categorical paper has no operation (a complement-based op refused by the categorical convention;
// a composition of layouts that are not tractable); strict_differs where --strict gives another
// answer (a stricter reading of docs/definitions.md: nullspace.strict, upcast.strict, ...);
// cute_wrong where CuTe's answer breaks CuTe's contract; cute_precondition where the input breaks
// a precondition CuTe documents and does not check; cute_crash where CuTe divides by zero.
// The tags case_tags decides on its own, which retagging replaces; cute_crash is not one of them:
// catlayout knows some of CuTe's crashes, not all, so an oracle's cute_crash stays.
constexpr std::array<std::string_view, 4> decided_tags{"outside_categorical", "strict_differs", "cute_wrong",
                                                       "cute_precondition"};

Json case_tags(std::string const& op, Json const& args, Result<Json> const& r) {
  Json tags = Json::array();
  if (r && depends_on_convention(op)) {
    auto strict = run_op(op, args, "args", Convention::categorical);
    if (!strict && wire::strict_kind(op) == wire::Strict::paper) tags.push_back("outside_categorical");
    else if (!strict || *strict != *r) tags.push_back("strict_differs");
  }
  if (r && op == "composition" && !tractable_layouts(args)) tags.push_back("outside_categorical");
  if (!r && r.error().cute_answers) tags.push_back("cute_wrong");
  if (!r && r.error().cute_precondition) tags.push_back("cute_precondition");
  if (!r && r.error().cute_crashes) tags.push_back("cute_crash");
  return tags;
}

Result<Json> retag_document(Json doc, std::string const& file) {
  if (!doc.is_object() || !doc.contains("cases") || !doc["cases"].is_array())
    return fail(ErrorKind::invalid_input, file, ": $.cases is not an array");
  auto& cases = doc["cases"];
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto& c = cases[i];
    std::string path = str("$.cases[", i, "]");
    if (!c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args"))
      return fail(ErrorKind::invalid_input, file, ": ", path, " is not a case with op and args");
    Json tags = Json::array();
    if (c.contains("tags") && c["tags"].is_array())
      for (auto const& t : c["tags"])  // keep what catlayout does not decide
        if (!t.is_string() || std::ranges::find(decided_tags, t.get<std::string>()) == decided_tags.end())
          tags.push_back(t);
    std::string op = c["op"];
    for (auto const& t : case_tags(op, c["args"], run_op(op, c["args"], path + ".args")))
      if (std::find(tags.begin(), tags.end(), t) == tags.end()) tags.push_back(t);
    if (tags.empty())
      c.erase("tags");
    else
      c["tags"] = tags;
  }
  return doc;
}

Result<Json> export_op(std::string const& name, ExportOptions const& opt) {
  // "KIND:OP" is OP's cases with operands of another kind (f2:coalesce: F2 layouts), in their own file.
  auto colon = name.find(':');
  std::string kind = colon == std::string::npos ? "" : name.substr(0, colon);
  std::string op = colon == std::string::npos ? name : name.substr(colon + 1);
  if (!is_known_op(op)) return fail(ErrorKind::invalid_input, "op '", shortened(op), "' is not implemented in this build");
  Rng g(opt.seed ^ std::hash<std::string>{}(name));
  std::vector<Json> all = kind.empty() ? corner_args(op) : std::vector<Json>{};
  if (!kind.empty()) {
    CL_TRY(more, random_kind_args(kind, op, g, opt.count));
    all.insert(all.end(), more.begin(), more.end());
  } else if (wire::find_op(op)->typed.generate) {
    auto more = random_row_args(op, g, opt.count);
    all.insert(all.end(), more.begin(), more.end());
  } else {
    for (int i = 0; i < opt.count; ++i) all.push_back(random_morphism_args(op, g));
  }
  Json cases = Json::array();
  std::set<std::string> seen;
  int n = 0;
  for (auto const& args : all) {
    if (args.empty() || !seen.insert(args.dump()).second) continue;
    auto r = run_op(op, args, "args");
    Json expect, tags = case_tags(op, args, r);
    if (r) {
      auto w = witness(op, args, *r);
      if (!w)
        return fail(ErrorKind::invalid_input, "export stopped: the engines disagree on ", op, " ", args.dump(), ": ",
                    w.error().message);
      expect = *r;
    } else {
      expect = error_json(r.error());
    }
    char id[64];
    std::snprintf(id, sizeof id, "%s/%04d", (kind.empty() ? op : op + "/" + kind).c_str(), n++);
    Json c{{"id", id}, {"op", op}, {"args", args}, {"expect", expect}};
    if (!tags.empty()) c["tags"] = tags;
    // A refusal where CuTe answers or crashes says why in `note` (the condition CuTe does not check);
    // CuTe's own answer takes a compiler (conformance/oracle/cute_ops writes it in `cute`).
    if (!r && r.error().cute_runs())
      c["note"] = str(r.error().cute_answers ? "cute_wrong" : r.error().cute_precondition ? "cute_precondition" : "cute_crash",
                      ": catlayout refuses: ", r.error().what());
    cases.push_back(std::move(c));
  }
  return Json{{"schema", "catlayout.vectors/1"},
              {"source", str("catlayout export ", CATLAYOUT_VERSION, " (seed ", opt.seed, ", count ", opt.count,
                             "): expectations computed by catlayout's engines and confirmed by tabulation")},
              {"cases", cases}};
}

Result<void> write_atomically(std::string const& path, std::string const& content, bool force) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path, ec) && !force) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream old;
    old << in.rdbuf();
    if (old.str() == content) return {};
    return fail(ErrorKind::invalid_input, path, " exists with different content; use --force (Python: force=True) to replace it");
  }
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) return fail(ErrorKind::invalid_input, "cannot write ", tmp);
  }
  fs::rename(tmp, path, ec);
  if (ec) return fail(ErrorKind::invalid_input, "cannot rename ", tmp, " to ", path, ": ", ec.message());
  return {};
}

Result<std::vector<std::string>> export_vectors(ExportOptions const& opt, std::ostream& log) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opt.out_dir, ec);
  if (ec) return fail(ErrorKind::invalid_input, "cannot create ", opt.out_dir, ": ", ec.message());
  auto ops = opt.ops.empty() ? known_ops() : opt.ops;
  std::vector<std::string> written;
  for (auto const& op : ops) {
    CL_TRY(doc, export_op(op, opt));
    std::string file = op;  // f2:coalesce -> f2.coalesce.json
    if (auto colon = file.find(':'); colon != std::string::npos) file[colon] = '.';
    std::string path = (fs::path(opt.out_dir) / (file + ".json")).string();
    CL_CHECK(write_atomically(path, doc.dump(1) + "\n", opt.force));
    log << path << ": " << doc["cases"].size() << " cases\n";
    written.push_back(path);
  }
  return written;
}

}  // namespace catlayout::conformance
