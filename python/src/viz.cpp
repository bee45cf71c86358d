// Pictures: a layout, a thread-value layout, a morphism or a mutual refinement draws itself as SVG
// (Jupyter's _repr_svg_) or TikZ; show() is the terminal grid.
#include <nanobind/stl/optional.h>

#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/viz.hpp"
#include "refinement.hpp"

namespace catlayout::python {

static std::optional<viz::TileMap> tiles(Layout const& l, nb::handle tile) {
  if (tile.is_none()) return std::nullopt;
  return unwrap(viz::tile_map(l, tiler_from_py(tile, "tile")));
}

void add_layout_pictures(nb::class_<Layout>& cls) {
  cls.def("to_svg", [](Layout const& l, nb::handle tile, int cell_px, bool headers) {
        if (cell_px < 4 || cell_px > 400) invalid_input(str("cell_px ", cell_px, " is outside [4, 400]"));
        return unwrap(viz::svg_grid(l, viz::SvgOptions{tiles(l, tile), cell_px, headers}));
      }, nb::arg("tile").none() = nb::none(), nb::arg("cell_px") = 40, nb::arg("headers") = true,
      "The grid of L(r, c) as SVG; with a tiler, cells coloured by tile.")
      .def("to_tikz", [](Layout const& l, nb::handle tile, bool headers) {
        return unwrap(viz::tikz_grid(l, viz::TikzOptions{tiles(l, tile), headers}));
      }, nb::arg("tile").none() = nb::none(), nb::arg("headers") = true)
      .def("show", [](Layout const& l, nb::handle tile, bool color) {
        return unwrap(viz::show_grid(l, viz::ShowOptions{color, tiles(l, tile)}));
      }, nb::arg("tile").none() = nb::none(), nb::arg("color") = false, "The terminal grid (as `catlayout show`).")
      .def("_repr_svg_", [](Layout const& l) -> nb::object {
        auto r = viz::svg_grid(l, {});
        if (!r) return nb::none();  // too large to draw: Jupyter falls back to repr
        return nb::str(r->c_str());
      });
}

static viz::MorphismView view(categories::NestMorphism const& f) {
  viz::MorphismView v{f.domain(), f.codomain(), {}};
  for (auto x : f.map().values()) v.map.push_back(static_cast<int>(x));
  return v;
}

void add_morphism_pictures(nb::class_<categories::NestMorphism>& cls) {
  cls.def("to_svg", [](categories::NestMorphism const& f) { return unwrap(viz::svg_morphism(view(f))); },
          "The morphism's diagram: S above, T below, an arrow per non-* entry.")
      .def("to_tikz", [](categories::NestMorphism const& f) { return unwrap(viz::tikz_morphism(view(f))); })
      .def("_repr_svg_", [](categories::NestMorphism const& f) -> nb::object {
        auto r = viz::svg_morphism(view(f));
        return r ? nb::object(nb::str(r->c_str())) : nb::none();
      });
}

static viz::RefinementView view(Refinement const& r) { return {r.t, r.u, r.result.first, r.result.second}; }

void add_refinement_pictures(nb::class_<Refinement>& cls) {
  cls.def("to_svg", [](Refinement const& r) { return unwrap(viz::svg_refinement(view(r))); })
      .def("to_tikz", [](Refinement const& r) { return unwrap(viz::tikz_refinement(view(r))); })
      .def("_repr_svg_", [](Refinement const& r) -> nb::object {
        auto s = viz::svg_refinement(view(r));
        return s ? nb::object(nb::str(s->c_str())) : nb::none();
      });
}

// A thread-value layout (thread, value) -> offset in an M x N tile, column-major (as CuTe's TV pictures).
struct TvPicture {
  Layout tv;
  Int m = 1, n = 1;
};

void bind_viz(nb::module_& m) {
  nb::class_<TvPicture>(m, "TV", "A thread-value layout drawn on its M x N tile: T#/V# in each cell.")
      .def_ro("layout", &TvPicture::tv)
      .def_ro("m", &TvPicture::m)
      .def_ro("n", &TvPicture::n)
      .def("to_svg", [](TvPicture const& p) { return unwrap(viz::svg_tv(p.tv, p.m, p.n)); })
      .def("to_tikz", [](TvPicture const& p) { return unwrap(viz::tikz_tv(p.tv, p.m, p.n)); })
      .def("_repr_svg_", [](TvPicture const& p) { return unwrap(viz::svg_tv(p.tv, p.m, p.n)); })
      .def("__repr__", [](TvPicture const& p) { return str("TV(", to_string(p.tv), ", ", p.m, ", ", p.n, ")"); });
  def_layout_fn(m, "tv", [](LayoutArg const& l, Int rows, Int cols) {
    TvPicture p{l.get("layout"), rows, cols};
    unwrap(viz::tv_grid(p.tv, rows, cols));  // the preconditions, checked now rather than when drawn
    return p;
  }, nb::arg("layout"), nb::arg("m"), nb::arg("n"), "A TV layout ((threads), (values)) -> offset in an m x n tile.");
}

}  // namespace catlayout::python
