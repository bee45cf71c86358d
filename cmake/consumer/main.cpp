// A downstream program: uses every installed library target through the package.
#include <catlayout/algorithms/mutual_refinement.hpp>
#include <catlayout/analysis.hpp>
#include <catlayout/conformance/ops.hpp>
#include <catlayout/core.hpp>
#include <catlayout/gpu/catalogue.hpp>
#include <catlayout/playground/api.hpp>
#include <catlayout/proofs/enumerate.hpp>
#include <catlayout/viz/show.hpp>
#include <iostream>

int main() {
  using namespace catlayout;
  using namespace catlayout::wire;  // the JSON forms of the values
  using namespace catlayout::algorithms;  // paper chapter 4
  auto r = composition(layout(tup(6, 2), tup(8, 2)), layout(tup(4, 3), tup(3, 1)));  // core
  if (!r || to_string(*r) != "((2,2),3):((24,2),8)") return 1;
  std::cout << to_string(*r) << "\n";
  auto nest = conformance::run_op("layout.to_nest", Json::array({to_json(*r)}), "$");  // conformance -> categories
  auto refined = mutual_refinement(tup(6, 2), tup(2, 6));                                // algorithms
  auto grid = viz::show_grid(*r);                                                        // viz
  auto const* mma = gpu::find_instruction("mma.m16n8k16.f32.f16.f16.f32");              // gpu
  auto some = proofs::flat_layouts(proofs::Bounds{4, 1, 2}, false);                     // proofs
  auto col = analysis::make_access(layout(tup(32, 1), tup(1, 0)), {{}, 0, layout(tup(32, 32), tup(32, 1))}, {});
  auto banks = col ? analysis::bank_conflicts(*col) : std::unexpected(col.error());     // analysis
  auto page = playground::handle(R"json({"do":"op","op":"compose","args":["(6,2):(8,2)","(4,3):(3,1)"]})json");  // playground
  if (page.find("((2,2),3):((24,2),8)") == std::string::npos) return 3;
  if (!nest || !refined || !grid || !mma || some.empty() || !banks || banks->wavefronts != 32) return 2;
  std::cout << "all targets linked: " << gpu::catalogue().size() << " instructions catalogued\n";
  return 0;
}
