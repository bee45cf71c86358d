#include "tiled_words.hpp"

#include "catlayout/core/text.hpp"
#include "catlayout/wire/tiled_json.hpp"
#include "catlayout/gpu/tiled_spec.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using gpu::TiledSpec;

// CuTe notation, or a bare shape read column-major (CuTe's make_layout(shape)).
Result<Layout> layout_arg(std::string const& text) {
  if (text.find(':') != std::string::npos) return parse_layout(text);
  CL_TRY(shape, parse_int_tuple(text));
  return gpu::column_major(shape);
}

Result<std::optional<Layout>> permutation_arg(std::string const& text) {
  if (text == "_") return std::optional<Layout>{};
  CL_TRY(l, layout_arg(text));
  return std::optional<Layout>{std::move(l)};
}

Result<TiledSpec> mma_words(std::vector<std::string> const& args, TiledSpec::Kind kind) {  // INSTR ATOM_LAYOUT [PM PN PK]
  if (args.size() != 3 && args.size() != 6)
    return fail(ErrorKind::invalid_input, "tiled ", args[0], ": expected INSTR ATOM_LAYOUT [PERM_M PERM_N PERM_K]");
  TiledSpec spec;
  spec.kind = kind;
  spec.instruction = gpu::find_instruction(args[1]);
  if (!spec.instruction) return fail(ErrorKind::invalid_input, "unknown instruction ", args[1]);
  CL_TRY(atoms, layout_arg(args[2]));
  spec.atoms = std::move(atoms);
  for (std::size_t i = 0; i + 3 < args.size(); ++i) {
    CL_TRY(p, permutation_arg(args[3 + i]));
    spec.permutation[i] = std::move(p);
  }
  return spec;
}

Result<TiledSpec> spec_words(std::vector<std::string> const& args) {
  std::string what = args.empty() ? "" : args[0];
  if (what == "mma") return mma_words(args, TiledSpec::Kind::mma);
  if (what == "copy_A") return mma_words(args, TiledSpec::Kind::copy_A);
  if (what == "copy_B") return mma_words(args, TiledSpec::Kind::copy_B);
  if (what == "copy_C") return mma_words(args, TiledSpec::Kind::copy_C);
  if (what != "copy")
    return fail(ErrorKind::invalid_input, "tiled: expected mma, copy, copy_A, copy_B or copy_C, found '", what, "'");
  if (args.size() != 3) return fail(ErrorKind::invalid_input, "tiled copy: expected THR VAL");
  TiledSpec spec;
  spec.kind = TiledSpec::Kind::copy;
  CL_TRY(thr, layout_arg(args[1]));
  CL_TRY(val, layout_arg(args[2]));
  spec.thr = std::move(thr);
  spec.val = std::move(val);
  return spec;
}

struct DataWords {
  std::string key;  // the TV layout it partitions: A, B, C or TV
  Layout data;
};

// Splits `--data KEY LAYOUT` triples off the words.
Result<std::vector<DataWords>> data_words(std::vector<std::string>& args) {
  std::vector<DataWords> out;
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--data") {
      rest.push_back(args[i]);
      continue;
    }
    if (i + 2 >= args.size()) return fail(ErrorKind::invalid_input, "tiled: --data expects KEY LAYOUT");
    std::string key = args[i + 1];
    if (key != "A" && key != "B" && key != "C" && key != "TV")
      return fail(ErrorKind::invalid_input, "tiled: --data key '", key, "' is not A, B, C or TV");
    CL_TRY(data, layout_arg(args[i + 2]));
    out.push_back({std::move(key), std::move(data)});
    i += 2;
  }
  args = std::move(rest);
  return out;
}

Json partition_json(gpu::DataPartition const& p) {
  Json entry = {{"key", p.key}, {"data", to_string(p.data)}};
  if (!p.error.empty()) entry["error"] = p.error;
  else entry["offsets"] = p.offsets;
  return entry;
}

}  // namespace

Result<Json> tiled_command(std::vector<std::string> const& words) {
  std::vector<std::string> args = words;
  CL_TRY(datas, data_words(args));
  CL_TRY(spec, spec_words(args));
  CL_TRY(tiled, gpu::make_tiled(spec));
  Json j = std::visit(
      [](auto const& t) {
        if constexpr (std::is_same_v<std::decay_t<decltype(t)>, gpu::TiledMma>) return wire::tiled_mma_json(t);
        else return wire::tiled_copy_json(t);
      },
      tiled);
  if (datas.empty()) return j;
  Json all = Json::array();
  for (auto const& d : datas) all.push_back(partition_json(gpu::partition_data(tiled, d.key, d.data)));
  j["partitions"] = std::move(all);
  return j;
}

}  // namespace catlayout::cli
