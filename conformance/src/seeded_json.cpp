#include "seeded_json.hpp"

#include "catlayout/conformance/wire.hpp"
#include "catlayout/core/json_beyond.hpp"

namespace catlayout::conformance {

Json arg_json(proofs::seeded::Arg const& a) {
  return std::visit(
      [](auto const& x) -> Json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Int>) return x;
        else if constexpr (std::is_same_v<T, F2Layout>) return wire::to_json(x);
        else return catlayout::to_json(x);
      },
      a);
}

Json args_json(proofs::seeded::Args const& args) {
  Json j = Json::array();
  for (auto const& a : args) j.push_back(arg_json(a));
  return j;
}

}  // namespace catlayout::conformance
