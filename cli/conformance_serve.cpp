// `catlayout conformance serve`: catlayout itself as an adapter (docs/adapter-protocol.md): the
// handshake, then each case line answered through the wire's op table, the path every other
// reader of the vectors takes. It gives `self-test` and `run --adapter` an adapter that exists
// wherever the CLI does, and the runner's own tests a reference that must agree with the corpus.
#include <iostream>
#include <string>
#include <string_view>

#include "catlayout/wire/ops.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

// The runner's ops (docs/adapter-protocol.md's op table, OPS in conformance/runners/conformance_classes.py)
// are the op table's rows in the suite (OpRow::in_suite); the runner's tests compare the two.
bool runner_op(wire::OpRow const& row) { return row.in_suite; }
// catlayout is the built-in corpus's reference: every operand kind goes to its op table, which
// answers or refuses each.
constexpr std::string_view operand_kinds[] = {"composed", "swizzle", "coord", "f2", "marked"};

std::size_t skip_ws(std::string_view s, std::size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
  return i;
}

// One past the JSON string token at s[i] == '"', or npos when it does not end.
std::size_t string_end(std::string_view s, std::size_t i) {
  for (std::size_t j = i + 1; j < s.size(); ++j) {
    if (s[j] == '\\') ++j;
    else if (s[j] == '"') return j + 1;
  }
  return std::string_view::npos;
}

// The id of a case line that is not JSON (a NaN among its args, a missing bracket), where it
// can still be read: the value of the top-level object's first "id" member, a string or an
// integer, found by a scan that follows strings and nesting. Null otherwise.
Json readable_id(std::string_view s) {
  std::size_t i = skip_ws(s, 0);
  if (i == s.size() || s[i] != '{') return Json();
  int depth = 0;
  bool key_next = false;  // the next string at depth 1 is a member's key
  for (; i < s.size(); ++i) {
    char ch = s[i];
    if (ch == '"') {
      std::size_t e = string_end(s, i);
      if (e == std::string_view::npos) return Json();
      bool key = depth == 1 && key_next;
      key_next = false;
      std::string_view token = s.substr(i, e - i);
      i = e - 1;
      if (!key || token != "\"id\"") continue;
      std::size_t v = skip_ws(s, e);
      if (v == s.size() || s[v] != ':') return Json();
      v = skip_ws(s, v + 1);
      std::size_t end = v;
      if (v < s.size() && s[v] == '"') end = string_end(s, v);
      else
        while (end < s.size() && (s[end] == '-' || (s[end] >= '0' && s[end] <= '9'))) ++end;
      if (end == std::string_view::npos || end == v) return Json();
      std::size_t after = skip_ws(s, end);
      if (after == s.size() || (s[after] != ',' && s[after] != '}')) return Json();
      Json id = Json::parse(s.substr(v, end - v), nullptr, false);
      return id.is_string() || id.is_number_integer() ? id : Json();
    }
    if (ch == '{' || ch == '[') {
      ++depth;
      key_next = ch == '{' && depth == 1;
    } else if (ch == '}' || ch == ']') {
      if (--depth == 0) break;
    } else if (ch == ',' && depth == 1) {
      key_next = true;
    }
  }
  return Json();
}

// Why a case line is not JSON: nlohmann's words after its position, and a hint for the values
// JSON has no spelling for (Python's json.dumps writes NaN and Infinity).
std::string not_json_reason(std::string const& line) {
  std::string why;
  try {
    [[maybe_unused]] Json parsed = Json::parse(line);  // throws here: the caller found it is not JSON
    why = "not JSON";
  } catch (Json::parse_error const& e) {
    std::string what = e.what();
    auto p = what.find("parse error ");
    why = p == std::string::npos ? what : what.substr(p);
    if (why.size() > 240) why = why.substr(0, 240) + "...";  // nlohmann quotes what it read last
  }
  for (char const* word : {"NaN", "Infinity"})
    if (line.find(word) != std::string::npos) {
      why += "; NaN and Infinity are not JSON numbers";
      break;
    }
  return why;
}

int run_serve(Args const&) {
  Json ops = Json::array(), kinds = Json::object();
  for (auto const& row : wire::op_table()) {
    if (!runner_op(row)) continue;
    std::string_view op = row.name;
    ops.push_back(op);
    Json all = Json::array();
    for (auto k : operand_kinds) all.push_back(k);
    kinds[std::string(op)] = std::move(all);
  }
  std::ios::sync_with_stdio(false);
  std::cout << Json{{"protocol", "catlayout-adapter/1"}, {"adapter", "catlayout"}, {"version", CATLAYOUT_VERSION},
                    {"ops", ops}, {"kinds", kinds}, {"batch", false}}.dump()
            << std::endl;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Json c = Json::parse(line, nullptr, false);
    Json answer = Json::object();
    // A line that is not a case is answered with its id where it can be read (docs/adapter-protocol.md:
    // an answer carries the case's id), and an error naming what is wrong with it.
    if (c.is_discarded()) {
      answer = {{"id", readable_id(line)}, {"error", "protocol: the case line is not JSON: " + not_json_reason(line)}};
    } else if (!c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args")) {
      std::string why = !c.is_object()            ? std::string("a JSON ") + c.type_name() + ", not an object"
                        : !c.contains("op")       ? std::string("no \"op\"")
                        : !c["op"].is_string()    ? std::string("its \"op\" is not a string")
                                                  : std::string("no \"args\"");
      answer = {{"id", c.is_object() ? c.value("id", Json()) : Json()},
                {"error", "protocol: not a case {\"id\", \"op\", \"args\"}: " + why}};
    } else {
      answer["id"] = c.value("id", Json());
      auto r = wire::run_op(c["op"].get<std::string>(), c["args"], "$.args");
      if (r) answer["result"] = std::move(*r);
      else answer["error"] = r.error().what();
    }
    std::cout << answer.dump(-1, ' ', false, Json::error_handler_t::replace) << std::endl;  // endl: one flushed line
  }
  return 0;
}

}  // namespace

Command conformance_serve_command() {
  return Command{"conformance serve", "conformance serve",
                 "catlayout itself as an adapter of docs/adapter-protocol.md (cases on stdin, answers on stdout)",
                 "catlayout conformance serve < /dev/null", {}, run_serve};
}

}  // namespace catlayout::cli
