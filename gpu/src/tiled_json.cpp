// The probe's `tiled` command: parse a configuration, build it, tabulate its TV layouts.
#include "catlayout/gpu/tiled_json.hpp"

#include "catlayout/core/text.hpp"

namespace catlayout::gpu {

Json tv_json(Layout const& tv, std::array<Int, 2> tile) {
  Int threads = tv.mode(0).size(), values = tv.mode(1).size();
  Json table = Json::array();
  for (Int i = 0; i < tv.size(); ++i) table.push_back(tv(i));  // colexicographic: t + threads * v
  return {{"layout", to_string(tv)}, {"rows", tile[0]}, {"cols", tile[1]}, {"threads", threads},
          {"values", values}, {"table", std::move(table)}};
}

Json tiled_mma_json(TiledMma const& mma) {
  Json j = {{"kind", "mma"}, {"atom", mma.atom}, {"threads", mma.threads()},
            {"thr_layout_vmnk", to_string(mma.thr_layout_vmnk)}, {"tile", {mma.tile[0], mma.tile[1], mma.tile[2]}}};
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    if (auto tv = mma.tv(op)) j[std::string(operand_name(op))] = tv_json(*tv, mma.tile_of(op));
  return j;
}

Json tiled_copy_json(TiledCopy const& copy) {
  return {{"kind", "copy"}, {"threads", copy.threads()}, {"tile", {copy.tile[0], copy.tile[1]}},
          {"TV", tv_json(copy.tv, copy.tile)}};
}

namespace {

// CuTe notation, or a bare shape read column-major (CuTe's make_layout(shape)).
Result<Layout> layout_arg(std::string const& text) {
  if (text.find(':') != std::string::npos) return parse_layout(text);
  CL_TRY(shape, parse_int_tuple(text));
  return column_major(shape);
}

Result<std::optional<Layout>> permutation_arg(std::string const& text) {
  if (text == "_") return std::optional<Layout>{};
  CL_TRY(l, layout_arg(text));
  return std::optional<Layout>{std::move(l)};
}

Result<TiledMma> mma_args(std::vector<std::string> const& args) {  // INSTR ATOM_LAYOUT [PM PN PK]
  if (args.size() != 3 && args.size() != 6)
    return fail(ErrorKind::invalid_input, "tiled ", args[0], ": expected INSTR ATOM_LAYOUT [PERM_M PERM_N PERM_K]");
  Instruction const* ins = find_instruction(args[1]);
  if (!ins) return fail(ErrorKind::invalid_input, "unknown instruction ", args[1]);
  CL_TRY(atom_layout, layout_arg(args[2]));
  PermutationMnk perm;
  for (std::size_t i = 0; i + 3 < args.size(); ++i) {
    CL_TRY(p, permutation_arg(args[3 + i]));
    perm[i] = std::move(p);
  }
  return make_tiled_mma(*ins, atom_layout, perm);
}

}  // namespace

Result<Json> run_tiled(std::vector<std::string> const& args) {
  std::string what = args.empty() ? "" : args[0];
  if (what == "mma") {
    CL_TRY(mma, mma_args(args));
    return tiled_mma_json(mma);
  }
  if (what == "copy") {
    if (args.size() != 3) return fail(ErrorKind::invalid_input, "tiled copy: expected THR VAL");
    CL_TRY(thr, layout_arg(args[1]));
    CL_TRY(val, layout_arg(args[2]));
    CL_TRY(copy, make_tiled_copy(thr, val));
    return tiled_copy_json(copy);
  }
  if (what == "copy_A" || what == "copy_B" || what == "copy_C") {
    CL_TRY(mma, mma_args(args));
    auto copy = what == "copy_A" ? make_tiled_copy_A(mma) : what == "copy_B" ? make_tiled_copy_B(mma) : make_tiled_copy_C(mma);
    if (!copy) return std::unexpected(copy.error());
    return tiled_copy_json(*copy);
  }
  return fail(ErrorKind::invalid_input, "tiled: expected mma, copy, copy_A, copy_B or copy_C, found '", what, "'");
}

}  // namespace catlayout::gpu
