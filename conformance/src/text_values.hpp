#pragma once
// Conformance-internal: int tuples, layouts and tilers read straight from JSON text that
// scan::skip_value has accepted, for the checker's fast path. Same meaning as core/src/json.cpp
// on the plain forms; nullopt means "not the plain form", never "invalid": the caller then takes
// the DOM path, whose readers give the error and its message. Plain means: integers that fit
// int64 (no fraction, exponent or overflow), objects with exactly the expected keys, shallow
// nesting, and a Layout::make that succeeds.
//
// The readers are strict: what they accept is valid JSON (so the checker may let them read a
// case's args and expect before the scanner has validated those).
//
// Each reader comes in two forms: `*_at(p, end)` reads the value that starts at p and advances p
// past it (so a caller walks a case's text once, with no pass to find where each value ends),
// and `read_*(v)` reads a whole value v.
#include <optional>
#include <string_view>
#include <vector>

#include "catlayout/core/tiler.hpp"

namespace catlayout::conformance::text {

// JSON whitespace skipped (scan::skip_ws, for the templates here).
char const* skip_ws_in(char const* p, char const* end);

// An int tuple as IntTuple stores it: the flat entries and the bracket word. Read into this,
// a tuple costs one pass and no tree; it becomes an IntTuple only when an engine needs one.
struct FlatTuple {
  Ints values;
  IntTuple::Word word;
};

// The elements of the (scanned) array v, or nullopt if v is not an array.
std::optional<std::vector<std::string_view>> elements(std::string_view v);
std::optional<Int> read_int(std::string_view v);
std::optional<IntTuple> read_int_tuple(std::string_view v);
// A flat array of integers, each handed to f as it is read (no vector); false when v is not
// one, in which case f may have seen the integers before the first that is not plain.
template <class F>
bool each_int(std::string_view v, F&& f);
std::optional<Layout> read_layout(std::string_view v);  // {"shape": T, "stride": T}
std::optional<Tiler> read_tiler(std::string_view v);    // n, a layout, [tilers...] or {"tiler": [...]}

// The cursor forms (p at the value, no leading whitespace).
std::optional<Int> int_at(char const*& p, char const* end);
bool tuple_at(char const*& p, char const* end, FlatTuple& out);  // out is overwritten
std::optional<Layout> layout_at(char const*& p, char const* end);
std::optional<Tiler> tiler_at(char const*& p, char const* end);

template <class F>
bool each_int(std::string_view v, F&& f) {
  char const* p = v.data();
  char const* end = p + v.size();
  if (p == end || *p != '[') return false;
  p = skip_ws_in(p + 1, end);
  if (p != end && *p == ']') return p + 1 == end;
  for (;;) {
    auto x = int_at(p, end);
    if (!x) return false;
    f(*x);
    p = skip_ws_in(p, end);
    if (p == end) return false;
    if (*p == ']') return p + 1 == end;
    if (*p != ',') return false;
    p = skip_ws_in(p + 1, end);
  }
}

// The IntTuple t stands for; pre: t's word is well formed (tuple_at made it).
IntTuple to_tuple(FlatTuple const& t);
// t and x are the same tuple (IntTuple's ==), without building one.
bool same_tuple(FlatTuple const& t, IntTuple const& x);

}  // namespace catlayout::conformance::text
