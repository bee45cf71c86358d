#include "catlayout/analysis/pictures.hpp"

#include <algorithm>

namespace catlayout::analysis {

Result<viz::CellGrid> bank_heatmap(BankReport const& r, MemoryAccess const& a, Int max_rows) {
  Int phases = 0;
  for (auto const& acc : r.accesses) phases += static_cast<Int>(acc.phases.size());
  if (max_rows < 1) return fail(ErrorKind::invalid_input, "a heat map of ", max_rows, " rows: at least one");
  Int rows = std::max<Int>(1, std::min(phases, max_rows));
  CL_TRY(g, viz::cell_grid(rows, banks, str("banks of ", a.tv_text, " over ", a.data_text, ", ", a.vector_bytes(),
                                            "-byte accesses: ", r.wavefronts, " wavefronts, ideal ", r.ideal,
                                            rows < phases ? str(" (first ", rows, " of ", phases, " phases)") : "",
                                            "; rows: warp/instruction/phase, columns: banks")));
  Int row = 0;
  for (auto const& acc : r.accesses)
    for (std::size_t p = 0; p < acc.phases.size() && row < rows; ++p, ++row) {
      auto const& ph = acc.phases[p];
      for (Int b = 0; b < banks; ++b) {
        Int w = ph.words[static_cast<std::size_t>(b)];
        auto& c = g.at(row, b);
        c.data = {{"warp", std::to_string(acc.warp)}, {"instruction", std::to_string(acc.instruction)},
                  {"phase", std::to_string(p)}, {"bank", std::to_string(b)}, {"words", std::to_string(w)}};
        if (w == 0) continue;
        c.lines = {std::to_string(w)};
        c.heat = static_cast<double>(w - 1) / static_cast<double>(banks - 1);  // 1 word: no conflict
      }
    }
  return g;
}

Result<viz::CellGrid> ownership_map(OwnershipReport const& r, Int rows) {
  if (rows < 1 || r.tile % rows != 0)
    return fail(ErrorKind::invalid_input, rows, " rows do not divide the tile of ", r.tile, " elements");
  CL_TRY(g, viz::cell_grid(rows, r.tile / rows,
                           str("ownership of the ", rows, " x ", r.tile / rows, " tile: ", r.once, " once, ",
                               r.replicated, " replicated (up to x", r.max_owners, "), ", r.uncovered.size(),
                               " not covered")));
  for (Int e = 0; e < r.tile; ++e) {
    auto& c = g.cells[static_cast<std::size_t>(e)];
    auto i = static_cast<std::size_t>(e);
    c.data = {{"element", std::to_string(e)}, {"owners", std::to_string(r.owners[i])}};
    if (r.owners[i] == 0) {
      c.lines = {"-"};
      c.heat = 1;  // red: nobody holds it
      continue;
    }
    c.lines = {"T" + std::to_string(r.first_thread[i]), "V" + std::to_string(r.first_value[i])};
    if (r.owners[i] > 1) c.lines.push_back("x" + std::to_string(r.owners[i]));
    c.colour = static_cast<int>(r.first_thread[i] % 8);
    c.data.push_back({"thread", std::to_string(r.first_thread[i])});
  }
  return g;
}

}  // namespace catlayout::analysis
