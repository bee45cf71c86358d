#include "seeded_json.hpp"

#include "catlayout/wire/values_json.hpp"
#include "catlayout/wire/strides_json.hpp"

namespace catlayout::conformance {

using namespace catlayout::wire;  // the JSON forms of the values

Json arg_json(generators::Arg const& a, ComposedForm form) {
  return std::visit(
      [form](auto const& x) -> Json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Int>) return x;
        else if constexpr (std::is_same_v<T, F2Layout> || std::is_same_v<T, SliceCoord>) return wire::to_json(x);
        else if constexpr (std::is_same_v<T, Major>) return x == Major::left ? "LayoutLeft" : "LayoutRight";
        else if constexpr (std::is_same_v<T, Projection>) {  // 1 where kept, null for CuTe's X
          Json p = Json::array();
          for (bool k : x.keep) p.push_back(k ? Json(1) : Json(nullptr));
          return p;
        } else if constexpr (std::is_same_v<T, ComposedLayout>) {
          return form == ComposedForm::layout_when_plain ? layout_or_composed_json(x) : wire::to_json(x);
        } else {
          return wire::to_json(x);
        }
      },
      a);
}

Json args_json(generators::Args const& args, ComposedForm form) {
  Json j = Json::array();
  for (auto const& a : args) j.push_back(arg_json(a, form));
  return j;
}

}  // namespace catlayout::conformance
