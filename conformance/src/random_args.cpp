#include "catlayout/conformance/random_args.hpp"

#include "catlayout/wire/ops.hpp"
#include "seeded_json.hpp"

namespace catlayout::conformance {

std::vector<Json> random_row_args(std::string const& op, std::mt19937_64& g, int count) {
  std::vector<Json> out;
  auto const* row = wire::find_op(op);
  if (!row || !row->typed.generate) return out;
  // CuTe's API ops write a plain composed layout as a layout; the stride-kind ops always as composed.
  auto form = row->family == wire::OpFamily::cute_api ? ComposedForm::layout_when_plain : ComposedForm::always;
  for (int i = 0; i < count; ++i) out.push_back(args_json(row->typed.generate(g), form));
  return out;
}

}  // namespace catlayout::conformance
