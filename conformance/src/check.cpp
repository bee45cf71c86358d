#include "catlayout/conformance/check.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

#include "catlayout/conformance/ops.hpp"
#include "catlayout/core/layout.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout::conformance {

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
  if (returns_layout(op)) {
    auto e = layout_from_json(expect, "expect");
    auto g = layout_from_json(*got, "result");
    if (e && g && e->size() == g->size() && e->size() <= (Int{1} << 22) && tabulate(*e) == tabulate(*g)) {
      o.match = Match::functional;
      o.detail = "got " + to_string(*g) + ", expected the form " + to_string(*e);
      return o;
    }
  }
  o.detail = "got " + brief(*got) + ", expected " + brief(want);
  return o;
}

namespace {

// SCHEMA.md: `tags` is an array of strings; unknown tags are kept and otherwise ignored.
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
    if (opt.convention == Convention::categorical && t == "outside_categorical") return t;
  }
  return std::nullopt;
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

Result<std::vector<CaseOutcome>> check_document(Json const& doc, std::string const& file, CheckOptions const& opt) {
  CL_CHECK(check_header(doc, file));
  std::vector<CaseOutcome> out;
  auto const& cases = doc["cases"];
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::string path = "$.cases[" + std::to_string(i) + "]";
    auto const& c = cases[i];
    CaseOutcome o;
    o.file = file;
    if (!c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args") || !c.contains("expect")) {
      o.id = c.is_object() && c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : path;
      o.op = c.is_object() && c.contains("op") && c["op"].is_string() ? c["op"].get<std::string>() : "(malformed)";
      o.detail = file + ": case " + o.id + " at " + path + " is not an object with op, args and expect";
      if (!opt.only_op || *opt.only_op == o.op) out.push_back(o);
      continue;
    }
    std::string op = c["op"];
    if (opt.only_op && *opt.only_op != op) continue;
    std::string id = c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : path;
    auto tags = case_tags(c, path);
    if (!tags) {
      o.id = id;
      o.op = op;
      o.detail = file + ": case " + id + ": " + tags.error().message;
      out.push_back(o);
      continue;
    }
    if (auto skip = skipped_by(*tags, opt)) {
      o.id = id;
      o.op = op;
      o.tags = *tags;
      o.skipped = true;
      o.detail = "skipped: tagged " + *skip;
      out.push_back(o);
      continue;
    }
    auto got = run_op(op, c["args"], path + ".args", opt.convention);
    o = classify(op, c["expect"], got);
    o.file = file;
    o.id = id;
    o.tags = std::move(*tags);
    if (o.match == Match::fail && o.detail != "not implemented") o.detail = path + ": " + o.detail;
    out.push_back(std::move(o));
  }
  return out;
}

Result<std::vector<CaseOutcome>> check_file(std::string const& path, CheckOptions const& opt) {
  std::error_code ec;
  auto bytes = std::filesystem::file_size(path, ec);
  if (ec) return fail(ErrorKind::invalid_input, path, ": cannot open the file: ", ec.message());
  if (bytes > limits::max_vector_file)
    return fail(ErrorKind::invalid_input, path, ": ", bytes, " bytes exceeds the limit of ", limits::max_vector_file,
                " bytes for one vector file; split it");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(ErrorKind::invalid_input, path, ": cannot open the file");
  // Parsing from memory is about twice as fast as through the stream's character iterator.
  std::string text(static_cast<std::size_t>(bytes), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (Json::exception const& e) {
    return fail(ErrorKind::invalid_input, path, ": not valid JSON: ", e.what());
  }
  return check_document(doc, path, opt);
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
    Json c{{"file", o.file}, {"id", o.id}, {"op", o.op},
           {"match", o.skipped ? std::string("skipped") : std::string(match_name(o.match))}, {"detail", o.detail}};
    if (!o.tags.empty()) c["tags"] = o.tags;
    cases.push_back(std::move(c));
  }
  return Json{{"schema", "catlayout.check-report/1"}, {"cases", cases}};
}

}  // namespace catlayout::conformance
