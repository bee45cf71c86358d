// The catalogue as data (`catlayout.gpu-catalogue/1`): every instruction's fragments and every
// wgmma shared-memory atom, with their functions tabulated, for other tools (the CUTLASS cross-check).
#include "catlayout/wire/catalogue_json.hpp"

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/sm100.hpp"

namespace catlayout::wire {

using namespace catlayout::gpu;  // the values this file writes


Json fragment_entry_json(Fragment const& f) {
  Json offsets = Json::array();
  for (Int v = 0; v < f.values; ++v)
    for (Int t = 0; t < f.threads; ++t) offsets.push_back(*f.tv.at_coord(tup(t, v)));
  return {{"operand", std::string(operand_name(f.operand))}, {"elem", std::string(elem_name(f.elem))},
          {"bits", elem_bits(f.elem)}, {"rows", f.rows}, {"cols", f.cols}, {"threads", f.threads},
          {"values", f.values}, {"tv_layout", to_json(f.tv)}, {"ptx_section", f.ptx_section},
          {"offsets", std::move(offsets)}};
}

Json smem_layout_json(SmemLayout const& s) {
  Json offsets = Json::array();
  for (Int k = 0; k < s.cols; ++k)
    for (Int mn = 0; mn < s.rows; ++mn) offsets.push_back(s.at(mn, k));
  return {{"name", s.name}, {"elem_bits", s.elem_bits}, {"major", std::string(major_name(s.major))},
          {"swizzle", std::string(swizzle_name(s.swizzle))}, {"rows", s.rows}, {"cols", s.cols},
          {"layout", to_string(s.layout)}, {"ptx_section", s.ptx_section}, {"offsets", std::move(offsets)}};
}

Json catalogue_json() {
  Json instructions = Json::array();
  for (auto const& ins : catalogue()) {
    Json frags = Json::array();
    for (auto const& f : ins.fragments) frags.push_back(fragment_entry_json(f));
    instructions.push_back({{"name", ins.name}, {"kind", std::string(kind_name(ins.kind))}, {"ptx", ins.ptx},
                            {"arch", ins.arch}, {"M", ins.M}, {"N", ins.N}, {"K", ins.K},
                            {"fragments", std::move(frags)}});
  }
  Json smem = Json::array();
  for (auto const& s : smem_layouts()) smem.push_back(smem_layout_json(s));
  for (auto const& s : umma_smem_layouts()) smem.push_back(smem_layout_json(s));  // tcgen05's, CPU only
  return {{"schema", "catlayout.gpu-catalogue/1"}, {"instructions", std::move(instructions)},
          {"smem_layouts", std::move(smem)}};
}

}  // namespace catlayout::wire
