#include "catlayout/viz/tiles.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/viz/grid.hpp"

namespace catlayout::viz {

namespace {

// One place where logical_divide applies a layout tiler (or keeps an untiled mode): its map
// sends an element to a slot-local domain index, stored as digit `radix` of a mixed-radix number.
struct Slot {
  Int size = 1;    // size of A's sub-layout here
  Int weight = 1;  // colexicographic weight of its first flat entry in A's domain
  Int radix = 1;   // place value of this slot's digit
  Int extent = 1;  // the digit's range: cosize of the slot's map (>= size: CuTe rounds up)
};

struct Builder {
  std::vector<Slot> slots;
  Int weight = 1, radix = 1;
};

Result<IntTuple> scale_stride(IntTuple const& d, Int f) {
  if (d.is_leaf()) return checked_mul(d.value(), f, "tile picture stride");
  std::vector<IntTuple> out;
  for (auto const& c : d.children()) {
    CL_TRY(s, scale_stride(c, f));
    out.push_back(std::move(s));
  }
  return IntTuple(std::move(out));
}

Layout compact(IntTuple const& shape) {  // the identity on colexicographic indices
  std::vector<Int> d;
  Int p = 1;
  for (Int s : flatten_values(shape)) {
    d.push_back(p);
    p *= s;  // <= size(A) <= max_cells
  }
  return *Layout::make(shape, *substitute(d, profile(shape)));
}

Result<Layout> add_slot(Builder& b, Layout const& map, Int size) {
  Slot s{size, b.weight, b.radix, std::max<Int>(cosize(map), size)};
  CL_TRY(scaled, scale_stride(map.stride(), b.radix));
  CL_TRY(radix, checked_mul(b.radix, s.extent, "tile picture radix"));
  b.radix = radix;
  b.weight *= size;
  b.slots.push_back(s);
  return Layout::make(map.shape(), scaled);
}

// logical_divide(A, B) with A replaced by the slot-local identity, mode by mode as in
// core/src/divide.cpp: a layout tiler B maps by (B, comp(B, shape(coalesce(A)))) (Def. 2.3.8.1).
Result<Layout> domain_map(Builder& bld, Layout const& a, Tiler const& b) {
  if (b.is_layout()) {  // layout tiler: one slot (an integer tiler 1 divides as 1:0 in core: same element)
    CL_TRY(c, complement(*b.layout, coalesce(a).shape()));
    CL_TRY(x, make_layout({*b.layout, c}));
    return add_slot(bld, x, a.size());
  }
  std::vector<Layout> modes;  // by-mode tiler: A's extra modes kept whole
  for (std::size_t i = 0; i < a.rank(); ++i) {
    if (i < b.modes.size()) {
      CL_TRY(m, domain_map(bld, a.mode(i), b.modes[i]));
      modes.push_back(std::move(m));
    } else {
      CL_TRY(m, add_slot(bld, compact(a.mode(i).shape()), a.mode(i).size()));
      modes.push_back(std::move(m));
    }
  }
  return make_layout(modes);
}

}  // namespace

Result<TileMap> tile_map(Layout const& a, Tiler const& b) {
  if (a.size() > max_cells)
    return fail(ErrorKind::invalid_input, "too large to draw: ", to_string(a), " has ", a.size(),
                " cells, more than ", max_cells);
  CL_TRY(z, zipped_divide(a, b));  // the division the picture shows, with its admissibility
  if (z.size() > 64 * max_cells)
    return fail(ErrorKind::invalid_input, "too large to draw: zipped_divide(", to_string(a), ", ", to_string(b),
                ") has ", z.size(), " elements");
  Builder bld;
  CL_TRY(d, domain_map(bld, a, b));
  CL_TRY(zd, zip2_by(d, b));  // same (tile, rest) arrangement as z
  TileMap m;
  m.tile.assign(static_cast<std::size_t>(a.size()), -1);
  m.tile_size = z.mode(0).size();
  m.count = z.mode(1).size();
  m.tiler = to_string(b);
  if (zd.size() != z.size() || zd.mode(0).size() != m.tile_size)
    return fail(ErrorKind::invalid_input, "internal: the domain map of zipped_divide(", to_string(a), ", ",
                to_string(b), ") has shape ", to_string(zd.shape()), ", the division ", to_string(z.shape()));
  auto digits = tabulate(zd);
  for (std::size_t k = 0; k < digits.size(); ++k) {
    Int x = 0;
    bool inside = true;  // an element past A's domain (CuTe rounds the rest up) lands on no cell
    for (auto const& s : bld.slots) {
      Int local = (digits[k] / s.radix) % s.extent;
      inside = inside && local < s.size;
      x += local * s.weight;
    }
    if (!inside) continue;
    auto& t = m.tile[static_cast<std::size_t>(x)];
    if (t < 0) t = static_cast<Int>(k) / m.tile_size;  // index k = (i, j) of z: tile j
  }
  return m;
}

Result<TileMap> tile_map(AnyLayout const& a, Tiler const& b) {
  if (auto const* l = std::get_if<Layout>(&a)) return tile_map(*l, b);
  if (auto const* c = std::get_if<ComposedLayout>(&a)) return tile_map(c->layout, b);
  return fail(ErrorKind::invalid_input, "tiles of ", to_string(a, Notation::catlayout),
              ": a coordinate layout has no divide (tiles are drawn for integer-stride and swizzled layouts)");
}

}  // namespace catlayout::viz
