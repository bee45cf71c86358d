#include "catlayout/wire/analysis_json.hpp"

namespace catlayout::wire {

using namespace catlayout::analysis;  // the values this file writes


Json to_json(BankReport const& r) {
  Json accesses = Json::array();
  for (auto const& a : r.accesses) {
    Json phases = Json::array();
    for (auto const& p : a.phases)
      phases.push_back({{"first_thread", p.first_thread}, {"threads", p.threads}, {"wavefronts", p.wavefronts},
                        {"worst_bank", p.worst_bank}, {"colliding_threads", p.colliding}, {"words_per_bank", p.words}});
    accesses.push_back({{"warp", a.warp}, {"instruction", a.instruction}, {"wavefronts", a.wavefronts},
                        {"ideal", a.ideal}, {"phases", phases}});
  }
  return {{"model", {{"banks", banks}, {"bank_bytes", bank_bytes}, {"threads_per_phase", r.threads_per_phase}}},
          {"vector_bytes", r.vector_bytes}, {"wavefronts", r.wavefronts}, {"ideal", r.ideal},
          {"worst_access", r.worst}, {"worst_ratio", r.worst_ratio()}, {"accesses", accesses}};
}

Json to_json(CoalescingReport const& r) {
  Json accesses = Json::array();
  for (auto const& a : r.accesses)
    accesses.push_back({{"warp", a.warp}, {"instruction", a.instruction}, {"bytes", a.bytes}, {"sectors", a.sectors},
                        {"ideal_sectors", a.ideal_sectors}, {"lines", a.lines}, {"ideal_lines", a.ideal_lines}});
  return {{"model", {{"sector_bytes", sector_bytes}, {"line_bytes", line_bytes}}},
          {"bytes", r.bytes}, {"sectors", r.sectors}, {"ideal_sectors", r.ideal_sectors}, {"lines", r.lines},
          {"ideal_lines", r.ideal_lines}, {"sector_efficiency", r.sector_efficiency()}, {"accesses", accesses}};
}

Json to_json(VectorReport const& r) {
  Json limits = Json::array();
  for (auto const& l : r.limits) limits.push_back({{"what", l.what}, {"bound", l.bound}, {"why", l.why}});
  Json j{{"values", r.values}, {"bytes", r.bytes}, {"method", r.method}, {"limits", limits},
         {"limited_by", r.limited_by}};
  if (!r.composed.empty()) j["composed"] = r.composed;
  return j;
}

Json to_json(OwnershipReport const& r) {
  return {{"tile", r.tile}, {"threads", r.threads}, {"values", r.values}, {"block_threads", r.block_threads},
          {"exact", r.exact()}, {"once", r.once}, {"replicated", r.replicated}, {"max_owners", r.max_owners},
          {"uncovered", r.uncovered}, {"replica_groups", r.replica_groups}, {"idle_threads", r.idle_threads},
          {"stride0_modes", r.stride0_modes}};
}

Json to_json(Footprint const& f) {
  return {{"size", f.size}, {"cosize", f.cosize}, {"min_offset", f.min_offset}, {"max_offset", f.max_offset},
          {"image", f.image}, {"holes", f.holes}, {"tile", f.tile}, {"injective", f.injective},
          {"compact", f.compact}, {"surjective", f.surjective}};
}

}  // namespace catlayout::wire
