// The playground's requests (api.hpp), each answered by the library function the CLI's command
// calls, so the page shows what `catlayout` prints: the op table's rows (wire/op_text.hpp), the
// pictures (viz), the fragment check (gpu/check.hpp), the bank report (analysis) and the
// adapter's answer to a case (wire::run_op, as `catlayout conformance serve`).
#include "catlayout/playground/api.hpp"

#include <variant>

#include "catlayout/analysis.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/quote.hpp"
#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/check.hpp"
#include "catlayout/viz.hpp"
#include "catlayout/wire/analysis_json.hpp"
#include "catlayout/wire/op_text.hpp"
#include "catlayout/wire/ops.hpp"

namespace catlayout::playground {

using wire::Json;
namespace {

// ---------------------------------------------------------------------------------------------
// Reading a request

// A string member, or `dflt` when absent; a member of another type is an error.
Result<std::string> text_member(Json const& req, char const* key, std::string dflt = "") {
  if (!req.contains(key) || req[key].is_null()) return dflt;
  if (!req[key].is_string()) return fail(ErrorKind::invalid_input, "request: \"", key, "\" is not a string");
  return req[key].get<std::string>();
}

Result<bool> flag_member(Json const& req, char const* key) {
  if (!req.contains(key) || req[key].is_null()) return false;
  if (!req[key].is_boolean()) return fail(ErrorKind::invalid_input, "request: \"", key, "\" is not true or false");
  return req[key].get<bool>();
}

// An integer member as the CLI reads its option's text (a number or its decimal text), or `dflt`.
Result<Int> integer_member(Json const& req, char const* key, Int dflt) {
  if (!req.contains(key) || req[key].is_null() || req[key] == "") return dflt;
  if (req[key].is_number_integer()) return req[key].get<Int>();
  if (req[key].is_string()) {
    auto t = parse_int_tuple(req[key].get<std::string>());
    if (t && t->is_leaf()) return t->value();
  }
  return fail(ErrorKind::invalid_input, key, ": expected an integer, found '", shortened(req[key].dump()), "'");
}

Result<std::vector<std::string>> texts_member(Json const& req, char const* key) {
  std::vector<std::string> out;
  if (!req.contains(key)) return out;
  if (!req[key].is_array()) return fail(ErrorKind::invalid_input, "request: \"", key, "\" is not an array of texts");
  for (auto const& x : req[key]) {
    if (!x.is_string()) return fail(ErrorKind::invalid_input, "request: \"", key, "\" is not an array of texts");
    out.push_back(x.get<std::string>());
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Answers

// The CLI's words for an error (cli/main.cpp's report_error): `catlayout: KIND: message`.
Json refusal(Error const& e) { return {{"ok", false}, {"error", "catlayout: " + e.what()}, {"kind", kind_name(e.kind)}}; }

// A usage error as the CLI words it (cli/main.cpp's usage_error).
Json usage(std::string_view command, std::string_view usage_line, std::string const& why) {
  return {{"ok", false},
          {"error", str("catlayout ", command, ": ", why, "\nusage: catlayout ", usage_line)},
          {"kind", "usage"}};
}

// CL_TRY for a function that answers Json: an error becomes its refusal.
#define CL_TRY_JSON(var, expr)                        \
  auto CL_CAT(var, _result_) = (expr);                \
  if (!CL_CAT(var, _result_)) return refusal(CL_CAT(var, _result_).error()); \
  auto var = std::move(*CL_CAT(var, _result_))

template <class T>
Json answer_or_refusal(Result<T> const& r, auto&& answer) {
  return r ? answer(*r) : refusal(r.error());
}

std::string_view takes_name(wire::Takes t) {
  switch (t) {
    case wire::Takes::layout: return "layout";
    case wire::Takes::tiler: return "tiler";
    case wire::Takes::int_tuple: return "int_tuple";
    case wire::Takes::integer: return "integer";
    case wire::Takes::order: return "order";
    case wire::Takes::major: return "major";
    case wire::Takes::coord: return "coord";
    case wire::Takes::projection: return "projection";
    case wire::Takes::shape: return "shape";
    case wire::Takes::domain: return "domain";
  }
  return "?";
}

// The rows the CLI has a command for, in the table's order: the page's op selector.
Json ops() {
  Json rows = Json::array();
  for (auto const& row : wire::op_table()) {
    if (row.doc.command.empty() || !row.typed.fn) continue;
    Json takes = Json::array();
    for (auto t : row.typed.takes) takes.push_back(takes_name(t));
    rows.push_back({{"name", row.name},
                    {"command", row.doc.command},
                    {"usage", row.doc.usage},
                    {"summary", row.doc.summary},
                    {"example", row.doc.example},
                    {"min_args", row.min_args},
                    {"takes", takes},
                    {"strict", row.strict != wire::Strict::none},
                    {"other_kinds", row.other_kinds}});
  }
  return {{"ok", true}, {"ops", rows}};
}

std::string_view family_name(wire::OpFamily f) {
  switch (f) {
    case wire::OpFamily::core: return "core";
    case wire::OpFamily::cute_api: return "cute_api";
    case wire::OpFamily::strides: return "strides";
    case wire::OpFamily::categorical: return "categorical";
    case wire::OpFamily::algorithms: return "algorithms";
    case wire::OpFamily::gpu: return "gpu";
  }
  return "?";
}

// Every row, those without a command too (coord.*, linear.*, triton.*, nest.*, ...): the vector
// pane runs each on arguments in the vectors' JSON forms, as `case` answers a corpus case.
Json rows() {
  Json all = Json::array();
  for (auto const& row : wire::op_table())
    all.push_back({{"name", row.name}, {"family", family_name(row.family)}, {"min_args", row.min_args},
                   {"max_args", row.max_args}});
  return {{"ok", true}, {"rows", all}};
}

// The row of an op with a command, by its name in the table (composition) or its command (compose).
wire::OpRow const* command_row(std::string_view name) {
  for (auto const& row : wire::op_table())
    if (!row.doc.command.empty() && row.typed.fn && (row.name == name || row.doc.command == name)) return &row;
  return nullptr;
}

// `catlayout OP ARGS [--print P] [--json] [--cute-integers] [--strict]` (cli/algebra.cpp).
Json op(Json const& req) {
  CL_TRY_JSON(name, text_member(req, "op"));
  auto const* row = command_row(name);
  if (!row)
    return refusal(Error{ErrorKind::invalid_input, str("no op '", shortened(name), "' (the op table's commands)")});
  CL_TRY_JSON(args, texts_member(req, "args"));
  if (args.size() < row->min_args || args.size() > row->typed.takes.size())
    return usage(row->doc.command, row->doc.usage, "expected " + std::to_string(row->min_args) + " argument(s)");
  wire::TextOptions o;
  CL_TRY_JSON(print, text_member(req, "print"));
  if (!print.empty()) {
    auto p = wire::parse_print(print);
    if (!p) return usage(row->doc.command, row->doc.usage, p.error().message);
    o.print = *p;
  }
  CL_TRY_JSON(json, flag_member(req, "json"));
  CL_TRY_JSON(cute_integers, flag_member(req, "cute_integers"));
  CL_TRY_JSON(strict, flag_member(req, "strict"));
  if (strict && row->strict == wire::Strict::none)
    return usage(row->doc.command, row->doc.usage, "unknown option --strict");
  o.print.json = json, o.cute_integers = cute_integers, o.strict = strict;
  return answer_or_refusal(wire::run_text(*row, args, o), [](wire::TextAnswer const& a) {
    return Json{{"ok", true}, {"text", a.text}, {"notes", a.notes}};
  });
}

// The layout of a picture, read as `catlayout show` reads it (cli/pictures.cpp).
Result<AnyLayout> picture_layout(std::string const& text) {
  auto l = parse_any_layout(text);
  if (!l) return fail(l.error().kind, "layout: ", l.error().message, ", in '", shortened(text), "'");
  return l;
}

Result<Int> positive(Json const& v, char const* what) {
  auto t = v.is_number_integer() ? Result<IntTuple>(IntTuple(v.get<Int>()))
                                 : parse_int_tuple(v.is_string() ? v.get<std::string>() : v.dump());
  if (!t || !t->is_leaf() || t->value() < 1)
    return fail(ErrorKind::invalid_input, what, ": expected a positive integer, found '", shortened(v.dump()), "'");
  return t->value();
}

// `catlayout show L [--tile B] [--print P]` and `catlayout svg L [--tv M N] [--tile B] [--print P]`.
Result<Json> show(Json const& req) {
  CL_TRY(text, text_member(req, "layout"));
  CL_TRY(print, text_member(req, "print"));
  CL_TRY(tile, text_member(req, "tile"));
  Notation n = Notation::catlayout;
  if (!print.empty()) {
    auto p = parse_notation(print);
    if (!p) return in_context(p.error(), "--print: ");
    n = *p;
  }
  CL_TRY(l, picture_layout(text));
  std::optional<viz::TileMap> tiles;
  if (!tile.empty()) {
    CL_TRY(t, parse_tiler(tile));
    CL_TRY(m, viz::tile_map(l, t));
    m.tiler = to_string(t, n);
    tiles = std::move(m);
  }
  viz::ShowOptions so;
  so.tiles = tiles, so.notation = n;
  CL_TRY(grid, viz::show_grid(l, so));
  viz::SvgOptions vo{tiles};
  vo.notation = n;
  Json out{{"ok", true}, {"text", grid}, {"kind", layout_kind(l)}};
  if (req.contains("tv") && !req["tv"].is_null()) {
    auto const* tv = std::get_if<Layout>(&l);
    if (!req["tv"].is_array() || req["tv"].size() != 2)
      return fail(ErrorKind::invalid_input, "--tv expects M and N");
    if (!tv)  // a TV layout maps (thread, value) to an offset of the M x N tile: integer strides
      return fail(ErrorKind::invalid_input, "svg --tv draws integer-stride thread-value layouts; '", text, "' is a ",
                  layout_kind(l));
    CL_TRY(m, positive(req["tv"][0], "M"));
    CL_TRY(k, positive(req["tv"][1], "N"));
    CL_TRY(svg, viz::svg_tv(*tv, m, k, vo));
    out["svg"] = svg;
  } else {
    CL_TRY(svg, viz::svg_grid(l, vo));
    out["svg"] = svg;
  }
  return out;
}

// Every catalogued instruction with its operands, then the shared-memory atoms: the page's
// fragment selector.
Json fragments() {
  Json ins = Json::array(), atoms = Json::array();
  for (auto const& i : gpu::catalogue()) {
    Json operands = Json::array();
    for (auto const& f : i.fragments) operands.push_back(gpu::operand_name(f.operand));
    ins.push_back({{"name", i.name}, {"operands", operands}});
  }
  for (auto const& s : gpu::smem_layouts()) atoms.push_back(s.name);
  return {{"ok", true}, {"instructions", ins}, {"atoms", atoms}};
}

// `catlayout gpu check [NAME] [OPERAND] LAYOUT [--top N]` (cli/gpu.cpp): NAME and OPERAND (or an
// atom's NAME) compare with one entry; otherwise the closest entries.
Json check(Json const& req) {
  constexpr std::string_view command = "gpu check", usage_line = "gpu check [NAME] [OPERAND] LAYOUT [--top N]";
  CL_TRY_JSON(pos, texts_member(req, "args"));
  if (pos.empty() || pos.size() > 3) return usage(command, usage_line, "expected [NAME] [OPERAND] LAYOUT");
  CL_TRY_JSON(top, integer_member(req, "top", 5));
  if (top < 1 || top > 1000)
    return refusal(Error{ErrorKind::invalid_input, str("--top expects an integer in [1, 1000], found '", top, "'")});
  return answer_or_refusal(gpu::check_args(pos, static_cast<std::size_t>(top)), [](gpu::CheckAnswer const& r) {
    return Json{{"ok", true}, {"text", r.text}, {"equal", r.equal}};
  });
}

// The thread-value layout of a bank analysis: a catalogued fragment (--mma NAME --operand X) or a
// layout of integer or coordinate strides (cli/analyze.cpp's tv_layout).
Result<std::variant<Layout, CoordLayout>> bank_tv(Json const& req) {
  CL_TRY(mma, text_member(req, "mma"));
  if (mma.empty()) {
    CL_TRY(text, text_member(req, "tv"));
    return analysis::read_tv_layout(text);
  }
  CL_TRY(operand, text_member(req, "operand", "A"));
  CL_TRY(f, gpu::find_fragment(mma, operand));
  return f->tv;
}

// `catlayout analyze banks TV DATA --json` and its heat map (--show, --svg).
Result<Json> banks(Json const& req) {
  CL_TRY(tv, bank_tv(req));
  CL_TRY(data_text, text_member(req, "data"));
  CL_TRY(data, analysis::read_data_layout(data_text));
  analysis::AccessSpec spec;
  CL_TRY(eb, integer_member(req, "elem_bytes", 4));
  CL_TRY(vec, integer_member(req, "vector", 1));
  CL_TRY(base, integer_member(req, "base_byte", 0));
  CL_TRY(rows, integer_member(req, "rows", 64));
  spec.elem_bytes = eb, spec.vector_values = vec, spec.base_byte = base;
  CL_TRY(acc, std::visit([&](auto const& t) { return analysis::make_access(t, data, spec); }, tv));
  CL_TRY(report, analysis::bank_conflicts(acc));
  CL_TRY(heat, analysis::bank_heatmap(report, acc, rows));
  CL_TRY(text, viz::show_cells(heat, false));
  CL_TRY(svg, viz::svg_cells(heat));
  return Json{{"ok", true}, {"report", wire::to_json(report)}, {"text", text}, {"svg", svg}};
}

// One case line of docs/adapter-protocol.md answered through the op table, as
// `catlayout conformance serve` answers a case that is a JSON object with "op" and "args".
Json case_answer(Json const& req) {
  CL_TRY_JSON(line, text_member(req, "line"));
  Json c = Json::parse(line, nullptr, false);
  Json answer = Json::object();
  if (c.is_discarded() || !c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args")) {
    answer = {{"id", c.is_object() ? c.value("id", Json()) : Json()},
              {"error", "protocol: not a case {\"id\", \"op\", \"args\"}"}};
  } else {
    answer["id"] = c.value("id", Json());
    auto r = wire::run_op(c["op"].get<std::string>(), c["args"], "$.args");
    if (r) answer["result"] = std::move(*r);
    else answer["error"] = r.error().what();
  }
  return {{"ok", true}, {"answer", answer.dump(-1, ' ', false, Json::error_handler_t::replace)}};
}

Json dispatch(Json const& req) {
  CL_TRY_JSON(what, text_member(req, "do"));
  if (what == "ops") return ops();
  if (what == "rows") return rows();
  if (what == "op") return op(req);
  if (what == "show") return answer_or_refusal(show(req), [](Json const& j) { return j; });
  if (what == "fragments") return fragments();
  if (what == "check") return check(req);
  if (what == "banks") return answer_or_refusal(banks(req), [](Json const& j) { return j; });
  if (what == "case") return case_answer(req);
  return refusal(Error{ErrorKind::invalid_input,
                       str("request: unknown \"do\" '", shortened(what), "' (ops, op, show, fragments, check, banks, case)")});
}

}  // namespace

std::string handle(std::string_view request) {
  Json req = Json::parse(request, nullptr, false);
  Json res = req.is_object() ? dispatch(req)
                             : refusal(Error{ErrorKind::invalid_input, "request: not a JSON object"});
  return res.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace catlayout::playground
