#include "catlayout/viz/diagram.hpp"

#include <algorithm>

#include "palette.hpp"

namespace catlayout::viz {

namespace {

using Kind = DiagramNode::Kind;

constexpr double kTop = 1.5, kBottom = 7.0;  // the rows' centres
constexpr double kLabel = 4.0;               // room for the row names on the left
constexpr double kCharW = 1.0;               // one character, the unit

struct Row {
  std::vector<DiagramNode> nodes;
  std::vector<std::size_t> entries;  // indices into nodes of the flat entries, in order
  double width = 0;
};

void token(Row& row, Kind kind, std::string text, double w, double y) {
  row.nodes.push_back({kind, row.width + w / 2, y, std::move(text), -1});
  row.width += w;
}

// The tuple as written in CuTe notation, one token per entry, bracket and comma, so the
// nesting reads as it is written: (2,(3,4)).
void place(IntTuple const& t, Row& row, double y) {
  if (t.is_leaf()) {
    row.entries.push_back(row.nodes.size());
    token(row, Kind::entry, std::to_string(t.value()), (detail::digits(t.value()) + 1.4) * kCharW, y);
    return;
  }
  token(row, Kind::bracket, "(", 0.9 * kCharW, y);
  for (std::size_t i = 0; i < t.children().size(); ++i) {
    if (i > 0) token(row, Kind::comma, ",", 0.9 * kCharW, y);
    place(t.children()[i], row, y);
  }
  token(row, Kind::bracket, ")", 0.9 * kCharW, y);
}

Row row_of(IntTuple const& t, double y) {
  Row r;
  place(t, r, y);
  return r;
}

// Move a row's nodes into the diagram at horizontal offset x0; returns its entries' new indices.
std::vector<std::size_t> put(Diagram& d, Row const& row, double x0) {
  std::size_t base = d.nodes.size();
  for (auto n : row.nodes) {
    n.x += x0;
    d.nodes.push_back(std::move(n));
  }
  std::vector<std::size_t> entries;
  for (auto e : row.entries) entries.push_back(base + e);
  return entries;
}

void label(Diagram& d, std::string text, double x, double y) { d.nodes.push_back({Kind::label, x, y, std::move(text), -1}); }

Result<std::vector<Int>> positive_entries(IntTuple const& t, char const* what) {
  auto v = flatten_values(t);
  for (Int x : v)
    if (x < 1) return fail(ErrorKind::invalid_input, what, " ", to_string(t), " has the entry ", x, "; entries are positive");
  return v;
}

std::string map_text(std::vector<int> const& map) {
  std::string s = "[";
  for (std::size_t i = 0; i < map.size(); ++i) s += str(i ? "," : "", map[i] == 0 ? std::string("*") : std::to_string(map[i]));
  return s + "]";
}

}  // namespace

Result<Diagram> morphism_diagram(MorphismView const& f) {
  CL_TRY(s, positive_entries(f.domain, "the domain"));
  CL_TRY(t, positive_entries(f.codomain, "the codomain"));
  if (f.map.size() != s.size())
    return fail(ErrorKind::invalid_input, "the map ", map_text(f.map), " has ", f.map.size(), " entries but the domain ",
                to_string(f.domain), " has ", s.size());
  std::vector<bool> hit(t.size() + 1, false);
  for (std::size_t i = 0; i < s.size(); ++i) {  // Def. 3.1.1.13: alpha tractable, s_i = t_alpha(i)
    int j = f.map[i];
    if (j < 0 || static_cast<std::size_t>(j) > t.size())
      return fail(ErrorKind::invalid_input, "map entry ", i + 1, " is ", j, ", outside <", t.size(), ">_* = {*, 1..",
                  t.size(), "} (0 stands for *)");
    if (j == 0) continue;
    if (s[i] != t[j - 1])
      return fail(ErrorKind::invalid_input, "entry ", i + 1, " of the domain is ", s[i], " but it maps to entry ", j,
                  " of the codomain, which is ", t[j - 1]);
    if (hit[j]) return fail(ErrorKind::invalid_input, "two domain entries map to codomain entry ", j, " (not tractable)");
    hit[j] = true;
  }
  bool stars = std::ranges::count(f.map, 0) > 0;
  Row top = row_of(f.domain, kTop), bottom = row_of(f.codomain, kBottom);
  double star_w = stars ? 4.0 : 0.0;  // the base point * sits left of the codomain
  double w = std::max(top.width, bottom.width + star_w);
  Diagram d;
  label(d, "S", kLabel / 2, kTop);
  label(d, "T", kLabel / 2, kBottom);
  auto from = put(d, top, kLabel + (w - top.width) / 2);
  double x_bottom = kLabel + (w - bottom.width - star_w) / 2;
  std::size_t star = d.nodes.size();
  if (stars) d.nodes.push_back({Kind::star, x_bottom + 1.5, kBottom, "*", -1});
  auto to = put(d, bottom, x_bottom + star_w);
  for (std::size_t i = 0; i < from.size(); ++i) d.edges.push_back({from[i], f.map[i] == 0 ? star : to[f.map[i] - 1], true});
  d.width = kLabel + w + 1.0;
  d.height = kBottom + 1.5;
  d.caption = "f: " + to_string(f.domain) + " -> " + to_string(f.codomain) + " over " + map_text(f.map);
  return d;
}

Result<Diagram> refinement_diagram(RefinementView const& r) {
  if (!refines(r.t_refined, r.t))
    return fail(ErrorKind::not_refinable, "T' = ", to_string(r.t_refined), " does not refine T = ", to_string(r.t));
  if (!refines(r.u_refined, r.u))
    return fail(ErrorKind::not_refinable, "U' = ", to_string(r.u_refined), " does not refine U = ", to_string(r.u));
  auto tf = flatten_values(r.t_refined), uf = flatten_values(r.u_refined);
  if (tf.size() > uf.size() || !std::equal(tf.begin(), tf.end(), uf.begin()))
    return fail(ErrorKind::not_refinable, "flat(T') = ", to_string(flatten(r.t_refined)),
                " is not a prefix of flat(U') = ", to_string(flatten(r.u_refined)), " (Algorithm 4.1.1)");
  Diagram d;
  double x0 = 0;
  // One block per side: the refinement above, the tuple below, a line from each refined
  // entry to the coarse entry whose relative mode it belongs to (§2.2.4).
  auto block = [&](IntTuple const& fine, IntTuple const& coarse, std::string const& name) -> Result<double> {
    Row top = row_of(fine, kTop), bottom = row_of(coarse, kBottom);
    double w = std::max(top.width, bottom.width);
    label(d, name + "'", x0 + kLabel / 2, kTop);
    label(d, name, x0 + kLabel / 2, kBottom);
    auto up = put(d, top, x0 + kLabel + (w - top.width) / 2);
    auto down = put(d, bottom, x0 + kLabel + (w - bottom.width) / 2);
    for (std::size_t k = 0; k < up.size() && k < tf.size(); ++k) d.nodes[up[k]].colour = static_cast<int>(k);
    CL_TRY(rel, relative_modes(fine, coarse));
    std::size_t k = 0;
    for (std::size_t j = 0; j < rel.size(); ++j)
      for (std::size_t n = length(rel[j]); n > 0; --n) d.edges.push_back({up[k++], down[j], false});
    return kLabel + w;
  };
  CL_TRY(wl, block(r.t_refined, r.t, "T"));
  x0 = wl + 2.5;
  CL_TRY(wr, block(r.u_refined, r.u, "U"));
  d.width = x0 + wr + 1.0;
  d.height = kBottom + 1.5;
  d.caption = "mutual refinement: T' = " + to_string(r.t_refined) + " of T = " + to_string(r.t) +
              ", U' = " + to_string(r.u_refined) + " of U = " + to_string(r.u);
  return d;
}

}  // namespace catlayout::viz
