#pragma once
// Conformance-internal: the checker's fast path for one case, read from its JSON text.
// It answers only when the answer is certain: a case in the plain form (read_case) and, for the
// core layout ops, an exact match (exact_core_case). Anything else is left to the DOM path of
// check.cpp, which gives every other outcome and its wording.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/layout.hpp"
#include "catlayout/wire/json_scan.hpp"
#include "catlayout/wire/ops.hpp"

namespace catlayout::conformance::fast {

// The fields of a case as check_document reads them.
struct CaseText {
  std::string_view op;
  std::optional<std::string_view> id;  // nullopt: no id, or one that is not a string
  std::vector<std::string> tags;
  std::string_view args, expect;
};

// A case object by its members (wire::scan::skip_object; no key repeats) when it has a string op, args
// and expect, and its op, id and tags are strings without escapes; nullopt otherwise.
std::optional<CaseText> read_case(std::span<wire::scan::Member const> members);

// True when `op` is a core layout op whose args read plainly and whose result is exactly
// `expect` (the layout, or the error kind); false means "ask the DOM path". Strict: when true,
// args and expect are valid JSON (each as a member value of a case), read whole, so a caller
// may call it on text the scanner has only delimited.
bool exact_core_case(std::string_view op, std::string_view args, std::string_view expect, Convention c);
// The same with the op's row of the op table already found (nullptr: an unknown op, false), so
// that a case looks its op up once for every fast path.
bool exact_core_case(wire::OpRow const* row, std::string_view args, std::string_view expect, Convention c);

// Shared with the other fast paths (fast_categorical.cpp), strict as exact_core_case is:
// expect is exactly {"shape": S, "stride": D} of l, apart from provenance ("confirmed_on",
// "sources"), which classify does not compare either.
bool matches_layout(std::string_view expect, Layout const& l);
// expect is {"error": KIND, ...} with KIND the kind of e, as classify compares it.
bool matches_error(std::string_view expect, Error const& e);
// Provenance members of an expectation, which classify leaves out of the comparison.
inline bool is_provenance(std::string_view key) { return key == "confirmed_on" || key == "sources"; }

}  // namespace catlayout::conformance::fast
