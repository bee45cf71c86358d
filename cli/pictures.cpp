// Pictures of layouts, TV layouts, morphisms and mutual refinements.
#include <iostream>

#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/categories/text.hpp"
#include "catlayout/core.hpp"
#include "catlayout/core/coord_layout.hpp"
#include "catlayout/core/swizzle.hpp"
#include "catlayout/viz.hpp"
#include "command.hpp"

namespace catlayout::cli {
namespace {

// The pictures draw integer-stride layouts; a coordinate-stride or swizzled one is named as such.
Result<Layout> picture_layout(Command const& c, std::string const& text) {
  auto l = parse_layout(text);
  if (l) return l;
  if (text.find('@') != std::string::npos && parse_coord_layout(text))
    return fail(ErrorKind::invalid_input, c.name, " draws integer-stride layouts; '", text,
                "' has coordinate strides (`catlayout eval` tabulates it)");
  if (text.find("Sw<") != std::string::npos && parse_composed_layout(text))
    return fail(ErrorKind::invalid_input, c.name, " draws integer-stride layouts; '", text,
                "' is swizzled (`catlayout eval` tabulates it, `catlayout swizzle` shows the swizzle)");
  return l;
}

Result<Int> positive(std::string const& text, char const* what) {
  auto t = parse_int_tuple(text);
  if (!t || !t->is_leaf() || t->value() < 1)
    return fail(ErrorKind::invalid_input, what, " '", text, "' is not a positive integer");
  return t->value();
}

Result<std::optional<viz::TileMap>> tiles_of(Layout const& l, Args const& a) {
  if (!a.has("--tile")) return std::optional<viz::TileMap>{};
  CL_TRY(t, parse_tiler(a.value("--tile")));
  CL_TRY(m, viz::tile_map(l, t));
  return std::optional<viz::TileMap>{m};
}

Result<viz::MorphismView> morphism_view(std::string const& text) {
  CL_TRY(f, categories::parse_nest_morphism(text));
  viz::MorphismView v{f.domain(), f.codomain(), {}};
  for (auto x : f.map().values()) v.map.push_back(static_cast<int>(x));
  return v;
}

Result<viz::RefinementView> refinement_view(std::string const& t_text, std::string const& u_text) {
  CL_TRY(t, parse_int_tuple(t_text));
  CL_TRY(u, parse_int_tuple(u_text));
  CL_TRY(mr, mutual_refinement(t, u));
  return viz::RefinementView{t, u, mr.first, mr.second};
}

// One renderer for svg and tikz: grid, TV picture, morphism or refinement diagram.
int draw(Command const& c, Args const& a, bool svg) {
  Result<std::string> out = fail(ErrorKind::invalid_input, "nothing to draw");
  if (a.has("--morphism")) {
    auto v = morphism_view(a.value("--morphism"));
    if (!v) return report_error(v.error());
    out = svg ? viz::svg_morphism(*v) : viz::tikz_morphism(*v);
  } else if (a.has("--refinement")) {
    auto v = refinement_view(a.opt.at("--refinement")[0], a.opt.at("--refinement")[1]);
    if (!v) return report_error(v.error());
    out = svg ? viz::svg_refinement(*v) : viz::tikz_refinement(*v);
  } else {
    if (a.pos.size() != 1) return usage_error(c, "expected one layout");
    auto l = picture_layout(c, a.pos[0]);
    if (!l) return report_error(l.error());
    auto tiles = tiles_of(*l, a);
    if (!tiles) return report_error(tiles.error());
    if (a.has("--tv")) {
      auto m = positive(a.opt.at("--tv")[0], "M");
      auto n = positive(a.opt.at("--tv")[1], "N");
      if (!m) return report_error(m.error());
      if (!n) return report_error(n.error());
      out = svg ? viz::svg_tv(*l, *m, *n, viz::SvgOptions{*tiles}) : viz::tikz_tv(*l, *m, *n, viz::TikzOptions{*tiles});
    } else {
      out = svg ? viz::svg_grid(*l, viz::SvgOptions{*tiles}) : viz::tikz_grid(*l, viz::TikzOptions{*tiles});
    }
  }
  if (!out) return report_error(out.error());
  std::cout << *out;
  return 0;
}

int show(Command const& c, Args const& a) {
  if (a.pos.size() != 1) return usage_error(c, "expected one layout");
  auto l = picture_layout(c, a.pos[0]);
  if (!l) return report_error(l.error());
  auto tiles = tiles_of(*l, a);
  if (!tiles) return report_error(tiles.error());
  viz::ShowOptions o;
  o.color = a.has("--color");
  o.tiles = *tiles;
  auto s = viz::show_grid(*l, o);
  if (!s) return report_error(s.error());
  std::cout << *s;
  return 0;
}

}  // namespace

std::vector<Command> picture_commands() {
  Command s{"show", "show L [--tile B] [--color]", "the layout as a 2-D grid (CuTe's print_layout); tiles of A (/) B",
            "catlayout show '(8,8):(8,1)' --tile '<2,4>' --color", {{"--tile", 1}, {"--color", 0}}, nullptr};
  s.run = [s](Args const& a) { return show(s, a); };
  std::map<std::string, int> draw_opts = {{"--tile", 1}, {"--tv", 2}, {"--morphism", 1}, {"--refinement", 2}};
  Command v{"svg", "svg L [--tv M N] [--tile B] | svg --morphism F | svg --refinement T U",
            "an SVG picture: index grid, thread-value picture (T#/V#), morphism or refinement diagram",
            "catlayout svg '((4,8),(2,2)):((32,1),(16,8))' --tv 16 8 > tv.svg", draw_opts, nullptr};
  v.run = [v](Args const& a) { return draw(v, a, true); };
  Command t{"tikz", "tikz L [--tv M N] [--tile B] | tikz --morphism F | tikz --refinement T U",
            "the same pictures as a standalone TikZ document", "catlayout tikz --morphism '(2,2) -(1,3)-> (2,2,2)' > f.tex",
            draw_opts, nullptr};
  t.run = [t](Args const& a) { return draw(t, a, false); };
  return {s, v, t};
}

}  // namespace catlayout::cli
