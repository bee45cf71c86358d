#include "fast_case.hpp"

#include "catlayout/core.hpp"
#include "json_scan.hpp"
#include "text_values.hpp"

namespace catlayout::conformance::fast {
namespace {

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
// one of these or an argument is not plain. The args are read in one pass over their text:
// [layout] or [layout, second], the second read as the op takes it.
std::optional<Result<Layout>> run_core(std::string_view op, std::string_view args, Convention c) {
  bool unary = op == "right_inverse" || op == "left_inverse";
  bool coalesce_op = op == "coalesce";
  bool complement_op = op == "complement";
  TilerOp by_tiler = tiler_op(op);
  LayoutOp by_layout = layout_op(op);
  if (!unary && !coalesce_op && !complement_op && !by_tiler && !by_layout) return std::nullopt;
  char const* end = args.data() + args.size();
  std::optional<Layout> x, y;  // the layout, and the second argument when it is one
  text::FlatTuple profile;
  std::optional<Int> n;
  Tiler b;
  std::size_t count = 0;
  auto read = [&](std::size_t i, char const*& p) {
    count = i + 1;
    if (i == 0) return text::layout_at(p, end, x);
    if (unary) return false;
    if (coalesce_op) return text::tuple_at(p, end, profile);
    if (complement_op) return (n = text::int_at(p, end)).has_value();
    if (by_tiler) return text::tiler_at(p, end, b);
    return text::layout_at(p, end, y);
  };
  if (!text::args_of(args, 1, 2, read)) return std::nullopt;
  if (count == 1) {
    if (by_tiler || by_layout) return std::nullopt;
    if (coalesce_op) return Result<Layout>(coalesce(*x));
    if (op == "right_inverse") return Result<Layout>(right_inverse(*x));
    if (op == "left_inverse") return left_inverse(*x);
    return complement(*x, c);
  }
  if (coalesce_op) return coalesce(*x, text::to_tuple(profile));
  if (complement_op) return complement(*x, *n, c);
  if (by_tiler) return by_tiler(*x, b, c);
  return by_layout(*x, *y, c);
}

}  // namespace

bool matches_layout(std::string_view expect, Layout const& l) {
  // One pass over expect: shape and stride compared as read, provenance validated and skipped.
  // Any other key, or shape or stride repeated, leaves the case to the DOM path.
  char const* p = expect.data();
  char const* end = p + expect.size();
  bool seen[2] = {false, false};
  bool read = text::members_at(p, end, [&](std::string_view key, char const*& q) {
    int k = key == "shape" ? 0 : key == "stride" ? 1 : -1;
    if (k < 0) return is_provenance(key) && (q = scan::skip_value_at(q, end, 2)) != nullptr;
    if (seen[k]) return false;
    seen[k] = true;
    return text::tuple_equals(q, end, k == 0 ? l.shape() : l.stride());
  });
  return read && p == end && seen[0] && seen[1];
}

bool matches_error(std::string_view expect, Error const& e) {
  // One pass: "error" compared with e's kind as read, any other member validated and skipped
  // (classify reads only "error"); a repeated "error" is the DOM path's to decide.
  char const* p = expect.data();
  char const* end = p + expect.size();
  std::string_view name = kind_name(e.kind);
  bool seen = false;
  bool read = text::members_at(p, end, [&](std::string_view key, char const*& q) {
    if (key != "error") return (q = scan::skip_value_at(q, end, 2)) != nullptr;
    if (seen || static_cast<std::size_t>(end - q) < name.size() + 2 || q[0] != '"' ||
        std::string_view(q + 1, name.size()) != name || q[name.size() + 1] != '"')
      return false;
    seen = true;
    q += name.size() + 2;
    return true;
  });
  return read && p == end && seen;
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
