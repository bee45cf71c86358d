#include "catlayout/wire/text_values.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "catlayout/wire/json_scan.hpp"

namespace catlayout::wire::text {

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

// After a value: true at a comma (p then at the next value or key) or at the closing bracket
// `close` (p one past it, *closed set); false otherwise. Inlined: tuple_at takes it per entry.
[[gnu::always_inline]] inline bool next_after(char const*& p, char const* end, char close, bool* closed) {
  p = scan::skip_ws(p, end);
  if (p == end) return false;
  *closed = *p == close;
  if (*closed) {
    ++p;
    return true;
  }
  if (*p != ',') return false;
  p = scan::skip_ws(p + 1, end);
  return true;
}

// The tuple whose word starts at token k, its first value at index v; advances both past it.
// A flat tuple (the common case) is built whole; only nested ones are built child by child.
IntTuple build(FlatTuple const& t, std::size_t& k, std::size_t& v) {
  auto const& w = t.word;
  if (w[k] == IntTuple::leaf_token) {
    ++k;
    return IntTuple(t.values[v++]);
  }
  std::size_t j = k + 1;
  while (w[j] == IntTuple::leaf_token) ++j;
  if (w[j] == IntTuple::close_token) {
    std::size_t n = j - k - 1;
    IntTuple flat = IntTuple::flat(std::span(t.values.data() + v, n));
    v += n;
    k = j + 1;
    return flat;
  }
  IntTuple r;
  for (++k; w[k] != IntTuple::close_token;) r.push_back(build(t, k, v));
  ++k;
  return r;
}

bool tiler_rec(char const*& p, char const* end, std::size_t depth, Tiler& out);

// The non-empty array of tiler modes at p (json.cpp refuses an empty one), each read in place.
bool tiler_modes(char const*& p, char const* end, std::size_t depth, Tiler& out) {
  if (p == end || *p != '[') return false;
  char const* q = scan::skip_ws(p + 1, end);
  if (q != end && *q == ']') return false;
  // Tilers rarely have more than three modes: one allocation, and one under the 1 KiB at which
  // glibc serves requests from its large bins (each such request first consolidates the
  // small freed blocks, which costs more than the tiler).
  out.modes.reserve(3);
  for (bool closed = false; !closed;) {
    if (!tiler_rec(q, end, depth + 1, out.modes.emplace_back()) || !next_after(q, end, ']', &closed)) return false;
  }
  p = q;
  return true;
}

// The tiler at p into out (a Tiler{} on entry): its modes and layouts are built where they stay.
bool tiler_rec(char const*& p, char const* end, std::size_t depth, Tiler& out) {
  if (p == end || depth > max_depth) return false;
  if (*p == '[') return tiler_modes(p, end, depth, out);
  if (*p == '{') {
    // {"tiler": [...]} and nothing else is a tiler of modes; any other object must be a layout.
    char const* q = scan::skip_ws(p + 1, end);
    if (auto key = key_at(q, end); key && *key == "tiler") {
      bool closed = false;
      if (!tiler_modes(q, end, depth, out) || !next_after(q, end, '}', &closed) || !closed) return false;
      p = q;
      return true;
    }
    return layout_at(p, end, out.layout);
  }
  auto n = int_at(p, end);
  if (!n || *n < 1) return false;
  out.layout.emplace(*Layout::make(*n, 1));  // Tiler::of_integer, in place
  out.integer = true;
  return true;
}

// The characters that can follow an integer's first 18 digits inside a number token: more digits,
// a fraction or an exponent.
inline constexpr auto continues_number = [] {
  std::array<bool, 256> t{};
  for (char c : std::string_view("0123456789.eE")) t[static_cast<unsigned char>(c)] = true;
  return t;
}();

// The integer token at p, into *n, advancing p past it; false for a fraction, an exponent, or
// a value past int64 (nlohmann reads those as double or uint64; the DOM readers then decide).
// Up to 18 digits cannot overflow and are summed here; longer tokens go to from_chars, which
// checks the range. Inlined: it is the innermost step of every tuple read.
[[gnu::always_inline]] inline bool parse_int(char const*& p, char const* end, Int* n) {
  constexpr std::ptrdiff_t safe_digits = 18;
  bool negative = p != end && *p == '-';
  char const* digits = p + negative;
  char const* q = digits;
  char const* stop = end - digits > safe_digits ? digits + safe_digits : end;  // one bound per digit
  std::uint64_t v = 0;
  for (; q != stop && static_cast<unsigned char>(*q - '0') < 10; ++q) v = v * 10 + static_cast<std::uint64_t>(*q - '0');
  if (q == digits) return false;
  // JSON has no leading zeros: "01" is not a number, so it is not read as one (the strict
  // readers must accept only valid JSON, since they may read text the scanner has not checked).
  if (*digits == '0' && q - digits > 1) return false;
  *n = negative ? -static_cast<Int>(v) : static_cast<Int>(v);
  if (q != end && continues_number[static_cast<unsigned char>(*q)]) {  // one test for the common end
    if (static_cast<unsigned char>(*q - '0') >= 10) return false;  // a fraction or an exponent
    long long x = 0;
    auto [r, ec] = std::from_chars(p, end, x);
    if (ec != std::errc{}) return false;
    q = r;
    *n = x;
    if (q != end && continues_number[static_cast<unsigned char>(*q)]) return false;
  }
  p = q;
  return true;
}

}  // namespace

std::optional<std::string_view> key_at(char const*& p, char const* end) {
  // Printable ASCII only: a key that no walk knows is accepted unread (provenance, or a member
  // classify ignores), so the key itself must be valid JSON text without a second look.
  if (p == end || *p != '"') return std::nullopt;
  char const* s = p + 1;
  char const* q = s;
  while (q != end && scan::is_plain_in_string(*q)) ++q;
  if (q == end || *q != '"') return std::nullopt;
  auto key = std::string_view(s, static_cast<std::size_t>(q - s));
  q = scan::skip_ws(q + 1, end);
  if (q == end || *q != ':') return std::nullopt;
  p = scan::skip_ws(q + 1, end);
  return key;
}

bool next_in(char const*& p, char const* end, char close, bool* closed) { return next_after(p, end, close, closed); }

std::optional<Int> int_at(char const*& p, char const* end) {
  Int n = 0;
  if (!parse_int(p, end, &n)) return std::nullopt;
  return n;
}

// One pass, no recursion, over an int tuple's text: each bracket and integer is handed to `to` as
// it is read (to.open(), to.leaf(v), to.close(), each false to stop), and to.done() has the last
// word once the outermost value ends. tuple_at stores the tokens; tuple_equals compares them.
template <class Tokens>
[[gnu::always_inline]] inline bool walk_tuple(char const*& p, char const* end, Tokens& to) {
  std::size_t open = 0;  // arrays entered and not yet closed
  char const* q = p;
  for (;;) {
    if (q == end) return false;
    bool closed = false;
    if (*q == '[') {
      if (open >= max_depth || !to.open()) return false;
      ++open;
      q = scan::skip_ws(q + 1, end);
      if (q == end || *q != ']') continue;  // at the first element
      ++q;
      closed = true;
    } else {
      Int v = 0;
      if (!parse_int(q, end, &v) || !to.leaf(v)) return false;
    }
    // After a value: close the arrays that end here, until a comma or the outermost value ends.
    for (;;) {
      if (closed) {
        if (!to.close()) return false;
        --open;
      }
      if (open == 0) {
        if (!to.done()) return false;
        p = q;
        return true;
      }
      if (!next_after(q, end, ']', &closed)) return false;
      if (!closed) break;
    }
  }
}

bool tuple_at(char const*& p, char const* end, FlatTuple& out) {
  struct Store {
    FlatTuple& t;
    bool open() { return t.word.push_back(IntTuple::open_token), true; }
    bool leaf(Int v) { return t.values.push_back(v), t.word.push_back(IntTuple::leaf_token), true; }
    bool close() { return t.word.push_back(IntTuple::close_token), true; }
    bool done() { return true; }
  } store{out};
  out.values.clear();
  out.word.clear();
  return walk_tuple(p, end, store);
}

namespace {

// layout_at's one walk, for each place the layout goes (a Layout, an optional, a tiler's layout).
template <class Out>
bool layout_into(char const*& p, char const* end, Out& out) {
  FlatTuple parts[2];  // shape, stride
  bool seen[2] = {false, false};
  char const* q = p;
  bool read = members_at(q, end, [&](std::string_view key, char const*& v) {
    int k = key == "shape" ? 0 : key == "stride" ? 1 : -1;
    if (k < 0 || seen[k]) return false;  // another key, or one repeated (nlohmann keeps the last)
    seen[k] = true;
    return tuple_at(v, end, parts[k]);
  });
  if (!read || !seen[0] || !seen[1]) return false;
  // Not congruent: Layout::make refuses it, and the DOM reader words the error, with its path.
  if (!(parts[0].word == parts[1].word)) return false;
  auto l = Layout::make(parts[0].values, parts[1].values, parts[0].word);  // no tuple built on the way
  if (!l) return false;
  out = std::move(*l);
  p = q;
  return true;
}

}  // namespace

bool layout_at(char const*& p, char const* end, std::optional<Layout>& out) { return layout_into(p, end, out); }
bool layout_at(char const*& p, char const* end, TilerLayout& out) { return layout_into(p, end, out); }
bool layout_at(char const*& p, char const* end, Layout& out) { return layout_into(p, end, out); }

bool tiler_at(char const*& p, char const* end, Tiler& out) { return tiler_rec(p, end, 0, out); }

IntTuple to_tuple(FlatTuple const& t) {
  if (t.word.size() == 1) return IntTuple(t.values[0]);
  // A word with one pair of brackets is a flat tuple: built whole, without push_back.
  if (t.word.size() == t.values.size() + 2) return IntTuple::flat(t.values);
  // A nested one takes the nesting of an earlier tuple with the same word: a vector file repeats
  // a few nesting profiles, and filling a profile with values is a copy, not a build.
  constexpr std::size_t profiles = 16;
  thread_local std::vector<IntTuple> seen;
  thread_local std::size_t next = 0;
  for (auto const& p : seen)
    if (std::ranges::equal(p.word(), t.word)) return IntTuple::with_profile(p, t.values);
  std::size_t k = 0, v = 0;
  IntTuple built = build(t, k, v);
  if (seen.size() < profiles) seen.push_back(built);
  else seen[next++ % profiles] = built;
  return built;
}

// tuple_at's walk with each token compared with x's as it is read, so nothing is stored: the first
// token that differs from x's word (or value that differs from x's) ends it.
bool tuple_equals(char const*& p, char const* end, IntTuple const& x) {
  struct Compare {
    std::span<std::uint8_t const> w;
    std::span<Int const> values;
    std::size_t k = 0, v = 0;
    bool next(std::uint8_t token) { return k < w.size() && w[k++] == token; }
    bool open() { return next(IntTuple::open_token); }
    bool leaf(Int n) { return next(IntTuple::leaf_token) && n == values[v++]; }  // a leaf token has its value
    bool close() { return next(IntTuple::close_token); }
    bool done() { return k == w.size(); }
  } compare{x.word(), x.values()};
  return walk_tuple(p, end, compare);
}

}  // namespace catlayout::wire::text
