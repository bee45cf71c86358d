#include "helpers.hpp"

using namespace viztest;
using namespace catlayout::viz;
using Kind = DiagramNode::Kind;

namespace {

std::vector<std::size_t> nodes_of(Diagram const& d, Kind k) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < d.nodes.size(); ++i)
    if (d.nodes[i].kind == k) out.push_back(i);
  return out;
}

// Nodes of one row (same y), in order of x.
std::vector<std::size_t> row(Diagram const& d, Kind k, double y) {
  std::vector<std::size_t> out;
  for (auto i : nodes_of(d, k))
    if (d.nodes[i].y == y) out.push_back(i);
  std::sort(out.begin(), out.end(), [&](auto a, auto b) { return d.nodes[a].x < d.nodes[b].x; });
  return out;
}

std::size_t tuple_nodes(IntTuple const& t) {  // each tuple draws "(" and ")"
  if (t.is_leaf()) return 0;
  std::size_t n = 1;
  for (auto const& c : t.children()) n += tuple_nodes(c);
  return n;
}

MorphismView example() { return {I("(2,(3,4))"), I("(3,2,4,5)"), {2, 1, 0}}; }

}  // namespace

TEST(MorphismDiagram, ArrowsGoWhereTheMapSays) {
  auto f = example();
  auto d = ok(morphism_diagram(f));
  auto entries = nodes_of(d, Kind::entry);
  ASSERT_EQ(entries.size(), length(f.domain) + length(f.codomain));
  double top = d.nodes[entries.front()].y;
  auto dom = row(d, Kind::entry, top);
  std::vector<std::size_t> cod;
  for (auto i : entries)
    if (d.nodes[i].y > top) cod.push_back(i);
  std::sort(cod.begin(), cod.end(), [&](auto a, auto b) { return d.nodes[a].x < d.nodes[b].x; });
  ASSERT_EQ(dom.size(), 3u);
  ASSERT_EQ(cod.size(), 4u);
  auto s = flatten_values(f.domain), t = flatten_values(f.codomain);
  for (std::size_t i = 0; i < dom.size(); ++i) EXPECT_EQ(d.nodes[dom[i]].text, std::to_string(s[i]));
  for (std::size_t j = 0; j < cod.size(); ++j) EXPECT_EQ(d.nodes[cod[j]].text, std::to_string(t[j]));
  auto stars = nodes_of(d, Kind::star);
  ASSERT_EQ(stars.size(), 1u);
  EXPECT_EQ(d.nodes[stars[0]].y, d.nodes[cod[0]].y);
  EXPECT_LT(d.nodes[stars[0]].x, d.nodes[cod[0]].x);  // * left of the codomain, as in <n>_*
  ASSERT_EQ(d.edges.size(), dom.size());
  for (std::size_t i = 0; i < dom.size(); ++i) {
    auto const& e = d.edges[i];
    EXPECT_EQ(e.from, dom[i]);
    EXPECT_TRUE(e.arrow);
    EXPECT_EQ(e.to, f.map[i] == 0 ? stars[0] : cod[static_cast<std::size_t>(f.map[i] - 1)]);
  }
  EXPECT_EQ(nodes_of(d, Kind::bracket).size(), 2 * (tuple_nodes(f.domain) + tuple_nodes(f.codomain)));
}

TEST(MorphismDiagram, NoStarWithoutBasePoints) {
  auto d = ok(morphism_diagram({I("(2,2)"), I("(2,2)"), {2, 1}}));
  EXPECT_TRUE(nodes_of(d, Kind::star).empty());
  auto leaf = ok(morphism_diagram({I("4"), I("(4,3)"), {1}}));  // an integer is a depth-0 tuple
  EXPECT_EQ(nodes_of(leaf, Kind::entry).size(), 3u);
}

TEST(MorphismDiagram, RefusesWhatIsNotAMorphism) {
  EXPECT_FALSE(morphism_diagram({I("(2,3)"), I("(3,2)"), {2}}));        // map too short
  EXPECT_FALSE(morphism_diagram({I("(2,3)"), I("(3,2)"), {2, 3}}));     // 3 is outside <2>_*
  EXPECT_FALSE(morphism_diagram({I("(2,3)"), I("(3,2)"), {1, 2}}));     // 2 -> 3: entries differ
  EXPECT_FALSE(morphism_diagram({I("(2,2)"), I("(2,3)"), {1, 1}}));     // not tractable
  EXPECT_FALSE(morphism_diagram({I("(2,-1)"), I("(2,3)"), {1, 0}}));    // not positive
  auto e = morphism_diagram({I("(2,3)"), I("(3,2)"), {1, 2}});
  EXPECT_NE(e.error().message.find("entry 1 of the domain is 2 but it maps to entry 1 of the codomain, which is 3"),
            std::string::npos)
      << e.error().message;
}

TEST(RefinementDiagram, LinesJoinEachRefinedEntryToItsCoarseEntry) {
  RefinementView r{I("(4,6)"), I("(2,12)"), I("((2,2),(2,3))"), I("(2,(2,2,3))")};
  auto d = ok(refinement_diagram(r));
  ASSERT_EQ(d.edges.size(), length(r.t_refined) + length(r.u_refined));
  // Per coarse entry, the product of the refined entries joined to it is its value (§2.2.4).
  std::map<std::size_t, Int> product_at;
  for (auto const& e : d.edges) {
    EXPECT_FALSE(e.arrow);
    EXPECT_LT(d.nodes[e.from].y, d.nodes[e.to].y);  // refined above
    auto& p = product_at.try_emplace(e.to, 1).first->second;
    p *= std::stoll(d.nodes[e.from].text);
  }
  ASSERT_EQ(product_at.size(), length(r.t) + length(r.u));
  for (auto const& [node, p] : product_at) EXPECT_EQ(std::to_string(p), d.nodes[node].text);
  // Entry k of flat(T') and of flat(U') share colour k.
  std::vector<int> colours;
  for (auto const& n : d.nodes)
    if (n.colour >= 0) colours.push_back(n.colour);
  EXPECT_EQ(colours, (std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3}));
}

TEST(RefinementDiagram, RefusesWhatIsNotAMutualRefinement) {
  auto e = refinement_diagram({I("(4,6)"), I("(2,12)"), I("((2,3),(2,3))"), I("(2,(2,2,3))")});
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::not_refinable);
  EXPECT_FALSE(refinement_diagram({I("(4,6)"), I("(2,12)"), I("((2,2),(2,3))"), I("(2,(3,2,2))")}));  // not a prefix
}

TEST(DiagramOutput, SvgAndTikzDrawEveryNodeAndEdge) {
  auto d = ok(morphism_diagram(example()));
  auto root = parse_svg(svg_diagram(d));
  EXPECT_EQ(root.find("text", "entry").size(), nodes_of(d, Kind::entry).size());
  EXPECT_EQ(root.find("text", "star").size(), 1u);
  EXPECT_EQ(root.find("line", "arrow").size(), d.edges.size());
  auto doc = tikz_diagram(d);
  EXPECT_TRUE(balanced_braces(doc));
  std::size_t nodes = 0, draws = 0;
  for (std::size_t p = 0; (p = doc.find("\\node[", p)) != std::string::npos; ++p) ++nodes;
  for (std::size_t p = 0; (p = doc.find("\\draw[edge", p)) != std::string::npos; ++p) ++draws;
  EXPECT_EQ(nodes, d.nodes.size() + 1);  // and the caption
  EXPECT_EQ(draws, d.edges.size());
  auto r = ok(refinement_diagram({I("(4,6)"), I("(2,12)"), I("((2,2),(2,3))"), I("(2,(2,2,3))")}));
  auto rs = parse_svg(svg_diagram(r));
  EXPECT_EQ(rs.find("line", "edge").size(), r.edges.size());
  EXPECT_EQ(rs.find("rect", "highlight").size(), 8u);
  EXPECT_TRUE(balanced_braces(tikz_diagram(r)));
}
