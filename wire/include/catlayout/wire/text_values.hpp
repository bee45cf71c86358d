#pragma once
// Int tuples, layouts and tilers read straight from JSON text that
// scan::skip_value has accepted, for the checker's fast path. Same meaning as layout_json.cpp
// on the plain forms; nullopt means "not the plain form", never "invalid": the caller then takes
// the DOM path, whose readers give the error and its message. Plain means: integers that fit
// int64 (no fraction, exponent or overflow), objects with exactly the expected keys, shallow
// nesting, and a Layout::make that succeeds.
//
// The readers are strict: what they accept is valid JSON (so the checker may let them read a
// case's args and expect before the scanner has validated those).
//
// Each reader reads the value that starts at p and advances p past it (`*_at(p, end)`), so a
// caller walks a case's text once, with no pass to find where each value ends.
#include <optional>
#include <string_view>
#include <vector>

#include "catlayout/core/tiler.hpp"
#include "catlayout/wire/json_scan.hpp"

namespace catlayout::wire::text {

// An int tuple as IntTuple stores it: the flat entries and the bracket word. Read into this,
// a tuple costs one pass and no tree; it becomes an IntTuple only when an engine needs one.
struct FlatTuple {
  Ints values;
  IntTuple::Word word;
};

// The elements of the (scanned) array v, or nullopt if v is not an array.
std::optional<std::vector<std::string_view>> elements(std::string_view v);

// The cursor forms (p at the value, no leading whitespace).
std::optional<Int> int_at(char const*& p, char const* end);
bool tuple_at(char const*& p, char const* end, FlatTuple& out);  // out is overwritten
// The layout and tiler readers build their value in place: out is set only when they return
// true (a tiler's out is a Tiler{} on entry, and may be left partly filled when they do not).
bool layout_at(char const*& p, char const* end, std::optional<Layout>& out);
bool layout_at(char const*& p, char const* end, TilerLayout& out);  // a layout tiler's
// The same into a Layout (unchanged unless read): no optional to move it out of.
bool layout_at(char const*& p, char const* end, Layout& out);
bool tiler_at(char const*& p, char const* end, Tiler& out);

// The pieces of the strict walks below (p past the whitespace that follows each step).
// The key of the member at p, a string without escapes, p then at its value; nullopt for an
// escaped key (it might spell a known one: nlohmann decodes it, the DOM path decides).
std::optional<std::string_view> key_at(char const*& p, char const* end);
// After a value in an array (close ']') or an object (close '}'): true at a comma, p then at
// the next value or key, or at the closing bracket, p one past it and *closed set.
bool next_in(char const*& p, char const* end, char close, bool* closed);

// The array or object at p (brackets `open` and `close`), walked strictly: each(q) reads one
// element (a value, or a key and its value) at q and moves q past it, false when it is not
// plain. False when p is not such a container or an element refuses; else p one past it.
template <class F>
bool elements_at(char const*& p, char const* end, char open, char close, F&& each) {
  if (p == end || *p != open) return false;
  char const* q = scan::skip_ws(p + 1, end);
  if (q != end && *q == close) {
    p = q + 1;
    return true;
  }
  for (bool closed = false; !closed;)
    if (!each(q) || !next_in(q, end, close, &closed)) return false;
  p = q;
  return true;
}

// The flat array of integers at p, each handed to f as it is read (no vector); false when it
// is not one, in which case f may have seen the integers before the first that is not plain.
template <class F>
bool ints_at(char const*& p, char const* end, F&& f) {
  return elements_at(p, end, '[', ']', [&](char const*& q) {
    auto x = int_at(q, end);
    if (x) f(*x);
    return x.has_value();
  });
}

// The object at p, walked strictly: on(key, q) reads the value of each member at q and moves q
// past it, false when that value is not plain (or the key not wanted). False when p is not an
// object, a key has an escape, or on refuses; else p one past the object. A repeated key is
// on's to refuse (nlohmann keeps the last, which the DOM path reproduces).
template <class F>
bool members_at(char const*& p, char const* end, F&& on) {
  return elements_at(p, end, '{', '}', [&](char const*& q) {
    auto key = key_at(q, end);
    return key && on(*key, q);
  });
}

// The whole of `args` is an array of n values, lo <= n <= hi: read(i, q) reads value i at q
// strictly and moves q past it, false when it is not plain. The walk of every fast path's args.
template <class F>
bool args_of(std::string_view args, std::size_t lo, std::size_t hi, F&& read) {
  char const* p = args.data();
  char const* end = p + args.size();
  std::size_t n = 0;
  bool read_all = elements_at(p, end, '[', ']', [&](char const*& q) { return n < hi && read(n++, q); });
  return read_all && n >= lo && p == end;
}

// The IntTuple t stands for; pre: t's word is well formed (tuple_at made it).
IntTuple to_tuple(FlatTuple const& t);
// The int tuple at p is x (tuple_at's reading of it equals x, as IntTuple's ==): compared as it
// is read, nothing built; p is moved past it when true. False also where tuple_at refuses.
bool tuple_equals(char const*& p, char const* end, IntTuple const& x);

}  // namespace catlayout::wire::text
