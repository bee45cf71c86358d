#include "catlayout/conformance/check.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core/layout.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/swizzle.hpp"
#include "catlayout/wire/strides_json.hpp"
#include "fast_case.hpp"
#include "fast_categorical.hpp"
#include "catlayout/wire/json_scan.hpp"

namespace catlayout::conformance {

using namespace catlayout::wire;  // the JSON forms of the values

std::string const& FileName::str() const {
  static std::string const none;
  return name_ ? *name_ : none;
}

std::string_view match_name(Match m) {
  switch (m) {
    case Match::exact: return "exact";
    case Match::functional: return "functional";
    default: return "fail";
  }
}

static std::string brief(Json const& j) {
  if (j.is_object() && j.contains("shape") && j.contains("stride")) {
    auto l = layout_from_json(j, "$");
    if (l) return to_string(*l);
  }
  std::string s = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (s.size() <= 200) return s;
  std::size_t cut = 200;  // never split a UTF-8 sequence: back up over continuation bytes
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "...";
}

// Provenance of an expectation (where and how it was confirmed: gpu/README.md) is not compared.
static Json without_provenance(Json expect) {
  if (expect.is_object()) {
    expect.erase("confirmed_on");
    expect.erase("sources");
  }
  return expect;
}

// A fragment stated by another layout with the same table (or table digest) is functional.
static bool same_table(Json const& want, Json const& got) {
  if (!want.is_object() || !got.is_object()) return false;
  for (char const* k : {"table", "table_digest"})
    if (want.contains(k) && got.contains(k) && got[k] == want[k]) return true;
  return false;
}

// A layout's, a composed layout's or a chain's JSON (CuTe's nested ComposedLayout) as a chain.
static Result<ComposedChain> composed_or_layout(Json const& j, std::string const& path) {
  return composed_chain_from_json(j, path);
}

// The same size and the same function at each domain point (up to 2^22 of them): the same point, the same value.
static bool same_function(ComposedChain const& x, ComposedChain const& y) {
  if (x.size() != y.size() || x.size() > (Int{1} << 22)) return false;
  for (Int i = 0; i < x.size(); ++i) {
    auto px = domain_point(x, i), py = domain_point(y, i);
    if (!px || !py || *px != *py) return false;
    auto a = apply(x, *px), b = apply(y, *py);
    if (!a || !b || *a != *b) return false;
  }
  return true;
}

CaseOutcome classify(std::string_view op, Json const& expect, Result<Json> const& got) {
  CaseOutcome o;
  o.op = op;
  bool want_error = expect.is_object() && expect.contains("error");
  if (!got) {
    if (want_error && expect["error"] == std::string(kind_name(got.error().kind))) {
      o.match = Match::exact;
      return o;
    }
    if (got.error().message.starts_with("op '") && !is_known_op(op)) {
      o.detail = "not implemented";
      return o;
    }
    o.detail = "got " + got.error().what() + ", expected " + brief(expect);
    return o;
  }
  if (want_error) {
    o.detail = "got " + brief(*got) + ", expected error " + expect["error"].dump();
    return o;
  }
  Json const want = without_provenance(expect);
  if (*got == want) {
    o.match = Match::exact;
    return o;
  }
  if (same_table(want, *got)) {
    o.match = Match::functional;
    return o;
  }
  if (returns_layout(op)) {  // a layout or a composed layout (an identity swizzle is the plain layout's function)
    auto e = composed_or_layout(expect, "expect");
    auto g = composed_or_layout(*got, "result");
    if (e && g && same_function(*e, *g)) {
      o.match = Match::functional;
      auto text = [](ComposedChain const& c) { return to_string(c); };
      o.detail = "got " + text(*g) + ", expected the form " + text(*e);
      return o;
    }
  }
  o.detail = "got " + brief(*got) + ", expected " + brief(want);
  return o;
}

namespace {

// docs/vector-format.md: `tags` is an array of strings; unknown tags are kept and otherwise ignored.
Result<std::vector<std::string>> case_tags(Json const& c, std::string const& path) {
  std::vector<std::string> tags;
  if (!c.contains("tags")) return tags;
  auto const& t = c["tags"];
  if (!t.is_array()) return fail(ErrorKind::invalid_input, path, ".tags is not an array of strings");
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!t[i].is_string())
      return fail(ErrorKind::invalid_input, path, ".tags[", i, "] is not a string but ", t[i].type_name());
    tags.push_back(t[i]);
  }
  return tags;
}

// The tag that makes the options skip a case, if any.
std::optional<std::string> skipped_by(std::vector<std::string> const& tags, CheckOptions const& opt) {
  for (auto const& t : tags) {
    if (std::find(opt.skip_tags.begin(), opt.skip_tags.end(), t) != opt.skip_tags.end()) return t;
    if (opt.convention == Convention::categorical && (t == "outside_categorical" || t == "strict_differs")) return t;
  }
  return std::nullopt;
}

// docs/vector-format.md: an integer is a JSON number without a fraction or an exponent. The readers of args
// refuse 2.0 ("expected an integer at $.cases[0].args[0].shape[1], found the non-integer number
// 2.0"); an expectation is held to the same rule (nlohmann would compare 3.0 equal to 3): the
// path of its first such number, or nullopt. Iterative: an expectation may nest deeply.
std::optional<std::string> non_integer_at(Json const& expect, std::string const& path) {
  std::vector<std::pair<Json const*, std::string>> todo{{&expect, path}};
  while (!todo.empty()) {
    auto [j, at] = std::move(todo.back());
    todo.pop_back();
    if (j->is_number_float())
      return str("expected an integer at ", at, ", found the non-integer number ", j->dump(),
                 " (a JSON number with a fraction or an exponent is not an integer)");
    if (j->is_array()) {
      for (std::size_t i = j->size(); i-- > 0;) todo.emplace_back(&(*j)[i], str(at, "[", i, "]"));
    } else if (j->is_object()) {
      std::vector<std::pair<Json const*, std::string>> members;
      for (auto it = j->begin(); it != j->end(); ++it)
        if (at != path || !(it.key() == "confirmed_on" || it.key() == "sources"))  // provenance is not compared
          members.emplace_back(&it.value(), str(at, ".", it.key()));
      todo.insert(todo.end(), std::make_move_iterator(members.rbegin()), std::make_move_iterator(members.rend()));
    }
  }
  return std::nullopt;
}

// Whether an expectation holds a number with a fraction or an exponent where non_integer_at looks
// (no paths: the common answer is no).
bool has_non_integer(Json const& expect) {
  std::vector<Json const*> todo;
  if (expect.is_object()) {
    for (auto it = expect.begin(); it != expect.end(); ++it)
      if (it.key() != "confirmed_on" && it.key() != "sources") todo.push_back(&it.value());
  } else {
    todo.push_back(&expect);
  }
  while (!todo.empty()) {
    Json const* x = todo.back();
    todo.pop_back();
    if (x->is_number_float()) return true;
    if (x->is_structured())
      for (auto const& e : *x) todo.push_back(&e);
  }
  return false;
}

// The string ids of a file's cases with their positions, for the check that no id repeats.
struct CaseIds {
  std::vector<std::pair<std::string, std::size_t>> ids;
  void add(std::string id, std::size_t i) { ids.emplace_back(std::move(id), i); }
};

// A repeated id refuses the file: an id names its case in reports (docs/vector-format.md), so each is
// given once. The repetition first in file order, naming both paths.
Result<void> unique_ids(CaseIds& c, std::string const& file) {
  auto& ids = c.ids;
  std::sort(ids.begin(), ids.end());
  std::optional<std::pair<std::size_t, std::size_t>> first;
  std::string id;
  for (std::size_t k = 1; k < ids.size(); ++k)
    if (ids[k].first == ids[k - 1].first && (k < 2 || ids[k - 2].first != ids[k].first) &&
        (!first || ids[k].second < first->second)) {
      first = {ids[k - 1].second, ids[k].second};
      id = ids[k].first;
    }
  if (!first) return {};
  return fail(ErrorKind::invalid_input, file, ": the case id ", Json(id).dump(), " at $.cases[", first->second,
              "].id repeats the id at $.cases[", first->first, "].id (an id names one case: give each case its own)");
}

}  // namespace

Result<void> check_header(Json const& doc, std::string const& file) {
  if (!doc.is_object()) return fail(ErrorKind::invalid_input, file, ": $ is not a JSON object");
  if (!doc.contains("schema") || doc["schema"] != "catlayout.vectors/1")
    return fail(ErrorKind::invalid_input, file, ": $.schema is not \"catlayout.vectors/1\"");
  if (!doc.contains("cases") || !doc["cases"].is_array())
    return fail(ErrorKind::invalid_input, file, ": $.cases is not an array");
  return {};
}

namespace {

// Case i of a document (the body of check_document's loop, shared with the streaming
// check_file's DOM path): appends its outcome to out, unless --only leaves it out.
void check_case(Json const& c, std::size_t i, FileName const& name, CheckOptions const& opt,
                std::vector<CaseOutcome>& out, CaseIds& ids) {
  std::string const& file = name;
  std::string path = "$.cases[" + std::to_string(i) + "]";
  if (c.is_object() && c.contains("id") && c["id"].is_string()) ids.add(c["id"].get<std::string>(), i);
  CaseOutcome o;
  o.file = name;
  if (!c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args") || !c.contains("expect")) {
    o.id = c.is_object() && c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : path;
    o.op = c.is_object() && c.contains("op") && c["op"].is_string() ? c["op"].get<std::string>() : "(malformed)";
    o.detail = file + ": case " + o.id + " at " + path + " is not an object with op, args and expect";
    if (!opt.only_op || *opt.only_op == o.op) out.push_back(o);
    return;
  }
  std::string op = c["op"];
  if (opt.only_op && *opt.only_op != op) return;
  std::string id = c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : path;
  auto tags = case_tags(c, path);
  if (!tags) {
    o.id = id;
    o.op = op;
    o.detail = file + ": case " + id + ": " + tags.error().message;
    out.push_back(o);
    return;
  }
  if (auto skip = skipped_by(*tags, opt)) {
    o.id = id;
    o.op = op;
    o.tags = *tags;
    o.skipped = true;
    o.detail = "skipped: tagged " + *skip;
    out.push_back(o);
    return;
  }
  Json const& expect = c["expect"];
  if (!(expect.is_object() && expect.contains("error")) && has_non_integer(expect)) {
    o.id = id;
    o.op = op;
    o.tags = std::move(*tags);
    o.detail = path + ": " + non_integer_at(expect, path + ".expect").value_or("");
    out.push_back(std::move(o));
    return;
  }
  auto got = run_op(op, c["args"], path + ".args", opt.convention);
  o = classify(op, expect, got);
  o.file = name;
  o.id = id;
  o.tags = std::move(*tags);
  if (o.match == Match::fail && o.detail != "not implemented") o.detail = path + ": " + o.detail;
  out.push_back(std::move(o));
}

// The args and expect of a case as skip_case leaves them: delimited, validated on first need.
struct LazyValues {
  std::string_view args, expect;  // a null data() when the case has no such member
  bool checked = false, valid = false;

  // True when both are valid JSON (skip_object's verdict on them).
  bool validate() {
    if (!checked) {
      auto ok = [](std::string_view v) { return v.data() == nullptr || wire::scan::valid_member_value(v); };
      checked = true;
      valid = ok(args) && ok(expect);
    }
    return valid;
  }
};

// What the fast path made of a case.
enum class Fast { decided, undecided, invalid };

// Case i from its members alone, when the fast path is certain of the outcome (fast_case.hpp):
// --only, a skip, or an exact match of a core layout op or a categorical one. The same decisions as check_case, in
// the same order; undecided leaves the case to check_case on its DOM, invalid means the case
// is not valid JSON. Only the exact matches, whose strict readers read args and expect whole,
// may answer before those are validated: every other decision validates them first.
Fast check_case_fast(std::span<wire::scan::Member const> members, std::size_t i, FileName const& file,
                     CheckOptions const& opt, std::vector<CaseOutcome>& out, LazyValues& lazy, CaseIds& ids) {
  auto settled = [&](Fast f) { return lazy.validate() ? f : Fast::invalid; };
  auto c = fast::read_case(members);
  if (!c) return settled(Fast::undecided);
  // The id is noted where the case is decided here (an undecided case's DOM path notes it).
  auto note_id = [&] {
    if (c->id) ids.add(std::string(*c->id), i);
  };
  if (opt.only_op && *opt.only_op != c->op) {
    Fast f = settled(Fast::decided);
    if (f == Fast::decided) note_id();
    return f;
  }
  auto skip = skipped_by(c->tags, opt);
  if (skip) {
    if (!lazy.validate()) return Fast::invalid;
  } else if (auto const* row = wire::find_op(c->op);  // looked up once for both fast paths
             !fast::exact_core_case(row, c->args, c->expect, opt.convention) &&
             !fast::exact_categorical_case(row, c->op, c->args, c->expect)) {
    return settled(Fast::undecided);
  }
  note_id();
  CaseOutcome& o = out.emplace_back();  // filled in place: no move of a finished outcome
  o.file = file;
  if (c->id) o.id = *c->id;
  else o.id = "$.cases[" + std::to_string(i) + "]";
  o.op = c->op;
  o.tags = std::move(c->tags);
  if (skip) {
    o.skipped = true;
    o.detail = "skipped: tagged " + *skip;
  } else {
    o.match = Match::exact;
  }
  return Fast::decided;
}

// The members a case object may have for the fast path (docs/vector-format.md names seven).
constexpr std::size_t max_case_members = 16;

// Case i: scanned once (skip_case), then the fast path, else its own small DOM. False if the
// case is not valid JSON (or nlohmann refuses what the scanner accepted, not expected): the
// caller then takes the DOM path of the whole file.
bool check_case_text(char const* p, char const* end, std::size_t i, FileName const& file, CheckOptions const& opt,
                     std::vector<CaseOutcome>& out, CaseIds& ids, char const** after) {
  std::array<wire::scan::Member, max_case_members> m;
  std::size_t n = 0;
  bool plain = false;
  LazyValues lazy;
  char const* e = *p == '{' ? wire::scan::skip_case(p, end, m, &n, &plain, &lazy.args, &lazy.expect)
                            : wire::scan::skip_value(p, end);
  *after = e;
  if (!e) return false;
  if (plain) {
    Fast f = check_case_fast(std::span(m.data(), n), i, file, opt, out, lazy, ids);
    if (f != Fast::undecided) return f == Fast::decided;
  }
  if (!lazy.validate()) return false;
  Json c = Json::parse(p, e, nullptr, false);  // on error: discarded, no exception
  if (c.is_discarded()) return false;
  check_case(c, i, file, opt, out, ids);
  return true;
}

// The top-level object, scanned once: the elements of "cases" are delimited, then checked (no
// case is held as more than its place in the text); schema and cases are noted for
// check_header, which can only be applied at the end, since "cases" may come first.
struct TopLevel {
  std::optional<std::string_view> schema, cases;  // the values' text
  std::vector<CaseOutcome> outcomes;
  CaseIds ids;
};

// The elements of the array at p, each handed to `element`, which returns one past it or
// nullptr: one past the array, or nullptr if it is not one (or `element` refused).
template <class Element>
char const* each_element(char const* p, char const* end, Element element) {
  p = wire::scan::skip_ws(p + 1, end);
  if (p != end && *p == ']') return p + 1;
  for (;;) {
    if (p == end || !(p = element(p))) return nullptr;
    p = wire::scan::skip_ws(p, end);
    if (p == end) return nullptr;
    if (*p == ']') return p + 1;
    if (*p != ',') return nullptr;
    p = wire::scan::skip_ws(p + 1, end);
  }
}

// The cases a thread takes at a time: a few hundred microseconds of work, so that a thread's
// start-up (tens of microseconds) is small beside it, and the last chunks even out the loads.
constexpr std::size_t check_chunk = 128;

// The threads opt asks for (0: one per hardware thread).
unsigned wanted_threads(CheckOptions const& opt) {
  return opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
}

// Cases [lo, hi) of the delimited cases, checked into out: false at the first that is not valid
// JSON over exactly its extent.
bool check_range(std::span<std::string_view const> cases, std::size_t lo, std::size_t hi, FileName const& file,
                 CheckOptions const& opt, std::vector<CaseOutcome>& out, CaseIds& ids) {
  for (std::size_t i = lo; i < hi; ++i) {
    char const* end = cases[i].data() + cases[i].size();
    char const* after = nullptr;
    if (!check_case_text(cases[i].data(), end, i, file, opt, out, ids, &after) || after != end) return false;
  }
  return true;
}

// The delimited cases, checked on up to opt.threads threads: each takes the next chunk of cases
// and checks it into the chunk's own outcomes, which are joined in the file's order at the end.
// False if a case is not valid JSON (the other threads then stop at their next chunk).
bool check_cases(std::span<std::string_view const> cases, FileName const& file, CheckOptions const& opt,
                 std::vector<CaseOutcome>& out, CaseIds& ids) {
  std::size_t chunks = (cases.size() + check_chunk - 1) / check_chunk;
  auto threads = static_cast<unsigned>(std::min<std::size_t>(wanted_threads(opt), chunks));
  if (threads <= 1) return check_range(cases, 0, cases.size(), file, opt, out, ids);
  std::vector<std::vector<CaseOutcome>> parts(chunks);
  std::vector<CaseIds> part_ids(chunks);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> invalid{false};
  std::vector<std::exception_ptr> thrown(threads);  // a worker's exception goes to the caller
  auto work = [&](unsigned w) {
    try {
      for (std::size_t k; !invalid.load(std::memory_order_relaxed) && (k = next++) < chunks;)
        if (!check_range(cases, k * check_chunk, std::min(cases.size(), (k + 1) * check_chunk), file, opt, parts[k],
                         part_ids[k]))
          invalid = true;
    } catch (...) {
      thrown[w] = std::current_exception();
      invalid = true;
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned w = 1; w < threads; ++w) pool.emplace_back(work, w);
    work(0);
  }  // joined
  for (auto const& e : thrown)
    if (e) std::rethrow_exception(e);
  if (invalid) return false;
  std::size_t total = out.size();
  for (auto const& part : parts) total += part.size();
  out.reserve(total);
  for (auto& part : parts) std::move(part.begin(), part.end(), std::back_inserter(out));
  for (auto& part : part_ids)
    std::move(part.ids.begin(), part.ids.end(), std::back_inserter(ids.ids));
  return true;
}

// The elements of the cases array at p, each checked: one past the array, or nullptr. On one
// thread each case is checked as soon as the scanner has found its extent; for more, the cases
// are first delimited from the bracket and quote structure alone (skip_valid), and each is
// validated when it is checked, against the extent found here: on text that is not valid JSON
// a wrong extent is refused there, or at the separator after it.
char const* scan_cases(char const* p, char const* end, FileName const& file, CheckOptions const& opt,
                       std::vector<CaseOutcome>& out, CaseIds& ids) {
  if (wanted_threads(opt) == 1) {
    std::size_t i = 0;
    return each_element(p, end, [&](char const* c) {
      char const* after = nullptr;
      return check_case_text(c, end, i++, file, opt, out, ids, &after) ? after : nullptr;
    });
  }
  std::vector<std::string_view> cases;
  char const* after = each_element(p, end, [&](char const* c) -> char const* {
    char const* e = wire::scan::skip_valid(c, end);
    if (e == c) return nullptr;  // no value here, but a separator
    cases.emplace_back(c, static_cast<std::size_t>(e - c));
    return e;
  });
  return after && check_cases(cases, file, opt, out, ids) ? after : nullptr;
}

// The whole text, validated by the scanner and its cases checked: nullopt unless it is one JSON
// object (and nothing after it) whose keys are unescaped and "schema" and "cases" appear at most
// once. nullopt sends the file to the DOM path, which then gives the answer it always gave (or
// nlohmann's message); the outcomes found so far are dropped.
std::optional<TopLevel> scan_top_level(std::string_view text, FileName const& file, CheckOptions const& opt) {
  char const* end = text.data() + text.size();
  char const* p = wire::scan::skip_ws(text.data(), end);
  if (p == end || *p != '{') return std::nullopt;  // also a byte-order mark, which nlohmann skips
  TopLevel top;
  // Cases are rarely shorter than this in text: reserving for them saves regrowing (and faulting
  // in) the outcomes as they come; capped, so that one huge case does not reserve megabytes.
  constexpr std::size_t min_case_bytes = 128, max_reserved = std::size_t{1} << 16;
  top.outcomes.reserve(std::min(text.size() / min_case_bytes, max_reserved));
  p = wire::scan::skip_ws(p + 1, end);
  bool empty = p != end && *p == '}';
  while (!empty) {  // one member a turn, each after a comma but the first
    if (p == end || *p != '"') return std::nullopt;
    char const* k = wire::scan::skip_value(p, end);
    if (!k) return std::nullopt;
    char const* after = nullptr;
    auto key = wire::scan::plain_string(p, end, &after);
    if (!key) return std::nullopt;  // an escaped key might spell "cases"
    p = wire::scan::skip_ws(k, end);
    if (p == end || *p != ':') return std::nullopt;
    p = wire::scan::skip_ws(p + 1, end);
    bool is_cases = *key == "cases", is_schema = *key == "schema";
    // nlohmann keeps the last of repeated keys: the DOM path decides.
    if ((is_cases && top.cases) || (is_schema && top.schema)) return std::nullopt;
    char const* v = p;
    p = is_cases && p != end && *p == '[' ? scan_cases(p, end, file, opt, top.outcomes, top.ids)
                                          : wire::scan::skip_value(p, end);
    if (!p) return std::nullopt;
    auto value = std::string_view(v, static_cast<std::size_t>(p - v));
    if (is_cases) top.cases = value;
    if (is_schema) top.schema = value;
    p = wire::scan::skip_ws(p, end);
    if (p == end || (*p != ',' && *p != '}')) return std::nullopt;
    if (*p == '}') break;
    p = wire::scan::skip_ws(p + 1, end);
  }
  if (wire::scan::skip_ws(p + 1, end) != end) return std::nullopt;  // nothing may follow the object
  return top;
}

// check_header on the scanned top level: a small DOM of just schema and whether cases is an
// array, so that the rules and their messages stay check_header's.
Result<void> check_scanned_header(TopLevel const& top, std::string const& file) {
  Json head = Json::object();
  if (top.schema) head["schema"] = Json::parse(top.schema->begin(), top.schema->end(), nullptr, false);
  if (top.cases) head["cases"] = top.cases->starts_with('[') ? Json::array() : Json();
  return check_header(head, file);
}

// The streaming check of a file's text; nullopt when the scanner leaves it to the DOM path.
std::optional<Result<std::vector<CaseOutcome>>> check_text(std::string_view text, std::string const& file,
                                                           CheckOptions const& opt) {
  auto top = scan_top_level(text, FileName(file), opt);
  if (!top) return std::nullopt;
  if (auto h = check_scanned_header(*top, file); !h) return std::unexpected(h.error());
  if (auto u = unique_ids(top->ids, file); !u) return std::unexpected(u.error());
  return std::move(top->outcomes);
}

// The whole document as one DOM: the path for text the scanner leaves alone.
Result<std::vector<CaseOutcome>> check_text_dom(std::string const& text, std::string const& file,
                                                CheckOptions const& opt) {
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (Json::exception const& e) {
    return fail(ErrorKind::invalid_input, file, ": not valid JSON: ", e.what());
  }
  return check_document(doc, file, opt);
}

}  // namespace

Result<std::vector<CaseOutcome>> check_document(Json const& doc, std::string const& file, CheckOptions const& opt) {
  CL_CHECK(check_header(doc, file));
  std::vector<CaseOutcome> out;
  auto const& cases = doc["cases"];
  FileName const name(file);
  CaseIds ids;
  for (std::size_t i = 0; i < cases.size(); ++i) check_case(cases[i], i, name, opt, out, ids);
  CL_CHECK(unique_ids(ids, file));
  return out;
}

// Streaming: the scanner finds each case's text and the fast path answers the plain ones; only
// the others are parsed, one case at a time. No DOM of the whole file is built unless the
// scanner refuses the text, so memory stays near the file's size.
Result<std::vector<CaseOutcome>> check_file(std::string const& path, CheckOptions const& opt) {
  std::error_code ec;
  auto bytes = std::filesystem::file_size(path, ec);
  if (ec) return fail(ErrorKind::invalid_input, path, ": cannot open the file: ", ec.message());
  if (bytes > limits::max_vector_file)
    return fail(ErrorKind::invalid_input, path, ": ", bytes, " bytes exceeds the limit of ", limits::max_vector_file,
                " bytes for one vector file; split it");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(ErrorKind::invalid_input, path, ": cannot open the file");
  // Read straight into the string's buffer: no zero fill of a buffer about to be overwritten.
  std::string text;
  text.resize_and_overwrite(static_cast<std::size_t>(bytes), [&](char* buf, std::size_t n) {
    in.read(buf, static_cast<std::streamsize>(n));
    return static_cast<std::size_t>(in.gcount());
  });
  if (auto r = check_text(text, path, opt)) return std::move(*r);
  return check_text_dom(text, path, opt);
}

void print_summary(std::vector<CaseOutcome> const& outcomes, std::ostream& out, bool show_failures) {
  struct Row {
    int cases = 0, exact = 0, functional = 0, failed = 0, missing = 0;
  };
  std::map<std::string, Row> rows;
  std::map<std::string, std::pair<int, int>> tagged;  // tag -> (cases run, passed)
  std::map<std::string, int> skipped;                 // tag -> cases skipped
  for (auto const& o : outcomes) {
    if (o.skipped) {
      ++skipped[o.detail.substr(o.detail.find("tagged ") + 7)];
      continue;
    }
    for (auto const& t : o.tags) {
      ++tagged[t].first;
      tagged[t].second += o.match != Match::fail;
    }
    auto& r = rows[o.op];
    ++r.cases;
    if (o.match == Match::exact) ++r.exact;
    if (o.match == Match::functional) ++r.functional;
    if (o.match == Match::fail) (o.detail == "not implemented" ? r.missing : r.failed)++;
  }
  out << std::left << std::setw(22) << "op" << std::right << std::setw(7) << "cases" << std::setw(7) << "exact"
      << std::setw(12) << "functional" << std::setw(8) << "failed" << "  note\n";
  Row total;
  for (auto const& [op, r] : rows) {
    out << std::left << std::setw(22) << op << std::right << std::setw(7) << r.cases << std::setw(7) << r.exact
        << std::setw(12) << r.functional << std::setw(8) << r.failed + r.missing
        << (r.missing ? "  not implemented" : "") << "\n";
    total.cases += r.cases;
    total.exact += r.exact;
    total.functional += r.functional;
    total.failed += r.failed + r.missing;
  }
  out << std::left << std::setw(22) << "total" << std::right << std::setw(7) << total.cases << std::setw(7)
      << total.exact << std::setw(12) << total.functional << std::setw(8) << total.failed << "\n";
  for (auto const& [t, n] : tagged)
    out << "tagged " << t << ": " << n.second << " of " << n.first << " passed\n";
  for (auto const& [t, n] : skipped) out << "skipped " << n << " cases tagged " << t << "\n";
  if (show_failures) {
    int shown = 0;
    for (auto const& o : outcomes)
      if (o.match == Match::fail && !o.skipped && o.detail != "not implemented" && shown++ < 20)
        out << "FAIL " << o.id << " (" << o.op << "): " << o.detail << "\n";
  }
  out << total.exact << " exact, " << total.functional << " functional\n";
  out << total.exact + total.functional << " passed, " << total.failed << " failed\n";
}

Json report_json(std::vector<CaseOutcome> const& outcomes) {
  Json cases = Json::array();
  for (auto const& o : outcomes)
  {
    Json c{{"file", o.file.str()}, {"id", o.id}, {"op", o.op},
           {"match", o.skipped ? std::string("skipped") : std::string(match_name(o.match))}, {"detail", o.detail}};
    if (!o.tags.empty()) c["tags"] = o.tags;
    cases.push_back(std::move(c));
  }
  return Json{{"schema", "catlayout.check-report/1"}, {"cases", cases}};
}

}  // namespace catlayout::conformance
