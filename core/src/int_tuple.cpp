#include "catlayout/core/int_tuple.hpp"

#include "catlayout/core/checked.hpp"

namespace catlayout {

std::size_t depth(IntTuple const& t) {
  if (t.is_leaf()) return 0;
  std::size_t d = 0;
  for (auto const& c : t.children()) d = std::max(d, depth(c));
  return d + 1;
}

std::size_t length(IntTuple const& t) {
  if (t.is_leaf()) return 1;
  std::size_t n = 0;
  for (auto const& c : t.children()) n += length(c);
  return n;
}

static void flatten_into(IntTuple const& t, std::vector<Int>& out) {
  if (t.is_leaf()) {
    out.push_back(t.value());
    return;
  }
  for (auto const& c : t.children()) flatten_into(c, out);
}

std::vector<Int> flatten_values(IntTuple const& t) {
  std::vector<Int> out;
  flatten_into(t, out);
  return out;
}

IntTuple flatten(IntTuple const& t) {
  if (t.is_leaf()) return t;
  std::vector<IntTuple> leaves;
  for (Int v : flatten_values(t)) leaves.emplace_back(v);
  return IntTuple(std::move(leaves));
}

IntTuple profile(IntTuple const& t) {
  if (t.is_leaf()) return IntTuple(1);
  std::vector<IntTuple> c;
  for (auto const& x : t.children()) c.push_back(profile(x));
  return IntTuple(std::move(c));
}

bool congruent(IntTuple const& a, IntTuple const& b) {
  if (a.is_leaf() || b.is_leaf()) return a.is_leaf() && b.is_leaf();
  if (a.rank() != b.rank()) return false;
  for (std::size_t i = 0; i < a.rank(); ++i)
    if (!congruent(a.mode(i), b.mode(i))) return false;
  return true;
}

Result<Int> product(IntTuple const& t) {
  if (t.is_leaf()) return t.value();
  Int p = 1;
  for (auto const& c : t.children()) {
    CL_TRY(x, product(c));
    CL_TRY(q, checked_mul(p, x, "size"));
    p = q;
  }
  return p;
}

static IntTuple substitute_at(std::vector<Int> const& v, IntTuple const& p, std::size_t& pos) {
  if (p.is_leaf()) return IntTuple(v[pos++]);
  std::vector<IntTuple> c;
  for (auto const& x : p.children()) c.push_back(substitute_at(v, x, pos));
  return IntTuple(std::move(c));
}

Result<IntTuple> substitute(std::vector<Int> const& values, IntTuple const& p) {
  if (length(p) != values.size())
    return fail(ErrorKind::invalid_input, "profile ", to_string(p), " has ", length(p), " entries, not ",
                values.size());
  std::size_t pos = 0;
  return substitute_at(values, p, pos);
}

bool refines(IntTuple const& refined, IntTuple const& coarse) {
  if (coarse.is_leaf()) {
    auto s = product(refined);
    return s && *s == coarse.value();
  }
  if (refined.is_leaf() || refined.rank() != coarse.rank()) return false;
  for (std::size_t i = 0; i < coarse.rank(); ++i)
    if (!refines(refined.mode(i), coarse.mode(i))) return false;
  return true;
}

static void relative_into(IntTuple const& r, IntTuple const& c, std::vector<IntTuple>& out) {
  if (c.is_leaf()) {
    out.push_back(r);
    return;
  }
  for (std::size_t i = 0; i < c.rank(); ++i) relative_into(r.mode(i), c.mode(i), out);
}

Result<std::vector<IntTuple>> relative_modes(IntTuple const& refined, IntTuple const& coarse) {
  if (!refines(refined, coarse))
    return fail(ErrorKind::invalid_input, to_string(refined), " does not refine ", to_string(coarse));
  std::vector<IntTuple> out;
  relative_into(refined, coarse, out);
  return out;
}

IntTuple append(IntTuple const& t, IntTuple const& x) {
  std::vector<IntTuple> c = t.is_leaf() ? std::vector<IntTuple>{t} : t.children();
  c.push_back(x);
  return IntTuple(std::move(c));
}

IntTuple wrap(IntTuple const& t) { return t.is_leaf() ? IntTuple(std::vector<IntTuple>{t}) : t; }

IntTuple unwrap(IntTuple const& t) {
  if (!t.is_leaf() && t.rank() == 1) return unwrap(t.mode(0));
  return t;
}

static void print_into(IntTuple const& t, std::string& out) {
  if (t.is_leaf()) {
    out += std::to_string(t.value());
    return;
  }
  out += '(';
  for (std::size_t i = 0; i < t.rank(); ++i) {
    if (i) out += ',';
    print_into(t.mode(i), out);
  }
  out += ')';
}

std::string to_string(IntTuple const& t) {
  std::string s;
  print_into(t, s);
  return s;
}

}  // namespace catlayout
