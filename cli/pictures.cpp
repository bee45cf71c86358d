// Pictures of layouts, TV layouts, morphisms and mutual refinements.
#include <iostream>

#include "catlayout/core/quote.hpp"
#include "catlayout/algorithms/mutual_refinement.hpp"
#include "catlayout/categories/text.hpp"
#include "catlayout/core.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/viz.hpp"
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::algorithms;  // paper chapter 4
namespace {

// The layout to draw, of any kind and in any notation (core/notation.hpp's one reader): an
// integer-stride layout, a swizzled one (the grid of sw(k + L(i)), as CuTe's print_layout draws a
// ComposedLayout) or a coordinate layout (its coordinates in the cells).
Result<AnyLayout> picture_layout(std::string const& text) {
  auto l = parse_any_layout(text);
  if (!l) return fail(l.error().kind, "layout: ", l.error().message, ", in '", shortened(text), "'");
  return l;
}

// --print catlayout|cute: how the heading or caption writes the layout (default catlayout).
Result<Notation> print_notation(Args const& a) {
  if (!a.has("--print")) return Notation::catlayout;
  auto n = parse_notation(a.value("--print"));
  if (!n) return in_context(n.error(), "--print: ");
  return n;
}

Result<Int> positive(std::string const& text, char const* what) {
  auto t = parse_int_tuple(text);
  if (!t || !t->is_leaf() || t->value() < 1)
    return fail(ErrorKind::invalid_input, what, ": expected a positive integer, found '", shortened(text), "'");
  return t->value();
}

Result<std::optional<viz::TileMap>> tiles_of(AnyLayout const& l, Args const& a, Notation n) {
  if (!a.has("--tile")) return std::optional<viz::TileMap>{};
  CL_TRY(t, parse_tiler(a.value("--tile")));
  CL_TRY(m, viz::tile_map(l, t));
  m.tiler = to_string(t, n);
  return std::optional<viz::TileMap>{m};
}

// What a picture of one layout reads: the layout, the notation of its heading (--print) and its
// tiles (--tile).
struct OneLayout {
  AnyLayout layout;
  Notation notation;
  std::optional<viz::TileMap> tiles;
};
Result<OneLayout> one_layout(Args const& a) {
  CL_TRY(n, print_notation(a));
  CL_TRY(l, picture_layout(a.pos[0]));
  CL_TRY(tiles, tiles_of(l, a, n));
  return OneLayout{std::move(l), n, std::move(tiles)};
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
    auto one = one_layout(a);
    if (!one) return report_error(one.error());
    auto const* l = &one->layout;
    viz::SvgOptions so{one->tiles};
    viz::TikzOptions to{one->tiles};
    so.notation = to.notation = one->notation;
    if (a.has("--tv")) {
      auto const* tv = std::get_if<Layout>(l);
      if (!tv)  // a TV layout maps (thread, value) to an offset of the M x N tile: integer strides
        return report_error(Error{ErrorKind::invalid_input,
                                  str(c.name, " --tv draws integer-stride thread-value layouts; '", a.pos[0], "' is a ",
                                      layout_kind(*l))});
      auto m = positive(a.opt.at("--tv")[0], "M");
      auto k = positive(a.opt.at("--tv")[1], "N");
      if (!m) return report_error(m.error());
      if (!k) return report_error(k.error());
      out = svg ? viz::svg_tv(*tv, *m, *k, so) : viz::tikz_tv(*tv, *m, *k, to);
    } else {
      out = svg ? viz::svg_grid(*l, so) : viz::tikz_grid(*l, to);
    }
  }
  if (!out) return report_error(out.error());
  std::cout << *out;
  return 0;
}

int show(Command const& c, Args const& a) {
  if (a.pos.size() != 1) return usage_error(c, "expected one layout");
  auto one = one_layout(a);
  if (!one) return report_error(one.error());
  viz::ShowOptions o;
  o.color = a.has("--color");
  o.tiles = one->tiles;
  o.notation = one->notation;
  auto s = viz::show_grid(one->layout, o);
  if (!s) return report_error(s.error());
  std::cout << *s;
  return 0;
}

}  // namespace

std::vector<Command> picture_commands() {
  Command s{"show", "show L [--tile B] [--color] [--print cute]",
            "the layout as a 2-D grid (CuTe's print_layout), swizzled (Sw<B,M,S> o k o L) and coordinate layouts too; "
            "tiles of A (/) B; --print cute heads it in CuTe C++'s notation",
            "catlayout show 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)'", {{"--tile", 1}, {"--color", 0}, {"--print", 1}},
            nullptr};
  s.run = [s](Args const& a) { return show(s, a); };
  std::map<std::string, int> draw_opts = {{"--tile", 1}, {"--tv", 2}, {"--morphism", 1}, {"--refinement", 2},
                                          {"--print", 1}};
  Command v{"svg", "svg L [--tv M N] [--tile B] [--print cute] | svg --morphism F | svg --refinement T U",
            "an SVG picture: index grid, thread-value picture (T#/V#), morphism or refinement diagram",
            "catlayout svg '((4,8),(2,2)):((32,1),(16,8))' --tv 16 8 > tv.svg", draw_opts, nullptr};
  v.run = [v](Args const& a) { return draw(v, a, true); };
  Command t{"tikz", "tikz L [--tv M N] [--tile B] [--print cute] | tikz --morphism F | tikz --refinement T U",
            "the same pictures as a standalone TikZ document", "catlayout tikz --morphism '(2,2) -(1,3)-> (2,2,2)' > f.tex",
            draw_opts, nullptr};
  t.run = [t](Args const& a) { return draw(t, a, false); };
  return {s, v, t};
}

}  // namespace catlayout::cli
