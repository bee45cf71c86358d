// fuzz_parse: the CuTe-notation parser (core/text.hpp) on arbitrary bytes. Every success must
// print and re-parse to the same value (to_string(parse(s)) round-trips and is a fixpoint);
// every failure is an invalid_input Result, never an exception, UB or unbounded recursion.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "catlayout/core.hpp"
#include "catlayout/core/text.hpp"
#include "common.hpp"

using namespace catlayout;

namespace {

bool same_tiler(Tiler const& a, Tiler const& b) {
  if (a.integer != b.integer || a.is_layout() != b.is_layout()) return false;
  if (a.is_layout()) return *a.layout == *b.layout;
  if (a.modes.size() != b.modes.size()) return false;
  for (std::size_t i = 0; i < a.modes.size(); ++i)
    if (!same_tiler(a.modes[i], b.modes[i])) return false;
  return true;
}

std::string list_string(std::vector<Int> const& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

template <class T, class Parse, class Print, class Same>
void round_trip(char const* what, std::string_view input, Parse parse, Print print, Same same) {
  Result<T> r = parse(input);
  if (!r) {
    FUZZ_REQUIRE(r.error().kind == ErrorKind::invalid_input,
                 std::string(what) + ": parse error of kind " + std::string(kind_name(r.error().kind)));
    FUZZ_REQUIRE(!r.error().message.empty(), std::string(what) + ": empty error message");
    return;
  }
  std::string printed = print(*r);
  Result<T> again = parse(printed);
  FUZZ_REQUIRE(again.has_value(), std::string(what) + ": printed form '" + printed + "' does not re-parse: " +
                                      (again ? std::string() : again.error().what()));
  FUZZ_REQUIRE(same(*r, *again), std::string(what) + ": '" + printed + "' re-parses to a different value");
  FUZZ_REQUIRE(print(*again) == printed, std::string(what) + ": printing is not a fixpoint for '" + printed + "'");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  std::string_view input(reinterpret_cast<char const*>(data), size);
  round_trip<IntTuple>(
      "parse_int_tuple", input, [](std::string_view s) { return parse_int_tuple(s); },
      [](IntTuple const& t) { return to_string(t); }, [](IntTuple const& a, IntTuple const& b) { return a == b; });
  round_trip<Layout>(
      "parse_layout", input, [](std::string_view s) { return parse_layout(s); },
      [](Layout const& l) { return to_string(l); }, [](Layout const& a, Layout const& b) { return a == b; });
  round_trip<Tiler>(
      "parse_tiler", input, [](std::string_view s) { return parse_tiler(s); },
      [](Tiler const& t) { return to_string(t); }, same_tiler);
  round_trip<std::vector<Int>>(
      "parse_int_list", input, [](std::string_view s) { return parse_int_list(s); }, list_string,
      [](std::vector<Int> const& a, std::vector<Int> const& b) { return a == b; });
  // A parsed layout is valid: its size and cosize are computable without overflow.
  if (auto l = parse_layout(input)) {
    FUZZ_REQUIRE(l->size() >= 1, "layout size < 1");
    (void)cosize(*l);
    if (l->size() <= 4096) (void)tabulate(*l);
  }
  return 0;
}
