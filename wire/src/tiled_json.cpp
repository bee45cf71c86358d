// Tiled MMAs and copies as data: their TV layouts tabulated.
#include "catlayout/wire/tiled_json.hpp"

namespace catlayout::wire {

using namespace catlayout::gpu;  // the values this file writes


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

}  // namespace catlayout::wire
