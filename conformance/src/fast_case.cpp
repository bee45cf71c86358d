#include "fast_case.hpp"

#include "catlayout/core.hpp"
#include "catlayout/wire/json_scan.hpp"
#include "catlayout/wire/ops.hpp"
#include "catlayout/wire/text_values.hpp"

namespace catlayout::conformance::fast {
namespace {

std::optional<std::string_view> plain(std::string_view v) {
  if (v.empty() || v[0] != '"') return std::nullopt;
  char const* after = nullptr;
  auto s = wire::scan::plain_string(v.data(), v.data() + v.size(), &after);
  if (!s || after != v.data() + v.size()) return std::nullopt;
  return s;
}

// The plain strings of the array v (no escapes), or nullopt.
std::optional<std::vector<std::string>> plain_strings(std::string_view v) {
  auto xs = wire::text::elements(v);
  if (!xs) return std::nullopt;
  std::vector<std::string> out;
  for (auto x : *xs) {
    auto s = plain(x);
    if (!s) return std::nullopt;
    out.emplace_back(*s);
  }
  return out;
}

// A core layout row of the op table on plainly read args; nullopt when the op has no typed
// LayoutOp or an argument is not plain. The args are read in one pass over their text:
// [layout] or [layout, second], the second read as the row's LayoutOp takes it.
std::optional<Result<Layout>> run_core(wire::OpRow const* row, std::string_view args, Convention c) {
  if (!row || !row->layout.fn) return std::nullopt;
  wire::Second second = row->layout.second;
  char const* end = args.data() + args.size();
  // Read straight into the row's LayoutArgs (A, and a layout second as b.layout: Tiler::of).
  wire::LayoutArgs in;
  wire::text::FlatTuple profile;
  std::optional<Int> n;
  auto read = [&](std::size_t i, char const*& p) {
    if (i == 0) return wire::text::layout_at(p, end, in.a);
    in.has_second = true;
    switch (second) {
      case wire::Second::profile: return wire::text::tuple_at(p, end, profile);
      case wire::Second::integer: return (n = wire::text::int_at(p, end)).has_value();
      case wire::Second::tiler: return wire::text::tiler_at(p, end, in.b);
      case wire::Second::layout: return wire::text::layout_at(p, end, in.b.layout);
      case wire::Second::none: return false;
    }
    return false;
  };
  if (!wire::text::args_of(args, row->min_args, row->max_args, read)) return std::nullopt;
  if (in.has_second) {
    if (second == wire::Second::profile) in.profile = wire::text::to_tuple(profile);
    if (second == wire::Second::integer) in.n = *n;
  }
  return row->layout.fn(in, c);
}

}  // namespace

bool matches_layout(std::string_view expect, Layout const& l) {
  // One pass over expect: shape and stride compared as read, provenance validated and skipped.
  // Any other key, or shape or stride repeated, leaves the case to the DOM path.
  char const* p = expect.data();
  char const* end = p + expect.size();
  bool seen[2] = {false, false};
  bool read = wire::text::members_at(p, end, [&](std::string_view key, char const*& q) {
    int k = key == "shape" ? 0 : key == "stride" ? 1 : -1;
    if (k < 0) return is_provenance(key) && (q = wire::scan::skip_value_at(q, end, 2)) != nullptr;
    if (seen[k]) return false;
    seen[k] = true;
    return wire::text::tuple_equals(q, end, k == 0 ? l.shape() : l.stride());
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
  bool read = wire::text::members_at(p, end, [&](std::string_view key, char const*& q) {
    if (key != "error") return (q = wire::scan::skip_value_at(q, end, 2)) != nullptr;
    if (seen || static_cast<std::size_t>(end - q) < name.size() + 2 || q[0] != '"' ||
        std::string_view(q + 1, name.size()) != name || q[name.size() + 1] != '"')
      return false;
    seen = true;
    q += name.size() + 2;
    return true;
  });
  return read && p == end && seen;
}

std::optional<CaseText> read_case(std::span<wire::scan::Member const> members) {
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
  return exact_core_case(wire::find_op(op), args, expect, c);
}

bool exact_core_case(wire::OpRow const* row, std::string_view args, std::string_view expect, Convention c) {
  auto got = run_core(row, args, c);
  if (!got) return false;
  if (!*got) return matches_error(expect, got->error());
  return matches_layout(expect, **got);
}

}  // namespace catlayout::conformance::fast
