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

// The core op on plainly read args, as ops.cpp's registry runs it; nullopt when the op is not
// one of these or an argument is not plain.
std::optional<Result<Layout>> run_core(std::string_view op, std::string_view args, Convention c) {
  bool unary = op == "right_inverse" || op == "left_inverse";
  bool coalesce_op = op == "coalesce";
  bool complement_op = op == "complement";
  TilerOp by_tiler = tiler_op(op);
  LayoutOp by_layout = layout_op(op);
  if (!unary && !coalesce_op && !complement_op && !by_tiler && !by_layout) return std::nullopt;
  auto a = arg_list(args, 1, unary ? 1 : 2);
  if (!a) return std::nullopt;
  if ((by_tiler || by_layout) && a->size != 2) return std::nullopt;
  auto x = text::read_layout(a->at[0]);
  if (!x) return std::nullopt;
  if (op == "coalesce" && a->size == 1) return Result<Layout>(coalesce(*x));
  if (op == "coalesce") {  // [layout, profile]
    auto profile = text::read_int_tuple(a->at[1]);
    if (!profile) return std::nullopt;
    return coalesce(*x, *profile);
  }
  if (op == "right_inverse") return Result<Layout>(right_inverse(*x));
  if (op == "left_inverse") return left_inverse(*x);
  if (complement_op) {
    if (a->size == 1) return complement(*x, c);
    auto n = text::read_int(a->at[1]);
    if (!n) return std::nullopt;
    return complement(*x, *n, c);
  }
  if (by_tiler) {
    auto b = text::read_tiler(a->at[1]);
    if (!b) return std::nullopt;
    return by_tiler(*x, *b, c);
  }
  auto b = text::read_layout(a->at[1]);
  if (!b) return std::nullopt;
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
  std::array<scan::Member, 4> m;
  std::size_t n = 0;
  if (!scan::object_members(expect, m, &n)) return false;
  std::optional<std::string_view> shape, stride;
  for (std::size_t i = 0; i < n; ++i) {
    if (m[i].key == "shape") shape = m[i].value;
    else if (m[i].key == "stride") stride = m[i].value;
    else if (!is_provenance(m[i].key)) return false;
  }
  if (!shape || !stride) return false;
  auto s = text::read_int_tuple(*shape);
  if (!s || !(*s == l.shape())) return false;
  auto d = text::read_int_tuple(*stride);
  return d && *d == l.stride();
}

bool matches_error(std::string_view expect, Error const& e) {
  std::array<scan::Member, max_members> m;
  std::size_t n = 0;
  if (!scan::object_members(expect, m, &n)) return false;
  auto kind = scan::find(std::span(m.data(), n), "error");
  if (!kind) return false;
  auto s = plain(*kind);
  return s && *s == kind_name(e.kind);
}

std::optional<CaseText> read_case(std::span<scan::Member const> members) {
  auto op = scan::find(members, "op");
  auto args = scan::find(members, "args");
  auto expect = scan::find(members, "expect");
  if (!op || !args || !expect) return std::nullopt;
  CaseText c;
  auto op_name = plain(*op);
  if (!op_name) return std::nullopt;
  c.op = *op_name;
  c.args = *args;
  c.expect = *expect;
  if (auto id = scan::find(members, "id"); id && !id->empty() && (*id)[0] == '"') {
    c.id = plain(*id);
    if (!c.id) return std::nullopt;  // an escaped id: nlohmann decodes it
  }
  if (auto tags = scan::find(members, "tags")) {
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
