#include "text_values.hpp"

#include <array>
#include <charconv>

#include "json_scan.hpp"

namespace catlayout::conformance::text {

std::optional<std::vector<std::string_view>> elements(std::string_view v) {
  char const* p = v.data();
  char const* end = p + v.size();
  if (p == end || *p != '[') return std::nullopt;
  std::vector<std::string_view> out;
  p = scan::skip_ws(p + 1, end);
  if (p != end && *p == ']') return out;
  for (;;) {
    char const* e = scan::skip_valid(p, end);
    out.emplace_back(p, static_cast<std::size_t>(e - p));
    p = scan::skip_ws(e, end);
    if (p == end) return std::nullopt;
    if (*p == ']') return out;
    if (*p != ',') return std::nullopt;
    p = scan::skip_ws(p + 1, end);
  }
}

namespace {

// Nesting beyond this is rare enough to leave to the DOM readers and their depth limit.
constexpr std::size_t max_depth = 16;

// The integer token at p, advancing p past it; nullopt for a fraction, an exponent, or a value
// past int64 (nlohmann reads those as double or uint64; the DOM readers then decide).
std::optional<Int> int_at(char const*& p, char const* end) {
  long long v = 0;
  auto [q, ec] = std::from_chars(p, end, v);
  if (ec != std::errc{} || q == p) return std::nullopt;
  if (q != end && (*q == '.' || *q == 'e' || *q == 'E')) return std::nullopt;
  p = q;
  return Int{v};
}

// An int tuple at p (an integer or a nested array of them), advancing p past it.
std::optional<IntTuple> tuple_at(char const*& p, char const* end, std::size_t depth) {
  if (p == end) return std::nullopt;
  if (*p != '[') {
    auto v = int_at(p, end);
    if (!v) return std::nullopt;
    return IntTuple(*v);
  }
  if (depth >= max_depth) return std::nullopt;
  IntTuple t;
  p = scan::skip_ws(p + 1, end);
  if (p != end && *p == ']') {
    ++p;
    return t;
  }
  for (;;) {
    auto child = tuple_at(p, end, depth + 1);
    if (!child) return std::nullopt;
    t.push_back(*child);
    p = scan::skip_ws(p, end);
    if (p == end) return std::nullopt;
    if (*p == ']') {
      ++p;
      return t;
    }
    if (*p != ',') return std::nullopt;
    p = scan::skip_ws(p + 1, end);
  }
}

std::optional<Tiler> tiler_rec(std::string_view v, std::size_t depth);

// The non-empty array of tiler modes v (json.cpp refuses an empty one).
std::optional<Tiler> tiler_modes(std::string_view v, std::size_t depth) {
  auto xs = elements(v);
  if (!xs || xs->empty()) return std::nullopt;
  std::vector<Tiler> modes;
  modes.reserve(xs->size());
  for (auto x : *xs) {
    auto t = tiler_rec(x, depth + 1);
    if (!t) return std::nullopt;
    modes.push_back(std::move(*t));
  }
  return Tiler::by_mode(std::move(modes));
}

std::optional<Tiler> tiler_rec(std::string_view v, std::size_t depth) {
  if (v.empty() || depth > max_depth) return std::nullopt;
  if (v[0] == '[') return tiler_modes(v, depth);
  if (v[0] == '{') {
    std::array<scan::Member, 2> m;
    std::size_t n = 0;
    if (!scan::object_members(v, m, &n)) return std::nullopt;
    if (n == 1 && m[0].key == "tiler") return tiler_modes(m[0].value, depth);
    auto l = read_layout(v);
    if (!l) return std::nullopt;
    return Tiler::of(std::move(*l));
  }
  auto n = read_int(v);
  if (!n || *n < 1) return std::nullopt;
  return Tiler::of_integer(*n);
}

}  // namespace

std::optional<Int> read_int(std::string_view v) {
  char const* p = v.data();
  char const* end = p + v.size();
  auto n = int_at(p, end);
  if (!n || p != end) return std::nullopt;
  return n;
}

std::optional<IntTuple> read_int_tuple(std::string_view v) {
  char const* p = v.data();
  char const* end = p + v.size();
  auto t = tuple_at(p, end, 0);
  if (!t || p != end) return std::nullopt;
  return t;
}

std::optional<std::vector<Int>> read_ints(std::string_view v) {
  char const* p = v.data();
  char const* end = p + v.size();
  if (p == end || *p != '[') return std::nullopt;
  std::vector<Int> out;
  p = scan::skip_ws(p + 1, end);
  if (p != end && *p == ']') return p + 1 == end ? std::optional(out) : std::nullopt;
  for (;;) {
    auto x = int_at(p, end);
    if (!x) return std::nullopt;
    out.push_back(*x);
    p = scan::skip_ws(p, end);
    if (p == end) return std::nullopt;
    if (*p == ']') return p + 1 == end ? std::optional(out) : std::nullopt;
    if (*p != ',') return std::nullopt;
    p = scan::skip_ws(p + 1, end);
  }
}

std::optional<Layout> read_layout(std::string_view v) {
  std::array<scan::Member, 2> m;
  std::size_t n = 0;
  if (!scan::object_members(v, m, &n) || n != 2) return std::nullopt;
  auto shape = scan::find(m, "shape");
  auto stride = scan::find(m, "stride");
  if (!shape || !stride) return std::nullopt;
  auto s = read_int_tuple(*shape);
  if (!s) return std::nullopt;
  auto d = read_int_tuple(*stride);
  if (!d) return std::nullopt;
  auto l = Layout::make(std::move(*s), std::move(*d));
  if (!l) return std::nullopt;  // the DOM reader words the error, with its path
  return std::move(*l);
}

std::optional<Tiler> read_tiler(std::string_view v) { return tiler_rec(v, 0); }

}  // namespace catlayout::conformance::text
