#include "catlayout/gpu/observe.hpp"

#include <array>

namespace catlayout::gpu {

ObservedMap::ObservedMap(Int t, Int v)
    : threads(t), values(v), at(static_cast<std::size_t>(t * v)), note(static_cast<std::size_t>(t * v)) {}

void ObservedMap::add_note(Int t, Int v, std::string const& s) {
  auto& n = note[static_cast<std::size_t>(t + threads * v)];
  if (n.empty()) n = s;
}

ObservedMap expected_map(Fragment const& f) {
  ObservedMap m(f.threads, f.values);
  for (Int v = 0; v < f.values; ++v)
    for (Int t = 0; t < f.threads; ++t) m.set(t, v, f.layout_at(t, v));
  return m;
}

Verdict compare(Fragment const& f, ObservedMap const& obs) { return compare(expected_map(f), obs); }

Verdict compare(ObservedMap const& expected, ObservedMap const& obs) {
  Verdict out;
  Int const threads = expected.threads, values = expected.values;
  if (obs.threads != threads || obs.values != values) {
    out.message = str("observed map is ", obs.threads, " threads x ", obs.values, " values, the layout ",
                      threads, " x ", values);
    out.mismatches = threads * values;
    return out;
  }
  for (Int t = 0; t < threads; ++t)
    for (Int v = 0; v < values; ++v) {
      Coord want = expected.get(t, v), got = obs.get(t, v);
      std::string const& note = obs.note_at(t, v);
      if (want == got && note.empty()) continue;
      if (out.mismatches++ > 0) continue;
      out.thread = t;
      out.value = v;
      out.expected = want;
      out.observed = got;
      out.message = str("(thread ", t, ", value ", v, "): layout says ", to_string(want), ", hardware ",
                        got.row < 0 ? std::string("gave no consistent answer") : "put " + to_string(got));
      if (!note.empty()) out.message += " [" + note + "]";
    }
  out.confirmed = out.mismatches == 0;
  if (!out.confirmed) out.message += str(" (", out.mismatches, " of ", threads * values, " slots differ)");
  return out;
}

std::vector<std::array<Int, 4>> table(ObservedMap const& m) {
  std::vector<std::array<Int, 4>> rows;
  rows.reserve(m.at.size());
  for (Int v = 0; v < m.values; ++v)
    for (Int t = 0; t < m.threads; ++t) {
      Coord c = m.get(t, v);
      rows.push_back({t, v, c.row, c.col});
    }
  return rows;
}

}  // namespace catlayout::gpu
