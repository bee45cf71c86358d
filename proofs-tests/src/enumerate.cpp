#include "catlayout/proofs/enumerate.hpp"

#include "catlayout/core/structural.hpp"

namespace catlayout::proofs {
namespace {

void shapes_rec(Int room, int rank, Int lo, std::vector<Int>& cur, std::vector<std::vector<Int>>& out) {
  if (static_cast<int>(cur.size()) == rank) {
    out.push_back(cur);
    return;
  }
  for (Int s = lo; s <= room; ++s) {
    cur.push_back(s);
    shapes_rec(room / s, rank, lo, cur, out);
    cur.pop_back();
  }
}

}  // namespace

std::vector<Layout> flat_layouts(Bounds const& b, bool unit_modes) {
  std::vector<Layout> out;
  if (!unit_modes)
    for (Int d = 0; d <= b.max_stride; ++d) out.push_back(*Layout::make(1, d));
  for (int r = 1; r <= b.max_rank; ++r) {
    std::vector<std::vector<Int>> shapes;
    std::vector<Int> cur;
    shapes_rec(b.max_size, r, unit_modes ? 1 : 2, cur, shapes);
    for (auto const& s : shapes) {
      std::vector<Int> d(s.size(), 0);
      while (true) {
        out.push_back(*from_flat({s, d}));
        std::size_t k = 0;
        while (k < d.size() && ++d[k] > b.max_stride) d[k++] = 0;
        if (k == d.size()) break;
      }
    }
  }
  return out;
}

std::vector<Layout> nestings(Layout const& flat) {
  auto f = flat_modes(flat);
  std::size_t n = f.shape.size();
  std::vector<Layout> out{flat};
  if (n < 2) return out;
  // A cut mask over the n-1 gaps: bit k set = a group boundary after mode k. All-cut is flat.
  for (unsigned mask = 0; mask + 1 < (1u << (n - 1)); ++mask) {
    std::vector<Layout> modes;
    std::vector<Int> gs, gd;
    for (std::size_t k = 0; k < n; ++k) {
      gs.push_back(f.shape[k]);
      gd.push_back(f.stride[k]);
      if (k + 1 == n || (mask >> k) & 1u) {
        if (gs.size() == 1) modes.push_back(*Layout::make(gs[0], gd[0]));
        else {
          std::vector<IntTuple> s(gs.begin(), gs.end()), d(gd.begin(), gd.end());
          modes.push_back(*Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d))));
        }
        gs.clear();
        gd.clear();
      }
    }
    out.push_back(*make_layout(modes));
  }
  return out;  // mask 0 is the wrapped ((flat modes)) form
}

}  // namespace catlayout::proofs
