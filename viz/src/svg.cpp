#include "catlayout/viz/svg.hpp"

#include <algorithm>

#include "render.hpp"

namespace catlayout::viz {

using detail::num;
using detail::xml_escape;

namespace {

constexpr double kPad = 10;
constexpr double kGlyph = 0.62;  // width of a monospace glyph, in font sizes
constexpr char const* kFont = "DejaVu Sans Mono, Menlo, Consolas, monospace";

std::string open_svg(double w, double h, std::string const& title) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(w) + "\" height=\"" + num(h) +
         "\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\" font-family=\"" + kFont + "\">\n"
         "<title>" + xml_escape(title) + "</title>\n"
         "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" + num(w) + "\" height=\"" + num(h) +
         "\" fill=\"#ffffff\"/>\n";
}

std::string text(double x, double y, double size, std::string const& s, std::string const& cls,
                 std::string const& extra = "") {
  return "<text class=\"" + cls + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
         "\" text-anchor=\"middle\"" + extra + ">" + xml_escape(s) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, std::string const& cls, std::string const& style) {
  return "<line class=\"" + cls + "\" x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" +
         num(y2) + "\" " + style + "/>\n";
}

// A grid picture: caption, column and row headers, then one <g class="cell"> per cell
// holding its <rect> and its <text> label, then thick edges between groups (tiles, threads).
std::string draw(detail::Picture const& p, SvgOptions const& o) {
  double font = o.cell_px * 0.34;
  auto [chars, lines] = detail::label_extent(p);
  double cw = std::max<double>(o.cell_px, chars * kGlyph * font + 16);
  double ch = std::max<double>(o.cell_px, lines * 1.2 * font + 8);
  double head_w = o.headers ? std::to_string(p.rows - 1).size() * kGlyph * font + 14 : 0;
  double head_h = o.headers ? font * 1.6 : 0;
  double cap = font * 1.1;
  double x0 = kPad + head_w, y0 = kPad + cap * 1.6 + head_h;
  double grid_w = x0 + p.cols * cw + kPad;
  double w = std::max(grid_w, p.caption.size() * kGlyph * cap + 2 * kPad);
  x0 += (w - grid_w) / 2;  // centred under a wider caption
  double h = y0 + p.rows * ch + kPad;
  std::string out = open_svg(w, h, p.caption);
  out += text(w / 2, kPad + cap, cap, p.caption, "caption");
  if (o.headers) {
    for (Int c = 0; c < p.cols; ++c)
      out += text(x0 + (c + 0.5) * cw, y0 - font * 0.5, font, std::to_string(c), "header", " fill=\"#555555\"");
    for (Int r = 0; r < p.rows; ++r)
      out += text(x0 - head_w / 2, y0 + (r + 0.5) * ch + 0.35 * font, font, std::to_string(r), "header",
                  " fill=\"#555555\"");
  }
  for (Int r = 0; r < p.rows; ++r) {
    for (Int c = 0; c < p.cols; ++c) {
      auto s = p.cell(r, c);
      double x = x0 + c * cw, y = y0 + r * ch, cx = x + cw / 2;
      out += "<g class=\"cell\"";
      for (auto const& [k, v] : s.data) out += " data-" + k + "=\"" + xml_escape(v) + "\"";
      out += ">\n<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(cw) + "\" height=\"" + num(ch) +
             "\" fill=\"" + detail::hex(s.fill) + "\" stroke=\"#444444\" stroke-width=\"1\"/>\n";
      // Lines centred on the cell: baselines 1.2 em apart, 0.35 em below the centre line.
      double base = y + ch / 2 + 0.35 * font - (s.lines.size() > 1 ? (s.lines.size() - 1) * 0.6 * font : 0);
      out += "<text x=\"" + num(cx) + "\" y=\"" + num(base) + "\" font-size=\"" + num(font) + "\" text-anchor=\"middle\">";
      for (std::size_t i = 0; i < s.lines.size(); ++i)
        out += "<tspan x=\"" + num(cx) + "\" y=\"" + num(base + i * 1.2 * font) + "\">" + xml_escape(s.lines[i]) +
               "</tspan>";
      out += "</text>\n</g>\n";
    }
  }
  if (p.group) {  // group boundaries, drawn over the cells
    std::string style = "stroke=\"#000000\" stroke-width=\"3\" stroke-linecap=\"square\"";
    detail::for_each_group_edge(p, [&](Int r, Int c, bool right) {
      double x = x0 + c * cw, y = y0 + r * ch;
      out += right ? line(x + cw, y, x + cw, y + ch, "group-edge", style) : line(x, y + ch, x + cw, y + ch, "group-edge", style);
    });
    out += "<rect class=\"frame\" x=\"" + num(x0) + "\" y=\"" + num(y0) + "\" width=\"" + num(p.cols * cw) +
           "\" height=\"" + num(p.rows * ch) + "\" fill=\"none\" stroke=\"#000000\" stroke-width=\"3\"/>\n";
  }
  return out + "</svg>\n";
}

}  // namespace

Result<std::string> svg_grid(Layout const& l, SvgOptions const& opts) {
  return detail::render_grid(AnyLayout{l}, opts, draw);
}

Result<std::string> svg_grid(AnyLayout const& l, SvgOptions const& opts) { return detail::render_grid(l, opts, draw); }

Result<std::string> svg_tv(Layout const& tv, Int m, Int n, SvgOptions const& opts) {
  return detail::render_tv(tv, m, n, opts, draw);
}

Result<std::string> svg_cells(CellGrid const& g, SvgOptions const& opts) {
  CL_TRY(p, detail::cells_picture(g));
  return draw(p, opts);
}

std::string svg_diagram(Diagram const& d) {
  constexpr double ux = 13.5, uy = 20, font = 22;  // a unit is about one glyph at 22px
  double w = std::max(d.width * ux, d.caption.size() * kGlyph * 14 + 2 * kPad);
  double h = d.height * uy + 2 * font;
  double shift = (w - d.width * ux) / 2;  // centre the drawing under a wider caption
  std::string out = open_svg(w, h, d.caption);
  out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" "
         "markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333333\"/></marker></defs>\n";
  auto X = [&](double x) { return shift + x * ux; };
  for (auto const& n : d.nodes) {
    if (n.colour < 0) continue;  // highlights under the text
    double bw = (n.text.size() + 0.8) * kGlyph * font;
    out += "<rect class=\"highlight\" x=\"" + num(X(n.x) - bw / 2) + "\" y=\"" + num(n.y * uy - 0.75 * font) +
           "\" width=\"" + num(bw) + "\" height=\"" + num(1.5 * font) + "\" rx=\"4\" fill=\"" +
           detail::hex(detail::palette(n.colour)) + "\"/>\n";
  }
  for (auto const& e : d.edges) {  // from below the upper node to above the lower one
    auto const &a = d.nodes[e.from], &b = d.nodes[e.to];
    out += line(X(a.x), a.y * uy + 0.8 * font, X(b.x), b.y * uy - 0.85 * font, e.arrow ? "arrow" : "edge",
                std::string("stroke=\"#333333\" stroke-width=\"1.5\"") + (e.arrow ? " marker-end=\"url(#arrow)\"" : ""));
  }
  for (auto const& n : d.nodes) {
    using K = DiagramNode::Kind;
    std::string cls = n.kind == K::entry ? "entry" : n.kind == K::star ? "star" : n.kind == K::label ? "label" : "token";
    double size = n.kind == K::star ? font * 1.4 : n.kind == K::bracket ? font * 1.3 : font;
    std::string extra = n.kind == K::label ? " font-style=\"italic\" font-family=\"serif\"" : "";
    out += text(X(n.x), n.y * uy + 0.35 * size, size, n.text, cls, extra);
  }
  out += text(w / 2, d.height * uy + font, 14, d.caption, "caption", " fill=\"#333333\"");
  return out + "</svg>\n";
}

Result<std::string> svg_morphism(MorphismView const& f) {
  return detail::render_diagram(f, morphism_diagram, svg_diagram);
}

Result<std::string> svg_refinement(RefinementView const& r) {
  return detail::render_diagram(r, refinement_diagram, svg_diagram);
}

}  // namespace catlayout::viz
