#pragma once
// Shared test helpers: literals, random layouts and checks every picture test uses.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "catlayout/core.hpp"
#include "catlayout/viz.hpp"
#include "xml.hpp"

namespace viztest {

using namespace catlayout;

inline Layout L(std::string const& s) {
  auto l = parse_layout(s);
  if (!l) throw std::runtime_error(l.error().what());
  return *l;
}
inline Tiler T(std::string const& s) {
  auto t = parse_tiler(s);
  if (!t) throw std::runtime_error(t.error().what());
  return *t;
}
inline IntTuple I(std::string const& s) {
  auto t = parse_int_tuple(s);
  if (!t) throw std::runtime_error(t.error().what());
  return *t;
}
template <class T>
T ok(Result<T> r) {
  if (!r) throw std::runtime_error(r.error().what());
  return std::move(*r);
}

// L(r, c) computed from the layout's own coordinate function, independently of viz's grid view:
// mode 0 takes r, modes 1.. take c unfolded colexicographically (rank 1: r == 0, c the index).
inline Int expected_cell(Layout const& l, Int r, Int c) {
  if (l.rank() < 2) return ok(l.at_coord(IntTuple(c)));
  std::vector<IntTuple> coord{IntTuple(r)};
  for (std::size_t i = 1; i < l.rank(); ++i) {
    Int s = l.mode(i).size();
    coord.emplace_back(c % s);
    c /= s;
  }
  return ok(l.at_coord(IntTuple(coord)));
}
inline Int expected_rows(Layout const& l) { return l.rank() < 2 ? 1 : l.mode(0).size(); }

// A random layout of rank 1..3 with small (possibly nested) modes and strides in [0, 9].
inline Layout random_layout(std::mt19937_64& g, Int max_size = 64) {
  for (;;) {
    std::uniform_int_distribution<int> rank(1, 3), ext(1, 5), stride(0, 9), nest(0, 3);
    std::vector<IntTuple> s, d;
    int r = rank(g);
    for (int i = 0; i < r; ++i) {
      if (nest(g) == 0) {
        s.push_back(tup(ext(g), ext(g)));
        d.push_back(tup(stride(g), stride(g)));
      } else {
        s.emplace_back(ext(g));
        d.emplace_back(stride(g));
      }
    }
    auto l = r == 1 ? Layout::make(s[0], d[0]) : Layout::make(IntTuple(s), IntTuple(d));
    if (l && l->size() <= max_size) return *l;
  }
}

inline bool has_tool(char const* tool) {
  return std::system((std::string("command -v ") + tool + " >/dev/null 2>&1").c_str()) == 0;
}

inline std::string write_temp(std::string const& name, std::string const& content) {
  auto dir = testing::TempDir();
  auto path = dir + (dir.empty() || dir.back() == '/' ? "" : "/") + name;
  std::ofstream(path) << content;
  return path;
}

// Braces balance outside \{ and \} escapes, and never close below zero.
inline bool balanced_braces(std::string const& s) {
  long depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '{' || s[i + 1] == '}' || s[i + 1] == '\\')) {
      ++i;
      continue;
    }
    if (s[i] == '{') ++depth;
    if (s[i] == '}' && --depth < 0) return false;
  }
  return depth == 0;
}

// Parse an SVG: well formed, <svg> root in the SVG namespace with a four-number viewBox.
inline Element parse_svg(std::string const& svg) {
  XmlReader rd(svg);
  auto root = rd.parse();
  if (!root) throw std::runtime_error("SVG is not well formed: " + rd.error());
  if (root->name != "svg") throw std::runtime_error("root is <" + root->name + ">");
  if (root->attr("xmlns") != "http://www.w3.org/2000/svg") throw std::runtime_error("no SVG xmlns");
  std::istringstream vb(root->attr("viewBox"));
  double a, b, c, d;
  if (!(vb >> a >> b >> c >> d) || c <= 0 || d <= 0) throw std::runtime_error("bad viewBox " + root->attr("viewBox"));
  return *root;
}

// Collects the \node[cell...] at (r,c) {label}; lines of a TikZ grid.
struct TikzCell {
  Int r, c;
  std::string options, label;
};
inline std::vector<TikzCell> tikz_cells(std::string const& doc) {
  std::vector<TikzCell> out;
  std::istringstream in(doc);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("\\node[cell", 0) != 0) continue;
    auto ob = line.find(']'), at = line.find(" at (", ob), comma = line.find(',', at), cp = line.find(')', at);
    auto lb = line.find('{', cp), rb = line.rfind("};");
    TikzCell c{std::stoll(line.substr(at + 5, comma - at - 5)), std::stoll(line.substr(comma + 1, cp - comma - 1)),
               line.substr(6, ob - 6), line.substr(lb + 1, rb - lb - 1)};
    out.push_back(c);
  }
  return out;
}

}  // namespace viztest
