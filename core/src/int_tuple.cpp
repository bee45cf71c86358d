#include "catlayout/core/int_tuple.hpp"

#include <charconv>
#include <stdexcept>

#include "catlayout/core/checked.hpp"

namespace catlayout {

IntTuple::IntTuple(std::span<Int const> values, std::span<std::uint8_t const> word) {
  values_.append(values.data(), values.size());
  word_.append(word.data(), word.size());
  count_rank();
}

void IntTuple::count_rank() {
  if (is_leaf()) {
    rank_ = 1;
    return;
  }
  std::uint32_t r = 0;
  int level = 0;
  for (std::size_t k = 1; k + 1 < word_.size(); ++k) {
    auto t = word_[k];
    if (level == 0 && t != close_token) ++r;
    level += (t == open_token) - (t == close_token);
  }
  rank_ = r;
}

IntTuple::IntTuple(std::vector<IntTuple> const& children) : IntTuple() {
  for (auto const& c : children) push_back(c);
}

IntTuple IntTuple::flat(std::span<Int const> values) {
  IntTuple t;
  t.values_.append(values.data(), values.size());
  t.word_.resize(values.size() + 2, leaf_token);  // "()" grows to "()LL..L"
  t.word_[1] = leaf_token;
  t.word_.back() = close_token;
  t.rank_ = static_cast<std::uint32_t>(values.size());
  return t;
}

IntTuple IntTuple::with_profile(IntTuple const& p, std::span<Int const> values) {
  IntTuple t = p;
  t.values_.assign(values.begin(), values.end());
  return t;
}

void IntTuple::push_back(IntTuple const& child) {
  if (&child == this) {  // t.push_back(t): append a copy
    IntTuple copy = child;
    push_back(copy);
    return;
  }
  word_.pop_back();  // reopen the closing bracket
  word_.append(child.word_.data(), child.word_.size());
  word_.push_back(close_token);
  values_.append(child.values_.data(), child.values_.size());
  ++rank_;
}

IntTuple IntTuple::mode(std::size_t i) const {
  if (is_leaf()) {
    if (i == 0) return *this;
  } else {
    // One pass over the word: find child i, and count its own modes (tokens opened at level 1).
    std::size_t child = 0, leaves = 0, start = 0, start_leaf = 0;
    std::uint32_t child_rank = 0;
    int level = 0;
    for (std::size_t k = 1; k + 1 < word_.size(); ++k) {
      auto t = word_[k];
      if (level == 0) {
        start = k;
        start_leaf = leaves;
        child_rank = t == leaf_token ? 1 : 0;
      } else if (level == 1 && t != close_token) {
        ++child_rank;
      }
      level += (t == open_token) - (t == close_token);
      leaves += t == leaf_token;
      if (level == 0) {
        if (child == i)
          return IntTuple(std::span(values_.data() + start_leaf, leaves - start_leaf),
                          std::span(word_.data() + start, k + 1 - start), child_rank);
        ++child;
      }
    }
  }
  throw std::out_of_range(str("mode ", i, " of ", to_string(*this), ", which has rank ", rank()));
}

std::vector<IntTuple> IntTuple::children() const {
  std::vector<IntTuple> out;
  if (is_leaf()) return out;
  for (std::size_t i = 0; i < rank(); ++i) out.push_back(mode(i));  // not a hot path: one walk each
  return out;
}

std::size_t depth(IntTuple const& t) {
  int level = 0, most = 0;
  for (auto x : t.word()) {
    level += (x == IntTuple::open_token) - (x == IntTuple::close_token);
    most = std::max(most, level);
  }
  return static_cast<std::size_t>(most);
}

std::size_t length(IntTuple const& t) { return t.values().size(); }

std::vector<Int> flatten_values(IntTuple const& t) { return {t.values().begin(), t.values().end()}; }

IntTuple flatten(IntTuple const& t) {
  if (t.is_leaf()) return t;
  return IntTuple::flat(t.values());
}

IntTuple profile(IntTuple const& t) {
  Ints ones(t.values().size(), 1);
  return IntTuple::with_profile(t, ones);
}

bool congruent(IntTuple const& a, IntTuple const& b) { return a.word() == b.word(); }

Result<Int> product(IntTuple const& t) {
  Int p = 1;
  for (Int x : t.values()) {
    Int q;
    if (__builtin_mul_overflow(p, x, &q)) return checked_mul(p, x, "size");  // names the overflow
    p = q;
  }
  return p;
}

Result<IntTuple> substitute(std::vector<Int> const& values, IntTuple const& p) {
  if (length(p) != values.size())
    return fail(ErrorKind::invalid_input, "profile ", to_string(p), " has ", length(p), " entries, not ",
                values.size());
  return IntTuple::with_profile(p, values);
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
  IntTuple c = wrap(t);
  c.push_back(x);
  return c;
}

IntTuple wrap(IntTuple const& t) {
  if (!t.is_leaf()) return t;
  IntTuple c;
  c.push_back(t);
  return c;
}

IntTuple unwrap(IntTuple const& t) {
  if (!t.is_leaf() && t.rank() == 1) return unwrap(t.mode(0));
  return t;
}

void append_to(std::string& s, IntTuple const& t) {
  // Written in place, each integer through to_chars: error messages print tuples, and the
  // checker meets thousands of error cases (no temporary string per entry).
  std::size_t v = 0;
  bool need_comma = false;
  for (auto x : t.word()) {
    if (x == IntTuple::close_token) {
      s += ')';
      need_comma = true;
      continue;
    }
    if (need_comma) s += ',';
    if (x == IntTuple::open_token) {
      s += '(';
      need_comma = false;
    } else {
      char buf[24];  // an int64: at most 19 digits and a sign
      s.append(buf, std::to_chars(buf, buf + sizeof buf, t.values()[v++]).ptr);
      need_comma = true;
    }
  }
}

std::string to_string(IntTuple const& t) {
  std::string s;
  append_to(s, t);
  return s;
}

}  // namespace catlayout
