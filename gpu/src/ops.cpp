// mma.fragment and wgmma.smem_layout: what the catalogue says, in the vectors' form.
#include "catlayout/gpu/ops.hpp"

#include "catlayout/gpu/report.hpp"

namespace catlayout::gpu {

std::vector<std::string> const& gpu_ops() {
  static std::vector<std::string> const ops = {"mma.fragment", "wgmma.smem_layout"};
  return ops;
}

Result<Json> run_gpu_op(std::string const& op, Json const& args, std::string const& path) {
  if (!args.is_array() || args.size() != 2 || !args[0].is_string() || !args[1].is_string())
    return fail(ErrorKind::invalid_input, "expected [name, operand] at ", path);
  std::string name = args[0].get<std::string>(), op_name = args[1].get<std::string>();
  auto operand = parse_operand(op_name);
  if (op == "mma.fragment") {
    Instruction const* ins = find_instruction(name);
    if (!ins) return fail(ErrorKind::invalid_input, "unknown instruction ", name, " at ", path, "[0]");
    Fragment const* f = operand ? ins->fragment(*operand) : nullptr;
    if (!f) return fail(ErrorKind::invalid_input, name, " has no operand ", op_name, " at ", path, "[1]");
    return fragment_vector_json(*f);
  }
  if (op == "wgmma.smem_layout") {
    SmemLayout const* s = find_smem_layout(name);
    if (!s) return fail(ErrorKind::invalid_input, "unknown shared-memory layout ", name, " at ", path, "[0]");
    if (!operand || (*operand != Operand::A && *operand != Operand::B))
      return fail(ErrorKind::invalid_input, "operand ", op_name, " at ", path, "[1]: expected A or B");
    return smem_vector_json(*s, *operand);
  }
  return fail(ErrorKind::invalid_input, "op '", op, "' is not implemented");
}

}  // namespace catlayout::gpu
