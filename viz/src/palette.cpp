#include "palette.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace catlayout::viz::detail {

namespace {
constexpr std::array<Rgb, palette_size> kPalette{{{141, 211, 199},
                                                  {255, 255, 179},
                                                  {190, 186, 218},
                                                  {251, 128, 114},
                                                  {128, 177, 211},
                                                  {253, 180, 98},
                                                  {179, 222, 105},
                                                  {252, 205, 229}}};
// The nearest xterm-256 colours to kPalette, in the same order.
constexpr std::array<int, palette_size> kAnsiPalette{116, 229, 146, 210, 110, 215, 149, 225};
// White to pale blue in xterm-256 steps.
constexpr std::array<int, 5> kAnsiScale{231, 195, 189, 153, 117};
constexpr Rgb kScaleHigh{158, 202, 225};
constexpr Rgb kHeatLow{255, 247, 188}, kHeatHigh{227, 74, 51};  // ColorBrewer YlOrRd's ends
constexpr std::array<int, 5> kAnsiHeat{230, 222, 215, 209, 196};

std::size_t cycle(Int k) { return static_cast<std::size_t>(((k % palette_size) + palette_size) % palette_size); }
}  // namespace

Rgb palette(Int k) { return kPalette[cycle(k)]; }

double scale_fraction(Int v, Int lo, Int hi) {
  if (hi <= lo) return 0.0;  // a constant layout: one colour
  return static_cast<double>(v - lo) / static_cast<double>(hi - lo);
}

Rgb scale(Int v, Int lo, Int hi) {
  double t = scale_fraction(v, lo, hi);
  auto mix = [t](int high) { return static_cast<int>(std::lround(255.0 + t * (high - 255))); };
  return {mix(kScaleHigh.r), mix(kScaleHigh.g), mix(kScaleHigh.b)};
}

Rgb heat(double t) {
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  auto mix = [t](int lo, int hi) { return static_cast<int>(std::lround(lo + t * (hi - lo))); };
  return {mix(kHeatLow.r, kHeatHigh.r), mix(kHeatLow.g, kHeatHigh.g), mix(kHeatLow.b, kHeatHigh.b)};
}

int ansi_heat(double t) {
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return kAnsiHeat[static_cast<std::size_t>(std::lround(t * (kAnsiHeat.size() - 1)))];
}

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

int ansi_palette(Int k) { return kAnsiPalette[cycle(k)]; }

int ansi_scale(Int v, Int lo, Int hi) {
  auto i = static_cast<std::size_t>(std::lround(scale_fraction(v, lo, hi) * (kAnsiScale.size() - 1)));
  return kAnsiScale[i];
}

std::string xml_escape(std::string const& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string tex_escape(std::string const& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': case '}': case '#': case '$': case '%': case '&': case '_':
        out += '\\';
        out += ch;
        break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      default: out += ch;
    }
  }
  return out;
}

int digits(Int v) {
  int n = v < 0 ? 2 : 1;  // the minus sign counts
  for (Int a = v < 0 ? -(v / 10) : v / 10; a > 0; a /= 10) ++n;
  return n;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

}  // namespace catlayout::viz::detail
