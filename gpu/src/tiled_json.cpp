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

struct DataArg {
  std::string key;  // the TV layout it partitions: A, B, C or TV
  Layout data;
};

// Splits `--data KEY LAYOUT` pairs off the configuration's arguments.
Result<std::vector<DataArg>> data_args(std::vector<std::string>& args) {
  std::vector<DataArg> out;
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

// Adds j["partitions"]: per `--data`, in their order, the partition of the data layout by that TV
// layout for every thread. A refusal is kept as the entry's error, so the TV layouts themselves are
// still compared.
void add_partitions(Json& j, std::vector<DataArg> const& datas, auto const& tv_of) {
  if (datas.empty()) return;
  Json all = Json::array();
  for (DataArg const& d : datas) {
    Json entry = {{"key", d.key}, {"data", to_string(d.data)}};
    std::optional<Layout> tv = tv_of(d.key);
    if (!tv) {
      entry["error"] = "no TV layout " + d.key;
      all.push_back(std::move(entry));
      continue;
    }
    Json offsets = Json::array();
    for (Int t = 0; t < tv->mode(0).size(); ++t) {
      auto part = partition(*tv, d.data, t);
      if (!part) {
        entry["error"] = part.error().what();
        break;
      }
      Json row = Json::array();
      for (Int v = 0; v < part->size(); ++v) row.push_back(part->at(v));
      offsets.push_back(std::move(row));
    }
    if (!entry.contains("error")) entry["offsets"] = std::move(offsets);
    all.push_back(std::move(entry));
  }
  j["partitions"] = std::move(all);
}

}  // namespace

Result<Json> run_tiled(std::vector<std::string> const& argv) {
  std::vector<std::string> args = argv;
  CL_TRY(datas, data_args(args));
  std::string what = args.empty() ? "" : args[0];
  if (what == "mma") {
    CL_TRY(mma, mma_args(args));
    Json j = tiled_mma_json(mma);
    add_partitions(j, datas, [&](std::string const& key) -> std::optional<Layout> {
      if (key == "TV") return std::nullopt;
      auto tv = mma.holds(key == "A" ? Operand::A : key == "B" ? Operand::B : Operand::C);
      return tv ? std::optional<Layout>(*tv) : std::nullopt;
    });
    return j;
  }
  std::optional<TiledCopy> copy;
  if (what == "copy") {
    if (args.size() != 3) return fail(ErrorKind::invalid_input, "tiled copy: expected THR VAL");
    CL_TRY(thr, layout_arg(args[1]));
    CL_TRY(val, layout_arg(args[2]));
    CL_TRY(c, make_tiled_copy(thr, val));
    copy = std::move(c);
  } else if (what == "copy_A" || what == "copy_B" || what == "copy_C") {
    CL_TRY(mma, mma_args(args));
    auto c = what == "copy_A" ? make_tiled_copy_A(mma) : what == "copy_B" ? make_tiled_copy_B(mma) : make_tiled_copy_C(mma);
    if (!c) return std::unexpected(c.error());
    copy = std::move(*c);
  } else {
    return fail(ErrorKind::invalid_input, "tiled: expected mma, copy, copy_A, copy_B or copy_C, found '", what, "'");
  }
  Json j = tiled_copy_json(*copy);
  add_partitions(j, datas, [&](std::string const& key) -> std::optional<Layout> {
    return key == "TV" ? std::optional<Layout>(copy->tv) : std::nullopt;
  });
  return j;
}

}  // namespace catlayout::gpu
