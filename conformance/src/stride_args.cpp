#include "catlayout/conformance/stride_args.hpp"

#include "catlayout/wire/ops.hpp"
#include "seeded_json.hpp"

namespace catlayout::conformance {

using namespace catlayout::wire;  // the JSON forms of the values

std::vector<Json> random_stride_args(std::string const& op, std::mt19937_64& g, int count) {
  std::vector<Json> out;
  auto const* row = wire::find_op(op);
  if (!row || row->family != wire::OpFamily::strides) return out;
  for (int i = 0; i < count; ++i) out.push_back(args_json(generators::stride_op_args(op, g)));
  return out;
}

}  // namespace catlayout::conformance
