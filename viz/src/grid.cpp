#include "catlayout/viz/grid.hpp"

#include <algorithm>
#include <map>

namespace catlayout::viz {

namespace {

Result<GridView> frame(Int size, IntTuple const& shape, std::string const& text) {
  if (size > max_cells)
    return fail(ErrorKind::invalid_input, "too large to draw: ", text, " has ", size, " cells, more than ", max_cells);
  GridView g;
  g.rows = shape.rank() >= 2 && !shape.is_leaf() ? *product(shape.mode(0)) : 1;  // rank 1 and (): one row (grid.hpp)
  g.cols = size / g.rows;                                                          // modes 1.. folded colexicographically
  return g;
}

}  // namespace

Result<GridView> grid_view(Layout const& l) {
  CL_TRY(g, frame(l.size(), l.shape(), to_string(l)));
  g.offsets = tabulate(l);  // index r + rows * c is cell (r, c)
  return g;
}

Result<GridView> grid_view(AnyLayout const& any, Notation notation) {
  if (auto const* l = std::get_if<Layout>(&any)) return grid_view(*l);
  if (auto const* c = std::get_if<ComposedLayout>(&any)) {
    CL_TRY(g, frame(c->size(), c->layout.shape(), to_string(*c, notation)));
    g.offsets.reserve(static_cast<std::size_t>(c->size()));
    for (Int i = 0; i < c->size(); ++i) {  // CuTe's ComposedLayout: layout_a()(offset() + layout_b()(i))
      CL_TRY(v, evaluate(*c, i));
      g.offsets.push_back(v);
    }
    return g;
  }
  auto const& c = std::get<CoordLayout>(any);
  CL_TRY(g, frame(c.size(), c.shape(), to_string(c, notation)));
  std::vector<std::vector<Int>> keys;  // each coordinate's entries, last first: colexicographic order
  for (Int i = 0; i < c.size(); ++i) {
    auto x = c(i);
    g.labels.push_back(to_string(x));  // a value, not a static integer: no CuTe mark
    auto v = flatten_values(x);
    keys.emplace_back(v.rbegin(), v.rend());
  }
  std::map<std::vector<Int>, Int> rank;
  for (auto const& k : keys) rank.emplace(k, 0);
  Int next = 0;
  for (auto& [k, r] : rank) r = next++;
  for (auto const& k : keys) g.offsets.push_back(rank.at(k));
  return g;
}

}  // namespace catlayout::viz
