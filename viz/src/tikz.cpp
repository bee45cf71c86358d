#include "catlayout/viz/tikz.hpp"

#include <algorithm>
#include <cmath>

#include "render.hpp"

namespace catlayout::viz {

using detail::num;
using detail::tex_escape;

namespace {

// A standalone document: the palette as named colours c0..c7 and the offset scale `clscale`.
std::string open_doc(std::string const& picture_options) {
  std::string out =
      "\\documentclass[tikz,border=4pt]{standalone}\n"
      "\\usepackage[T1]{fontenc}\n";
  for (int k = 0; k < detail::palette_size; ++k) {
    auto h = detail::hex(detail::palette(k));
    out += "\\definecolor{c" + std::to_string(k) + "}{HTML}{" + h.substr(1) + "}\n";
  }
  out += "\\definecolor{clscale}{HTML}{" + detail::hex(detail::scale(1, 0, 1)).substr(1) + "}\n";
  return out + "\\begin{document}\n\\begin{tikzpicture}[" + picture_options + "]\n";
}

constexpr char const* kClose = "\\end{tikzpicture}\n\\end{document}\n";

// CuTe's print_latex: x runs down the rows, y across the columns, one \node[cell] per cell.
std::string draw(detail::Picture const& p, TikzOptions const& o) {
  auto [chars, lines] = detail::label_extent(p);
  double cw = std::max(1.0, 0.2 * chars + 0.3);  // cm; \small\ttfamily is about 0.18 cm a glyph
  double ch = lines > 1 ? 1.0 : 0.8;
  std::string out = open_doc("x={(0cm,-" + num(ch) + "cm)},y={(" + num(cw) + "cm,0cm)},"
                             "cell/.style={rectangle,draw=black!70,minimum width=" + num(cw) +
                             "cm,minimum height=" + num(ch) + "cm,inner sep=0pt,outer sep=0pt,"
                             "font=\\small\\ttfamily,align=center},"
                             "hdr/.style={font=\\small\\ttfamily,text=black!60}");
  for (Int r = 0; r < p.rows; ++r) {
    for (Int c = 0; c < p.cols; ++c) {
      auto s = p.cell(r, c);
      std::string fill = s.palette >= 0 ? "c" + std::to_string(s.palette)
                         : s.scale >= 0 ? "clscale!" + std::to_string(std::lround(100 * s.scale)) + "!white"
                                        : "white";
      std::string label;
      for (std::size_t i = 0; i < s.lines.size(); ++i) label += (i ? "\\\\" : "") + tex_escape(s.lines[i]);
      out += "\\node[cell,fill=" + fill + "] at (" + std::to_string(r) + "," + std::to_string(c) + ") {" + label + "};\n";
    }
  }
  if (p.group) {  // thick edges between groups (tiles, threads), in cell-corner coordinates
    auto at = [](double x, double y) { return "(" + num(x) + "," + num(y) + ")"; };
    detail::for_each_group_edge(p, [&](Int r, Int c, bool right) {
      out += right ? "\\draw[very thick] " + at(r - 0.5, c + 0.5) + " -- " + at(r + 0.5, c + 0.5) + ";\n"
                   : "\\draw[very thick] " + at(r + 0.5, c - 0.5) + " -- " + at(r + 0.5, c + 0.5) + ";\n";
    });
    out += "\\draw[very thick] (-0.5,-0.5) rectangle (" + num(p.rows - 0.5) + "," + num(p.cols - 0.5) + ");\n";
  }
  if (o.headers) {
    for (Int c = 0; c < p.cols; ++c) out += "\\node[hdr] at (-0.85," + std::to_string(c) + ") {" + std::to_string(c) + "};\n";
    for (Int r = 0; r < p.rows; ++r) out += "\\node[hdr] at (" + std::to_string(r) + ",-0.85) {" + std::to_string(r) + "};\n";
  }
  out += "\\node[anchor=south] at (" + num(o.headers ? -1.2 : -0.6) + "," + num((p.cols - 1) / 2.0) + ") {\\texttt{" +
         tex_escape(p.caption) + "}};\n";
  return out + kClose;
}

}  // namespace

Result<std::string> tikz_grid(Layout const& l, TikzOptions const& opts) {
  return detail::render_grid(AnyLayout{l}, opts, draw);
}

Result<std::string> tikz_grid(AnyLayout const& l, TikzOptions const& opts) {
  return detail::render_grid(l, opts, draw);
}

Result<std::string> tikz_tv(Layout const& tv, Int m, Int n, TikzOptions const& opts) {
  return detail::render_tv(tv, m, n, opts, draw);
}

// Units: a \Large\ttfamily glyph is about 0.3 cm across; rows 0.4 cm per unit down; nodes are named n<i> for edges.
std::string tikz_diagram(Diagram const& d) {
  std::string out = open_doc(
      "x=0.3cm,y=-0.4cm,entry/.style={inner sep=2pt,rounded corners=2pt,font=\\Large\\ttfamily,text height=1.6ex,text depth=0.4ex},"
      "tok/.style={inner sep=0pt,font=\\Large\\ttfamily,text height=1.6ex,text depth=0.4ex},lbl/.style={font=\\Large},"
      "star/.style={inner sep=1.5pt,font=\\Large},edge/.style={draw=black!80,thick,shorten >=2pt,shorten <=1pt}");
  for (std::size_t i = 0; i < d.nodes.size(); ++i) {
    auto const& n = d.nodes[i];
    using K = DiagramNode::Kind;
    std::string style = n.kind == K::entry ? "entry" : n.kind == K::star ? "star" : n.kind == K::label ? "lbl" : "tok";
    if (n.colour >= 0) style += ",fill=c" + std::to_string(n.colour % detail::palette_size);
    std::string body = n.kind == K::star ? "$*$" : n.kind == K::label ? "$" + tex_escape(n.text) + "$" : tex_escape(n.text);
    out += "\\node[" + style + "] (n" + std::to_string(i) + ") at (" + num(n.x) + "," + num(n.y) + ") {" + body + "};\n";
  }
  for (auto const& e : d.edges)
    out += "\\draw[edge" + std::string(e.arrow ? ",->" : "") + "] (n" + std::to_string(e.from) + ") -- (n" +
           std::to_string(e.to) + ");\n";
  out += "\\node[anchor=north] at (" + num(d.width / 2) + "," + num(d.height) + ") {\\small\\texttt{" +
         tex_escape(d.caption) + "}};\n";
  return out + kClose;
}

Result<std::string> tikz_morphism(MorphismView const& f) {
  return detail::render_diagram(f, morphism_diagram, tikz_diagram);
}

Result<std::string> tikz_refinement(RefinementView const& r) {
  return detail::render_diagram(r, refinement_diagram, tikz_diagram);
}

}  // namespace catlayout::viz
