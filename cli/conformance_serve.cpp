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
namespace {

// The runner's ops, docs/adapter-protocol.md's op table (OPS in python/catlayout/conformance_classes.py;
// the runner's tests compare the two); the handshake declares those this build's op table serves.
constexpr std::string_view runner_ops[] = {
    "evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide", "tiled_divide",
    "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
    "raked_product", "right_inverse", "left_inverse", "make_layout", "make_ordered_layout", "make_layout_like",
    "tile_to_shape", "local_tile", "local_partition", "inner_partition", "outer_partition", "upcast", "downcast",
    "recast_layout", "nullspace", "coalesce_z", "layout_add", "greatest_common_domain"};
// catlayout is the built-in corpus's reference: every operand kind goes to its op table, which
// answers or refuses each.
constexpr std::string_view operand_kinds[] = {"composed", "swizzle", "coord", "f2"};

int run_serve(Args const&) {
  Json ops = Json::array(), kinds = Json::object();
  for (auto op : runner_ops) {
    if (!wire::is_known_op(op)) continue;
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
    if (c.is_discarded() || !c.is_object() || !c.contains("op") || !c["op"].is_string() || !c.contains("args")) {
      answer = {{"id", c.is_object() ? c.value("id", Json()) : Json()}, {"error", "not a case {\"id\", \"op\", \"args\"}"}};
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
