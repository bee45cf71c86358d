#include "fast_case.hpp"

#include <array>

#include "catlayout/core.hpp"
#include "json_scan.hpp"
#include "text_values.hpp"

namespace catlayout::conformance::fast {
namespace {

// An expectation with more members than this is unusual: the DOM path takes it.
constexpr std::size_t max_members = 16;

std::optional<std::string_view> plain(std::string_view v) {
  if (v.empty() || v[0] != '"') return std::nullopt;
  char const* after = nullptr;
  auto s = scan::plain_string(v.data(), v.data() + v.size(), &after);
  if (!s || after != v.data() + v.size()) return std::nullopt;
  return s;
}

// The plain strings of the array v (no escapes), or nullopt.
std::optional<std::vector<std::string>> plain_strings(std::string_view v) {
  auto xs = text::elements(v);
  if (!xs) return std::nullopt;
  std::vector<std::string> out;
  for (auto x : *xs) {
    auto s = plain(x);
    if (!s) return std::nullopt;
    out.emplace_back(*s);
  }
  return out;
}

using TilerOp = Result<Layout> (*)(Layout const&, Tiler const&, Convention);
using LayoutOp = Result<Layout> (*)(Layout const&, Layout const&, Convention);

Result<Layout> compose_tiler(Layout const& a, Tiler const& b, Convention) { return composition(a, b); }

// ops.cpp's binary ops: [layout, tiler] or, for the rank-sensitive products, [layout, layout].
TilerOp tiler_op(std::string_view op) {
  static constexpr std::pair<std::string_view, TilerOp> ops[] = {
      {"composition", compose_tiler},        {"logical_divide", logical_divide},
      {"zipped_divide", zipped_divide},      {"tiled_divide", tiled_divide},
      {"flat_divide", flat_divide},          {"logical_product", logical_product},
      {"zipped_product", zipped_product},    {"tiled_product", tiled_product},
      {"flat_product", flat_product}};
  for (auto const& [name, f] : ops)
    if (name == op) return f;
  return nullptr;
}

LayoutOp layout_op(std::string_view op) {
  if (op == "blocked_product") return blocked_product;
  if (op == "raked_product") return raked_product;
  return nullptr;
}

// After the argument at p: true at the closing bracket of the argument array, which ends the text.
bool last_arg(char const* p, char const* end) {
  p = scan::skip_ws(p, end);
  return p != end && *p == ']' && p + 1 == end;
}

// The core op on plainly read args, as ops.cpp's registry runs it; nullopt when the op is not
// one of these or an argument is not plain. The args are read in one pass over their text:
// [layout] or [layout, second], the second read as the op takes it.
std::optional<Result<Layout>> run_core(std::string_view op, std::string_view args, Convention c) {
  bool unary = op == "right_inverse" || op == "left_inverse";
  bool coalesce_op = op == "coalesce";
  bool complement_op = op == "complement";
  TilerOp by_tiler = tiler_op(op);
  LayoutOp by_layout = layout_op(op);
  if (!unary && !coalesce_op && !complement_op && !by_tiler && !by_layout) return std::nullopt;
  char const* p = args.data();
  char const* end = p + args.size();
  if (p == end || *p != '[') return std::nullopt;
  p = scan::skip_ws(p + 1, end);
  auto x = text::layout_at(p, end);
  if (!x) return std::nullopt;
  if (last_arg(p, end)) {  // one argument
    if (by_tiler || by_layout) return std::nullopt;
    if (coalesce_op) return Result<Layout>(coalesce(*x));
    if (op == "right_inverse") return Result<Layout>(right_inverse(*x));
    if (op == "left_inverse") return left_inverse(*x);
    return complement(*x, c);
  }
  p = scan::skip_ws(p, end);
  if (p == end || *p != ',' || unary) return std::nullopt;
  p = scan::skip_ws(p + 1, end);
  if (coalesce_op) {  // [layout, profile]
    text::FlatTuple profile;
    if (!text::tuple_at(p, end, profile) || !last_arg(p, end)) return std::nullopt;
    return coalesce(*x, text::to_tuple(profile));
  }
  if (complement_op) {
    auto n = text::int_at(p, end);
    if (!n || !last_arg(p, end)) return std::nullopt;
    return complement(*x, *n, c);
  }
  if (by_tiler) {
    auto b = text::tiler_at(p, end);
    if (!b || !last_arg(p, end)) return std::nullopt;
    return by_tiler(*x, *b, c);
  }
  auto b = text::layout_at(p, end);
  if (!b || !last_arg(p, end)) return std::nullopt;
  return by_layout(*x, *b, c);
}

}  // namespace

std::optional<Args> arg_list(std::string_view args, std::size_t lo, std::size_t hi) {
  char const* p = args.data();
  char const* end = p + args.size();
  if (p == end || *p != '[') return std::nullopt;
  Args out;
  p = scan::skip_ws(p + 1, end);
  if (p != end && *p == ']') return lo == 0 ? std::optional(out) : std::nullopt;
  for (;;) {
    if (out.size == hi || out.size == out.at.size()) return std::nullopt;
    char const* e = scan::skip_valid(p, end);
    out.at[out.size++] = std::string_view(p, static_cast<std::size_t>(e - p));
    p = scan::skip_ws(e, end);
    if (p == end) return std::nullopt;
    if (*p == ']') break;
    if (*p != ',') return std::nullopt;
    p = scan::skip_ws(p + 1, end);
  }
  if (out.size < lo) return std::nullopt;
  return out;
}

bool matches_layout(std::string_view expect, Layout const& l) {
  // One pass over expect: shape and stride compared as read, provenance skipped. Any other key,
  // an escaped or repeated one, leaves the case to the DOM path (as scan::object_members would).
  char const* p = expect.data();
  char const* end = p + expect.size();
  if (p == end || *p != '{') return false;
  constexpr std::string_view keys[] = {"shape", "stride", "confirmed_on", "sources"};
  bool seen[std::size(keys)] = {};
  text::FlatTuple t;
  p = scan::skip_ws(p + 1, end);
  if (p != end && *p == '}') return false;
  for (;;) {
    if (p == end || *p != '"') return false;
    auto key = scan::plain_string(p, end, &p);
    if (!key) return false;
    std::size_t k = 0;
    while (k < std::size(keys) && keys[k] != *key) ++k;
    if (k == std::size(keys) || seen[k]) return false;
    seen[k] = true;
    p = scan::skip_ws(p, end);
    if (p == end || *p != ':') return false;
    p = scan::skip_ws(p + 1, end);
    if (k < 2) {
      if (!text::tuple_at(p, end, t) || !text::same_tuple(t, k == 0 ? l.shape() : l.stride())) return false;
    } else if (!(p = scan::skip_value_at(p, end, 2))) {  // provenance: validated, not compared
      return false;
    }
    p = scan::skip_ws(p, end);
    if (p == end) return false;
    if (*p == '}') {
      if (p + 1 != end) return false;
      break;
    }
    if (*p != ',') return false;
    p = scan::skip_ws(p + 1, end);
  }
  return seen[0] && seen[1];
}

bool matches_error(std::string_view expect, Error const& e) {
  if (!scan::valid_member_value(expect)) return false;  // it may not have been validated yet
  std::array<scan::Member, max_members> m;
  std::size_t n = 0;
  if (!scan::object_members(expect, m, &n)) return false;
  auto kind = scan::find(std::span(m.data(), n), "error");
  if (!kind) return false;
  auto s = plain(*kind);
  return s && *s == kind_name(e.kind);
}

std::optional<CaseText> read_case(std::span<scan::Member const> members) {
  // One look at each member (the scanner has refused repeated keys, so the first is the only).
  std::optional<std::string_view> op, args, expect, id, tags;
  for (auto const& m : members) {
    if (m.key == "op") op = m.value;
    else if (m.key == "args") args = m.value;
    else if (m.key == "expect") expect = m.value;
    else if (m.key == "id") id = m.value;
    else if (m.key == "tags") tags = m.value;
  }
  if (!op || !args || !expect) return std::nullopt;
  CaseText c;
  auto op_name = plain(*op);
  if (!op_name) return std::nullopt;
  c.op = *op_name;
  c.args = *args;
  c.expect = *expect;
  if (id && !id->empty() && (*id)[0] == '"') {
    c.id = plain(*id);
    if (!c.id) return std::nullopt;  // an escaped id: nlohmann decodes it
  }
  if (tags) {
    auto t = plain_strings(*tags);
    if (!t) return std::nullopt;  // not an array of plain strings: the DOM path words the error
    c.tags = std::move(*t);
  }
  return c;
}

bool exact_core_case(std::string_view op, std::string_view args, std::string_view expect, Convention c) {
  auto got = run_core(op, args, c);
  if (!got) return false;
  if (!*got) return matches_error(expect, got->error());
  return matches_layout(expect, **got);
}

}  // namespace catlayout::conformance::fast
