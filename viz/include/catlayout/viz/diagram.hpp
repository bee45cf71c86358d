#pragma once
// Diagrams of nested tuples joined by lines: Nest morphisms (paper §3.2.1) and mutual
// refinements (paper §3.2.5, Algorithm 4.1.1). One geometry, drawn by svg.hpp and tikz.hpp.
#include <string>
#include <vector>

#include "catlayout/core/int_tuple.hpp"

namespace catlayout::viz {

// A Nest morphism as plain data (no dependency on categories/): f: S -> T with
// map[i] = alpha(i + 1) for the i-th flat entry of S, 0 standing for the base point *.
struct MorphismView {
  IntTuple domain, codomain;
  std::vector<int> map;
};

// A mutual refinement (T', U') of (T, U), as algorithms/mutual_refinement.hpp computes it.
struct RefinementView {
  IntTuple t, u, t_refined, u_refined;
};

// Geometry in abstract units (one unit is about one character); y grows downwards.
struct DiagramNode {
  enum class Kind { entry, bracket, comma, star, label };
  Kind kind = Kind::entry;
  double x = 0, y = 0;     // centre
  std::string text;
  int colour = -1;         // palette index, -1 for none
};
struct DiagramEdge {
  std::size_t from = 0, to = 0;  // node indices
  bool arrow = true;             // arrowhead at `to`
};
struct Diagram {
  std::vector<DiagramNode> nodes;
  std::vector<DiagramEdge> edges;
  double width = 0, height = 0;
  std::string caption;
};

// Domain entries in a row above codomain entries, brackets showing the nesting, an arrow from
// entry i to codomain entry map[i], or to a `*` node left of the codomain for the base point.
// pre: map.size() == length(S), map[i] <= length(T), s_i == t_map[i] and map injective off *
// (Def. 3.1.1.13; invalid_input otherwise).
Result<Diagram> morphism_diagram(MorphismView const& f);

// T' above T and U' above U, a line from each refined entry to the coarse entry it refines;
// entry k of flat(T') and of flat(U') share colour k. pre: T' refines T, U' refines U and
// flat(T') is a prefix of flat(U') (not_refinable otherwise).
Result<Diagram> refinement_diagram(RefinementView const& r);

}  // namespace catlayout::viz
