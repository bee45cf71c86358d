#include "catlayout/core/error.hpp"

namespace catlayout {

static constexpr std::pair<ErrorKind, std::string_view> kNames[] = {
    {ErrorKind::inadmissible, "inadmissible"},
    {ErrorKind::not_tractable, "not_tractable"},
    {ErrorKind::not_complementable, "not_complementable"},
    {ErrorKind::not_refinable, "not_refinable"},
    {ErrorKind::invalid_input, "invalid_input"},
    {ErrorKind::not_representable, "not_representable"},
};

std::string_view kind_name(ErrorKind kind) {
  for (auto const& [k, n] : kNames)
    if (k == kind) return n;
  return "invalid_input";
}

bool parse_kind(std::string_view name, ErrorKind& out) {
  for (auto const& [k, n] : kNames)
    if (n == name) {
      out = k;
      return true;
    }
  return false;
}

}  // namespace catlayout
