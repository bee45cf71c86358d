// The op table's rows for the gpu catalogue (gpu/README.md, "Vector ops"), for the vector checker:
//   mma.fragment      [instruction, operand]  -> {"tv_layout", "table" | "table_digest"}
//   wgmma.smem_layout [layout name, "A"|"B"]  -> {"layout", "operand_rows", "operand_k", "descriptor",
//                                                 "probe", "offsets"}
// A vector's "confirmed_on" and "sources" are provenance: the checker does not compare them. An unknown
// instruction, layout or operand is invalid_input naming `path`.
#include "catlayout/gpu/report.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {
namespace {

struct NameAndOperand {
  std::string name, operand_name;
  std::optional<gpu::Operand> operand;
};

Result<NameAndOperand> name_and_operand(Json const& args, std::string const& path) {
  if (!args.is_array() || args.size() != 2 || !args[0].is_string() || !args[1].is_string())
    return fail(ErrorKind::invalid_input, "expected [name, operand] at ", path);
  std::string name = args[0].get<std::string>(), op_name = args[1].get<std::string>();
  return NameAndOperand{name, op_name, gpu::parse_operand(op_name)};
}

}  // namespace

Result<Json> op_mma_fragment(OpRow const&, Json const& args, std::string const& path, Convention) {
  CL_TRY(a, name_and_operand(args, path));
  auto const& [name, op_name, operand] = a;
  gpu::Instruction const* ins = gpu::find_instruction(name);
  if (!ins) return fail(ErrorKind::invalid_input, "unknown instruction ", name, " at ", path, "[0]");
  gpu::Fragment const* f = operand ? ins->fragment(*operand) : nullptr;
  if (!f) return fail(ErrorKind::invalid_input, name, " has no operand ", op_name, " at ", path, "[1]");
  return gpu::fragment_vector_json(*f);
}

Result<Json> op_wgmma_smem_layout(OpRow const&, Json const& args, std::string const& path, Convention) {
  CL_TRY(a, name_and_operand(args, path));
  auto const& [name, op_name, operand] = a;
  gpu::SmemLayout const* s = gpu::find_smem_layout(name);
  if (!s) return fail(ErrorKind::invalid_input, "unknown shared-memory layout ", name, " at ", path, "[0]");
  if (!operand || (*operand != gpu::Operand::A && *operand != gpu::Operand::B))
    return fail(ErrorKind::invalid_input, "operand ", op_name, " at ", path, "[1]: expected A or B");
  return gpu::smem_vector_json(*s, *operand);
}

}  // namespace catlayout::wire
