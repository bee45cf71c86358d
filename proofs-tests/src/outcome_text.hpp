#pragma once
// proofs-internal: how the property files word a table and judge a refusal. Not installed.
#include <initializer_list>
#include <string>
#include <vector>

#include "catlayout/proofs/properties.hpp"

namespace catlayout::proofs::detail {

// [t0,t1,...], the first `limit` entries.
inline std::string table_text(std::vector<Int> const& t, std::size_t limit = 32) {
  std::string s = "[";
  for (std::size_t i = 0; i < t.size() && i < limit; ++i) {
    if (i) s += ',';
    s += std::to_string(t[i]);
  }
  return s + (t.size() > limit ? ",...]" : "]");
}

// An overflow report: invalid_input whose message starts "overflow".
inline bool overflow(Error const& e) { return e.kind == ErrorKind::invalid_input && e.message.starts_with("overflow"); }

// A refusal is vacuous when its kind is one the operation documents, or an overflow report;
// anything else is a counterexample.
inline Outcome refused(Error const& e, std::initializer_list<ErrorKind> allowed, std::string const& call) {
  for (auto k : allowed)
    if (e.kind == k) return Outcome::skip(call + ": " + e.what());
  if (overflow(e)) return Outcome::skip(e.what());
  return Outcome::fail(call + " refused with an undocumented error kind: " + e.what());
}

}  // namespace catlayout::proofs::detail
