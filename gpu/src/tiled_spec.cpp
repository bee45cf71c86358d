#include "catlayout/gpu/tiled_spec.hpp"

namespace catlayout::gpu {

Result<Tiled> make_tiled(TiledSpec const& spec) {
  if (spec.kind == TiledSpec::Kind::copy) {
    CL_TRY(copy, make_tiled_copy(spec.thr, spec.val));
    return Tiled(std::move(copy));
  }
  CL_TRY(mma, make_tiled_mma(*spec.instruction, spec.atoms, spec.permutation));
  switch (spec.kind) {
    case TiledSpec::Kind::copy_A: return make_tiled_copy_A(mma);
    case TiledSpec::Kind::copy_B: return make_tiled_copy_B(mma);
    case TiledSpec::Kind::copy_C: return make_tiled_copy_C(mma);
    default: return Tiled(std::move(mma));
  }
}

namespace {

// The TV layout `key` names in a tiled MMA (what its threads hold of A, B or C) or copy (TV).
std::optional<Layout> tv_named(Tiled const& tiled, std::string const& key) {
  if (auto const* copy = std::get_if<TiledCopy>(&tiled)) return key == "TV" ? std::optional<Layout>(copy->tv) : std::nullopt;
  auto const& mma = std::get<TiledMma>(tiled);
  if (key != "A" && key != "B" && key != "C") return std::nullopt;
  auto tv = mma.holds(key == "A" ? Operand::A : key == "B" ? Operand::B : Operand::C);
  return tv ? std::optional<Layout>(*tv) : std::nullopt;
}

}  // namespace

DataPartition partition_data(Tiled const& tiled, std::string const& key, Layout const& data) {
  DataPartition out{key, data, "", {}};
  std::optional<Layout> tv = tv_named(tiled, key);
  if (!tv) {
    out.error = "no TV layout " + key;
    return out;
  }
  for (Int t = 0; t < tv->mode(0).size(); ++t) {
    auto part = partition(*tv, data, t);
    if (!part) {
      out.error = part.error().what();
      out.offsets.clear();
      return out;
    }
    std::vector<Int> row;
    for (Int v = 0; v < part->size(); ++v) row.push_back(part->at(v));
    out.offsets.push_back(std::move(row));
  }
  return out;
}

}  // namespace catlayout::gpu
